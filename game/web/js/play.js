// The play screen: what a press on the map, a button or a key means at each step of the
// game, sent to the server as the engine's actions (protocol.js), and what the seat's view
// shows. Nothing here decides a rule: a move the server refuses comes back with the
// engine's own reason, shown in red until the step changes, as on the desktop.

import * as palette from "./palette.js";
import { actions } from "./protocol.js";
import { ViewState } from "./viewstate.js";
import { Rules } from "./rules.js";
import { Animator } from "./animate.js";
import { narrate } from "./words.js";
import { Dialog } from "./dialogs.js";
import { drawMenuBar, drawMessages, drawPanel, gameName } from "./panel.js";
import { VIEW } from "./mapview.js";
import * as ask from "./questions.js";
import * as readouts from "./readouts.js";

const BATTLE_STEPS = new Set(["attack", "fortify", "defend", "advantage", "occupy"]);
const STEP_DIALOGS = new Set(["defend", "advantage", "occupy", "attack", "move", "place", "hq",
  "forced-cards", "cards"]);
const KIND_WORDS = { easy: "Easy", standard: "Standard", good: "Good" };
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export class PlayScreen {
  constructor(app) {
    this.app = app;
    this.board = app.board;
    this.map = app.map;
    this.animator = new Animator(app.map);
    this.reset();
  }

  reset() {
    this.state = new ViewState();
    this.seat = null;
    this.game = null;
    this.table = null; // the last lobby message of our table
    this.lines = [];
    this.alert = null;
    this.source = null;
    this.moving = false; // FREE MOVE chosen: presses choose a move's territories
    this.dialog = null;
    this.pendingId = null;
    this.hover = null;
    this.cursor = null;
    this.attackMode = "single";
    this.stepKey = "";
    this.viewingMap = false;
    this.status = "connecting";
    this.gone = null; // why this page no longer holds the seat
    this.cardsOffered = null; // the turn whose card exchange was offered by itself
    this.animator.clearBattle();
  }

  get rules() {
    return this.state.ready ? new Rules(this.board, this.state.view, this.seat) : null;
  }

  get view() {
    return this.state.view;
  }

  say(text, colour = palette.WHITE) {
    this.lines.push([text, colour]);
    if (this.lines.length > 60) this.lines.shift();
  }

  refuse(text) {
    this.alert = [text, palette.ALERT_RED];
  }

  name(pid) {
    const p = this.view && this.view.players[pid];
    return p ? p.name : `Player ${pid + 1}`;
  }

  colourOf(pid) {
    const p = this.view && this.view.players[pid];
    return palette.playerColour(p ? p.colour : "grey");
  }

  // -- messages from the server (connection.js) ------------------------------------------
  onWelcome(msg) {
    this.seat = msg.seat;
    this.game = msg.game;
    this.gone = null;
    this.status = this.app.conn.status;
    if (msg.rejoined) this.say("You have your seat back.", palette.CREAM);
    else this.say(`You sit at table ${msg.game}, seat ${msg.seat + 1}.`, palette.CREAM);
    this.app.lobby.poll(); // (whether the open seats may be filled with computers here)
  }

  onLobby(msg) {
    if (this.game !== null && msg.game !== this.game) return;
    const wasStarted = this.table && this.table.started;
    this.table = msg;
    if (!msg.started && wasStarted) this.state.forget();
  }

  onState(msg) {
    if (!this.state.takeState(msg)) return;
    this.seat = msg.seat;
    this.pendingId = null;
    if (msg.events) this.tell(msg.events);
    this.step();
    // a missions game begins with each player reading their own secret mission, as on the
    // desktop (the opening state is the one that brings the game's first events)
    const me = this.rules.me();
    if (msg.events && me && me.mission && !this.dialog) ask.riskCardWindow(this);
  }

  onUpdate(msg) {
    if (this.state.ready && msg.seq <= this.state.seq) {
      // an action sent again after a drop, answered again: its outcome is in the view held
      if (msg.id !== undefined && msg.id === this.pendingId) this.pendingId = null;
      return;
    }
    if (!this.state.takeUpdate(msg)) {
      this.app.conn.askState();
      return;
    }
    if (msg.id !== undefined && msg.id === this.pendingId) this.pendingId = null;
    this.tell(msg.events);
    this.animator.take(msg.events, msg.actor !== this.seat);
    this.step();
  }

  onError(msg) {
    if (msg.id !== undefined && msg.id === this.pendingId) this.pendingId = null;
    this.refuse(sentence(msg.reason));
    if (["turn", "over", "not_started", "illegal"].includes(msg.code)) this.app.conn.askState();
  }

  onStory() {
    // (the page does not ask for the game's story yet)
  }

  onBye(msg) {
    this.gone = sentence(msg.reason);
    this.refuse(this.gone);
  }

  onStatus(status) {
    this.status = status;
    if (status === "open") this.pendingId = null;
  }

  tell(events) {
    if (!this.view) return;
    for (const line of narrate(events, this.board, this.view, this.seat)) this.say(...line);
  }

  // -- the step ---------------------------------------------------------------------------
  /** After every change of the view: a new step drops what was half chosen and its refusal,
   * and asks its question (defence dice, occupying...) when it is this seat's. */
  step() {
    const v = this.view;
    const rules = this.rules;
    const key = [v.phase, v.current, rules.toMove, v.turn, v.placements.length].join("|");
    const changed = key !== this.stepKey;
    this.stepKey = key;
    if (changed) {
      this.alert = null;
      // the territory chosen to attack or move from stays through the battle's questions
      if (!BATTLE_STEPS.has(v.phase) || v.current !== this.seat) {
        this.source = null;
        this.moving = false;
      }
      if (this.dialog && STEP_DIALOGS.has(this.dialog.name)) this.dialog = null;
    }
    if (this.source && (v.owner[this.source] !== this.seat || v.armies[this.source] < 2)) {
      this.source = null;
    }
    if (v.phase === "game_over") {
      this.source = null;
      if (!this.viewingMap && (!this.dialog || !["over", "results"].includes(this.dialog.name))) {
        ask.gameOverWindow(this);
      }
      return;
    }
    if (!rules.isMyMove) return;
    const open = this.dialog ? this.dialog.name : null;
    if (v.phase === "defend" && open !== "defend") ask.defendQuestion(this);
    else if (v.phase === "advantage" && (open !== "advantage"
        || this.dialog.advantage !== (v.battle.advantages.includes("six") ? "six" : "reroll"))) {
      ask.advantageQuestion(this);
    } else if (v.phase === "occupy" && open !== "occupy") ask.occupyQuestion(this);
    else if (v.phase === "reinforce" && open !== "forced-cards" && open !== "cards") {
      // the exchange opens by itself when a set can be made, as on the desktop: each time
      // while a trade is forced, else once a turn
      const offered = `${v.turn}|${v.current}`;
      const sets = rules.sets(rules.me().hand).length > 0;
      if (rules.mustTrade() || (sets && this.cardsOffered !== offered)) {
        this.cardsOffered = offered;
        ask.cardsWindow(this, rules.mustTrade());
      }
    }
  }

  send(action) {
    if (this.pendingId !== null) return;
    if (!this.app.conn.isOpen()) {
      this.refuse("Connection lost: trying to reconnect... This move was not sent.");
      return;
    }
    this.alert = null;
    this.pendingId = this.app.conn.sendAction(action);
  }

  /** A press on a territory: what it means at this step. What the page can tell is not
   * allowed it refuses in the desktop's words (game/scenes/play/turns.py); anything else is
   * sent, and the server's refusal brings the engine's own sentence. */
  select(t) {
    const v = this.view;
    const rules = this.rules;
    if (!v || v.phase === "game_over") return;
    this.cursor = t;
    if (!rules.isMyMove) {
      this.refuse(`Please wait: it is ${this.name(rules.toMove)}'s move.`);
      return;
    }
    if (this.pendingId !== null) return;
    switch (v.phase) {
      case "claim":
        this.send(actions.claim(t));
        return;
      case "place":
      case "reinforce":
        if (rules.mustTrade()) {
          ask.cardsWindow(this, true);
        } else if (rules.placeMost(t) > 1) {
          ask.placeQuestion(this, t);
        } else {
          this.send(actions.place(t, 1)); // (one army, or the engine says why not)
        }
        return;
      case "choose_hq":
        if (v.owner[t] === this.seat) ask.headquartersQuestion(this, t);
        else this.send(actions.chooseHeadquarters(t)); // the engine says why not
        return;
      case "attack":
      case "fortify":
        this.selectInBattle(t);
        return;
      default:
        this.refuse("Answer the question on screen first.");
    }
  }

  /** A press in the attacks or the free moves, as the desktop's turn controller takes it:
   * attacking, a territory of the seat's chooses where to attack from and an enemy's is
   * attacked; after FREE MOVE (F), the first press chooses where to move from, the second
   * where to. What the engine would refuse is sent, for its own words. */
  selectInBattle(t) {
    const v = this.view;
    const rules = this.rules;
    const mine = v.owner[t] === this.seat;
    const name = (id) => this.board.name(id);
    if (t === this.source) {
      this.source = null;
      return;
    }
    if (this.moving || v.phase === "fortify") {
      if (!this.source) {
        if (mine && rules.canMoveFrom(t)) this.source = t;
        else this.refuse(`No armies can move from ${name(t)}.`);
      } else if (mine && this.board.isAdjacent(this.source, t) && rules.room(t) > 0) {
        ask.moveQuestion(this, this.source, t);
      } else {
        this.send(actions.fortify(this.source, t, 1)); // the engine says why not
      }
      return;
    }
    if (mine) {
      if (rules.canAttackFrom(t)) {
        this.source = t;
        this.alert = null;
      } else if (v.armies[t] < 2) {
        this.refuse(`${name(t)} has only 1 army: it cannot attack.`);
      } else {
        this.refuse(`${name(t)} has no enemy neighbour to attack.`);
      }
    } else if (!this.source) {
      this.refuse(`First select one of your territories to attack ${name(t)} from.`);
    } else if (!this.board.isAdjacent(this.source, t)) {
      this.send(actions.attack(this.source, t, 1, this.attackMode)); // the engine says why not
    } else {
      ask.attackQuestion(this, this.source, t);
    }
  }

  /** FREE MOVE: the next presses choose where to move armies from and to. */
  freeMove() {
    if (!this.rules.accepted(null, true).length) {
      this.refuse("No free move is possible now.");
      return;
    }
    this.moving = true;
    this.source = null;
  }

  /** Escape: the window's own cancel, else the territory chosen (or FREE MOVE) dropped. */
  cancel() {
    if (this.dialog && this.dialog.cancel) {
      this.dialog.cancel();
      return;
    }
    if (this.source || this.moving) {
      this.source = null;
      this.moving = false;
      this.say("Cancelled.", palette.LIGHT);
    }
  }

  close() {
    this.dialog = null;
  }

  /** The attack just made, again (the desktop's Repeat Attack), if it can be. */
  repeatable() {
    const v = this.view;
    const b = v && v.battle;
    if (!b || v.phase !== "attack" || !this.rules.isMyMove) return null;
    if (v.owner[b.source] !== this.seat || v.owner[b.target] === this.seat || v.armies[b.source] < 2) {
      return null;
    }
    return b;
  }

  repeat() {
    const b = this.repeatable();
    if (!b) return;
    this.source = b.source;
    this.send(actions.attack(b.source, b.target, Math.min(b.dice, this.rules.attackDice(b.source)),
      this.attackMode));
  }

  /** A territory's shape in one colour, scaled into a box (the US cards' pictures): drawn
   * from the hit mask once per territory and colour. */
  outlineOf(id, rgb) {
    const key = `${id}|${rgb.join(",")}`;
    this.outlines = this.outlines || new Map();
    let shape = this.outlines.get(key);
    if (!shape) {
      const [x0, y0, x1, y1] = this.board.box(id);
      const w = x1 - x0 + 1;
      const h = y1 - y0 + 1;
      shape = document.createElement("canvas");
      shape.width = w;
      shape.height = h;
      const ctx = shape.getContext("2d");
      const image = ctx.createImageData(w, h);
      const value = this.board.maskValue(id);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          if (!this.app.hit.is(x0 + x, y0 + y, value)) continue;
          const at = (y * w + x) * 4;
          [image.data[at], image.data[at + 1], image.data[at + 2]] = rgb;
          image.data[at + 3] = 255;
        }
      }
      ctx.putImageData(image, 0, 0);
      this.outlines.set(key, shape);
    }
    return (ctx, x, y, w, h) => {
      const k = Math.min(w / shape.width, h / shape.height);
      const sw = Math.max(1, Math.floor(shape.width * k));
      const sh = Math.max(1, Math.floor(shape.height * k));
      ctx.drawImage(shape, x + Math.floor((w - sw) / 2), y + Math.floor((h - sh) / 2), sw, sh);
    };
  }

  leaveTable() {
    this.app.conn.leave();
    this.app.showLobby(["You have left the table.", palette.CREAM]);
  }

  // -- input --------------------------------------------------------------------------------
  canDrag(x, y) {
    return !this.dialog && this.map.contains(x, y);
  }

  drag(dx, dy) {
    this.map.scrollBy(dx, dy);
  }

  wheel(dx, dy) {
    this.map.scrollBy(dx, dy);
  }

  hover(point) {
    this.hover = point ? this.map.territoryAt(point[0], point[1]) : null;
  }

  press(x, y) {
    // with a window open only its buttons answer: a press beside it answers nothing
    const b = this.app.screen.buttonAt(x, y, this.dialog ? this.dialogButtons : 0);
    if (b) {
      if (b.enabled) b.press();
      return;
    }
    if (this.dialog) return;
    const t = this.map.territoryAt(x, y);
    if (t) this.select(t);
  }

  key(event) {
    if (!this.view && !this.dialog && this.waiting && this.table && !this.table.started) {
      return this.waiting.key(event); // the table's window while the seats fill
    }
    if (this.dialog) {
      if (this.dialog.key(event)) return true;
    }
    if (event.key === "Escape") {
      this.cancel();
      return true;
    }
    if (this.dialog) return false;
    const button = event.key.length === 1 ? this.app.screen.buttonForKey(event.key) : null;
    if (button) {
      button.press();
      return true;
    }
    if (event.key in ARROWS) {
      this.moveCursor(...ARROWS[event.key]);
      return true;
    }
    if (event.key === "Tab") {
      this.snap(event.shiftKey ? -1 : 1);
      return true;
    }
    if ((event.key === "Enter" || event.key === " ") && this.cursor) {
      this.select(this.cursor);
      return true;
    }
    return false;
  }

  /** The cursor to the nearest territory in a direction (the keyboard's way round the map). */
  moveCursor(dx, dy) {
    const from = this.cursor ? this.board.anchor(this.cursor)
      : [this.map.x + VIEW.w / 2, this.map.y + VIEW.h / 2];
    let best = null;
    let bestScore = Infinity;
    for (const t of this.board.ids) {
      if (t === this.cursor) continue;
      const [ax, ay] = this.board.anchor(t);
      const along = (ax - from[0]) * dx + (ay - from[1]) * dy;
      if (along <= 0) continue;
      const across = Math.abs((ax - from[0]) * dy - (ay - from[1]) * dx);
      const score = along + across * 2;
      if (score < bestScore) {
        bestScore = score;
        best = t;
      }
    }
    if (best) this.putCursor(best);
  }

  /** The cursor to the next territory the step accepts, nearest first. */
  snap(step) {
    // as the desktop's Tab (game/scenes/play/snap.py): one cycle, nearest first from where
    // the cursor was, kept while the accepted territories stay the same, so Tab goes round
    // every one of them (sorting again from each new place went back and forth between two)
    const rules = this.rules;
    if (!rules) return;
    let choices = rules.accepted(this.source, this.moving);
    if (!choices.length) choices = this.board.ids.slice();
    const same = this.cycle && this.cycle.length - (this.cycle.includes("") ? 1 : 0) === choices.length
      && choices.every((t) => this.cycle.includes(t));
    if (!same || !this.cycle.includes(this.cursor || "")) {
      const from = this.cursor ? this.board.anchor(this.cursor) : [this.map.x + VIEW.w / 2, this.map.y + VIEW.h / 2];
      const distance = (t) => Math.hypot(this.board.anchor(t)[0] - from[0], this.board.anchor(t)[1] - from[1]);
      const cycle = choices.slice().sort((a, b) => distance(a) - distance(b) || (a < b ? -1 : 1));
      const here = cycle.indexOf(this.cursor);
      if (here >= 0) cycle.unshift(...cycle.splice(here, 1)); // start from the cursor
      else cycle.unshift(""); // the cursor's own place: the first step goes to the nearest
      this.cycle = cycle;
    }
    const cycle = this.cycle;
    let index = (cycle.indexOf(this.cursor && cycle.includes(this.cursor) ? this.cursor : "") + step + cycle.length) % cycle.length;
    if (cycle[index] === "") index = (index + step + cycle.length) % cycle.length;
    this.putCursor(cycle[index]);
  }

  putCursor(t) {
    this.cursor = t;
    this.map.show(t);
  }

  // -- drawing ------------------------------------------------------------------------------
  update(dt) {
    if (this.dialog && this.dialog.update) this.dialog.update(dt);
    this.animator.update(dt);
    this.map.update(dt);
  }

  draw() {
    const app = this.app;
    const screen = app.screen;
    const v = this.view;
    const status = this.status === "offline" || this.status === "connecting" ? "OFFLINE"
      : this.status === "gone" || this.gone ? "DISCONNECTED" : "";
    const me = v && this.seat !== null && v.players[this.seat] ? v.players[this.seat].name : "";
    drawMenuBar(screen, `TABLE ${this.game || ""}`, v ? `${gameName(v)}${me ? " - " + me : ""}` : "", status);
    if (v) {
      this.map.draw(screen.ctx, v, (pid) => this.colourOf(pid), readouts.marks(this));
    } else {
      this.map.draw(screen.ctx, { owner: {}, armies: {} }, () => null, { flash: [] });
    }
    drawPanel(screen, readouts.panelFacts(this));
    const last = this.lines.length ? this.lines[this.lines.length - 1] : null;
    drawMessages(screen, this.alert || last, readouts.prompt(this), readouts.pointerText(this), Boolean(this.alert));
    if (!v && !this.dialog) this.drawWaiting(screen);
    this.dialogButtons = screen.buttons.length; // (the window's buttons come after)
    if (this.dialog) this.dialog.draw(screen);
    const [cx, cy] = this.map.camera;
    app.publish({
      screen: "play", seat: this.seat, game: this.game, seq: this.state.seq,
      phase: v ? v.phase : null, toMove: v ? this.rules.toMove : null, over: v ? v.phase === "game_over" : false,
      camera: [cx, cy], view: [VIEW.x, VIEW.y], dialog: this.dialog ? this.dialog.name : null,
      chosen: this.dialog && this.dialog.chosen ? this.dialog.chosen : null,
      pending: this.pendingId !== null, source: this.source, cursor: this.cursor, status: this.status,
      alert: this.alert ? this.alert[0] : null, scrolling: this.map.target !== null,
    });
  }

  drawWaiting(screen) {
    const lines = ["Waiting for players to take the open seats. The game starts when every seat is taken."];
    const level = this.app.lobby.fillLevel;
    if (level) lines.push([`Or play now, with ${KIND_WORDS[level] || level} generals in the open seats.`, palette.SHADOW]);
    for (const s of this.table ? this.table.seats : []) {
      const who = s.kind === "open" ? (s.taken ? s.name : "open") : `${s.name} (${KIND_WORDS[s.kind] || s.kind} general)`;
      lines.push(`Seat ${s.seat + 1}: ${who}${s.seat === this.seat ? " (you)" : ""}`);
    }
    const buttons = [{ label: "LEAVE TABLE", key: "l", press: () => this.leaveTable() }];
    if (level) {
      buttons.push({ label: "PLAY WITH COMPUTERS", key: "p", press: () => this.app.conn.fill(),
        enabled: this.status === "open" });
    }
    this.waiting = new Dialog("waiting", `TABLE ${this.game || ""}`, lines, buttons,
      { focus: buttons.length - 1 });
    this.waiting.draw(screen);
  }
}

function sentence(text) {
  text = String(text);
  return text.slice(0, 1).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}
