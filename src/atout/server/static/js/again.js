// The same cards again, on the review page: play the deal shown again (a new match from its
// packs, in your seat or another), and the duplicate challenge (the server plays the deal again
// with the expert in a seat, and the two lines of play stand side by side with the difference
// in the game's points). And a record file opened from the lobby (a picker or a drop).

import { h, announce } from "./dom.js";
import { t, cap } from "./i18n.js";
import { api, heldSeat, holdSeat } from "./api.js";
import { actionWords } from "./narrate.js";

const POLL_MS = 600;

function signed(x) {
  return (x > 0 ? "+" : x < 0 ? "−" : "±") + Math.abs(x).toFixed(x % 1 ? 2 : 0);
}

/** Read a record file, open it on the server as a finished table and go to its review; the
 *  server's reason (the field or step at fault) if it is refused. */
export async function openRecordFile(file) {
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch {
    throw new Error(t("record_not_json", { name: file.name }));
  }
  const table = await api.openRecord(data);
  location.hash = `#review=${encodeURIComponent(table.id)}`;
}

export class SameCardsPanel {
  /** `info`: the table's summary; `name(seat)` names a seat; `changed()` redraws. */
  constructor(info, { name, changed }) {
    this.info = info;
    this.name = name;
    this.changed = changed;
    const mine = heldSeat(info.id)?.seat;
    const person = info.seats.findIndex((s) => s.player === "human");
    this.seat = mine ?? (person >= 0 ? person : 0);
    this.duels = {}; // "deal:seat" -> the server's answer
    this.timer = null;
    this.error = null;
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.timer);
  }

  async again(deal) {
    try {
      const made = await api.again(this.info.id, deal, this.seat, localStorage.getItem("atout.name"));
      holdSeat(made.table.id, { token: made.token, seat: made.seat, invites: made.invites, game: made.table.game });
      location.hash = `#table=${encodeURIComponent(made.table.id)}`;
    } catch (e) {
      this.error = e.message;
      this.changed();
    }
  }

  async challenge(deal) {
    const key = `${deal}:${this.seat}`;
    try {
      this.duels[key] = await api.challenge(this.info.id, deal, this.seat);
    } catch (e) {
      this.duels[key] = { status: "failed", error: e.message, done: 0 };
    }
    this.changed();
    this.follow(deal, this.seat);
  }

  async follow(deal, seat) {
    const key = `${deal}:${seat}`;
    clearTimeout(this.timer);
    if (this.duels[key]?.status !== "running") return;
    this.timer = setTimeout(async () => {
      try {
        this.duels[key] = await api.duplicate(this.info.id, deal, seat);
      } catch (e) {
        this.duels[key] = { status: "failed", error: e.message, done: 0 };
      }
      if (this.destroyed) return;
      if (this.duels[key].status === "done") announce(this.verdict(this.duels[key].duplicate));
      this.changed();
      this.follow(deal, seat);
    }, POLL_MS);
  }

  async look(deal) {
    const key = `${deal}:${this.seat}`;
    if (this.duels[key]) return;
    this.duels[key] = { status: "loading" };
    try {
      this.duels[key] = await api.duplicate(this.info.id, deal, this.seat);
    } catch (e) {
      this.duels[key] = { status: "failed", error: e.message, done: 0 };
    }
    if (this.destroyed) return;
    this.changed();
    this.follow(deal, this.seat);
  }

  unit() {
    return t(`coach_unit.${this.info.game}`);
  }

  verdict(dup) {
    const who = this.name(dup.seat);
    const d = dup.difference;
    if (Math.abs(d) < 1e-9) return t("duplicate_same", { who, value: signed(dup.played.value), unit: this.unit() });
    return t(d > 0 ? "duplicate_better" : "duplicate_worse", { who, diff: signed(Math.abs(d)).slice(1), unit: this.unit() });
  }

  /** One line of play: the challenged seat's own decisions and what the deal was worth. */
  line(title, line, seat) {
    const mine = line.actions.filter(([s]) => s === seat);
    return h("div", { class: "duel-line" },
      h("h3", {}, title),
      h("p", { class: "duel-value" }, t("duplicate_value", { value: signed(line.value), unit: this.unit() })),
      h("ol", {}, mine.map(([, text]) => h("li", {}, actionWords(text)))));
  }

  element(deal) {
    const info = this.info;
    const river = info.game === "river";
    const seats = info.seats.map((s, i) => h("option", { value: i, selected: i === this.seat }, cap(this.name(i))));
    const key = `${deal}:${this.seat}`;
    this.look(deal);
    const duel = this.duels[key];
    const body = [];
    if (!duel || duel.status === "loading") body.push(h("p", {}, t("loading")));
    else if (duel.status === "none" || duel.status === "failed") {
      if (duel.status === "failed") body.push(h("p", { class: "error" }, duel.error || t("duplicate_failed")));
      body.push(h("button", { type: "button", class: "act duel-start", onclick: () => this.challenge(deal) },
        t("duplicate_start", { n: deal })));
    } else if (duel.status === "running") {
      body.push(h("p", { role: "status" }, t("duplicate_running", { done: duel.done })));
    } else {
      const dup = duel.duplicate;
      body.push(h("p", { class: "duel-verdict" }, h("strong", {}, this.verdict(dup))),
        h("div", { class: "duel" },
          this.line(cap(this.name(dup.seat)), dup.played, dup.seat),
          this.line(t("duplicate_expert"), dup.expert, dup.seat)));
    }
    return h("section", { class: "same-cards", "aria-label": t("same_cards") },
      h("h2", {}, t("same_cards")),
      h("label", {}, t("same_cards_seat"), " ",
        h("select", { class: "same-cards-seat", onchange: (e) => { this.seat = Number(e.target.value); this.changed(); } }, seats)),
      h("p", {}, h("button", { type: "button", class: "act play-deal-again", onclick: () => this.again(river ? 1 : deal) },
        river ? t("play_match_again_from_start") : t("play_deal_again", { n: deal }))),
      this.error ? h("p", { class: "error", role: "alert" }, this.error) : null,
      h("h3", {}, t("duplicate")),
      h("p", { class: "help" }, t("duplicate_help")),
      body);
  }
}
