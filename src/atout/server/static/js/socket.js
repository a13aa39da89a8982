// One seat's websocket, kept open: the token goes in the first message (a browser cannot set
// an Authorization header on a websocket), every message goes to `onMessage`, and a dropped
// connection is opened again after a short, growing wait. On every (re)connect the server sends
// a full snapshot first, so nothing is lost while the connection was down.

const PING_EVERY = 20000;

export class TableSocket {
  /** @param {string} tableId  @param {string|null} token (null: a spectator)
   *  @param {{onMessage: Function, onState: Function}} handlers */
  constructor(tableId, token, { onMessage, onState }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`;
    this.token = token;
    this.onMessage = onMessage;
    this.onState = onState;
    this.closed = false;
    this.attempt = 0;
    this.ws = null;
    this.timer = null;
    this.ping = null;
    this.wake = () => { if (!this.ws) this.open(); };
    window.addEventListener("online", this.wake);
    this.open();
  }

  open() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.onState(this.attempt ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ token: this.token }));
      this.ping = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
      }, PING_EVERY);
    };
    ws.onmessage = (e) => {
      let data;
      try { data = JSON.parse(e.data); } catch { return; }
      if (data.type === "snapshot") { this.attempt = 0; this.onState("open"); }
      if (data.type === "error") { this.fatal = data; }
      this.onMessage(data);
    };
    ws.onclose = (e) => {
      clearInterval(this.ping);
      if (this.ws === ws) this.ws = null;
      if (this.closed) return;
      // 4403/4404/4410: a token that is not this table's, no such table, or a table that
      // expired unjoined: trying again won't help. (4429, too many sockets, is worth a retry.)
      if (e.code === 4403 || e.code === 4404 || e.code === 4410) { this.onState("refused", this.fatal); return; }
      this.attempt += 1;
      const wait = Math.min(5000, 300 * 2 ** Math.min(this.attempt, 5));
      this.onState("reconnecting");
      this.timer = setTimeout(() => this.open(), wait);
    };
  }

  /** Close for good (leaving the table). */
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.ping);
    window.removeEventListener("online", this.wake);
    if (this.ws) this.ws.close(1000);
  }
}
