// The table screen: one seat's (or a spectator's) view of a table, kept current by its
// websocket. Messages are processed one at a time, in `seq` order: each is rendered, then its
// events are narrated and animated (skippable: a click on the table or Escape), then the next.
// A step that ends a deal waits for its summary to be closed: the view it brings is already
// the next deal's, whose controls stay inert until then. Every snapshot (the first, and after
// a reconnect) rebuilds the event log from the server's account of the match so far.
// The page never computes a rule: what is legal comes from the server (`legal`), what is
// shown from the seat's view.

import { h, fill, announce, copyText } from "./dom.js";
import { t, tc, cap, lang, onLang } from "./i18n.js";
import { api, heldSeat, holdSeat, ApiError } from "./api.js";
import { TableSocket } from "./socket.js";
import { describe, actionWords, adviceWords } from "./narrate.js";
import { cardName, parse, sortHand } from "./cards.js";
import { face } from "./cardsvg.js";
import { prefs, onPrefs, animating } from "./prefs.js";
import { sound } from "./sound.js";
import { Guide, isTutorial } from "./tutorial.js";
import { GAMES } from "./games/index.js";
import { drawing, actionsFor } from "./games/common.js";
import { dialog } from "./dialogs.js";
import { gameTitle, playAgain } from "./lobby.js";

const HOLD = 1100;   // ms a finished trick stays on the table
const SWEEP = 320;   // ms it takes to leave
const ENTER = 260;   // ms a card takes to arrive
const ARRIVE = 320;  // ms a dealt or drawn card takes to come into the hand
const LOG_SIZE = 200;
const AUTO_PLAY = 700; // ms before a forced last card plays itself (time to see it is yours)
const DEAL_SHOWN = 2500; // ms a deal's summary stays when it does not wait for Continue

export class TableScreen {
  constructor(root, tableId, { header }) {
    this.root = root;
    this.id = tableId;
    this.header = header;
    const held = heldSeat(tableId);
    this.token = held?.token || null;
    this.invites = held?.invites || [];
    this.info = null;
    this.msg = null;
    this.log = [];           // {ev} or {text}: narrated again on a language switch
    this.deals = [];         // the finished deals' results, oldest first
    this.queue = [];
    this.busy = false;
    this.skipping = false;
    this.shown = null;       // the trick an animation shows instead of the view's
    this.pending = false;    // an action is on its way
    this.settling = false;   // a deal ended: its summary comes before the next deal's controls
    this.hinted = null;
    this.typed = "";
    this.lastTrickOpen = false;
    this.chooser = null;     // the card whose marriage choice is open
    this.focusKey = null;
    this.connection = "connecting";
    this.offLang = onLang(() => this.render());
    onPrefs(() => this.render());
    this.keys = (e) => this.onKey(e);
    document.addEventListener("keydown", this.keys);
    // Where the player's focus was, so that it comes back to the hand after a card leaves it.
    this.focusArea = null;
    this.tracking = (e) => { this.focusArea = e.target.closest?.(".hand") ? "hand" : "other"; };
    root.addEventListener("focusin", this.tracking);
    this.start();
  }

