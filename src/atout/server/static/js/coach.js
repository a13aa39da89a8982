// The coach on the review page: the server's analysis of a finished match (POST to start it,
// GET to follow it: it runs in the bot pool), in two modes, "as you saw it" (the expert search
// from each decision's view) and "all cards open" (the real deal). It shows the accuracy, a
// graph of every decision's value beside the best move's (SVG, drawn here; a dot is a link to
// its step), the costliest decisions, and a note on the step the review shows.

import { h, s, announce } from "./dom.js";
import { t, cap } from "./i18n.js";
import { api } from "./api.js";
import { actionWords } from "./narrate.js";

const POLL_MS = 600;

/** A decision's action in words ("play the queen of spades"); an exchange without its cards. */
function words(action) {
  return action === "exchange" ? t("coach_exchange") : actionWords(action);
}

function signed(x) {
  return (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x).toFixed(2);
}

export class CoachPanel {
  /** `go(step)` shows a step of the review; `name(seat)` names a seat; `changed()` redraws. */
  constructor(tableId, game, { go, name, changed }) {
    this.id = tableId;
    this.game = game;
    this.go = go;
    this.name = name;
    this.changed = changed;
    this.mode = "view";
    this.status = { view: null, open: null };
    this.timer = null;
    this.load();
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.timer);
  }

  async load() {
    const mode = this.mode;
    try {
      this.status[mode] = await api.analysis(this.id, mode);
    } catch (e) {
      this.status[mode] = { status: "failed", error: e.message, done: 0, total: 0 };
    }
    if (this.destroyed) return;
    this.changed();
    if (this.status[mode].status === "running") this.timer = setTimeout(() => this.load(), POLL_MS);
    else if (this.status[mode].status === "done" && this.wasRunning) {
      this.wasRunning = false;
      announce(t("coach") + ": " + this.summaryWords());
    }
  }

  async start() {
    this.status[this.mode] = await api.analyse(this.id, this.mode);
    this.wasRunning = true;
    clearTimeout(this.timer);
    this.load();
  }

  pick(mode) {
    if (mode === this.mode) return;
    this.mode = mode;
    clearTimeout(this.timer);
    if (this.status[mode] === null) this.load();
    else { this.changed(); if (this.status[mode].status === "running") this.load(); }
  }

  get analysis() {
    const st = this.status[this.mode];
    return st?.status === "done" ? st.analysis : null;
  }

  unit() {
    return t(`coach_unit.${this.game}`);
  }

  summaryWords() {
    const a = this.analysis;
    if (!a) return "";
    return a.seats.map((seat) => {
      const sum = a.summary[String(seat)];
      return sum.accuracy === null ? "" : t("coach_accuracy", { who: cap(this.name(seat)), n: Math.round(sum.accuracy) });
    }).join(" ");
  }

  /** The coach's note on the decision taken at `step`, or null. */
  note(step) {
    const d = this.analysis?.decisions.find((x) => x.step === step);
    if (!d) return null;
    const value = signed(d.values[d.played]);
    const text = d.verdict === "best"
      ? t("coach_note_best", { value, unit: this.unit() })
      : t("coach_note", {
        verdict: cap(t(`verdict.${d.verdict}`)), best: cap(words(d.best)),
        best_value: signed(d.values[d.best]), value, unit: this.unit(),
      });
    return h("p", { class: `coach-note verdict-${d.verdict}` }, text);
  }

  element(step) {
    const st = this.status[this.mode];
    const radio = (mode) => h("label", {},
      h("input", { type: "radio", name: "coach-mode", value: mode, checked: this.mode === mode, onchange: () => this.pick(mode) }),
      " ", t(`coach_${mode}`));
    const body = [];
    if (st === null) body.push(h("p", {}, t("loading")));
    else if (st.status === "none" || st.status === "failed") {
      if (st.status === "failed") body.push(h("p", { class: "error" }, t("coach_failed")));
      body.push(h("button", { type: "button", class: "act coach-start", onclick: () => this.start() }, t("coach_analyse")));
    } else if (st.status === "running") {
      body.push(h("progress", { max: Math.max(st.total, 1), value: st.done, "aria-label": t("coach") }),
        h("p", { role: "status" }, t("coach_running", { done: st.done, total: st.total })));
    } else {
      body.push(...this.results(step));
    }
    return h("section", { class: "coach", "aria-label": t("coach") },
      h("h2", {}, t("coach")),
      h("fieldset", { class: "coach-mode" }, radio("view"), radio("open")),
      h("p", { class: "help" }, t(`coach_${this.mode}_help`)),
      body);
  }

  results(step) {
    const a = this.analysis;
    if (!a.decisions.length) return [h("p", {}, t("coach_none"))];
    const out = [];
    for (const seat of a.seats) {
      const sum = a.summary[String(seat)];
      if (!sum.decisions) continue;
      const who = cap(this.name(seat));
      const deals = Object.entries(sum.deals).map(([n, d]) => t("coach_deal_accuracy", { n, acc: Math.round(d.accuracy) }));
      out.push(h("p", { class: "coach-accuracy" }, h("strong", {}, t("coach_accuracy", { who, n: Math.round(sum.accuracy) }))),
        h("p", { class: "coach-deals" }, deals.join(" · ")),
        h("ul", { class: "coach-verdicts" }, ["blunder", "mistake", "inaccuracy"].map((v) =>
          h("li", { class: `verdict-${v}` }, `${cap(t(`verdict.${v}`))}: ${sum.verdicts[v]}`))),
        this.graph(a.decisions.filter((d) => d.seat === seat), who, step));
      const costly = sum.costliest.map((n) => a.decisions.find((d) => d.step === n));
      if (costly.length) {
        out.push(h("h3", {}, t("coach_costliest")), h("ol", { class: "coach-costliest" }, costly.map((d) =>
          h("li", {}, h("button", { type: "button", class: "link", onclick: () => this.go(d.step) },
            t("coach_cost", { step: d.step, played: words(d.played), best: words(d.best), loss: d.loss.toFixed(2), unit: this.unit() }))))));
      }
    }
    return out;
  }

  /** The graph: a dot per decision at the value of the move played (coloured by verdict; a
   *  link to its step), a ring at the best move's value and a line through them, the zero
   *  line, the highest and lowest values written on the left. */
  graph(decisions, who, step) {
    const W = 320, H = 120, P = 8, L = 30; // L: room for the value labels on the left
    const ys = decisions.flatMap((d) => [d.values[d.played], d.values[d.best]]);
    const lo = Math.min(0, ...ys), hi = Math.max(0, ...ys);
    const span = hi - lo || 1;
    const x = (i) => L + (decisions.length > 1 ? (i * (W - L - P)) / (decisions.length - 1) : (W - L - P) / 2);
    const y = (v) => P + ((hi - v) * (H - 2 * P)) / span;
    const best = decisions.map((d, i) => `${x(i).toFixed(1)},${y(d.values[d.best]).toFixed(1)}`).join(" ");
    return s("svg", { viewBox: `0 0 ${W} ${H}`, class: "coach-graph", role: "img",
      "aria-label": t("coach_graph", { who, unit: this.unit() }) },
      s("line", { x1: L, x2: W - P, y1: y(0), y2: y(0), class: "zero" }),
      [hi, lo].map((v) => s("text", { x: L - 4, y: y(v) + 4, class: "value", "text-anchor": "end" }, signed(v))),
      s("polyline", { points: best, class: "best" }),
      decisions.map((d, i) => s("circle", { cx: x(i), cy: y(d.values[d.best]), r: 3.5, class: "best-mark" })),
      decisions.map((d, i) => {
        const dot = s("circle", { cx: x(i), cy: y(d.values[d.played]), r: d.step === step ? 5 : 3.5,
          class: `dot verdict-${d.verdict}${d.step === step ? " here" : ""}`, "data-step": d.step },
        s("title", {}, `${d.step}: ${words(d.played)} (${cap(t(`verdict.${d.verdict}`))})`));
        dot.addEventListener("click", () => this.go(d.step));
        return dot;
      }));
  }
}
