// The server's HTTP API, and the seats this browser holds (their tokens, kept in localStorage
// keyed by table, so that a reload or a later visit takes the seat again).

const SEATS = "atout.seats";
const PLAYER = "atout.player";

/** An error the API answered: its HTTP status, its code and the words it gave. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body?.detail || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error || "http_error";
    this.seq = body?.seq;
  }
}

async function call(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  // The player key goes with every call: a table made or joined counts in the history.
  const key = playerKey();
  if (key) headers["X-Player-Key"] = key;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => null);
  if (!r.ok) throw new ApiError(r.status, data);
  return data;
}

export const api = {
  games: () => call("GET", "/api/games"),
  rules: (game, lang) => call("GET", `/api/games/${game}/rules?lang=${lang}`),
  tables: (status = "open") => call("GET", `/api/tables?status=${status}&limit=100`),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (body) => call("POST", "/api/tables", { body }),
  join: (id, invite, name) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/join`, { body: { invite, name: name || null } }),
  view: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/view`, { token }),
  act: (id, token, action, seq) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/actions`, { token, body: { action, seq } }),
  hint: (id, token, seq) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/hint`, { token, body: { seq } }),
  events: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/events`, { token }),
  record: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/record`, { token }),
  review: (id, step) => call("GET", `/api/tables/${encodeURIComponent(id)}/review?step=${step}`),
  analysis: (id, mode) => call("GET", `/api/tables/${encodeURIComponent(id)}/analysis?mode=${mode}`),
  analyse: (id, mode) => call("POST", `/api/tables/${encodeURIComponent(id)}/analysis`, { body: { mode } }),
  tutorial: (game, name) => call("POST", "/api/tutorials", { body: { game, name: name || null } }),
  again: (id, deal, seat, name) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/again`, { body: { deal, seat, name: name || null } }),
  duplicate: (id, deal, seat) =>
    call("GET", `/api/tables/${encodeURIComponent(id)}/duplicate?deal=${deal}&seat=${seat}`),
  challenge: (id, deal, seat) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/duplicate`, { body: { deal, seat } }),
  openRecord: (record) => call("POST", "/api/records", { body: record }),
  register: (name) => call("POST", "/api/players", { body: { name: name || null } }),
  me: () => call("GET", "/api/players/me"),
  rename: (name) => call("PATCH", "/api/players/me", { body: { name: name || null } }),
  history: () => call("GET", "/api/players/me/history?limit=200"),
  progress: () => call("GET", "/api/players/me/progress"),
};

function allSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS) || "{}") || {};
  } catch {
    return {};
  }
}

/** The seat this browser holds at a table: {token, seat, invites, created}, or null. */
export function heldSeat(tableId) {
  return allSeats()[tableId] || null;
}

/** Every table this browser holds a seat at, by id. */
export function heldSeats() {
  return allSeats();
}

/** Keep a seat's token (and the invites to hand out, for the creator). */
export function holdSeat(tableId, seat) {
  const all = allSeats();
  all[tableId] = { ...(all[tableId] || {}), ...seat, created: seat.created || Date.now() };
  localStorage.setItem(SEATS, JSON.stringify(all));
}

/** This browser's player key (the player keeps a history), or null. */
export function playerKey() {
  try {
    return localStorage.getItem(PLAYER);
  } catch {
    return null;
  }
}

/** Keep a player key (null forgets it). */
export function setPlayerKey(key) {
  if (key) localStorage.setItem(PLAYER, key);
  else localStorage.removeItem(PLAYER);
}
