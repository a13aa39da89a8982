// A finished match, step by step, from its record (the server replays it): every hand face up,
// the trick, the game's panel, the step's action and events in words. ← and → step; Home, End.

import { h, fill, announce } from "./dom.js";
import { t, cap, lang, onLang } from "./i18n.js";
import { api, heldSeat } from "./api.js";
import { describe, actionWords } from "./narrate.js";
import { cardName, sortHand } from "./cards.js";
import { GAMES } from "./games/index.js";
import { cardImage } from "./games/common.js";
import { gameTitle } from "./lobby.js";
import { CoachPanel } from "./coach.js";
import { SameCardsPanel } from "./again.js";

export class ReviewScreen {
  constructor(root, tableId, { header }) {
    this.root = root;
    this.id = tableId;
    this.header = header;
    this.step = 0;
    this.data = null;
    this.offLang = onLang(() => this.render());
    this.keys = (e) => {
      if (e.target.closest?.("input, select, dialog")) return;
      const to = { ArrowRight: this.step + 1, ArrowLeft: this.step - 1, Home: 0, End: this.data?.steps }[e.key];
      if (to !== undefined) { e.preventDefault(); this.go(to); }
    };
    document.addEventListener("keydown", this.keys);
    this.start();
  }

  destroy() {
    this.destroyed = true;
    this.coach?.destroy();
    this.same?.destroy();
    this.offLang();
    document.removeEventListener("keydown", this.keys);
  }

  async start() {
    try {
      this.info = await api.table(this.id);
      this.data = await api.review(this.id, 0);
      this.coach = new CoachPanel(this.id, this.info.game, {
        go: (step) => this.go(step),
        name: (seat) => this.ctx().name(seat),
        changed: () => this.data && this.render(),
      });
      this.same = new SameCardsPanel(this.info, {
        name: (seat) => this.ctx().name(seat),
        changed: () => this.data && this.render(),
      });
    } catch (e) {
      fill(this.root, h("p", { class: "error" }, e.code === "not_over" ? t("review_not_over") : e.message),
        h("p", {}, h("a", { href: "#" }, t("back_to_lobby"))));
      return;
    }
    this.render();
  }

  async go(step) {
    if (!this.data) return;
    step = Math.max(0, Math.min(this.data.steps, step));
    if (step === this.step) return;
    this.data = await api.review(this.id, step);
    this.step = this.data.step;
    this.render();
    announce(this.stepWords().join(" "));
  }

  ctx() {
    const me = heldSeat(this.id)?.seat ?? null;
    const bots = this.info.seats.filter((s) => s.player !== "human").length;
    const ctx = {
      me, game: this.info.game, deals: [], hinted: null, act: () => {},
      Name: (s) => cap(ctx.name(s)),
      short: (s) => {
        if (s === me) return cap(t("you"));
        const seat = this.info.seats[s];
        return seat.player === "human" && seat.name ? seat.name.slice(0, 5) : t("seat_short", { n: s + 1 });
      },
      name: (s) => {
        if (s === me) return t("you");
        const seat = this.info.seats[s];
        if (seat.player !== "human") return bots === 1 && this.info.seats.length === 2 ? t("the_computer") : t("computer_n", { n: s + 1 });
        return seat.name || t("player_n", { n: s + 1 });
      },
    };
    return ctx;
  }

  /** The step's action in words, as the table says it; an exchange names its cards from the
   *  step's own event. */
  actionWords() {
    const exchanged = this.data.events.find((ev) => ev.type === "trump_exchanged");
    return actionWords(this.data.action, exchanged ? { jack: exchanged.jack, card: exchanged.card } : {});
  }

  stepWords() {
    const ctx = this.ctx();
    return this.data.events.map((ev) => describe(ev, ctx)).filter(Boolean);
  }

  render() {
    if (this.destroyed) return;
    const d = this.data;
    const game = GAMES[this.info.game];
    const ctx = this.ctx();
    const view = { ...d.view, seat: null };
    const deal = d.deals.filter((s) => s <= d.step).length;
    this.header.set({ game: this.info.game, title: gameTitle(this.info.game) });
    const n = this.info.seats.length;
    const trump = game.trump(view);
    const focused = document.activeElement?.dataset?.key;
    fill(this.root, h("div", { class: `review table game-${this.info.game}` },
      h("h1", {}, t("review_title", { game: gameTitle(this.info.game) })),
      h("nav", { class: "stepper", "aria-label": t("steps") },
        h("button", { type: "button", class: "act", dataset: { key: "first" }, onclick: () => this.go(0), "aria-label": t("first_step") }, "«"),
        h("button", { type: "button", class: "act", dataset: { key: "prev" }, onclick: () => this.go(this.step - 1), "aria-label": t("previous_step") }, "◀"),
        h("span", { class: "where", role: "status" }, t("step_of", { n: d.step, of: d.steps }), " · ", t("deal_n", { n: deal })),
        h("button", { type: "button", class: "act", dataset: { key: "next" }, onclick: () => this.go(this.step + 1), "aria-label": t("next_step") }, "▶"),
        h("button", { type: "button", class: "act", dataset: { key: "last" }, onclick: () => this.go(d.steps), "aria-label": t("last_step") }, "»"),
        h("label", {}, t("deal"), " ", h("select", { onchange: (e) => this.go(Number(e.target.value)) },
          d.deals.map((s, i) => h("option", { value: s, selected: i === deal - 1 }, String(i + 1)))))),
      h("section", { class: "review-step", "aria-live": "polite" },
        d.action !== null ? h("p", { class: "prompt mine" }, t("step_action", { who: cap(ctx.name(d.seat)), action: this.actionWords() })) : h("p", { class: "prompt" }, t("step_start")),
        this.coach?.note(d.step),
        h("ul", {}, this.stepWords().map((w) => h("li", {}, w)))),
      h("section", { class: "felt" }, game.felt(view, ctx),
        h("div", { class: "trick-area" }, h("div", { class: "trick", role: "list", "aria-label": t("trick") },
          view.trick.map((c, i) => h("figure", { role: "listitem", class: "played" }, cardImage(c, ctx),
            h("figcaption", {}, cap(ctx.name((view.leader + i) % n)))))))),
      h("section", { class: "all-hands", "aria-label": t("hands_all") },
        d.hands.map((cards, s) => h("div", { class: "review-hand" }, h("h2", {}, cap(ctx.name(s))),
          h("div", { class: "hand small", role: "list", "aria-label": cards.map((c) => cardName(c, lang())).join(", ") || t("no_cards") },
            sortHand(cards, { trump, game: this.info.game }).map((c) => cardImage(c, ctx)))))),
      h("aside", { class: "side" }, game.scores(view, ctx),
        this.coach?.element(d.step),
        this.same?.element(deal),
        h("p", {}, h("a", { class: "act button download", href: `/api/tables/${encodeURIComponent(this.id)}/record`,
          download: `atout-${this.id}.json` }, t("download_record"))),
        h("p", {}, h("a", { class: "act button", href: "#" }, t("back_to_lobby"))))));
    if (focused) this.root.querySelector(`[data-key="${focused}"]`)?.focus();
  }
}
