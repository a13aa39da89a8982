// The lobby: create a table (game, with its rules a click away; variants explained in a line
// each; a player for every seat), the tables this browser sits at, open tables to watch or join
// with an invite link, and your finished matches to review. And the page an invite link opens.

import { h, fill } from "./dom.js";
import { t, onLang } from "./i18n.js";
import { api, heldSeat, heldSeats, holdSeat } from "./api.js";
import { openRecordFile } from "./again.js";
import { PlayerPanel } from "./player.js";
import { showRules } from "./rules.js";
import { startTutorial } from "./tutorial.js";

let catalog = null;

/** The game's title in the page's language. */
export function gameTitle(game) {
  return t(`game.${game}`);
}

/** The variants a rules text chooses, in words. */
function variants(rules) {
  const m = /^(\w+)(?:\((.*)\))?$/.exec(rules);
  if (!m) return null;
  return (m[2] || "").split(",").filter(Boolean).map((kv) => {
    const [k, v] = kv.split("=");
    return v === "true" ? t(`opt.${m[1]}.${k}`) : `${t(`opt.${m[1]}.${k}`)}: ${v}`;
  });
}

/** A rules text in words: the title and the variants chosen. */
export function rulesWords(rules) {
  const parts = variants(rules);
  if (parts === null) return rules;
  return [gameTitle(rules.split("(")[0]), ...parts].join(" · ");
}

/** The variants alone: "Ten for the last trick", or "by the book". */
function variantWords(rules) {
  const parts = variants(rules);
  if (parts === null) return rules;
  return parts.length ? parts.join(" · ") : t("by_the_book");
}

async function games() {
  if (!catalog) catalog = await api.games();
  return catalog;
}

/** Create a table and go to it; the creator's token (and the invites) are kept. */
async function create(body) {
  const made = await api.create(body);
  holdSeat(made.table.id, { token: made.token, seat: made.seat, invites: made.invites, game: made.table.game });
  location.hash = `#table=${encodeURIComponent(made.table.id)}`;
}

/** A new table like this one: the same rules and players, the creator at the same seat. */
export async function playAgain(info) {
  const held = heldSeat(info.id);
  const seats = info.seats.map((s) => s.player);
  await create({ game: info.game, rules: info.rules, seats, seat: held?.seat ?? null, name: localStorage.getItem("atout.name") || null });
}

export class LobbyScreen {
  constructor(root, { header }) {
    this.root = root;
    this.header = header;
    this.game = localStorage.getItem("atout.lobby.game") || "schnapsen";
    this.options = {};
    this.players = {};
    this.lists = { open: [], over: [] };
    this.offLang = onLang(() => this.render());
    this.player = new PlayerPanel({ changed: () => this.render() });
    this.start();
  }

  destroy() {
    this.destroyed = true;
    this.offLang();
  }

  async start() {
    this.header.set({ game: null, title: "" });
    fill(this.root, h("p", { class: "loading" }, t("loading")));
    const [cat, open, over] = await Promise.all([games(), api.tables("open"), api.tables("over")]);
    this.catalog = cat;
    this.lists = { open: open.tables, over: over.tables };
    this.render();
  }

  gameInfo() {
    return this.catalog.games.find((g) => g.game === this.game);
  }

  seatCount() {
    const g = this.gameInfo();
    return this.options.players ?? g.seats.default;
  }

  render() {
    if (!this.catalog || this.destroyed) return;
    const focused = document.activeElement?.id;
    fill(this.root, h("div", { class: "lobby" },
      h("h1", {}, t("lobby_title")),
      this.newTable(),
      this.player.element(),
      this.yourTables(),
      this.openTables(),
      this.finished()));
    if (focused) document.getElementById(focused)?.focus();
  }

