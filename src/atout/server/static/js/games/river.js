// Up and Down the River's panels: the turned trump, the bid picker (the number the hook forbids
// is shown, disabled, with the reason), and the score sheet, round by round, as the central
// panel.

import { h } from "../dom.js";
import { t, tc, lang } from "../i18n.js";
import { suitName } from "../cards.js";
import { cardImage, fact } from "./common.js";

/** The number of cards of every round: N … 1 … N (the one-card round twice when the match has
 *  2N rounds: double_one). */
function schedule(view) {
  const n = view.sheet.length ? view.sheet[0].cards : view.deal === 1 ? view.cards : null;
  if (n === null) return null;
  const down = Array.from({ length: n }, (_, i) => n - i);
  const up = Array.from({ length: view.rounds - n }, (_, i) => view.rounds === 2 * n ? i + 1 : i + 2);
  return [...down, ...up];
}

export default {
  name: "river",

  trump: (view) => view.trump,

  felt(view, ctx) {
    return h("div", { class: "felt-info" },
      view.turned ? h("div", { class: "stock" }, cardImage(view.turned, ctx)) : null,
      h("div", { class: "facts" },
        fact(t("round"), t("round_of", { n: view.deal, of: view.rounds })),
        fact(t("cards_each"), String(view.cards)),
        fact(t("trumps"), view.trump ? suitName(view.trump, lang()) : t("no_trumps"))));
  },

  prompt(view, legal) {
    if (legal.some((a) => a.startsWith("bid"))) return t("prompt.bid", { n: view.cards });
    return view.trick.length ? t("prompt.follow_river") : t("prompt.lead");
  },

  controls(view, legal, ctx) {
    if (!legal.some((a) => a.startsWith("bid"))) return [];
    const numbers = Array.from({ length: view.cards + 1 }, (_, i) => i);
    const forbidden = numbers.filter((n) => !legal.includes(`bid ${n}`));
    const others = view.bids.reduce((sum, b, s) => sum + (s !== view.seat && b !== null ? b : 0), 0);
    const note = forbidden.length === 1
      ? h("p", { class: "note", id: "hook-note" },
          t("hook_reason", { n: forbidden[0], sum: others, cards: view.cards }))
      : null;
    return [h("div", { class: "bids", role: "group", "aria-label": t("your_bid") },
      numbers.map((n) => {
        const allowed = legal.includes(`bid ${n}`);
        return h("button", {
          type: "button", class: `bid${ctx.hinted === `bid ${n}` ? " hinted" : ""}${allowed ? "" : " hooked"}`,
          disabled: !allowed, dataset: { action: `bid ${n}`, key: `act:bid ${n}` },
          "aria-label": allowed ? t("bid_n", { n }) : t("bid_forbidden", { n }),
          "aria-describedby": allowed ? null : "hook-note",
          onclick: () => ctx.act(`bid ${n}`),
        }, String(n));
      })), note];
  },

  seatInfo(view, seat) {
    const bid = !view.has_bid[seat] ? "–" : view.bids[seat] === null ? t("sealed") : String(view.bids[seat]);
    return t("bid_tricks", { bid, tricks: view.tricks[seat] });
  },

  scores(view, ctx) {
    const n = view.hand_sizes.length;
    const seats = Array.from({ length: n }, (_, s) => s);
    const rounds = schedule(view) || [...view.sheet.map((r) => r.cards), view.cards];
    const rows = rounds.map((cards, i) => {
      const done = view.sheet[i];
      const now = !done && i === view.deal - 1 && !view.match_over;
      return h("tr", { class: now ? "now" : done ? "done" : "later", "aria-current": now ? "true" : null },
        h("th", { scope: "row" }, String(cards)),
        seats.map((s) => {
          if (done) {
            const made = done.bids[s] === done.tricks[s];
            return h("td", { class: made ? "made" : "missed" },
              h("span", { class: "bt" }, `${done.bids[s]}/${done.tricks[s]}`),
              h("span", { class: "tot" }, String(done.totals[s])));
          }
          if (now) {
            const bid = !view.has_bid[s] ? "–" : view.bids[s] === null ? "?" : String(view.bids[s]);
            return h("td", {}, h("span", { class: "bt" }, `${bid}/${view.tricks[s]}`));
          }
          return h("td", {}, "");
        }));
    });
    return h("section", { class: "scores sheet", "aria-label": t("score_sheet") },
      h("h2", {}, t("score_sheet")),
      h("div", { class: "sheet-wrap" }, h("table", { class: "sheet" },
        h("caption", { class: "sr-only" }, t("sheet_caption")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("cards")),
          // Many players: short names in the columns, the full name for screen readers.
          seats.map((s) => h("th", { scope: "col", title: ctx.Name(s), "aria-label": ctx.Name(s) },
            n >= 6 ? ctx.short(s) : ctx.Name(s))))),
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("total")),
          seats.map((s) => h("td", {}, h("strong", {}, String(view.sheet.length ? view.sheet[view.sheet.length - 1].totals[s] : 0)))))))),
      h("p", { class: "legend" }, t("sheet_legend")));
  },

  lastTrick(view) {
    const last = view.history[view.history.length - 1];
    return last ? { leader: last.leader, cards: last.cards, winner: last.winner } : null;
  },

  summary(r, ctx) {
    const seats = r.bids.map((_, s) => s);
    return [
      h("p", { class: "headline" }, t("sum.round", { deal: r.deal, cards: r.cards })),
      h("table", { class: "sum" },
        h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", {}, ctx.Name(s)))),
        h("tr", {}, h("th", {}, t("bid")), r.bids.map((b) => h("td", {}, String(b)))),
        h("tr", {}, h("th", {}, t("taken")), r.tricks.map((b) => h("td", {}, String(b)))),
        h("tr", {}, h("th", {}, t("points")), r.points.map((b) => h("td", {}, `+${b}`))),
        h("tr", {}, h("th", {}, t("total")), r.totals.map((b) => h("td", {}, String(b))))),
    ];
  },
};
