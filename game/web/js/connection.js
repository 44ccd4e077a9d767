// The websocket to the game server: joining, the seat's token kept in the browser, taking the
// seat back after a reload or a drop (hello + seat + token, as the desktop client does), and
// each message from the server handed to the screen that deals with it.

import {
  helloMessage, actionMessage, stateMessage, leaveMessage, fillMessage, readMessage,
} from "./protocol.js";

const RETRY_SECONDS = [0.5, 1, 2, 3, 5]; // waits between reconnection tries, then the last

/** Where this browser keeps its seat at this server: the token in localStorage (a reload, a
 * closed tab or a restart takes the seat back), the password only for this tab's session
 * (never kept on disk, as the desktop never keeps it). */
export class SeatStore {
  constructor(storage = window.localStorage, session = window.sessionStorage) {
    this.storage = storage;
    this.session = session;
    this.key = `conquest.seat.${location.host}`;
    this.passwordKey = `conquest.password.${location.host}`;
  }

  load() {
    try {
      const kept = JSON.parse(this.storage.getItem(this.key) || "null");
      if (kept && typeof kept.token === "string" && Number.isInteger(kept.seat)
          && typeof kept.game === "string") {
        return kept;
      }
    } catch {
      // a damaged entry is forgotten below
    }
    this.forget();
    return null;
  }

  save(credentials) {
    try {
      this.storage.setItem(this.key, JSON.stringify(credentials));
    } catch {
      // private browsing may refuse storage: the seat lasts as long as the page
    }
  }

  forget() {
    try {
      this.storage.removeItem(this.key);
    } catch {
      // nothing kept
    }
  }

  password() {
    try {
      return this.session.getItem(this.passwordKey) || "";
    } catch {
      return "";
    }
  }

  keepPassword(password) {
    try {
      if (password) this.session.setItem(this.passwordKey, password);
      else this.session.removeItem(this.passwordKey);
    } catch {
      // nothing kept
    }
  }
}

/** One seat's connection. `listener` has a method for each kind of message the server sends
 * (see `dispatch`), plus `onStatus(text)` for the connection's ups and downs. */
export class Connection {
  constructor(listener, store = new SeatStore()) {
    this.listener = listener;
    this.store = store;
    this.socket = null;
    this.credentials = null; // {game, seat, token, name} once seated
    this.actionNumber = 0; // the last action number used for the seat (the server applies each once)
    this.joining = null; // the hello being answered
    this.password = "";
    this.tries = 0;
    this.retryTimer = null;
    this.stopped = false;
    this.status = "closed"; // closed, connecting, open, offline (trying again), gone
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/`;
  }

  /** Join a table: an open seat (`seat`) with a name, or a kept seat (`token`). */
  join({ name, password, game, seat, token }) {
    this.stopped = false;
    this.password = password || "";
    this.joining = { name, game, seat, token };
    this.open();
  }

  open() {
    clearTimeout(this.retryTimer);
    if (this.socket) this.socket.onclose = null;
    this.setStatus("connecting");
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch (error) {
      this.lost(String(error));
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const kept = this.credentials;
      const hello = kept
        ? { name: kept.name, password: this.password, game: kept.game, seat: kept.seat,
            token: kept.token }
        : { ...this.joining, password: this.password };
      socket.send(JSON.stringify(helloMessage(hello)));
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      const msg = readMessage(event.data);
      if (msg) this.dispatch(msg);
    };
    socket.onclose = () => {
      if (socket === this.socket) this.lost();
    };
  }

  // handlers: begin (every kind the server sends; the test checks this list)
  dispatch(msg) {
    switch (msg.type) {
      case "welcome": return this.welcomed(msg);
      case "lobby": return this.listener.onLobby(msg);
      case "state": return this.listener.onState(msg);
      case "update": return this.listener.onUpdate(msg);
      case "error": return this.refused(msg);
      case "pong": return undefined;
      case "bye": return this.told(msg);
      case "story": return this.listener.onStory(msg);
      default: return undefined;
    }
  }
  // handlers: end

  welcomed(msg) {
    const name = this.credentials ? this.credentials.name : this.joining.name;
    this.credentials = { game: msg.game, seat: msg.seat, token: msg.token, name };
    // the last action number the server applied for the seat: go on from there (after a
    // reload too, since the count is the server's, not this page's)
    this.actionNumber = Number.isInteger(msg.n) ? msg.n : 0;
    this.store.save(this.credentials);
    this.store.keepPassword(this.password);
    this.tries = 0;
    this.joining = null;
    this.setStatus("open");
    this.listener.onWelcome(msg);
  }

  refused(msg) {
    // a refused action does not use up its number: the server says the last one it applied
    if (Number.isInteger(msg.n)) this.actionNumber = msg.n;
    if (this.status === "connecting" || (!this.credentials && this.joining)) {
      // the hello was refused: a kept seat whose game is over, a full table, a password...
      const kept = this.credentials !== null;
      if (kept && msg.code === "token") this.store.forget();
      const retryable = kept && msg.code === "rate";
      if (!retryable) {
        this.close();
        this.credentials = null;
        this.listener.onJoinRefused(msg, kept);
        return;
      }
    }
    this.listener.onError(msg);
  }

  told(msg) {
    // the server closes this connection: a newer page took the seat, or the server stops
    if (/taken back/.test(msg.reason)) this.stopped = true;
    this.listener.onBye(msg);
  }

  lost() {
    this.socket = null;
    if (this.stopped) {
      this.setStatus("gone");
      return;
    }
    if (!this.credentials) {
      this.setStatus("closed");
      this.listener.onJoinRefused({ code: "network", reason: "the server cannot be reached" },
        false);
      return;
    }
    this.setStatus("offline");
    const wait = RETRY_SECONDS[Math.min(this.tries, RETRY_SECONDS.length - 1)];
    this.tries += 1;
    this.retryTimer = setTimeout(() => this.open(), wait * 1000);
  }

  setStatus(status) {
    this.status = status;
    this.listener.onStatus(status);
  }

  /** Send one engine action for the seat: its request number, or null if there is no
   * connection to send it on. */
  sendAction(action) {
    if (!this.credentials || !this.isOpen()) return null;
    const { seat, token } = this.credentials;
    this.actionNumber += 1;
    const msg = actionMessage(seat, token, this.actionNumber, action);
    this.socket.send(JSON.stringify(msg));
    return msg.id;
  }

  askState() {
    if (this.isOpen()) this.socket.send(JSON.stringify(stateMessage()));
  }

  /** Ask to start now with computer generals in the open seats. */
  fill() {
    if (this.isOpen()) this.socket.send(JSON.stringify(fillMessage()));
  }

  isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN
      && this.status === "open";
  }

  /** Leave the table: before the game, the seat is given back; the kept token is forgotten. */
  leave() {
    if (this.isOpen()) this.socket.send(JSON.stringify(leaveMessage()));
    this.store.forget();
    this.credentials = null;
    this.close();
  }

  close() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    if (this.socket) {
      this.socket.onclose = null;
      this.socket.close();
      this.socket = null;
    }
    this.setStatus("closed");
  }
}
