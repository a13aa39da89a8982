// The player's settings, kept in this browser (localStorage), with their defaults.

const KEY = "atout.prefs";

export const DEFAULTS = Object.freeze({
  fourColour: false,    // clubs green and diamonds blue
  germanSuits: false,   // Schnapsen drawn with German suits: acorns, leaves, hearts, bells
  showPoints: true,     // Schnapsen: your own card points shown as you play
  hints: false,         // a button that asks a bot for a suggestion (off by default)
  animate: true,        // trick animations (always off when the system asks for less motion)
});

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

/** Whether tricks move: the setting, unless the system asks for less motion. */
export function animating() {
  return current.animate && !reducedMotion();
}
