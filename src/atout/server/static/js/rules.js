// A game's rules in a dialog, in the page's language (the server's rule books), opened from
// the header at a table and from each game of the lobby.

import { h, fill } from "./dom.js";
import { t, lang } from "./i18n.js";
import { api } from "./api.js";
import { dialog } from "./dialogs.js";
import { markdown } from "./markdown.js";

/** Open the rules of `game` ("schnapsen", "seven_up", "river"). */
export async function showRules(game) {
  const body = h("div", { class: "rules-text" }, t("loading"));
  dialog({ title: t("rules_of", { game: t(`game.${game}`) }), body, className: "rules" });
  try {
    const got = await api.rules(game, lang());
    fill(body, markdown(got.text));
  } catch (e) {
    fill(body, e.message);
  }
}
