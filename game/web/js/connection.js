// The websocket to the game server: joining, the seat's token kept in the browser, taking the
// seat back after a reload or a drop (hello + seat + token, as the desktop client does), and
// each message from the server handed to the screen that deals with it.

import {
  helloMessage, actionMessage, stateMessage, leaveMessage, fillMessage, readMessage,
} from "./protocol.js";

const RETRY_SECONDS = [0.5, 1, 2, 3, 5]; // waits between reconnection tries, then the last
const MAX_UNANSWERED = 32; // (the page sends one action and waits for its answer)

const ASK_MS = 250; // how long a starting tab waits for the browser's other tabs to answer
const MAX_KEPT = 8; // seats one browser keeps for this server (one per tab that took one)

function openChannel(name) {
  try {
    return typeof BroadcastChannel === "function" ? new BroadcastChannel(name) : null;
  } catch {
    return null;
  }
}

function isSeat(kept) {
  return Boolean(kept) && typeof kept.token === "string" && Number.isInteger(kept.seat)
    && typeof kept.game === "string";
}

/** Where this browser keeps its seats at this server. Each tab holds its own seat: the token
 * in the tab's sessionStorage, so a reload takes that tab's seat back and a second tab is a
 * new visitor who sees the tables (every tab of the site shares localStorage: kept there, a
 * second tab took the first one's seat and the first was put out). The browser also keeps
 * each seat in localStorage, so a closed tab's seat is not lost: a new tab takes back a kept
 * seat no open tab holds. Which seats the open tabs hold they say to each other on a
 * BroadcastChannel (a duplicated tab, whose sessionStorage is a copy, learns so and becomes
 * a new visitor). The password is kept only for the tab's session (never on disk, as the
 * desktop never keeps it). */
export class SeatStore {
  constructor(storage = window.localStorage, session = window.sessionStorage,
    channel = openChannel(`conquest.seats.${location.host}`)) {
    this.storage = storage;
    this.session = session;
    this.key = `conquest.seat.${location.host}`; // this tab's seat, in its session
    this.keptKey = `conquest.seats.${location.host}`; // the browser's seats, in local storage
    this.passwordKey = `conquest.password.${location.host}`;
    this.held = null; // the token of the seat this tab holds (other tabs asking are told)
    this.heardHeld = null; // while asking: the tokens other tabs said they hold
    this.offered = null; // a kept seat no tab answers for though marked open, for the lobby
    this.channel = channel;
    if (channel) channel.onmessage = (event) => this.heard(event.data);
    if (typeof window !== "undefined") this.watchPage(window);
  }

  /** This tab's seat, or null. */
  load() {
    try {
      const kept = JSON.parse(this.session.getItem(this.key) || "null");
      if (isSeat(kept)) return kept;
    } catch {
      // a damaged entry is forgotten below
    }
    this.removeOwn();
    return null;
  }

  /** Every seat this browser kept at this server, newest first (an older page kept one seat
   * under this tab's key in local storage: it is read too). */
  kept() {
    let list = [];
    try {
      const data = JSON.parse(this.storage.getItem(this.keptKey) || "[]");
      if (Array.isArray(data)) list = data.filter(isSeat);
      const older = JSON.parse(this.storage.getItem(this.key) || "null");
      if (isSeat(older) && !list.some((k) => k.token === older.token)) list.push(older);
    } catch {
      // a damaged list is read as empty
    }
    return list.slice(0, MAX_KEPT);
  }

  /** The seat this tab should take back as it opens: its own (a reload) unless another open
   * tab says it holds it (this tab is a duplicate), else one this browser kept that no open
   * tab holds (a closed tab's: a tab marks its seat open while it lives and closed as it goes,
   * so a busy tab slow to answer keeps its seat), else null: a new visitor, shown the tables.
   * A seat still marked open that no tab answers for (its tab was killed) is not taken, but
   * offered in the lobby (`offer`). */
  async claim() {
    const own = this.load();
    const others = this.kept().filter((k) => !own || k.token !== own.token);
    const candidates = own ? [own, ...others] : others;
    if (candidates.length === 0) return null;
    const held = await this.othersHold(candidates.map((k) => k.token));
    const found = candidates.find((k) => !held.has(k.token) && !(k.open && k !== own));
    this.offered = others.find((k) => k.open && !held.has(k.token)) || null;
    if (!found) {
      this.removeOwn();
      return null;
    }
    const free = { game: found.game, seat: found.seat, token: found.token, name: found.name };
    this.writeOwn(free);
    this.hold(free.token);
    return free;
  }

  /** This tab holds the seat of `token` (or none): it answers other tabs asking, and marks the
   * seat open in the browser's list while the page lives. */
  hold(token) {
    this.held = token;
    if (token) this.markOpen(token, true);
  }

  markOpen(token, open) {
    this.writeKept(this.kept().map((k) => (k.token === token ? { ...k, open } : k)));
  }

