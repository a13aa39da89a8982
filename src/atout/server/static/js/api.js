// The server's HTTP API, and the seats this browser holds (their tokens, kept in localStorage
// keyed by table, so that a reload or a later visit takes the seat again).

const SEATS = "atout.seats";

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
