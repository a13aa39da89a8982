// The player's settings, kept in this browser (localStorage), with their defaults.

const KEY = "atout.prefs";

export const DEFAULTS = Object.freeze({
  fourColour: false,    // clubs green and diamonds blue
  germanSuits: false,   // Schnapsen drawn with German suits: acorns, leaves, hearts, bells
  showPoints: true,     // Schnapsen: your own card points shown as you play
  hints: false,         // a button that asks a bot for a suggestion (off by default)
  animate: true,        // deal and trick animations (always off when the system asks for less motion)
  sounds: false,        // a sound for a card, a trick, your turn and a deal's end (off by default)
  cardSize: "auto",     // "auto" (larger on a wide screen), "small" or "large"
  autoPlay: true,       // the last card of a hand, when it is the only move, plays by itself
  dealPause: true,      // each deal's summary waits for Continue (off: it closes by itself)
});

/** The card sizes the settings offer. */
export const CARD_SIZES = ["auto", "small", "large"];

let current = { ...DEFAULTS, ...read() };
const listeners = new Set();

function read() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return {};
  }
}

/** The settings now. */
export function prefs() {
  return current;
}

/** Change one setting and tell whoever listens. */
export function setPref(name, value) {
  current = { ...current, [name]: value };
  localStorage.setItem(KEY, JSON.stringify(current));
  for (const f of listeners) f(current);
}

export function onPrefs(f) {
  listeners.add(f);
}

/** Whether the system asks for reduced motion. */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The page's card size: a class on the root element, which the style sheet reads. */
export function applyCardSize() {
  for (const size of CARD_SIZES) document.documentElement.classList.toggle(`cards-${size}`, current.cardSize === size);
}

/** Whether cards move: the setting, unless the system asks for less motion. */
export function animating() {
  return current.animate && !reducedMotion();
}
