// The page: a header (rules, settings, language) and one screen at a time, chosen by the
// address: #table=ID (sit or watch), #table=ID&invite=CODE (take a seat), #review=ID, #me (your
// history and rating), or the lobby.

import { h, fill } from "./dom.js";
import { t, lang, setLang, onLang, LANGS } from "./i18n.js";
import { prefs, setPref, onPrefs, applyCardSize, CARD_SIZES } from "./prefs.js";
import { dialog } from "./dialogs.js";
import { showRules } from "./rules.js";
import { LobbyScreen, JoinScreen } from "./lobby.js";
import { TableScreen } from "./table.js";
import { ReviewScreen } from "./review.js";
import { PlayerScreen } from "./player.js";

const LANG_NAMES = { en: "English", fr: "Français", de: "Deutsch", da: "Dansk" };

const header = {
  game: null,
  set({ game }) {
    this.game = game;
    renderHeader();
  },
};

function renderHeader() {
  const bar = document.getElementById("bar");
  fill(bar,
    h("a", { href: "#", class: "brand", "aria-label": t("home") }, "atout"),
    h("nav", { "aria-label": t("menu") },
      header.game ? h("button", { type: "button", class: "link", id: "rules-button", onclick: () => showRules(header.game) }, t("rules")) : null,
      h("button", { type: "button", class: "link", id: "settings-button", onclick: showSettings }, t("settings")),
      h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("language")),
        h("select", { id: "lang", onchange: (e) => setLang(e.target.value) },
          LANGS.map((code) => h("option", { value: code, selected: code === lang(), lang: code }, LANG_NAMES[code]))))));
}


function showSettings() {
  const box = (name) => h("label", { class: "setting" },
    h("input", { type: "checkbox", id: `pref-${name}`, checked: prefs()[name], onchange: (e) => setPref(name, e.target.checked) }),
    " ", t(`pref.${name}`));
  const size = h("label", { class: "setting" }, t("pref.cardSize"), " ",
    h("select", { id: "pref-cardSize", onchange: (e) => setPref("cardSize", e.target.value) },
      CARD_SIZES.map((v) => h("option", { value: v, selected: prefs().cardSize === v }, t(`pref.cardSize.${v}`)))));
  dialog({ title: t("settings"), className: "settings",
    body: [box("fourColour"), box("germanSuits"), box("showPoints"), size, box("hints"), box("animate"),
      box("sounds"), box("autoPlay"), box("dealPause"),
      h("p", { class: "muted" }, t("pref.motion_note"))] });
}

let screen = null;

function route() {
  screen?.destroy?.();
  document.querySelectorAll("dialog").forEach((d) => d.close());
  const root = document.getElementById("main");
  const params = new URLSearchParams(location.hash.slice(1));
  const table = params.get("table");
  const review = params.get("review");
  if (table && params.get("invite")) screen = new JoinScreen(root, table, params.get("invite"), { header });
  else if (table) screen = new TableScreen(root, table, { header });
  else if (review) screen = new ReviewScreen(root, review, { header });
  else if (params.has("me")) screen = new PlayerScreen(root, { header });
  else screen = new LobbyScreen(root, { header });
  document.title = table || review ? `atout · ${t("table_title")}` : "atout";
}

onLang(renderHeader);
onPrefs(applyCardSize);
applyCardSize();
window.addEventListener("hashchange", route);
renderHeader();
route();
// For the tests and the curious: which strings a language lacks.
window.atout = {
  missingKeys: async () => (await import("./i18n.js")).missingKeys(),
  sounds: async () => [...(await import("./sound.js")).played],
};
