// Pieces the three games' panels share: cards as images with names, buttons, score pips.

import { h } from "../dom.js";
import { face, back } from "../cardsvg.js";
import { cardName, cardLabel } from "../cards.js";
import { lang, t } from "../i18n.js";
import { prefs } from "../prefs.js";

/** A face-up card as an image with its name (not a control). */
export function cardImage(card, ctx, extra = "") {
  return h("span", { class: `card ${extra}`, role: "img", "aria-label": cardName(card, lang()),
                     title: cardLabel(card, lang()) },
    face(card, drawing(ctx)));
}

/** A face-down card (or a pile of them) as an image. */
export function cardBack(label, extra = "") {
  return h("span", { class: `card ${extra}`, role: "img", "aria-label": label }, back());
}

/** How cards are drawn for this table: the page's language (its court letters), four
 *  colours, German suits (Schnapsen only). */
export function drawing(ctx) {
  const p = prefs();
  return { lang: lang(), fourColour: p.fourColour, german: p.germanSuits && ctx.game === "schnapsen" };
}

/** A button for an action; `hint` marks the one the hint bot suggested. */
export function actionButton(label, action, ctx, { primary = false, note = null } = {}) {
  return h("button", {
    type: "button", class: `act${primary ? " primary" : ""}${ctx.hinted === action ? " hinted" : ""}`,
    dataset: { action, key: `act:${action}` }, onclick: () => ctx.act(action),
    "aria-describedby": note ? `note-${action.replace(/\W/g, "-")}` : null,
  }, label);
}

/** A row of `total` pips, `filled` of them filled: a score racing to (or down from) 7. */
export function pips(filled, total, label) {
  return h("span", { class: "pips", role: "img", "aria-label": label },
    Array.from({ length: total }, (_, i) => h("span", { class: i < filled ? "pip on" : "pip" })));
}

/** The legal actions that play or discard `card` (text forms). */
export function actionsFor(card, legal) {
  return legal.filter((a) => {
    const [verb, c] = a.split(" ");
    return (verb === "play" || verb === "discard") && c === card;
  });
}

/** A labelled fact: "Trumps: hearts". */
export function fact(label, value) {
  return h("div", { class: "fact" }, h("span", { class: "fact-label" }, label), " ", h("strong", {}, value));
}

export function plural(n, one, many) {
  return t(n === 1 ? one : many, { n });
}
