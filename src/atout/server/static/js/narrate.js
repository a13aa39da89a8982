// Events in words, in the page's language: the event log and the screen reader's news; and
// actions in words, for hints and the review. Everything said is read off the events the server
// sent this seat (or the action's text); nothing is worked out.

import { t, tc, lang } from "./i18n.js";
import { cardName, cardPhrase, parse, suitName } from "./cards.js";

/** Say `key` about `seat`: the "you" form for the reader's own seat, else the third person
 *  with {who} (the seat's name). The sentence starts with a capital. */
function about(ctx, key, seat, vars = {}) {
  if (seat === ctx.me) return tc(`${key}.you`, vars);
  return tc(key, { ...vars, who: ctx.name(seat) });
}

const card = (c) => cardPhrase(c, lang());
const suit = (x) => suitName(x, lang());

/** One sentence for an event, or null for events not worth a line. `ctx`: {me, name(seat)}. */
export function describe(ev, ctx) {
  switch (ev.type) {
    case "deal_started":
      return about(ctx, "ev.deal_started", ev.dealer, { deal: ev.deal });
    case "cards_dealt":
      return ev.cards ? about(ctx, "ev.cards_dealt", ev.seat, { count: ev.count }) : null;
    case "trump_turned":
      return tc("ev.trump_turned", { card: card(ev.card), name: cardName(ev.card, lang()), suit: suit(ev.suit) });
    case "card_played":
      return about(ctx, "ev.card_played", ev.seat, { card: card(ev.card) });
    case "trick_won":
      return about(ctx, ev.points ? "ev.trick_won_points" : "ev.trick_won", ev.seat, { points: ev.points });
    case "card_drawn":
      if (!ev.card) return null;
      return about(ctx, ev.face_up ? "ev.card_drawn_trump" : "ev.card_drawn", ev.seat, { card: card(ev.card) });
    case "trump_exchanged":
      return about(ctx, "ev.trump_exchanged", ev.seat, { jack: card(ev.jack), card: card(ev.card) });
    case "stock_closed":
      return about(ctx, "ev.stock_closed", ev.seat);
    case "marriage_declared":
      return about(ctx, ev.credited ? "ev.marriage" : "ev.marriage_waits", ev.seat,
        { points: ev.points, suit: suit(ev.suit) });
    case "marriage_credited":
      return about(ctx, "ev.marriage_credited", ev.seat, { points: ev.points });
    case "claimed":
      return about(ctx, ev.correct ? "ev.claim_right" : "ev.claim_wrong", ev.seat, { points: ev.points });
    case "card_turned":
      return tc(`ev.card_turned.${ev.outcome}`, { card: card(ev.card), name: cardName(ev.card, lang()), suit: suit(ev.suit) });
    case "jack_turned":
      return about(ctx, ev.new_trump ? "ev.jack_turned_new" : "ev.jack_turned", ev.seat);
    case "stood":
      return about(ctx, "ev.stood", ev.seat, { suit: suit(ev.suit) });
    case "begged":
      return about(ctx, "ev.begged", ev.seat);
    case "gift_given":
      return about(ctx, "ev.gift_given", ev.seat, { suit: suit(ev.suit) });
    case "cards_run":
      return about(ctx, ev.run > 1 ? "ev.cards_run_again" : "ev.cards_run", ev.seat);
    case "discarded":
      return ev.card ? about(ctx, "ev.discarded_card", ev.seat, { card: card(ev.card) })
        : about(ctx, "ev.discarded", ev.seat);
    case "bid_made":
      if (ev.tricks === null || ev.tricks === undefined) return about(ctx, "ev.bid_sealed", ev.seat);
      return about(ctx, "ev.bid", ev.seat, { n: ev.tricks });
    case "bids_revealed":
      return tc("ev.bids_revealed", { bids: ev.bids.map((b, s) => `${ctx.name(s)} ${b}`).join(", ") });
    case "no_trump":
      return tc("ev.no_trump");
    case "deal_ended":
      return dealEnded(ev, ctx);
    case "match_ended":
      if (!ev.winners.length) return tc("ev.match_over");
      if (ev.winners.length === 1) return about(ctx, "ev.match_won", ev.winners[0]);
      return tc("ev.match_shared", { who: ev.winners.map((s) => s === ctx.me ? t("you") : ctx.name(s)).join(" · ") });
    default:
      return null;
  }
}

/** An action in words, as a button or a hint says it: "play the queen of spades", "bid 3",
 *  "Close the stock". The exchange names the trump Jack and the card it takes, when the caller
 *  knows them (`exchange`: {jack, card}, card texts). The same choices as the terminal's
 *  `action_words`. */
export function actionWords(action, exchange = {}) {
  const [verb, arg, extra] = action.split(" ");
  // The card as an object, with its article where the language has one ("jouer la dame").
  const card = arg && parse(arg) ? cardPhrase(arg, lang()) : arg;
  if (verb === "play" && extra === "marriage") return t("do.play_marriage", { card });
  if (verb === "play") return t("do.play", { card });
  if (verb === "discard") return t("do.discard", { card });
  if (verb === "bid") return t("bid_n", { n: arg });
  const name = (c) => (c ? cardName(c, lang()) : "");
  return t(`do.${verb}`, { jack: name(exchange.jack), card: name(exchange.card) });
}

function dealEnded(ev, ctx) {
  const r = ev.result;
  if ("reason" in r) { // Schnapsen
    return about(ctx, "ev.schnapsen_deal", r.winner,
      { deal: r.deal, points: r.points, reason: t(`reason.${r.reason}`) });
  }
  if ("void" in r) { // Seven Up
    if (r.void) return tc("ev.sevenup_void", { deal: r.deal });
    const parts = ["high", "low", "jack", "game"].filter((k) => r[k] !== null)
      .map((k) => `${t(`point.${k}`)}: ${r[k] === ctx.me ? t("you") : ctx.name(r[k])}`);
    return tc("ev.sevenup_deal", { deal: r.deal, parts: parts.join(", ") || t("nobody") });
  }
  return tc("ev.river_round", { deal: r.deal, cards: r.cards });
}

/** Why a hint, in words (the server's `atout.advice`): its reason, then the next best action
 *  and what it is worth less, or that it is about as good. `words(action)` says an action. */
export function adviceWords(advice, words) {
  const args = { ...advice.reason.args };
  for (const k of ["card", "keep", "partner"]) if (k in args) args[k] = card(args[k]);
  if ("suit" in args) args.suit = suit(args.suit);
  const parts = [tc(`why.${advice.reason.key}`, args)];
  if (advice.runner_up) {
    const alt = words(advice.runner_up);
    if (advice.close) {
      parts.push(t("why.close_call", { alt }));
    } else {
      // Schnapsen counts in game points (a deal is worth 1 to 3), the others in points.
      const schnapsen = advice.unit === "game points";
      const by = new Intl.NumberFormat(lang(), { maximumFractionDigits: schnapsen ? 2 : 1 }).format(advice.margin);
      parts.push(t(schnapsen ? "why.margin.schnapsen" : "why.margin", { alt, by }));
    }
  }
  return parts.join(" ");
}
