// The guided first game (the server's atout.server.tutorials): a fixed first deal against the
// easy bot, where each of the game's decisions is explained the first time it comes up, and
// the coach's advice (the hint and why) is shown at every decision. A tutorial is a table like
// any other; this browser remembers which of its tables are tutorials with their seats.

import { api, heldSeat, holdSeat } from "./api.js";

/** Start the guided first match of `game` and go to its table. */
export async function startTutorial(game) {
  const made = await api.tutorial(game, localStorage.getItem("atout.name"));
  holdSeat(made.table.id, { token: made.token, seat: made.seat, invites: [], game, tutorial: true });
  location.hash = `#table=${encodeURIComponent(made.table.id)}`;
}

/** Whether this browser started the table `id` as a tutorial. */
export function isTutorial(id) {
  return Boolean(heldSeat(id)?.tutorial);
}

const mine = (view, legal) => legal.length > 0 && view.seat !== null;
const plays = (legal) => legal.some((a) => a.startsWith("play "));

/** Each game's explanations, in the order they are checked: a catalog key (tut.<game>.<key>)
 *  and when it applies, read off the seat's view and legal actions. Each is shown once. */
const TIPS = {
  schnapsen: [
    ["start", (v, l) => mine(v, l)],
    ["marriage", (v, l) => l.some((a) => a.endsWith(" marriage"))],
    ["exchange", (v, l) => l.includes("exchange")],
    ["close", (v, l) => l.includes("close") && v.history.length > 0],
    ["follow_open", (v, l) => plays(l) && v.trick.length === 1 && !v.closed && v.stock_size > 0],
    ["follow_strict", (v, l) => plays(l) && v.trick.length === 1 && (v.closed || v.stock_size === 0)],
  ],
  seven_up: [
    ["start", (v, l) => mine(v, l)],
    ["stand", (v, l) => l.includes("stand")],
    ["give", (v, l) => l.includes("give")],
    ["discard", (v, l) => l.some((a) => a.startsWith("discard "))],
    ["lead", (v, l) => plays(l) && v.trick.length === 0],
    ["follow", (v, l) => plays(l) && v.trick.length === 1],
  ],
  river: [
    ["start", (v, l) => mine(v, l)],
    ["hook", (v, l) => l.some((a) => a.startsWith("bid ")) && v.dealer === v.seat],
    ["play", (v, l) => plays(l)],
    ["made", (v, l) => plays(l) && v.bids[v.seat] !== null && v.tricks[v.seat] === v.bids[v.seat]],
  ],
};

/** One tutorial's explanations: which were shown, and the one for this decision. */
export class Guide {
  constructor(game) {
    this.tips = TIPS[game] || [];
    this.game = game;
    this.shown = new Set();
    this.current = null; // [seq, key]
  }

  /** The explanation for the decision after `seq` actions (the same one until it moves on),
   *  or null: the first not yet shown that applies. */
  tip(seq, view, legal) {
    if (this.current && this.current[0] === seq) return this.current[1];
    if (this.current) this.shown.add(this.current[1]);
    const found = this.tips.find(([key, applies]) => !this.shown.has(key) && applies(view, legal));
    this.current = found ? [seq, found[0]] : null;
    return found ? found[0] : null;
  }
}
