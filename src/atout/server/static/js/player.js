// You, over time: a player key instead of a password (kept in this browser, shown to copy to
// another device), and the page #me: the rating per game against the computer levels with its
// graph and the level to try next, the statistics per game and level, and every finished match
// with a link to its review.

import { h, s, fill, copyText } from "./dom.js";
import { t, cap, onLang } from "./i18n.js";
import { api, playerKey, setPlayerKey, ApiError } from "./api.js";

function gameTitle(game) {
  return t(`game.${game}`);
}

/** The lobby's panel: start a history, or say who you are and lead to #me. */
export class PlayerPanel {
  constructor({ changed }) {
    this.changed = changed;
    this.me = null;
    this.error = null;
    this.key = null; // shown once, right after it was made
    if (playerKey()) this.load();
  }

  async load() {
    try {
      this.me = await api.me();
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) setPlayerKey(null); // a key nobody has
      this.error = e.message;
    }
    this.changed();
  }

  async start(form) {
    const name = form.querySelector("#player-name").value.trim();
    try {
      const made = await api.register(name);
      setPlayerKey(made.key);
      if (name) localStorage.setItem("atout.name", name);
      this.me = made;
      this.key = made.key;
      this.error = null;
    } catch (e) {
      this.error = e.message;
    }
    this.changed();
  }

  async useKey(form) {
    const key = form.querySelector("#player-key").value.trim();
    setPlayerKey(key);
    this.error = null;
    await this.load();
    if (!playerKey()) this.error = t("player_key_unknown");
    this.changed();
  }

  element() {
    const body = [];
    if (this.me) {
      body.push(h("p", {}, t("player_hello", { name: this.me.name || t("player_anonymous") }), " ",
        h("a", { class: "act button primary", href: "#me" }, t("player_page"))));
      if (this.key) body.push(keyBox(this.key));
    } else {
      body.push(h("p", { class: "muted" }, t("player_intro")),
        h("form", { class: "player-start", onsubmit: (e) => { e.preventDefault(); this.start(e.target); } },
          h("label", {}, t("your_name"), " ", h("input", { id: "player-name", maxlength: 40, value: localStorage.getItem("atout.name") || "" })),
          h("button", { type: "submit", class: "act primary" }, t("player_start"))),
        h("form", { class: "player-key-form", onsubmit: (e) => { e.preventDefault(); this.useKey(e.target); } },
          h("label", {}, t("player_have_key"), " ", h("input", { id: "player-key", required: true, autocomplete: "off", spellcheck: false })),
          h("button", { type: "submit", class: "act" }, t("player_use_key"))));
    }
    if (this.error) body.push(h("p", { class: "error", role: "alert" }, this.error));
    return h("section", { class: "panel player-panel", "aria-labelledby": "player-h" },
      h("h2", { id: "player-h" }, t("player_you")), body);
  }
}

/** The key, shown to copy (it is the player: no password, no other way back in). */
function keyBox(key) {
  const flash = h("span", { class: "flash", role: "status" });
  return h("div", { class: "player-key" },
    h("p", {}, t("player_key_note")),
    h("code", { class: "key" }, key), " ",
    h("button", { type: "button", class: "act", onclick: async () => { await copyText(key); flash.textContent = t("copied"); } }, t("copy")),
    " ", flash);
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(document.documentElement.lang || undefined,
    { dateStyle: "medium", timeStyle: "short" });
}

function levelName(level) {
  return ["mixed", "people"].includes(level) ? t(`player_level.${level}`) : t(`level.${level}`);
}

function pct(x) {
  return x === null || x === undefined ? "–" : `${Math.round(x * 100)}%`;
}

/** The page #me. */
export class PlayerScreen {
  constructor(root, { header }) {
    this.root = root;
    this.header = header;
    this.offLang = onLang(() => this.render());
    this.showKey = false;
    this.start();
  }

  destroy() {
    this.destroyed = true;
    this.offLang();
  }

  async start() {
    this.header.set({ game: null, title: "" });
    if (!playerKey()) { this.data = null; this.render(); return; }
    try {
      const [me, history, progress] = await Promise.all([api.me(), api.history(), api.progress()]);
      this.data = { me, history: history.matches, progress };
    } catch (e) {
      this.error = e.message;
    }
    this.render();
  }

  render() {
    if (this.destroyed) return;
    if (!this.data) {
      fill(this.root, h("div", { class: "player-page" }, h("h1", {}, t("player_page")),
        h("p", { class: this.error ? "error" : "muted" }, this.error || t("player_none")),
        h("p", {}, h("a", { class: "act button", href: "#" }, t("back_to_lobby")))));
      return;
    }
    const { me, history, progress } = this.data;
    fill(this.root, h("div", { class: "player-page" },
      h("h1", {}, t("player_title", { name: me.name || t("player_anonymous") })),
      h("section", { class: "panel ratings", "aria-labelledby": "ratings-h" }, h("h2", { id: "ratings-h" }, t("player_ratings")),
        Object.entries(progress.ratings).map(([game, r]) => this.rating(game, r))),
      h("section", { class: "panel stats", "aria-labelledby": "stats-h" }, h("h2", { id: "stats-h" }, t("player_stats")),
        Object.keys(progress.statistics).length ? Object.entries(progress.statistics).map(([game, levels]) => this.stats(game, levels))
          : h("p", { class: "muted" }, t("player_no_matches"))),
      h("section", { class: "panel history", "aria-labelledby": "history-h" }, h("h2", { id: "history-h" }, t("player_history")),
        history.length ? h("ul", { class: "tables" }, history.map((m) => this.match(m))) : h("p", { class: "muted" }, t("player_no_matches"))),
      h("section", { class: "panel" }, h("h2", {}, t("player_key")),
        this.showKey ? keyBox(playerKey())
          : h("button", { type: "button", class: "act", onclick: () => { this.showKey = true; this.render(); } }, t("player_show_key")),
        " ", h("button", { type: "button", class: "act", onclick: () => { setPlayerKey(null); location.hash = "#"; } }, t("player_forget"))),
      h("p", {}, h("a", { class: "act button", href: "#" }, t("back_to_lobby")))));
  }

