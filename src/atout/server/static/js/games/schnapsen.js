// Schnapsen's panels: the trump card under the stock, the game points counting down from 7,
// your card points (a setting), and the decisions: exchange, close, claim. A marriage has no
// button here: its King or Queen, chosen in the hand, asks whether to declare (table.js).

import { h } from "../dom.js";
import { t, tc, lang } from "../i18n.js";
import { suitName, cardName } from "../cards.js";
import { prefs } from "../prefs.js";
import { cardImage, cardBack, actionButton, pips, fact } from "./common.js";


export default {
  name: "schnapsen",

  trump: (view) => view.trump,

  felt(view, ctx) {
    const trumpName = suitName(view.trump, lang());
    const pile = [];
    const faceDown = view.stock_size - (view.trump_card ? 1 : 0);
    if (view.stock_size > 0) {
      pile.push(h("div", { class: "stock" },
        view.trump_card ? cardImage(view.trump_card, ctx, "crosswise")
          : view.closed ? cardBack(t("closed_trump"), "crosswise") : null,
        faceDown > 0 ? cardBack(t("stock_n", { n: faceDown }), "pile") : null));
    }
    const stockText = view.closed
      ? t("stock_closed_by", { who: ctx.name(view.closed_by) })
      : view.stock_size ? t("stock_n", { n: view.stock_size }) : t("stock_empty");
    return h("div", { class: "felt-info" }, pile,
      h("div", { class: "facts" }, fact(t("trumps"), trumpName), fact(t("stock"), stockText),
        view.closed || !view.stock_size ? h("div", { class: "strict" }, t("strict_rules")) : null));
  },

  prompt(view, legal, ctx) {
    if (legal.includes("pass")) return t("prompt.claim"); // asked after the last trick, won
    if (view.trick.length === 0) {
      // A marriage is declared by choosing its King or Queen in the hand, which then asks.
      const marriage = legal.some((a) => a.endsWith(" marriage"));
      return marriage ? `${t("prompt.lead")} ${t("prompt.marriage")}` : t("prompt.lead");
    }
    return view.closed || !view.stock_size ? t("prompt.follow_strict") : t("prompt.follow");
  },

  controls(view, legal, ctx) {
    const out = [];
    if (legal.includes("exchange")) {
      const jack = `J${view.trump}`;
      out.push(actionButton(t("do.exchange", { jack: cardName(jack, lang()), card: cardName(view.trump_card, lang()) }),
        "exchange", ctx));
    }
    if (legal.includes("close")) out.push(actionButton(t("do.close"), "close", ctx));
    if (legal.includes("claim")) out.push(actionButton(t("do.claim"), "claim", ctx, { primary: true }));
    if (legal.includes("pass")) out.push(actionButton(t("do.pass"), "pass", ctx));
    return out;
  },

  seatInfo(view, seat) {
    return t("tricks_n", { n: view.tricks[seat] });
  },

  scores(view, ctx) {
    const me = view.seat ?? 0;
    const rows = [me, 1 - me].map((s) => h("div", { class: "score-row" },
      h("span", { class: "who" }, ctx.Name(s)),
      pips(view.to_go[s], 7, t("to_go_n", { n: view.to_go[s] })),
      h("strong", { class: "big" }, String(view.to_go[s]))));
    const own = view.seat !== null && prefs().showPoints
      ? h("p", { class: "points" }, t("your_points", { n: view.points[me] }),
          view.pending[me] ? ` ${t("waiting_points", { n: view.pending[me] })}` : "")
      : null;
    const deals = ctx.deals.length
      ? h("ol", { class: "deals" }, ctx.deals.map((d) => h("li", {},
          t("deal_line", { deal: d.deal, who: ctx.Name(d.winner),
                           points: d.points, reason: t(`reason.${d.reason}`) }))))
      : null;
    return h("section", { class: "scores", "aria-label": t("scores") },
      h("h2", {}, t("game_points_to_go")), rows, own, deals);
  },

  lastTrick(view) {
    const last = view.history[view.history.length - 1];
    return last ? { leader: last.leader, cards: last.cards, winner: last.winner } : null;
  },

  summary(r, ctx) {
    const who = ctx.Name(r.winner);
    return [
      h("p", { class: "headline" }, t(r.winner === ctx.me ? "sum.you_win_deal" : "sum.wins_deal",
        { who, points: r.points })),
      h("p", {}, t(`reason.${r.reason}`)),
      h("table", { class: "sum" },
        h("tr", {}, h("th", {}, ""), [0, 1].map((s) => h("th", {}, ctx.Name(s)))),
        h("tr", {}, h("th", {}, t("card_points")), r.card_points.map((p) => h("td", {}, String(p)))),
        h("tr", {}, h("th", {}, t("tricks")), r.tricks.map((p) => h("td", {}, String(p))))),
    ];
  },
};
