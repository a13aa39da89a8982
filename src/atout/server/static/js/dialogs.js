// Modal dialogs (<dialog> with showModal: focus moves in, stays in, and Escape closes), for
// the end-of-deal summary, the end of the match, the rules and the settings.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Open a dialog: a title, body nodes, and buttons [[labelKey, onClick or null], ...] (null just
 *  closes). Returns the <dialog>. The first button has the focus. */
export function dialog({ title, body, buttons = [["close", null]], className = "" }) {
  const id = `dlg-${Math.random().toString(36).slice(2)}`;
  const dlg = h("dialog", { class: className, "aria-labelledby": id },
    h("h2", { id }, title),
    h("div", { class: "dialog-body" }, body),
    h("div", { class: "dialog-buttons" }, buttons.map(([key, run], i) =>
      h("button", { type: "button", class: i === 0 ? "act primary" : "act", dataset: { key: `dlg:${key}` },
        onclick: () => { dlg.close(); if (run) run(); } }, t(key)))));
  dlg.addEventListener("close", () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  dlg.querySelector(".dialog-buttons button")?.focus();
  return dlg;
}