  rating(game, r) {
    const text = r.matches
      ? t("player_rating", { mu: Math.round(r.mu), band: Math.round(2 * r.sigma), n: r.matches })
      : t("player_unrated");
    return h("div", { class: "rating", dataset: { game } },
      h("h3", {}, gameTitle(game)),
      h("p", {}, h("strong", { class: "rating-value" }, text), " · ", t("player_next", { level: levelName(r.next) })),
      r.points.length ? this.graph(game, r) : null);
  }

  /** The rating after each rated match (a line, with its ±2σ band), the levels' anchors as
   *  labelled lines across. */
  graph(game, r) {
    const W = 360, H = 140, L = 52, P = 8;
    const pts = r.points;
    // The levels a person plays against; random (far below) would squash the rest.
    const anchors = Object.entries(r.anchors).filter(([level]) => level !== "random");
    const ys = [...pts.flatMap((p) => [p.mu - 2 * p.sigma, p.mu + 2 * p.sigma]), ...anchors.map(([, v]) => v)];
    const lo = Math.min(...ys), hi = Math.max(...ys), span = hi - lo || 1;
    const x = (i) => L + (pts.length > 1 ? (i * (W - L - P)) / (pts.length - 1) : (W - L - P) / 2);
    const y = (v) => P + ((hi - v) * (H - 2 * P)) / span;
    const band = [...pts.map((p, i) => `${x(i)},${y(p.mu + 2 * p.sigma)}`), ...pts.map((p, i) => `${x(i)},${y(p.mu - 2 * p.sigma)}`).reverse()].join(" ");
    return s("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-graph", role: "img",
      "aria-label": t("player_graph", { game: gameTitle(game) }) },
      anchors.map(([level, v]) => [
        s("line", { x1: L, x2: W - P, y1: y(v), y2: y(v), class: "anchor" }),
        s("text", { x: L - 4, y: y(v) + 3, class: "anchor-label", "text-anchor": "end" }, cap(levelName(level)))]),
      pts.length > 1 ? s("polygon", { points: band, class: "band" }) : null,
      s("polyline", { points: pts.map((p, i) => `${x(i)},${y(p.mu)}`).join(" "), class: "mu" }),
      pts.map((p, i) => s("circle", { cx: x(i), cy: y(p.mu), r: 3, class: p.won ? "won" : "lost" },
        s("title", {}, `${when(p.finished)}: ${levelName(p.level)}, ${t(p.won ? "player_won" : "player_lost")} → ${Math.round(p.mu)}`))));
  }

  stats(game, levels) {
    const extra = {
      schnapsen: [["marriages", "player_marriages", (r) => r.marriages], ["closes", "player_closes", (r) => `${r.closes_won}/${r.closes}`]],
      seven_up: [["begs", "player_begs", (r) => r.begs]],
      river: [["exact", "player_exact", (r) => pct(r.exact_bid_rate)]],
    }[game] || [];
    return h("div", { class: "game-stats", dataset: { game } }, h("h3", {}, gameTitle(game)),
      h("table", {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("player_opponents")), h("th", { scope: "col" }, t("player_matches")),
          h("th", { scope: "col" }, t("player_win_rate")), h("th", { scope: "col" }, t(`player_points_per.${game}`)),
          extra.map(([, key]) => h("th", { scope: "col" }, t(key))))),
        h("tbody", {}, Object.entries(levels).map(([level, r]) => h("tr", { dataset: { level } },
          h("th", { scope: "row" }, cap(levelName(level))), h("td", {}, String(r.matches)), h("td", {}, pct(r.win_rate)),
          h("td", {}, r.points_per_deal === null ? "–" : r.points_per_deal.toFixed(2)),
          extra.map(([, , get]) => h("td", {}, String(get(r)))))))));
  }

  match(m) {
    const others = m.opponents.map((o) => o.player === "human" ? (o.name || t("human")) : t(`level.${o.player.split("(")[0]}`));
    return h("li", { class: "table-row", dataset: { table: m.table } },
      h("span", { class: "what" }, h("strong", {}, gameTitle(m.game)), " · ", when(m.finished), " · ",
        t("player_against", { who: others.join(", ") }), " · ",
        h("span", { class: m.won ? "won" : "lost" }, t(m.won ? "player_won" : "player_lost")), ` (${m.scores.join("–")})`,
        m.standin ? h("span", { class: "standin-mark" }, " · ", t("player_standin", { n: m.standin })) : null),
      h("span", { class: "row-buttons" }, h("a", { class: "act button", href: `#review=${encodeURIComponent(m.table)}` }, t("review_match"))));
  }
}