  /** The page is going (closed, reloaded, or put aside by the browser) or back. */
  watchPage(target = window) {
    target.addEventListener("pagehide", () => {
      if (this.held) this.markOpen(this.held, false);
    });
    target.addEventListener("pageshow", (event) => {
      if (event.persisted && this.held) this.markOpen(this.held, true);
    });
  }

  writeKept(list) {
    try {
      this.storage.setItem(this.keptKey, JSON.stringify(list.slice(0, MAX_KEPT)));
      this.storage.removeItem(this.key); // (an older page's single seat, now in the list)
    } catch {
      // private browsing may refuse storage: the seat lasts as long as the tab
    }
  }

  /** Ask the browser's other open tabs which of `tokens` they hold. */
  othersHold(tokens) {
    if (!this.channel) return Promise.resolve(new Set());
    this.heardHeld = new Set();
    try {
      this.channel.postMessage({ ask: tokens });
    } catch {
      return Promise.resolve(new Set());
    }
    return new Promise((resolve) => {
      setTimeout(() => {
        const held = this.heardHeld;
        this.heardHeld = null;
        resolve(held);
      }, ASK_MS);
    });
  }

  heard(data) {
    if (!data || typeof data !== "object") return;
    if (Array.isArray(data.ask) && this.held && data.ask.includes(this.held)) {
      try {
        this.channel.postMessage({ held: this.held });
      } catch {
        // the other tab hears nothing: it may take this seat, and the server gives it one page
      }
    } else if (typeof data.held === "string" && this.heardHeld) {
      this.heardHeld.add(data.held);
    }
  }

  /** Welcomed to a seat: it is this tab's, and the browser keeps it. */
  save(credentials) {
    this.writeOwn(credentials);
    this.held = credentials.token;
    const others = this.kept().filter((k) => k.token !== credentials.token
      && !(k.game === credentials.game && k.seat === credentials.seat));
    this.writeKept([{ ...credentials, open: true }, ...others]);
  }

  /** The seat the lobby offers to take back: this tab's, or one no open tab holds. */
  offer() {
    return this.load() || this.offered;
  }

  /** A seat given up (left, or the server no longer knows it): this tab's, or `seat`. */
  forget(seat = null) {
    const own = this.load();
    const gone = seat || own;
    if (own && (!seat || own.token === seat.token)) {
      this.removeOwn();
      this.held = null;
    }
    if (!gone) return;
    if (this.offered && this.offered.token === gone.token) this.offered = null;
    this.writeKept(this.kept().filter((k) => k.token !== gone.token));
  }

  /** Another page took this tab's seat: the tab no longer says it holds it. */
  release() {
    this.held = null;
  }

  writeOwn(credentials) {
    try {
      this.session.setItem(this.key, JSON.stringify(credentials));
    } catch {
      // the seat lasts as long as the page
    }
  }

  removeOwn() {
    try {
      this.session.removeItem(this.key);
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
    // the actions sent whose answers have not come ({n, action, id}, oldest first): sent again
    // with their numbers once the seat is back after a drop (the server applies each once)
    this.unanswered = [];
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
    if (msg.id !== undefined && this.unanswered.length) {
      this.unanswered = this.unanswered.filter((sent) => sent.id !== msg.id);
    }
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
    const again = this.credentials && this.credentials.seat === msg.seat
      && this.credentials.game === msg.game ? this.unanswered : [];
    this.unanswered = [];
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
    this.sendAgain(again);
  }

  /** Back at the seat after a drop: send again, with the same numbers, the actions whose
   * answers the lost connection took. The server may have applied them or not; it applies
   * each number once and answers a repeat of the last (game/net/numbering.py), so the move
   * is neither lost nor played twice. Those older than the last it applied were followed by
   * one it applied: their outcome is in the view it sends. */
  sendAgain(unanswered) {
    for (const sent of unanswered) {
      if (sent.n < this.actionNumber || !this.isOpen()) continue;
      this.send(sent.n, sent.action);
      this.actionNumber = Math.max(this.actionNumber, sent.n);
    }
  }

  refused(msg) {
    // a refused action does not use up its number: the server says the last one it applied
    if (Number.isInteger(msg.n)) this.actionNumber = msg.n;
    if (this.status === "connecting" || (!this.credentials && this.joining)) {
      // the hello was refused: a kept seat whose game is over, a full table, a password...
      const kept = this.credentials !== null;
      if (kept && msg.code === "token") this.store.forget(this.credentials);
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
    if (/taken back/.test(msg.reason)) {
      this.stopped = true;
      this.store.release();
    }
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
    this.actionNumber += 1;
    return this.send(this.actionNumber, action);
  }

  send(n, action) {
    const { seat, token } = this.credentials;
    const msg = actionMessage(seat, token, n, action);
    this.unanswered = [...this.unanswered.filter((sent) => sent.n !== n), { n, action, id: msg.id }]
      .slice(-MAX_UNANSWERED);
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
    this.unanswered = [];
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