  newTable() {
    const g = this.gameInfo();
    const n = this.seatCount();
    return h("section", { class: "panel new-table", "aria-labelledby": "new-h" },
      h("h2", { id: "new-h" }, t("new_table")),
      h("form", { onsubmit: (e) => { e.preventDefault(); this.submit(e.target); } },
        h("fieldset", { class: "games" }, h("legend", {}, t("game")),
          this.catalog.games.map((x) => h("div", { class: `game-choice${x.game === this.game ? " chosen" : ""}` },
            h("label", {},
              h("input", { type: "radio", name: "game", value: x.game, id: `game-${x.game}`, checked: x.game === this.game,
                onchange: () => { this.game = x.game; this.options = {}; localStorage.setItem("atout.lobby.game", x.game); this.render(); } }),
              h("span", { class: "game-title" }, gameTitle(x.game)),
              h("span", { class: "game-line" }, t(`game_line.${x.game}`))),
            // Outside the label: reading the rules does not choose the game.
            h("div", { class: "game-links" },
              h("button", { type: "button", class: "link game-rules", id: `rules-${x.game}`,
                "aria-label": t("rules_of", { game: gameTitle(x.game) }), onclick: () => showRules(x.game) }, t("rules")),
              h("button", { type: "button", class: "link game-learn", id: `learn-${x.game}`,
                "aria-label": t("learn_of", { game: gameTitle(x.game) }),
                onclick: () => startTutorial(x.game).catch((e) => {
                  this.root.querySelector(".new-table .flash").textContent = e.message;
                }) }, t("learn")))))),
        h("fieldset", { class: "variants" }, h("legend", {}, t("variants")),
          g.options.map((o) => this.option(g, o))),
        h("fieldset", { class: "seat-list" }, h("legend", {}, t("seats")),
          h("ol", {}, Array.from({ length: n }, (_, s) => h("li", {},
            s === 0 ? [h("span", { class: "seat-you" }, t("seat_n", { n: 1 }), ": ", h("strong", {}, t("you_here")))]
              : h("label", {}, t("seat_n", { n: s + 1 }), " ",
                  h("select", { id: `seat-${s}`, name: `seat-${s}`, onchange: (e) => { this.players[s] = e.target.value; } },
                    ["human", ...this.catalog.levels].map((lv) => h("option", { value: lv, selected: (this.players[s] || "medium") === lv },
                      lv === "human" ? t("human_invite") : t("computer_level", { level: t(`level.${lv}`) }))))))))),
        h("label", { class: "name" }, t("your_name"), " ",
          h("input", { id: "your-name", name: "name", maxLength: 40, autocomplete: "nickname",
                       value: localStorage.getItem("atout.name") || "" })),
        h("p", { class: "flash", role: "alert" }),
        h("button", { type: "submit", class: "act primary", id: "create" }, t("create_table"))));
  }

  option(g, o) {
    const id = `opt-${o.name}`;
    const explain = h("span", { class: "explain", id: `${id}-x` }, t(`optx.${g.game}.${o.name}`));
    if (o.type === "bool") {
      return h("div", { class: "option" },
        h("label", {}, h("input", { type: "checkbox", id, checked: !!this.options[o.name],
          "aria-describedby": `${id}-x`, onchange: (e) => { this.options[o.name] = e.target.checked; } }),
          " ", t(`opt.${g.game}.${o.name}`)), explain);
    }
    const values = o.name === "players"
      ? Array.from({ length: o.max - o.min + 1 }, (_, i) => o.min + i)
      : [0, ...Array.from({ length: Math.floor(52 / this.seatCount()) }, (_, i) => i + 1)];
    return h("div", { class: "option" },
      h("label", {}, t(`opt.${g.game}.${o.name}`), " ",
        h("select", { id, "aria-describedby": `${id}-x`, onchange: (e) => {
          this.options[o.name] = Number(e.target.value);
          if (o.name === "players") this.render();
        } }, values.map((v) => h("option", { value: v, selected: (this.options[o.name] ?? o.default) === v },
          v === 0 && o.name === "start_cards" ? t("by_the_book") : String(v))))),
      explain);
  }

