// Every string the page shows, in English, French, German and Danish. The language comes from
// the browser's preferences (or the player's choice, kept in localStorage) and can be switched
// at any time: the screens re-render, the event log included (it keeps events, not sentences).
//
// The strings are the catalogs of the Python package atout.i18n (en.json …), which the terminal
// table reads too; the server serves them under /i18n. They are JSON modules, part of the module
// graph: fetched alongside the other modules and ready before any screen renders, so `t` stays
// synchronous and no importer waits on a top-level await; every language is there to switch
// to at once, as before.
//
// An entry is a string with {name} placeholders, or a plural
// {"plural": "n", "one": "1 card", "other": "{n} cards"}, picked by the number it names:
// French takes the singular for 0 and 1, the other languages for exactly 1 (as atout.i18n does).

import en from "/i18n/en.json" with { type: "json" };
import fr from "/i18n/fr.json" with { type: "json" };
import de from "/i18n/de.json" with { type: "json" };
import da from "/i18n/da.json" with { type: "json" };

export const LANGS = ["en", "fr", "de", "da"];
export const DICTS = { en, fr, de, da };
const KEY = "atout.lang";
const listeners = new Set();

function initial() {
  const chosen = localStorage.getItem(KEY);
  if (LANGS.includes(chosen)) return chosen;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base === "nb" || base === "nn" || base === "no") return "da"; // Norwegian readers read Danish best
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

let current = initial();
document.documentElement.lang = current;

/** The language in use. */
export function lang() {
  return current;
}

/** Switch language (and remember the choice). */
export function setLang(code) {
  if (!LANGS.includes(code) || code === current) return;
  current = code;
  localStorage.setItem(KEY, code);
  document.documentElement.lang = code;
  for (const f of listeners) f(code);
}

export function onLang(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Whether `n` takes the singular in `code`: 1 everywhere, and 0 too in French. */
function singular(code, n) {
  const value = Number(n);
  return code === "fr" ? value <= 1 : value === 1;
}

/** The string for `key`, with {name} placeholders filled from `vars`. A plural entry picks
 *  its form by the number it names. Missing keys fall back to English, then to the key. */
export function t(key, vars = {}) {
  let entry = DICTS[current][key];
  let code = current;
  if (entry === undefined) [entry, code] = [en[key], "en"];
  if (entry === undefined) return key;
  // An English fallback takes English plural rules.
  const text = typeof entry === "object" ? (singular(code, vars[entry.plural]) ? entry.one : entry.other) : entry;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** `t` with the first letter capitalised (a sentence that starts with a name). */
export function tc(key, vars = {}) {
  return cap(t(key, vars));
}

/** The keys some language lacks or has beyond English, and the plurals whose forms are not
 *  plural, one and other (the tests check there are none). */
export function missingKeys() {
  const out = [];
  for (const code of LANGS) {
    const dict = DICTS[code];
    for (const key of Object.keys(en)) if (!(key in dict)) out.push(`${code}:${key}`);
    for (const key of Object.keys(dict)) if (!(key in en)) out.push(`en:${key}`);
    for (const [key, entry] of Object.entries(dict)) {
      if (typeof entry === "string") continue;
      const forms = entry && typeof entry === "object" ? Object.keys(entry).sort().join(",") : "";
      if (forms !== "one,other,plural") out.push(`${code}:${key} (plural forms)`);
    }
  }
  return out;
}

/** A name or phrase with its first letter capitalised. */
export function cap(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
