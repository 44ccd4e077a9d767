// The play screen: what a press on the map, a button or a key means at each step of the
// game, sent to the server as the engine's actions (protocol.js), and what the seat's view
// shows. Nothing here decides a rule: a move the server refuses comes back with the
// engine's own reason, shown in red until the step changes, as on the desktop.

import * as palette from "./palette.js";
import { actions } from "./protocol.js";
import { ViewState } from "./viewstate.js";
import { Rules, MODE_WORDS } from "./rules.js";
import { Animator } from "./animate.js";
import { narrate, plural } from "./words.js";
import { Dialog, CountDialog, CardsDialog } from "./dialogs.js";
import { drawMenuBar, drawMessages, drawPanel, gameName } from "./panel.js";
import { VIEW } from "./mapview.js";

const STEP_DIALOGS = new Set(["defend", "advantage", "occupy", "attack", "move", "place", "hq",
  "forced-cards"]);
const WIN_REASONS = { world: "conquers the world", mission: "completes the mission",
  headquarters: "holds the headquarters needed" };
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
    this.dialog = null;
    this.pendingId = null;
    this.hover = null;
    this.cursor = null;
    this.attackMode = "single";
    this.stepKey = "";
    this.viewingMap = false;
    this.status = "connecting";
    this.gone = null; // why this page no longer holds the seat
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
  }

  onUpdate(msg) {
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
      if (v.phase !== "attack" && v.phase !== "fortify") this.source = null;
      if (this.dialog && STEP_DIALOGS.has(this.dialog.name)) this.dialog = null;
    }
    if (this.source && (v.owner[this.source] !== this.seat || v.armies[this.source] < 2)) {
      this.source = null;
    }
    if (v.phase === "game_over") {
      this.source = null;
      if (!this.viewingMap && (!this.dialog || this.dialog.name !== "over")) this.openGameOver();
      return;
    }
    if (!rules.isMyMove) return;
    const open = this.dialog ? this.dialog.name : null;
    if (v.phase === "defend" && open !== "defend") this.openDefend();
    else if (v.phase === "advantage" && open !== "advantage") this.openAdvantage();
    else if (v.phase === "occupy" && open !== "occupy") this.openOccupy();
    else if (v.phase === "reinforce" && rules.mustTrade() && open !== "forced-cards") {
      this.openCards(true);
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

  /** A press on a territory: what it means at this step. */
  select(t) {
    const v = this.view;
    const rules = this.rules;
    if (!v || v.phase === "game_over") return;
    this.cursor = t;
    if (!rules.isMyMove) {
      this.refuse(`Not your turn: ${this.name(rules.toMove)} is to move.`);
      return;
    }
    if (this.pendingId !== null) return;
    switch (v.phase) {
      case "claim":
        this.send(actions.claim(t));
        return;
      case "place":
        this.send(actions.place(t, 1));
        return;
      case "choose_hq":
        this.openHeadquarters(t);
        return;
      case "reinforce":
        if (rules.mustTrade()) {
          this.openCards(true);
        } else if (v.owner[t] === this.seat && rules.placeMost(t) > 1) {
          this.openPlace(t);
        } else {
          this.send(actions.place(t, 1));
        }
        return;
      case "attack":
      case "fortify":
        this.selectInBattle(t);
        return;
      default:
        return;
    }
  }

  selectInBattle(t) {
    const v = this.view;
    const rules = this.rules;
    const mine = v.owner[t] === this.seat;
    if (!this.source) {
      if (!mine) {
        this.refuse(`${this.board.name(t)} is not yours: ${v.phase === "attack" ? "attack" : "move"} from your own territory.`);
      } else if (v.armies[t] < 2) {
        this.refuse(`${this.board.name(t)} needs at least 2 armies to attack or move.`);
      } else {
        this.source = t;
        this.alert = null;
      }
      return;
    }
    if (t === this.source) {
      this.source = null;
      return;
    }
    if (!this.board.isAdjacent(this.source, t)) {
      if (mine && v.armies[t] >= 2) {
        this.source = t;
        return;
      }
      this.refuse(`${this.board.name(t)} is not adjacent to ${this.board.name(this.source)}.`);
      return;
    }
    if (mine) {
      this.openMove(this.source, t);
    } else if (v.phase === "attack") {
      this.openAttack(this.source, t);
    } else {
      this.refuse("The attacks are over for this turn: only free moves now.");
    }
    void rules;
  }

  cancel() {
    if (this.dialog && this.dialog.cancel) {
      this.dialog.cancel();
      return;
    }
    if (this.source) {
      this.source = null;
      this.say("Cancelled.", palette.LIGHT);
    }
  }

  // -- the step's questions -----------------------------------------------------------------
  close() {
    this.dialog = null;
  }

  openAttack(source, target) {
    const rules = this.rules;
    const most = rules.attackDice(source);
    const v = this.view;
    const make = () => {
      const dice = [1, 2, 3].map((n) => ({
        label: n === 1 ? "1 DIE" : `${n} DICE`, key: String(n), enabled: n <= most,
        press: () => this.attack(source, target, n),
      }));
      const modes = Object.keys(MODE_WORDS).map((mode, i) => ({
        label: MODE_WORDS[mode], key: "scd"[i], chosen: this.attackMode === mode,
        press: () => {
          this.attackMode = mode;
          const focus = this.dialog.focus;
          this.dialog = make();
          this.dialog.focus = focus;
        },
      }));
      return new Dialog("attack", "ATTACK", [
        `${this.board.name(source)} (${v.armies[source]}) attacks ${this.board.name(target)} (${v.armies[target]}), held by ${this.name(v.owner[target])}.`,
        "Roll how many dice? The mode decides whether the attack goes on by itself.",
      ], [...dice, { label: "CANCEL", key: "", press: () => this.close() }, ...modes],
      { cancel: () => this.close(), focus: most - 1 });
    };
    this.dialog = make();
  }

  attack(source, target, dice) {
    this.close();
    this.send(actions.attack(source, target, dice, this.attackMode));
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

  openDefend() {
    const v = this.view;
    const b = v.battle;
    const most = this.rules.defenceDice(b.target);
    const buttons = [1, 2].map((n) => ({
      label: n === 1 ? "1 DIE" : "2 DICE", key: String(n), enabled: n <= most,
      press: () => { this.close(); this.send(actions.defend(n)); },
    }));
    this.dialog = new Dialog("defend", "DEFEND", [
      `${this.name(v.current)} attacks ${this.board.name(b.target)} (${v.armies[b.target]}) from ${this.board.name(b.source)} (${v.armies[b.source]}) with ${plural(b.dice, "die", "dice")}.`,
      "Defend with how many dice?",
    ], buttons, { focus: most - 1 });
    this.map.show(b.source, b.target);
  }

  openAdvantage() {
    const b = this.view.battle;
    const words = { reroll: ["ROLL LOWEST AGAIN", "r"], six: ["MAKE IT A SIX", "6"] };
    const buttons = b.advantages.map((a) => ({
      label: (words[a] || [a.toUpperCase()])[0], key: (words[a] || ["", ""])[1],
      press: () => { this.close(); this.send(actions.useAdvantage(a)); },
    }));
    buttons.push({ label: "NO", key: "n", press: () => { this.close(); this.send(actions.declineAdvantage()); } });
    this.dialog = new Dialog("advantage", "ADVANTAGE", [
      `You rolled ${b.attacker_roll.join(", ")} against ${b.defender_roll.join(", ")}.`,
      "Use an advantage on your lowest die?",
    ], buttons);
  }

  openOccupy() {
    const b = this.view.battle;
    const [lo, hi] = this.rules.occupyRange();
    this.dialog = new CountDialog("occupy", "OCCUPY", [
      `You have conquered ${this.board.name(b.target)}!`,
      `How many armies move in from ${this.board.name(b.source)}? (${lo} to ${hi})`,
    ], lo, hi, hi, (n) => { this.close(); this.send(actions.occupy(n)); }, null);
  }

  openMove(source, target) {
    const rules = this.rules;
    const most = Math.min(this.view.armies[source] - 1, rules.room(target));
    if (most < 1) {
      this.refuse(`${this.board.name(target)} can hold only ${rules.armyLimit(target)} armies.`);
      return;
    }
    const ends = this.view.variants.supply_lines ? "" : " This free move ends your turn.";
    this.dialog = new CountDialog("move", "FREE MOVE", [
      `Move armies from ${this.board.name(source)} to ${this.board.name(target)}.${ends}`,
    ], 1, most, most, (n) => {
      this.close();
      this.source = null;
      this.send(actions.fortify(source, target, n));
    }, () => this.close());
  }

  openPlace(t) {
    const most = this.rules.placeMost(t);
    this.dialog = new CountDialog("place", "REINFORCE", [
      `Place how many of your ${plural(this.view.reinforcements)} on ${this.board.name(t)}?`,
    ], 1, most, most, (n) => { this.close(); this.send(actions.place(t, n)); }, () => this.close());
  }

  openHeadquarters(t) {
    if (this.view.owner[t] !== this.seat) {
      this.refuse(`${this.board.name(t)} is not yours: choose one of your own.`);
      return;
    }
    this.dialog = new Dialog("hq", "HEADQUARTERS", [
      `Make ${this.board.name(t)} your headquarters? It stays secret until everyone has chosen.`,
    ], [
      { label: "YES", key: "y", press: () => { this.close(); this.send(actions.chooseHeadquarters(t)); } },
      { label: "NO", key: "n", press: () => this.close() },
    ], { cancel: () => this.close() });
  }

  openCards(forced = false) {
    const v = this.view;
    if (!v) return;
    const rules = this.rules;
    const me = rules.me();
    const canTrade = rules.isMyMove && v.phase === "reinforce";
    const value = rules.nextSetValue();
    const lines = [];
    if (forced) lines.push(["You hold too many cards: trade a set before placing armies.", palette.ALERT_RED]);
    lines.push(me.hand.length ? `Your cards: ${me.hand.length}. Choose three that make a set: three of a kind, one of each, or two and a wild card.`
      : "You hold no RISK cards. You receive one at the end of a turn in which you conquered a territory.");
    if (value !== null) lines.push(`The next set is worth ${plural(value)}.`);
    if (!canTrade && me.hand.length) lines.push("Sets are traded when you reinforce, at the start of your turn.");
    this.dialog = new CardsDialog("RISK CARDS", lines, me.hand.slice(), this.board, rules, {
      canTrade, forced,
      trade: (cards) => { this.close(); this.send(actions.trade(cards)); },
      close: () => this.close(),
    });
    this.dialog.name = forced ? "forced-cards" : "cards";
  }

  openMission() {
    const me = this.rules.me();
    const lines = [];
    if (me.mission) lines.push(["Your mission:", palette.INK], [this.board.missionText(me.mission), palette.TITLE_BLUE]);
    if (me.headquarters) lines.push(`Your headquarters: ${this.board.name(me.headquarters)}.`);
    if (!lines.length) lines.push("This game has no mission or headquarters of yours to show.");
    this.dialog = new Dialog("mission", me.mission ? "MISSION" : "HEADQUARTERS", lines,
      [{ label: "OK", key: "", press: () => this.close() }], { cancel: () => this.close() });
  }

  openGameOver() {
    const v = this.view;
    const lines = [];
    if (v.winner !== null && v.winner !== undefined) {
      const words = WIN_REASONS[v.end_reason] || "wins";
      lines.push([`${this.name(v.winner)} ${words} and wins the game!`, palette.TITLE_BLUE]);
      lines.push(v.winner === this.seat ? "Congratulations, general!" : "Better luck in the next game.");
      const mission = v.players[v.winner].mission;
      if (mission) lines.push(`The winner's mission: ${this.board.missionText(mission)}.`);
    } else {
      lines.push("The game is over without a winner.");
    }
    lines.push(`After ${plural(v.turn, "turn")}.`);
    this.dialog = new Dialog("over", "GAME OVER", lines, [
      { label: "VIEW MAP", key: "v", press: () => { this.viewingMap = true; this.close(); } },
      { label: "LEAVE TABLE", key: "l", press: () => this.leaveTable() },
    ]);
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
    const b = this.app.screen.buttonAt(x, y);
    if (b) {
      if (b.enabled) b.press();
      return;
    }
    if (this.dialog) return; // a press beside a question does not answer it
    const t = this.map.territoryAt(x, y);
    if (t) this.select(t);
  }

  key(event) {
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
    const rules = this.rules;
    if (!rules) return;
    let choices = rules.accepted(this.source);
    if (!choices.length) choices = this.board.ids.slice();
    const from = this.cursor ? this.board.anchor(this.cursor) : [this.map.x + VIEW.w / 2, this.map.y + VIEW.h / 2];
    const distance = (t) => Math.hypot(this.board.anchor(t)[0] - from[0], this.board.anchor(t)[1] - from[1]);
    choices.sort((a, b) => distance(a) - distance(b) || (a < b ? -1 : 1));
    const at = choices.indexOf(this.cursor);
    const next = at < 0 ? (step > 0 ? 0 : choices.length - 1) : (at + step + choices.length) % choices.length;
    this.putCursor(at < 0 ? choices[next] : choices[(at + (step > 0 ? 1 : -1) + choices.length) % choices.length]);
  }

  putCursor(t) {
    this.cursor = t;
    this.map.show(t);
  }

  // -- drawing ------------------------------------------------------------------------------
  update(dt) {
    this.animator.update(dt);
    this.map.update(dt);
  }

  prompt() {
    const v = this.view;
    const rules = this.rules;
    if (this.gone) return [this.gone, palette.ALERT_RED];
    if (!v) {
      if (this.table && !this.table.started) return ["Waiting for the other players to take their seats.", palette.CREAM];
      return ["Waiting for the game...", palette.CREAM];
    }
    if (v.phase === "game_over") return [`The game is over: ${v.winner !== null ? this.name(v.winner) + " wins" : "no winner"}.`, palette.GOLD];
    if (!rules.isMyMove) {
      const who = rules.toMove;
      const level = v.players[who] && KIND_WORDS[v.players[who].level];
      const what = v.phase === "defend" ? "is choosing defence dice" : "is to move";
      return [`${this.name(who)}${level ? ` (${level} general)` : ""} ${what}.`, palette.CREAM];
    }
    if (this.pendingId !== null) return ["Sent: waiting for the server...", palette.CREAM];
    switch (v.phase) {
      case "claim": return ["Your turn to claim: click an unclaimed territory.", palette.AMBER];
      case "place": {
        const neutral = v.neutral_quota > 0 ? ` and ${plural(v.neutral_quota)} on a neutral territory` : "";
        return [`Place ${plural(v.quota)} on your territories${neutral}.`, palette.AMBER];
      }
      case "choose_hq": return ["Choose your headquarters: click one of your territories.", palette.AMBER];
      case "reinforce":
        if (rules.mustTrade()) return ["Trade a set of RISK cards first (CARDS).", palette.AMBER];
        return [`Reinforce: place ${plural(v.reinforcements)} on your territories.`, palette.AMBER];
      case "attack":
        if (this.source) return [`From ${this.board.name(this.source)}: click an enemy to attack, or your own to move armies.`, palette.AMBER];
        return ["Attack: click a territory of yours to attack or move from. E ends the turn.", palette.AMBER];
      case "fortify":
        if (this.source) return [`From ${this.board.name(this.source)}: click your territory to move armies to.`, palette.AMBER];
        return ["Free moves: click a territory to move from. E ends the turn.", palette.AMBER];
      default: return ["", palette.WHITE];
    }
  }

  pointerText() {
    const t = this.hover || null;
    if (!t || !this.view) return "";
    const owner = this.view.owner[t];
    if (owner === null || owner === undefined) return `${this.board.name(t)} - unclaimed`;
    return `${this.board.name(t)} - ${this.name(owner)} - ${plural(this.view.armies[t])}`;
  }

  panelFacts() {
    const v = this.view;
    const rules = this.rules;
    const connected = new Map((this.table ? this.table.seats : []).map((s) => [s.seat, s]));
    const players = v ? v.players.map((p, i) => {
      const seat = connected.get(i);
      return {
        name: p.name, colour: palette.playerColour(p.colour), me: i === this.seat,
        territories: this.board.ids.filter((t) => v.owner[t] === i).length,
        armies: this.board.ids.reduce((s, t) => s + (v.owner[t] === i ? v.armies[t] : 0), 0),
        out: p.eliminated, away: Boolean(seat && seat.taken && !seat.connected),
      };
    }) : [];
    const phaseCells = !v ? [["WAITING", false]]
      : v.phase === "claim" ? [["CLAIM", true]]
        : v.phase === "place" ? [["SET UP", true]]
          : v.phase === "choose_hq" ? [["HEADQUARTERS", true]]
            : v.phase === "game_over" ? [["GAME OVER", true]]
              : [["PLACE", v.phase === "reinforce"],
                ["ATTACK", ["attack", "defend", "advantage", "occupy"].includes(v.phase)],
                ["MOVE", v.phase === "fortify"]];
    const me = rules ? rules.me() : null;
    const value = rules ? rules.nextSetValue() : null;
    const cardFacts = me ? [["Cards", me.hand.length], ...(value !== null ? [["Next set", ""], ["armies", value]] : [])] : [];
    if (v && v.phase === "reinforce" && rules.isMyMove) cardFacts.push(["To place", v.reinforcements]);
    if (v && v.phase === "place" && rules.isMyMove) cardFacts.push(["To place", v.quota]);
    const buttons = [];
    if (v && !this.gone) {
      const mine = rules.isMyMove && this.pendingId === null;
      if (v.phase === "reinforce") {
        buttons.push({ label: "CARDS", key: "c", press: () => this.openCards(rules.mustTrade()), enabled: mine });
      }
      if (v.phase === "attack" || v.phase === "fortify") {
        buttons.push({ label: "END TURN", key: "e", press: () => this.send(actions.endTurn()), enabled: mine });
      }
      if (this.repeatable()) {
        buttons.push({ label: "ATTACK AGAIN", key: "r", press: () => this.repeat(), enabled: mine });
      }
      if (rules.canUndo() && rules.isMyMove) {
        buttons.push({ label: "UNDO PLACING", key: "u", press: () => this.send(actions.undoPlacements()), enabled: mine });
      }
      if (this.source) buttons.push({ label: "CANCEL", key: "x", press: () => this.cancel(), enabled: true });
      if (me && (me.mission || me.headquarters)) {
        buttons.push({ label: me.mission ? "MISSION" : "HEADQUARTERS", key: "m", press: () => this.openMission(), enabled: true });
      }
      if (v.phase === "game_over" && !this.dialog) {
        buttons.push({ label: "RESULT", key: "v", press: () => { this.viewingMap = false; this.openGameOver(); }, enabled: true });
      }
    }
    if (this.gone || (!v && this.table && !this.table.started) || (v && v.phase === "game_over")) {
      buttons.push({ label: "LEAVE TABLE", key: "l", press: () => this.leaveTable(), enabled: true });
    }
    const b = this.animator.dice();
    const battle = b ? { attacker: b.attacker, defender: b.defender, losses: b.losses } : null;
    // (the colours of the roll's attacker and defender: the target may have changed hands)
    const battleColours = b && v ? [this.colourOf(b.seats[0]), this.colourOf(b.seats[1])] : [];
    return {
      players, current: v ? rules.toMove : -1,
      turnText: v ? (v.turn ? `TURN ${v.turn}` : "SETTING UP") : "WAITING",
      phaseCells,
      cardFoot: me && me.mission ? "MISSION" : me && me.headquarters ? "HQ" : "CARDS",
      cardFacts, openCards: () => (me && (me.mission || me.headquarters) && !(v.phase === "reinforce" && rules.isMyMove)
        ? this.openMission() : this.openCards(rules && rules.mustTrade() && rules.isMyMove)),
      battle, battleColours, buttons,
    };
  }

  marks() {
    const v = this.view;
    const rules = this.rules;
    const marks = { hover: this.hover, cursor: this.cursor, flash: this.animator.flashing(),
      headquarters: {} };
    if (!v) return marks;
    if (rules.isMyMove && !this.dialog && this.pendingId === null) {
      marks.choosable = rules.accepted(this.source);
    }
    const b = this.animator.dice();
    if (this.source) {
      marks.attacker = this.source;
    } else if (b && b.fresh) {
      marks.attacker = b.source;
      marks.defender = b.target;
    }
    if (this.dialog && (this.dialog.name === "defend" || this.dialog.name === "attack") && v.battle) {
      marks.attacker = v.battle.source;
      marks.defender = v.battle.target;
    }
    v.players.forEach((p) => {
      if (p.headquarters && v.owner[p.headquarters] !== null) marks.headquarters[p.headquarters] = true;
    });
    return marks;
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
      this.map.draw(screen.ctx, v, (pid) => this.colourOf(pid), this.marks());
    } else {
      this.map.draw(screen.ctx, { owner: {}, armies: {} }, () => null, { flash: [] });
    }
    drawPanel(screen, this.panelFacts());
    const last = this.lines.length ? this.lines[this.lines.length - 1] : null;
    drawMessages(screen, this.alert || last, this.prompt(), this.pointerText());
    if (!v && !this.dialog) this.drawWaiting(screen);
    if (this.dialog) this.dialog.draw(screen);
    const [cx, cy] = this.map.camera;
    app.publish({
      screen: "play", seat: this.seat, game: this.game, seq: this.state.seq,
      phase: v ? v.phase : null, toMove: v ? this.rules.toMove : null, over: v ? v.phase === "game_over" : false,
      camera: [cx, cy], view: [VIEW.x, VIEW.y], dialog: this.dialog ? this.dialog.name : null,
      pending: this.pendingId !== null, source: this.source, cursor: this.cursor, status: this.status,
      alert: this.alert ? this.alert[0] : null, scrolling: this.map.target !== null,
    });
  }

  drawWaiting(screen) {
    const lines = ["Waiting for players to take the open seats. The game starts when every seat is taken."];
    for (const s of this.table ? this.table.seats : []) {
      const who = s.kind === "open" ? (s.taken ? s.name : "open") : `${s.name} (${KIND_WORDS[s.kind] || s.kind} general)`;
      lines.push(`Seat ${s.seat + 1}: ${who}${s.seat === this.seat ? " (you)" : ""}`);
    }
    new Dialog("waiting", `TABLE ${this.game || ""}`, lines, [
      { label: "LEAVE TABLE", key: "l", press: () => this.leaveTable() },
    ]).draw(screen);
  }
}

function sentence(text) {
  text = String(text);
  return text.slice(0, 1).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}