  async submit(form) {
    const g = this.gameInfo();
    const opts = g.options.filter((o) => this.options[o.name] !== undefined && this.options[o.name] !== o.default)
      .map((o) => `${o.name}=${o.type === "bool" ? String(this.options[o.name]) : this.options[o.name]}`);
    const rules = opts.length ? `${g.game}(${opts.join(",")})` : g.game;
    const n = this.seatCount();
    const seats = Array.from({ length: n }, (_, s) => (s === 0 ? "human" : this.players[s] || "medium"));
    const name = form.querySelector("#your-name").value.trim();
    localStorage.setItem("atout.name", name);
    try {
      await create({ game: g.game, rules, seats, seat: 0, name: name || null });
    } catch (e) {
      form.querySelector(".flash").textContent = e.message;
    }
  }

  tableRow(info, buttons) {
    const seats = info.seats.map((s) => s.player === "human" ? (s.name || t("human")) : t(`level.${s.player.split("(")[0]}`));
    return h("li", { class: "table-row" },
      h("span", { class: "what" }, h("strong", {}, rulesWords(info.rules)), " · ", seats.join(", "),
        " · ", t(info.paused ? "status.paused" : `status.${info.status}`),
        info.free_seats.length ? ` · ${t("free_seats_n", { n: info.free_seats.length })}` : ""),
      h("span", { class: "row-buttons" }, buttons));
  }

  yourTables() {
    const held = heldSeats();
    const mine = this.lists.open.filter((x) => held[x.id]);
    if (!mine.length) return null;
    return h("section", { class: "panel", "aria-labelledby": "yours-h" }, h("h2", { id: "yours-h" }, t("your_tables")),
      h("ul", { class: "tables" }, mine.map((x) => this.tableRow(x,
        h("a", { class: "act button primary", href: `#table=${encodeURIComponent(x.id)}` }, t("resume"))))));
  }

  openTables() {
    const held = heldSeats();
    const others = this.lists.open.filter((x) => !held[x.id]).slice(0, 20);
    return h("section", { class: "panel", "aria-labelledby": "open-h" }, h("h2", { id: "open-h" }, t("open_tables")),
      h("form", { class: "invite-form", onsubmit: (e) => { e.preventDefault(); this.useInvite(e.target); } },
        h("label", {}, t("paste_invite"), " ", h("input", { type: "url", id: "invite-input", required: true, placeholder: "https://…/#table=…&invite=…" })),
        h("button", { type: "submit", class: "act" }, t("join")),
        h("p", { class: "flash", role: "alert" })),
      others.length ? h("ul", { class: "tables" }, others.map((x) => this.tableRow(x,
        h("a", { class: "act button", href: `#table=${encodeURIComponent(x.id)}` }, t("watch")))))
        : h("p", { class: "muted" }, t("no_open_tables")));
  }

  useInvite(form) {
    const text = form.querySelector("#invite-input").value;
    const m = /#table=([\w-]+)&invite=([\w-]+)/.exec(text);
    if (!m) { form.querySelector(".flash").textContent = t("bad_invite"); return; }
    location.hash = `#table=${m[1]}&invite=${m[2]}`;
  }

  finished() {
    const held = heldSeats();
    const mine = this.lists.over.filter((x) => held[x.id]);
    return h("section", { class: "panel", "aria-labelledby": "done-h" }, h("h2", { id: "done-h" }, t("finished_matches")),
      mine.length ? h("ul", { class: "tables" }, mine.map((x) => this.tableRow(x,
        h("a", { class: "act button", href: `#review=${encodeURIComponent(x.id)}` }, t("review_match")))))
        : h("p", { class: "muted" }, t("no_finished")),
      this.recordPicker());
  }

  /** Open a record file to review it: a file picker, or a file dropped on the box. */
  recordPicker() {
    const flash = h("p", { class: "flash", role: "alert" });
    const open = async (file) => {
      if (!file) return;
      flash.textContent = t("loading");
      try {
        await openRecordFile(file);
      } catch (e) {
        flash.textContent = t("record_refused", { why: e.message });
      }
    };
    const zone = h("div", { class: "record-drop",
      ondragover: (e) => { e.preventDefault(); zone.classList.add("over"); },
      ondragleave: () => zone.classList.remove("over"),
      ondrop: (e) => { e.preventDefault(); zone.classList.remove("over"); open(e.dataTransfer?.files?.[0]); } },
    h("label", {}, t("open_record"), " ",
      h("input", { type: "file", id: "record-file", accept: ".json,application/json", onchange: (e) => open(e.target.files[0]) })),
    h("p", { class: "muted" }, t("open_record_help")),
    flash);
    return zone;
  }
}

