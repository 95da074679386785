// The table's connection: one websocket, joined to a seat (or watching), reconnecting when it drops.
//
// The server sends a full state on join, then deltas; sync.js (the server's module) turns them
// into full states here, so the rest of the page only ever sees full states.
import { StateSync } from "./sync.js";

export class Connection {
  /**
   * handlers: onState(full state), onError(msg), onNotice(msg), onHint(msg),
   * onStatus("connecting" | "open" | "lost").
   */
  constructor(gameId, token, handlers) {
    this.gameId = gameId;
    this.token = token;
    this.h = handlers;
    this.ws = null;
    this.retry = 0;
    this.joined = false;
    this.closed = false;
  }

  open() {
    this.h.onStatus?.(this.retry ? "lost" : "connecting");
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(this.gameId)}`);
    const sync = new StateSync(); // full state on join, then deltas
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify(this.token ? { type: "join", token: this.token } : { type: "join" }));
    };
    ws.onmessage = (e) => {
      if (ws !== this.ws) return; // a socket that was replaced
      let got;
      try {
        got = sync.receive(JSON.parse(e.data));
      } catch {
        return;
      }
      if (got.kind === "resync") ws.send(JSON.stringify({ type: "sync" })); // lost track of the deltas
      else if (got.kind === "state") this.dispatch({ ...got.state, type: "state" });
      else this.dispatch(got.message);
    };
    ws.onclose = () => {
      if (ws !== this.ws || this.closed) return;
      this.joined = false;
      this.retry += 1;
      this.h.onStatus?.("lost");
      setTimeout(() => this.open(), Math.min(5000, 400 * this.retry));
    };
  }

  dispatch(msg) {
    if (msg.type === "state") {
      if (!this.joined) {
        this.joined = true;
        this.h.onStatus?.("open");
      }
      this.h.onState(msg);
    } else if (msg.type === "error") {
      if (msg.code === "unknown_game" || msg.code === "wrong_token") this.closed = !this.joined;
      this.h.onError?.(msg);
    } else if (msg.type === "notice") this.h.onNotice?.(msg);
    else if (msg.type === "hint") this.h.onHint?.(msg);
  }

  /** Open the connection again at once (the server reads the session cookie when it is opened). */
  reconnect() {
    const old = this.ws;
    this.ws = null; // its close is not a drop
    if (old) old.close();
    this.retry = 0;
    this.joined = false;
    this.open();
  }

  /** Send a message; false when not connected (the caller says so). */
  send(data) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN && this.joined) {
      this.ws.send(JSON.stringify(data));
      return true;
    }
    return false;
  }
}
