// Seven Up's panels: the turn-up and the rejected cards, the race to 7, each hand's High, Low,
// Jack and Game, and the decisions: stand or beg, give or run, the discards.

import { h } from "../dom.js";
import { t, tc, lang } from "../i18n.js";
import { suitName, cardLabel } from "../cards.js";
import { cardImage, cardBack, actionButton, pips, fact } from "./common.js";

const POINTS = ["turned_jack", "gift", "new_trump_jack", "high", "low", "jack", "game"];

export default {
  name: "seven_up",

  trump: (view) => view.trump || view.turn_up.slice(-1),

  felt(view, ctx) {
    const proposed = view.trump === null;
    const suit = suitName(view.trump || view.turn_up.slice(-1), lang());
    return h("div", { class: "felt-info" },
      h("div", { class: "stock" }, cardImage(view.turn_up, ctx),
        view.cards_left ? cardBack(t("pack_n", { n: view.cards_left }), "pile") : null),
      h("div", { class: "facts" },
        fact(proposed ? t("proposed_trump") : t("trumps"), suit),
        fact(t("pack"), t("pack_n", { n: view.cards_left })),
        view.rejected.length ? h("div", { class: "rejected" }, h("span", { class: "fact-label" }, t("set_aside")),
          view.rejected.map((c) => cardImage(c, ctx, "small"))) : null));
  },

  prompt(view, legal) {
    if (legal.includes("stand")) return t("prompt.stand_or_beg");
    if (legal.includes("run")) return legal.includes("give") ? t("prompt.give_or_run") : t("prompt.run_only");
    if (legal.some((a) => a.startsWith("discard"))) {
      const n = view.hand.length - 6;
      return t(n === 1 ? "prompt.discard_one" : "prompt.discard", { n });
    }
    return view.trick.length ? t("prompt.follow_sevenup") : t("prompt.lead");
  },

  controls(view, legal, ctx) {
    const out = [];
    if (legal.includes("stand")) out.push(actionButton(t("do.stand"), "stand", ctx, { primary: true }));
    if (legal.includes("beg")) out.push(actionButton(t("do.beg"), "beg", ctx));
    if (legal.includes("give")) out.push(actionButton(t("do.give"), "give", ctx));
    if (legal.includes("run")) out.push(actionButton(t("do.run"), "run", ctx, { primary: !legal.includes("give") }));
    if (view.discards && view.discards.length) {
      out.push(h("div", { class: "discards" }, h("span", { class: "fact-label" }, t("your_discards")),
        view.discards.map((c) => cardImage(c, ctx, "small"))));
    }
    return out;
  },

  seatInfo(view, seat) {
    const won = view.tricks.filter((tr) => tr.winner === seat).length;
    return t("tricks_n", { n: won });
  },

  scores(view, ctx) {
    const me = view.seat ?? 0;
    const rows = [me, 1 - me].map((s) => h("div", { class: "score-row" },
      h("span", { class: "who" }, ctx.Name(s)),
      pips(Math.min(view.scores[s], 7), 7, t("points_n", { n: view.scores[s] })),
      h("strong", { class: "big" }, String(view.scores[s]))));
    const name = (s) => (s === null || s === undefined ? "–" : ctx.Name(s));
    const hands = ctx.deals.filter((d) => !d.void);
    const table = hands.length ? h("table", { class: "hands" },
      h("caption", {}, t("hands")),
      h("tr", {}, h("th", { scope: "col" }, "#"), ["high", "low", "jack", "game"].map((k) => h("th", { scope: "col" }, t(`point.${k}`)))),
      hands.map((d) => h("tr", {}, h("th", { scope: "row" }, String(d.deal)),
        ["high", "low", "jack", "game"].map((k) => h("td", {}, name(d[k])))))) : null;
    return h("section", { class: "scores", "aria-label": t("scores") },
      h("h2", {}, t("race_to_7")), rows,
      view.deal_points.some(Boolean) ? h("p", {}, t("this_hand", { a: view.deal_points[me], b: view.deal_points[1 - me] })) : null,
      table);
  },

  lastTrick(view) {
    const last = view.tricks[view.tricks.length - 1];
    return last ? { leader: last.leader, cards: last.cards, winner: last.winner } : null;
  },

  summary(r, ctx) {
    if (r.void) return [h("p", { class: "headline" }, t("sum.void"))];
    const name = (s) => (ctx.Name(s));
    const card = (c) => (c ? ` (${cardLabel(c, lang())})` : "");
    const lines = POINTS.filter((k) => r[k] !== null).map((k) => h("li", {},
      `${t(`point.${k}`)}: ${name(r[k])}`,
      k === "high" ? card(r.high_card) : k === "low" ? card(r.low_card) : k === "jack" ? card(r.jack_card) : "",
      k === "game" ? ` (${r.game_totals[0]}–${r.game_totals[1]})` : ""));
    if (r.game === null && r.counted_out === null) lines.push(h("li", {}, t("sum.game_tied", { a: r.game_totals[0], b: r.game_totals[1] })));
    if (r.high === null && r.counted_out === null) lines.push(h("li", {}, t("sum.no_trump_in_play")));
    return [
      h("p", { class: "headline" }, t("sum.hand_scores", { a: ctx.Name(0), pa: r.points[0], b: ctx.Name(1), pb: r.points[1] })),
      h("ul", {}, lines),
    ];
  },
};