  async start() {
    try {
      this.info = await api.table(this.id);
      if (this.destroyed) return; // the player went elsewhere meanwhile
    } catch (e) {
      fill(this.root, h("p", { class: "error" }, e.status === 404 ? t("no_such_table") : e.message),
        h("p", {}, h("a", { href: "#" }, t("back_to_lobby"))));
      return;
    }
    this.render();
    this.socket = new TableSocket(this.id, this.token, {
      onMessage: (m) => this.receive(m),
      onState: (state, err) => this.connectionState(state, err),
    });
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.autoTimer);
    this.socket?.close();
    this.offLang();
    document.removeEventListener("keydown", this.keys);
    this.root.removeEventListener("focusin", this.tracking);
  }

  // --- messages ---------------------------------------------------------------------------

  connectionState(state, err) {
    this.connection = state;
    const banner = document.getElementById("banner");
    if (state === "reconnecting") {
      banner.hidden = false;
      banner.textContent = t("reconnecting");
    } else if (state === "refused") {
      banner.hidden = false;
      banner.textContent = err?.detail || t("seat_refused");
    } else {
      banner.hidden = true;
    }
  }

  receive(m) {
    if (this.destroyed) return;
    if (m.type === "table") {
      this.info = m.table;
      if (!this.busy) this.render();
      return;
    }
    if (m.type === "snapshot" || m.type === "update") {
      this.queue.push(m);
      if (!this.busy) this.drain();
    }
  }

  async drain() {
    this.busy = true;
    while (this.queue.length && !this.destroyed) {
      const m = this.queue.shift();
      if (this.msg && m.seq < this.msg.seq) continue;
      if (this.msg && m.type === "update" && m.seq === this.msg.seq) continue; // seen already
      await this.process(m);
    }
    this.busy = false;
    this.skipping = false;
    this.render();
    this.yourTurn();
  }

  /** Once the table rests on this seat's decision: the turn's sound (once per decision), and
   *  a forced last card played by itself (a setting, on by default): a hand's only card when
   *  it is the only move, after a moment to see it go. */
  yourTurn() {
    if (!this.msg || !this.mayAct() || this.info.status !== "playing") return;
    const seq = this.msg.seq;
    if (this.turnSeq !== seq) {
      this.turnSeq = seq;
      sound("turn");
      // The guided first game shows the coach's advice at every decision, unasked.
      if (isTutorial(this.id)) this.hint();
    }
    const legal = this.msg.legal;
    const hand = this.msg.view.hand;
    if (!prefs().autoPlay || legal.length !== 1 || !legal[0].startsWith("play ") || hand?.length !== 1) return;
    clearTimeout(this.autoTimer);
    this.autoTimer = setTimeout(() => {
      if (!this.destroyed && this.msg?.seq === seq) this.act(legal[0]);
    }, AUTO_PLAY);
  }

  async process(m) {
    const before = this.msg;
    const fresh = m.type === "snapshot";
    this.msg = m;
    this.hinted = null;
    this.advice = null;
    this.chooser = null;
    this.flashText = "";
    if (m.status !== this.info.status) this.info = { ...this.info, status: m.status };
    if (fresh) {
      this.arriving = null;
      await this.loadLog(m.seq);
      this.render();
      return;
    }
    const events = m.events || [];
    const words = [];
    for (const ev of events) {
      this.log.push({ ev, seq: m.seq });
      const line = describe(ev, this.ctx());
      if (line && (ev.seat !== this.msg.seat || ev.type !== "cards_dealt")) words.push(line);
      if (ev.type === "deal_ended") this.deals.push(ev.result);
    }
    if (this.log.length > LOG_SIZE) this.log.splice(0, this.log.length - LOG_SIZE);
    if (words.length) announce(words.join(" "));
    const ended = events.find((e) => e.type === "deal_ended");
    const over = events.find((e) => e.type === "match_ended");
    // The cards this update brought into the hand arrive (dealt or drawn): see handPanel.
    const me = m.view.seat;
    this.arriving = new Set(events.flatMap((e) =>
      e.seat !== me ? [] : e.type === "cards_dealt" ? e.cards || [] : e.type === "card_drawn" && e.card ? [e.card] : []));
    if (!animating()) {
      if (events.some((e) => e.type === "trick_won")) sound("trick");
      else if (events.some((e) => e.type === "card_played")) sound("card");
    }
    // The view is already the next deal's: its controls wait until the summary is closed.
    this.settling = Boolean(ended || over);
    // The trick as it was: an animation starts from it.
    this.shown = before && before.view.trick.length
      ? { leader: before.view.leader, cards: [...before.view.trick] } : null;
    this.render();
    await this.animate(events, before);
    this.shown = null;
    if (over) {
      this.info = await api.table(this.id).catch(() => this.info);
      sound(over.winners.includes(me) ? "won" : "lost");
      this.render();
      await this.showSummary(ended?.result, over);
    } else if (ended) {
      this.render();
      await this.showSummary(ended.result, null);
    }
    this.settling = false;
  }

  /** The log and the finished deals' results as they were before this page looked (a
   *  reload, another device, a spectator): every step's events up to the snapshot's `seq`, as
   *  the server sent them to this seat; the updates bring the rest. */
  async loadLog(seq) {
    try {
      const got = await api.events(this.id, this.token);
      const log = [];
      const deals = [];
      got.steps.slice(0, seq + 1).forEach((events, step) => {
        for (const ev of events) {
          log.push({ ev, seq: step });
          if (ev.type === "deal_ended") deals.push(ev.result);
        }
      });
      this.log = log.slice(-LOG_SIZE);
      this.deals = deals;
    } catch {
      // The log stays as it was; the table itself is shown all the same.
    }
  }

  /** Whether this seat may act now: its decision, the table playing, no summary pending. */
  mayAct() {
    const status = this.info.status;
    return status !== "waiting" && status !== "over" && !this.settling && this.msg.legal.length > 0;
  }

  /** Who the table waits for to take their seats: "player 2". */
  waitingWords(ctx) {
    return t("waiting_for", { who: this.info.free_seats.map((s) => ctx.name(s)).join(", ") });
  }

  sleep(ms) {
    if (this.skipping || !animating()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => { clearTimeout(timer); resolve(); };
    });
  }

  skip() {
    this.skipping = true;
    this.wake?.();
  }

  async animate(events, before) {
    if (!animating()) return;
    const n = this.seats();
    for (const ev of events) {
      if (ev.type === "card_played") {
        const cards = this.shown ? [...this.shown.cards, ev.card] : [ev.card];
        const leader = this.shown ? this.shown.leader : ev.seat;
        this.shown = { leader, cards, entering: cards.length - 1 };
        this.renderTrick();
        sound("card");
        await this.sleep(ENTER);
      } else if (ev.type === "trick_won") {
        this.shown = { leader: ev.leader, cards: ev.cards, winner: ev.seat };
        this.renderTrick();
        await this.sleep(HOLD);
        this.shown = { ...this.shown, sweeping: (ev.seat - (this.msg.seat ?? 0) + n) % n };
        this.renderTrick();
        sound("trick");
        await this.sleep(SWEEP);
        this.shown = null;
        this.renderTrick();
      }
    }
    void before;
  }

  // --- acting -----------------------------------------------------------------------------

  async act(action) {
    if (this.pending || !this.msg || !this.mayAct() || !this.msg.legal.includes(action)) return;
    this.pending = true;
    this.chooser = null;
    this.focusKey = null;
    this.render();
    try {
      const update = await api.act(this.id, this.token, action, this.msg.seq);
      this.pending = false;
      this.receive(update);
    } catch (e) {
      this.pending = false;
      if (e instanceof ApiError && e.code === "stale_seq") {
        this.receive(await api.view(this.id, this.token));
      } else {
        this.flash(e.message);
        this.render();
      }
    }
  }

  /** Ask for a hint: the move is outlined, and the note under the controls says it and why
   *  (a suggestion, not a refusal: it is not styled as one). */
  async hint() {
    if (!this.msg || this.thinking) return;
    const seq = this.msg.seq;
    this.thinking = true;
    this.render();
    try {
      const got = await api.hint(this.id, this.token, seq);
      if (this.msg.seq !== seq) return; // the table moved on meanwhile
      this.hinted = got.action;
      this.advice = got;
      announce(this.adviceText());
    } catch (e) {
      this.flash(e.message);
    } finally {
      this.thinking = false;
      this.render();
    }
  }

  /** The hint in words: the move, why, and the next best. */
  adviceText() {
    const a = this.advice;
    return `${t("hint_says", { action: this.actionWords(a.action) })} ${adviceWords(a, (x) => this.actionWords(x))}`;
  }

  /** A message under the controls (a refusal, a hint), kept until the table moves on. */
  flash(text) {
    this.flashText = text;
    const el = this.root.querySelector(".flash");
    if (el) el.textContent = text;
  }

  /** A card was chosen (click, Enter, or typed). */
  chooseCard(card) {
    if (!this.msg || this.settling) return;
    if (this.info.status === "waiting") {
      this.flash(this.waitingWords(this.ctx()));
      return;
    }
    const actions = actionsFor(card, this.msg.legal);
    if (!actions.length) {
      this.flash(t("not_playable", { card: cardName(card, lang()) }));
      return;
    }
    if (actions.length > 1) {
      this.chooser = card; // a King or Queen that may declare a marriage: ask
      this.focusKey = `act:${actions.find((a) => a.endsWith("marriage"))}`;
      this.render();
      return;
    }
    this.act(actions[0]);
  }

  /** An action in words; an exchange names the trump Jack and the turned card it takes. */
  actionWords(action) {
    const view = this.msg?.view;
    const exchange = view?.trump_card ? { jack: `J${view.trump}`, card: view.trump_card } : {};
    return actionWords(action, exchange);
  }

  // --- keyboard ---------------------------------------------------------------------------

  onKey(e) {
    if (e.target.closest?.("input, select, textarea, dialog") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Escape") {
      if (this.busy) this.skip();
      if (this.chooser) { this.chooser = null; this.render(); }
      return;
    }
    if (e.target.closest?.(".hand") && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
    const ch = e.key.length === 1 ? e.key.toUpperCase() : "";
    if (!/^[0-9TJQKACDHS]$/.test(ch)) return;
    this.typed = (this.typed + ch).slice(-3);
    clearTimeout(this.typedTimer);
    this.typedTimer = setTimeout(() => { this.typed = ""; this.showTyped(); }, 2000);
    this.showTyped();
    for (const len of [3, 2]) {
      const c = parse(this.typed.slice(-len));
      if (c && (this.msg?.view.hand || []).includes(c.text)) {
        e.preventDefault();
        this.typed = "";
        this.showTyped();
        this.focusKey = `card:${c.text}`;
        this.chooseCard(c.text);
        return;
      }
    }
  }

  showTyped() {
    const el = this.root.querySelector(".typed");
    if (el) el.textContent = this.typed ? t("typed", { text: this.typed }) : "";
  }

  handKeys(e) {
    const cards = [...e.currentTarget.querySelectorAll("button.card")];
    const i = cards.indexOf(document.activeElement);
    let j = null;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") j = Math.min(cards.length - 1, i + 1);
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = Math.max(0, i - 1);
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = cards.length - 1;
    if (j === null || i < 0) return;
    e.preventDefault();
    cards[i].tabIndex = -1;
    cards[j].tabIndex = 0;
    cards[j].focus();
  }

  // --- what the screen shows --------------------------------------------------------------

  seats() {
    return this.info.seats.length;
  }

  /** The names and the reader's seat, for narration and panels. */
  ctx() {
    const me = this.msg ? this.msg.seat : heldSeat(this.id)?.seat ?? null;
    const bots = this.info.seats.filter((s) => s.player !== "human").length;
    const ctx = {
      me,
      game: this.info.game,
      deals: this.deals,
      hinted: this.hinted,
      act: (a) => this.act(a),
      Name: (s) => cap(ctx.name(s)),
      short: (s) => {
        if (s === me) return cap(t("you"));
        const seat = this.info.seats[s];
        return seat.player === "human" && seat.name ? seat.name.slice(0, 5) : t("seat_short", { n: s + 1 });
      },
      name: (s) => {
        if (s === me) return t("you");
        const seat = this.info.seats[s];
        if (seat.player !== "human") return bots === 1 && this.seats() === 2 ? t("the_computer") : t("computer_n", { n: s + 1 });
        return seat.name || t("player_n", { n: s + 1 });
      },
    };
    return ctx;
  }

  render() {
    if (!this.info || this.destroyed) return;
    const active = document.activeElement;
    const key = this.focusKey || active?.dataset?.key || null;
    this.focusKey = null;
    const game = GAMES[this.info.game];
    const ctx = this.ctx();
    this.header.set({ game: this.info.game, title: gameTitle(this.info.game) });
    if (!this.msg) {
      fill(this.root, h("p", { class: "loading" }, t("connecting")));
      return;
    }
    const view = this.msg.view;
    const waiting = this.info.status === "waiting";
    const over = this.info.status === "over";
    const myTurn = this.mayAct();
    fill(this.root,
      h("div", { class: `table game-${this.info.game}`,
                 // For scripts and tests: the state shown, and whether this seat may act now.
                 dataset: { seq: String(this.msg.seq), status: this.info.status,
                            turn: myTurn && !this.pending ? "mine" : "other" } },
        h("h1", { class: "sr-only" }, gameTitle(this.info.game)),
        h("section", { class: `seats${this.seats() > 4 ? " many" : ""}`, "aria-label": t("players") },
          this.seatChips(view, game, ctx)),
        h("section", { class: "felt", "aria-label": t("table_centre"), onclick: () => this.busy && this.skip() },
          game.felt(view, ctx),
          h("div", { class: "trick-area" })),
        h("section", { class: "decide", "aria-label": t("your_move") },
          waiting ? this.waitingPanel() : over ? this.overPanel() : this.decisionPanel(view, game, ctx, myTurn)),
        this.handPanel(view, game, ctx, myTurn),
        h("aside", { class: "side" },
          game.scores(view, ctx),
          this.logPanel(ctx))));
    this.renderTrick();
    const again = key && this.root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    const lost = !active || active === document.body || !document.contains(active);
    if (again && !again.disabled) again.focus();
    else if (lost && this.focusArea === "hand") {
      this.root.querySelector(".hand button.card[tabindex='0']")?.focus();
    } else if (lost && this.focusArea === "other" && myTurn) {
      this.root.querySelector(".decide button, .hand button.card[tabindex='0']")?.focus();
    }
  }

  seatChips(view, game, ctx) {
    const n = this.seats();
    const me = view.seat;
    const order = Array.from({ length: n }, (_, i) => ((me ?? 0) + i) % n).filter((s) => s !== me);
    const acting = this.msg.to_act;
    return order.map((s) => {
      const seat = this.info.seats[s];
      const away = seat.player === "human" && seat.taken && !seat.present;
      const presence = seat.standin ? t("standin_plays") : away ? t("away") : null;
      return h("div", { class: `chip${acting.includes(s) ? " acting" : ""}${presence ? " gone" : ""}`,
                        "aria-label": [cap(ctx.name(s)), presence].filter(Boolean).join(", ") },
        h("div", { class: "chip-name" }, cap(ctx.name(s)),
          s === view.dealer ? h("span", { class: "badge", title: t("dealer") }, t("dealer_short")) : null),
        h("div", { class: "chip-meta" },
          seat.player !== "human" ? h("span", { class: "level" }, t(`level.${seat.player.split("(")[0]}`)) : null,
          presence ? h("span", { class: "away" }, presence) : null,
          !seat.taken ? h("span", { class: "away" }, t("seat_free")) : null),
        h("div", { class: "chip-cards", role: "img", "aria-label": t("cards_n", { n: view.hand_sizes[s] }) },
          Array.from({ length: Math.min(view.hand_sizes[s], 12) }, () => h("span", { class: "mini-back" })),
          h("span", { class: "count" }, String(view.hand_sizes[s]))),
        h("div", { class: "chip-info" }, game.seatInfo(view, s, ctx),
          acting.includes(s) ? h("span", { class: "thinking" },
            seat.player === "human" && !seat.standin ? t("to_act") : t("thinking")) : null));
    });
  }

  renderTrick() {
    const area = this.root.querySelector(".trick-area");
    if (!area || !this.msg) return;
    const view = this.msg.view;
    const game = GAMES[this.info.game];
    const ctx = this.ctx();
    const n = this.seats();
    let trick = this.shown;
    let ghost = false;
    if (!trick && this.lastTrickOpen) {
      trick = game.lastTrick(view);
      ghost = true;
    } else if (!trick && view.trick.length) {
      trick = { leader: view.leader, cards: view.trick };
    } else if (!trick && !animating()) {
      // Without animations the finished trick stays in sight until the next card is led.
      const last = game.lastTrick(view);
      if (last && last.cards.length === n) { trick = last; ghost = true; }
    }
    const label = trick ? (ghost ? t("last_trick") : t("trick")) : t("trick_empty");
    fill(area,
      h("div", { class: `trick${ghost ? " ghost" : ""}${trick?.sweeping !== undefined ? " sweep" : ""}`,
                 role: "list", "aria-label": label },
        trick ? trick.cards.map((c, i) => {
          const seat = (trick.leader + i) % n;
          return h("figure", { role: "listitem", class: `played${i === trick.entering ? " enter" : ""}${trick.winner === seat ? " winner" : ""}`,
                               "aria-label": `${cap(ctx.name(seat))}: ${cardName(c, lang())}` },
            h("span", { class: "card" }, face(c, drawing(ctx))),
            h("figcaption", {}, cap(ctx.name(seat))));
        }) : h("p", { class: "empty" }, this.info.status === "waiting" ? this.waitingWords(ctx)
          : view.trick.length === 0 && this.mayAct() && this.msg.legal.some((a) => a.startsWith("play"))
            ? t("your_lead_here") : "")),
      trick?.winner !== undefined ? h("p", { class: "caption" },
        trick.winner === ctx.me ? t("you_won_trick") : t("won_trick", { who: cap(ctx.name(trick.winner)) })) : null,
      game.lastTrick(view) ? h("button", { type: "button", class: "link last-trick", "aria-pressed": String(this.lastTrickOpen),
        dataset: { key: "last-trick" },
        onclick: (e) => { e.stopPropagation(); this.lastTrickOpen = !this.lastTrickOpen; this.render(); } },
        this.lastTrickOpen ? t("hide_last_trick") : t("show_last_trick")) : null);
  }

  decisionPanel(view, game, ctx, myTurn) {
    if (view.seat === null) return h("p", { class: "prompt" }, t("spectating"));
    const legal = this.msg.legal;
    const waitingFor = this.msg.to_act.filter((s) => s !== view.seat);
    const prompt = myTurn ? game.prompt(view, legal, ctx)
      : waitingFor.length ? t("waiting_for", { who: waitingFor.map((s) => ctx.name(s)).join(", ") }) : "";
    const controls = myTurn ? game.controls(view, legal, ctx) : [];
    if (this.chooser) {
      const c = this.chooser;
      const points = marriagePoints(c, view);
      controls.unshift(h("div", { class: "chooser", role: "group", "aria-label": cardName(c, lang()) },
        h("button", { type: "button", class: `act primary${this.hinted === `play ${c} marriage` ? " hinted" : ""}`,
          dataset: { key: `act:play ${c} marriage` },
          onclick: () => this.act(`play ${c} marriage`) }, t("do.lead_declare", { card: cardName(c, lang()), points })),
        h("button", { type: "button", class: `act${this.hinted === `play ${c}` ? " hinted" : ""}`,
          dataset: { key: `act:play ${c}` },
          onclick: () => this.act(`play ${c}`) }, t("do.lead_plain", { card: cardName(c, lang()) }))));
    }
    if (myTurn && isTutorial(this.id)) this.guide ??= new Guide(this.info.game);
    const tip = myTurn && this.guide ? this.guide.tip(this.msg.seq, view, legal) : null;
    return [
      tip ? h("aside", { class: "guide", "aria-label": t("tut.title") },
        h("strong", {}, t("tut.title")), " ", t(`tut.${this.info.game}.${tip}`)) : null,
      h("p", { class: `prompt${myTurn ? " mine" : ""}`, role: "status" }, prompt),
      h("div", { class: "controls" }, controls,
        myTurn && prefs().hints ? h("button", { type: "button", class: "act hint", dataset: { key: "hint" },
          disabled: this.thinking, "aria-busy": this.thinking ? "true" : null,
          onclick: () => this.hint() }, this.thinking ? t("hint_thinking") : t("hint")) : null),
      this.advice ? h("p", { class: "advice", role: "status" }, this.adviceText()) : null,
      h("p", { class: "flash", role: "alert" }, this.flashText || ""),
      h("p", { class: "typed", "aria-live": "off" }),
    ];
  }

  handPanel(view, game, ctx, myTurn) {
    if (!view.hand) return null;
    const trump = game.trump(view);
    const cards = sortHand(view.hand, { trump, game: this.info.game });
    const legal = this.msg.legal;
    const focusable = cards.find((c) => actionsFor(c, legal).length) || cards[0];
    // Dim the cards that may not be played only when the decision is about cards.
    const cardTurn = myTurn && cards.some((c) => actionsFor(c, legal).length > 0);
    // The cards this update brought (dealt or drawn) arrive one after another, once: the
    // elements made by later renders stand still. The hand says which came (data-arrived).
    const arriving = this.arriving ? cards.filter((c) => this.arriving.has(c)) : [];
    if (this.arriving) {
      this.lastArrived = animating() ? arriving.join(" ") : "";
      this.arriving = null;
    }
    const moving = [];
    const panel = h("section", { class: "hand-panel", "aria-label": t("your_hand") },
      h("div", { class: "hand-head" }, h("h2", {}, t("your_hand")),
        h("span", { class: "muted" }, t("cards_n", { n: cards.length })),
        myTurn ? h("span", { class: "badge mine" }, t("your_turn")) : null,
        view.dealer === view.seat ? h("span", { class: "badge" }, t("dealer")) : null),
      h("div", { class: "hand", role: "toolbar", "aria-label": t("your_hand_keys"), dataset: { arrived: this.lastArrived || "" },
                 onkeydown: (e) => this.handKeys(e), style: { "--n": String(cards.length) } },
        cards.map((c) => {
          const actions = myTurn ? actionsFor(c, legal) : [];
          const playable = actions.length > 0;
          const hinted = this.hinted && this.hinted.split(" ")[1] === c;
          // A King or Queen that may declare its marriage says so (its mark, its description);
          // choosing it asks whether to declare: the one way to.
          const points = actions.some((a) => a.endsWith(" marriage")) ? marriagePoints(c, view) : 0;
          const el = h("button", {
            type: "button", class: `card${playable ? " legal" : cardTurn ? " dim" : ""}${hinted ? " hinted" : ""}`,
            tabIndex: c === focusable ? 0 : -1, dataset: { card: c, key: `card:${c}` },
            "aria-label": cardName(c, lang()) + (myTurn ? `, ${playable ? t("playable") : t("not_playable_now")}` : ""),
            "aria-disabled": playable ? null : "true",
            title: points ? t("card_marriage", { points }) : null,
            onclick: () => this.chooseCard(c),
          }, face(c, drawing(ctx)),
          points ? h("span", { class: "mark", "aria-hidden": "true" }, String(points)) : null);
          if (this.lastArrived && arriving.includes(c)) moving.push(el);
          return el;
        })));
    // Once the hand is on the page: from above the hand into its place, a card after another.
    if (moving.length) {
      requestAnimationFrame(() => moving.forEach((el, i) => el.animate(
        [{ transform: "translateY(-2.5rem) scale(.85)", opacity: 0 }, { transform: "none", opacity: 1 }],
        { duration: ARRIVE, delay: i * 70, easing: "ease-out", fill: "backwards" })));
    }
    return panel;
  }

  logPanel(ctx) {
    const lines = [];
    for (const item of this.log) {
      const text = describe(item.ev, ctx);
      if (text) lines.push(h("li", {}, text));
    }
    const list = h("ol", { class: "log", "aria-label": t("log") }, lines);
    requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
    return h("section", { class: "log-panel" }, h("h2", {}, t("log")), list);
  }

  waitingPanel() {
    const free = this.info.free_seats;
    return [
      h("p", { class: "prompt" }, t("waiting_players", { n: free.length })),
      this.invites.length ? h("ul", { class: "invites" }, this.invites.filter((i) => free.includes(i.seat)).map((i) => {
        const link = i.link;
        return h("li", {},
          h("label", {}, t("invite_for", { n: i.seat + 1 }), " ",
            h("input", { type: "text", readOnly: true, value: link, class: "invite-link", dataset: { seat: i.seat },
                         onfocus: (e) => e.target.select() })),
          h("button", { type: "button", class: "act", onclick: async (e) => {
            e.target.textContent = (await copyText(link)) ? t("copied") : t("copy_failed");
          } }, t("copy_link")));
      })) : h("p", {}, t("ask_creator")),
    ];
  }

  overPanel() {
    const result = this.info.result;
    const ctx = this.ctx();
    return [
      h("p", { class: "prompt mine" }, result ? this.resultWords(result, ctx) : t("match_over")),
      h("div", { class: "controls" },
        ctx.me === null ? null : h("button", { type: "button", class: "act primary", dataset: { key: "again" },
          onclick: () => playAgain(this.info) }, t("play_again")),
        h("a", { class: "act button", href: `#review=${encodeURIComponent(this.id)}` }, t("review_match")),
        h("a", { class: "act button", href: "#" }, t("back_to_lobby"))),
    ];
  }

  resultWords(result, ctx) {
    if (!result.winners.length) return t("match_over");
    if (result.winners.includes(ctx.me) && result.winners.length === 1) return t("you_win_match");
    return t("wins_match", { who: result.winners.map((s) => cap(ctx.name(s))).join(", ") });
  }

  /** The summary of a deal (and of the match, once over); resolves once it is closed. */
  showSummary(result, over) {
    const game = GAMES[this.info.game];
    const ctx = this.ctx();
    const body = [];
    if (result) body.push(...game.summary(result, ctx));
    if (over) body.push(h("p", { class: "headline" }, this.resultWords(this.info.result || over, ctx)));
    const buttons = over
      ? [["play_again", () => playAgain(this.info)], ["review_match", () => { location.hash = `#review=${encodeURIComponent(this.id)}`; }],
         ["close", null]]
      : [["continue", null]];
    const dlg = dialog({ title: over ? t("match_over") : t("deal_over"), body, buttons, className: "summary" });
    // Without the pause (a setting) a deal's summary closes by itself; the match's waits.
    if (!over && !prefs().dealPause) setTimeout(() => dlg.open && dlg.close(), DEAL_SHOWN);
    return new Promise((resolve) => dlg.addEventListener("close", resolve));
  }
}

/** What a marriage of `card`'s suit is worth: 40 in trumps, else 20. */
function marriagePoints(card, view) {
  return card.slice(-1) === view.trump ? 40 : 20;
}

export { holdSeat };