/** The screen an invite link opens: take the seat (with a name), then sit down. */
export class JoinScreen {
  constructor(root, tableId, invite, { header }) {
    this.root = root;
    this.id = tableId;
    this.invite = invite;
    this.header = header;
    this.offLang = onLang(() => this.render());
    this.start();
  }

  destroy() {
    this.destroyed = true;
    this.offLang();
  }

  async start() {
    if (heldSeat(this.id)) { location.hash = `#table=${encodeURIComponent(this.id)}`; return; }
    try {
      this.info = await api.table(this.id);
    } catch (e) {
      this.error = e.status === 404 ? t("no_such_table") : e.message;
    }
    this.render();
  }

  render() {
    if (this.destroyed) return;
    this.header.set({ game: this.info?.game || null, title: "" });
    if (this.error || !this.info) {
      fill(this.root, h("p", { class: "error" }, this.error || t("loading")), h("p", {}, h("a", { href: "#" }, t("back_to_lobby"))));
      return;
    }
    fill(this.root, h("section", { class: "panel join" },
      h("h1", {}, t("join_title", { game: gameTitle(this.info.game) })),
      this.inviter() !== null ? h("p", { class: "inviter" }, t("invited_by", { who: this.seatWords(this.inviter()) })) : null,
      h("p", {}, t("variants_are", { variants: variantWords(this.info.rules) })),
      h("h2", {}, t("seats")),
      h("ul", { class: "join-seats" }, this.info.seats.map((seat) => h("li", { class: seat.seat === this.seat() ? "yours" : null },
        t("seat_who", { seat: t("seat_n", { n: seat.seat + 1 }),
                        who: seat.seat === this.seat() ? t("seat_yours") : this.seatWords(seat.seat) })))),
      h("form", { onsubmit: (e) => { e.preventDefault(); this.join(e.target); } },
        h("label", {}, t("your_name"), " ", h("input", { id: "join-name", maxLength: 40, value: localStorage.getItem("atout.name") || "" })),
        h("button", { type: "submit", class: "act primary", id: "take-seat" }, t("take_seat")),
        h("p", { class: "flash", role: "alert" }))));
    this.root.querySelector("#join-name").focus();
  }

  /** The seat of whoever sent the invite: the one human seat taken. (The table's summary does
   *  not say who created it: with several people seated already, nobody is named.) */
  inviter() {
    const people = this.info.seats.filter((s) => s.player === "human" && s.taken);
    return people.length === 1 ? people[0].seat : null;
  }

  /** The seat this invite opens: the free seat, when there is one only. (The table's summary
   *  does not say which seat an invite is for.) */
  seat() {
    const free = this.info.free_seats;
    return free.length === 1 ? free[0] : null;
  }

  /** Who sits at a seat: a person's name, a computer and its level, or a free seat. */
  seatWords(s) {
    const seat = this.info.seats[s];
    if (seat.player !== "human") return t("computer_level", { level: t(`level.${seat.player.split("(")[0]}`) });
    if (!seat.taken) return t("seat_free");
    return seat.name || t("player_n", { n: s + 1 });
  }

  async join(form) {
    const name = form.querySelector("#join-name").value.trim();
    localStorage.setItem("atout.name", name);
    try {
      const got = await api.join(this.id, this.invite, name);
      holdSeat(this.id, { token: got.token, seat: got.seat, game: got.table.game });
      location.hash = `#table=${encodeURIComponent(this.id)}`;
    } catch (e) {
      form.querySelector(".flash").textContent = e.status === 403 ? t("invite_used") : e.message;
    }
  }
}
