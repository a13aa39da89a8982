// Cards drawn as SVG, made here: a face with the rank in two corners and the suit large in the
// middle; a back. Options: the language's court letters, a four-colour deck (clubs green,
// diamonds blue) and, for Schnapsen, German suits (acorns, leaves, hearts, bells) with the
// German ranks Ober and Unter.

import { s } from "./dom.js";
import { parse, rankLetter } from "./cards.js";

const W = 60, H = 84;

const PIPS = {
  H: [["path", { d: "M50 90C22 66 4 50 4 30 4 14 16 4 29 4c9 0 17 5 21 13C54 9 62 4 71 4c13 0 25 10 25 26 0 20-18 36-46 60z" }]],
  D: [["path", { d: "M50 2 88 50 50 98 12 50z" }]],
  S: [["path", { d: "M50 4C40 24 6 40 6 62c0 14 11 23 24 23 8 0 14-4 17-9-1 9-5 15-13 20h32c-8-5-12-11-13-20 3 5 9 9 17 9 13 0 24-9 24-23C94 40 60 24 50 4z" }]],
  C: [["circle", { cx: 50, cy: 27, r: 20 }], ["circle", { cx: 26, cy: 58, r: 20 }],
      ["circle", { cx: 74, cy: 58, r: 20 }],
      ["path", { d: "M45 50h10c0 20 4 34 14 46H31c10-12 14-26 14-46z" }]],
};

// German suits: clubs are acorns (Eichel), spades leaves (Laub), diamonds bells (Schellen).
const GERMAN_PIPS = {
  H: PIPS.H,
  C: [["path", { d: "M30 50c-4 24 6 46 20 46s24-22 20-46z" }],
      ["path", { d: "M20 54c0-24 60-24 60 0z" }], ["rect", { x: 46, y: 12, width: 8, height: 20, rx: 3 }]],
  S: [["path", { d: "M50 2C82 30 92 62 54 94h-8C8 62 18 30 50 2z" }],
      ["path", { d: "M50 16v76", class: "rib-line" }]],
  D: [["circle", { cx: 50, cy: 56, r: 38 }],
      ["rect", { x: 14, y: 44, width: 72, height: 8, class: "rib" }],
      ["circle", { cx: 50, cy: 76, r: 7, class: "rib" }],
      ["rect", { x: 44, y: 8, width: 12, height: 12, rx: 4 }]],
};

const GERMAN_RANKS = { J: "U", Q: "O" };

/** The colour class of a suit: standard red and black, or four colours. */
function colour(suit, { fourColour = false, german = false } = {}) {
  if (german) return { C: "g-acorn", S: "g-leaf", H: "red", D: "g-bell" }[suit];
  if (fourColour) return { C: "green", D: "blue", H: "red", S: "black" }[suit];
  return suit === "H" || suit === "D" ? "red" : "black";
}

function pip(suit, german, x, y, size) {
  const shapes = (german ? GERMAN_PIPS : PIPS)[suit];
  const k = size / 100;
  return s("g", { transform: `translate(${x - size / 2} ${y - size / 2}) scale(${k})` },
    shapes.map(([tag, attrs]) => s(tag, attrs)));
}

/** The face of a card (an <svg>, hidden from screen readers: its button carries the name).
 *  `opts.lang` picks the court letters (R, D, V in French); German suits have their own. */
export function face(text, opts = {}) {
  const c = parse(text);
  const german = !!opts.german;
  const rank = german ? (GERMAN_RANKS[c.rank] || c.rank) : rankLetter(c.rank, opts.lang);
  const cls = colour(c.suit, { fourColour: opts.fourColour, german });
  const corner = (flip) => s("g", flip ? { transform: `rotate(180 ${W / 2} ${H / 2})` } : {},
    s("text", { x: 7, y: 17, class: "rank", "text-anchor": "middle" }, rank),
    pip(c.suit, german, 7, 25, 10));
  const middle = ["J", "Q", "K"].includes(c.rank)
    ? [s("rect", { x: 14, y: 18, width: 32, height: 48, rx: 3, class: "frame" }),
       s("text", { x: 30, y: 40, class: "court", "text-anchor": "middle" }, rank),
       pip(c.suit, german, 30, 54, 16)]
    : [pip(c.suit, german, 30, 44, c.rank === "A" ? 34 : 26)];
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: `face ${cls}`, "aria-hidden": "true",
                    focusable: "false" },
    s("rect", { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 5, class: "paper" }),
    corner(false), corner(true), middle);
}

/** The back of a card. */
export function back() {
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: "back", "aria-hidden": "true",
                    focusable: "false" },
    s("rect", { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 5, class: "backing" }),
    s("rect", { x: 5, y: 5, width: W - 10, height: H - 10, rx: 3, class: "pattern" }),
    s("path", { d: `M${W / 2} 22 L44 42 L${W / 2} 62 L16 42Z`, class: "emblem" }));
}
