// Every string the page shows, in English, French, German and Danish. The language comes from
// the browser's preferences (or the player's choice, kept in localStorage) and can be switched
// at any time: the screens re-render, the event log included (it keeps events, not sentences).

import en from "./i18n/en.js";
import fr from "./i18n/fr.js";
import de from "./i18n/de.js";
import da from "./i18n/da.js";

export const LANGS = ["en", "fr", "de", "da"];
export const DICTS = { en, fr, de, da };
const KEY = "atout.lang";
const listeners = new Set();

function initial() {
  const chosen = localStorage.getItem(KEY);
  if (LANGS.includes(chosen)) return chosen;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base === "nb" || base === "no") return "da"; // Norwegian readers read Danish best
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

/** The string for `key`, with {name} placeholders filled from `vars`. An entry may be a
 *  function of `vars` (plurals, word order). Missing keys fall back to English. */
export function t(key, vars = {}) {
  let entry = DICTS[current][key];
  if (entry === undefined) entry = en[key];
  if (entry === undefined) return key;
  const text = typeof entry === "function" ? entry(vars) : entry;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** `t` with the first letter capitalised (a sentence that starts with a name). */
export function tc(key, vars = {}) {
  const text = t(key, vars);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The keys some language lacks (the tests check there are none). */
export function missingKeys() {
  const out = [];
  for (const code of LANGS) {
    for (const key of Object.keys(en)) if (!(key in DICTS[code])) out.push(`${code}:${key}`);
    for (const key of Object.keys(DICTS[code])) if (!(key in en)) out.push(`en:${key}`);
  }
  return out;
}

/** A name or phrase with its first letter capitalised. */
export function cap(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
