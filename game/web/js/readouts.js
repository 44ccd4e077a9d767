// What the play screen reads out of the seat's view each frame (play.js draws with them): the
// line saying what to do now, what the pointer is on, the side panel's facts and buttons, and
// what the map marks. Nothing here changes the game or the screen's state.

import * as palette from "./palette.js";
import { actions } from "./protocol.js";
import { plural } from "./words.js";
import * as ask from "./questions.js";

const KIND_WORDS = { easy: "Easy", standard: "Standard", good: "Good" };

/** What the seat should do now, in one line (the desktop's words), and its colour. */
export function prompt(play) {
  const v = play.view;
  const rules = play.rules;
  if (play.gone) return [play.gone, palette.ALERT_RED];
  if (!v) {
    if (play.table && !play.table.started) return ["Waiting for the other players to take their seats.", palette.CREAM];
    return ["Waiting for the game...", palette.CREAM];
  }
  if (v.phase === "game_over") return [`The game is over: ${v.winner !== null ? play.name(v.winner) + " wins" : "no winner"}.`, palette.GOLD];
  if (!rules.isMyMove) {
    const who = rules.toMove;
    const level = v.players[who] && KIND_WORDS[v.players[who].level];
    const what = v.phase === "defend" ? "is choosing defence dice" : "is to move";
    return [`${play.name(who)}${level ? ` (${level} general)` : ""} ${what}.`, palette.CREAM];
  }
  if (play.pendingId !== null) return ["Sent: waiting for the server...", palette.CREAM];
  const me = play.name(play.seat);
  switch (v.phase) {
    // (the desktop's words: game/scenes/play/prompts.py)
    case "claim": {
      const left = play.board.ids.filter((t) => v.owner[t] === null).length;
      return [`${me}: claim a territory - select an unclaimed one (${left} left).`, palette.AMBER];
    }
    case "place": {
      const own = v.quota;
      const neutral = v.neutral_quota;
      const left = v.setup_pool ? v.setup_pool[play.seat] : own;
      if (own && neutral) return [`${me}: place ${plural(own)} on your territories and ${neutral} on a neutral one (${left} left).`, palette.AMBER];
      if (neutral) return [`${me}: now place ${plural(neutral)} on a neutral territory.`, palette.AMBER];
      return [`${me}: place ${plural(own)} on your territories (${left} left).`, palette.AMBER];
    }
    case "choose_hq": return [`${me}: select one of your territories as your headquarters.`, palette.AMBER];
    case "reinforce":
      if (rules.mustTrade()) return [`${me}: you hold too many cards - exchange a set first (CARDS).`, palette.AMBER];
      return [`${me}: place ${plural(v.reinforcements)} - select one of your territories.`, palette.AMBER];
    case "attack":
    case "fortify": {
      const name = me;
      if (play.moving || v.phase === "fortify") {
        if (play.source) return [`Free move from ${play.board.name(play.source)}: select where to (Escape cancels).`, palette.AMBER];
        if (play.moving) return ["Free move: select the territory to move armies from (Escape cancels).", palette.AMBER];
        return [`${name}: another free move (F), or end the turn (E).`, palette.AMBER];
      }
      if (play.source) return [`Attack from ${play.board.name(play.source)}: select the enemy territory to attack (Escape cancels).`, palette.AMBER];
      return [`${name}: select a territory to attack from; free move (F), end the turn (E).`, palette.AMBER];
    }
    default: return ["", palette.WHITE];
  }
}

/** What the mouse points at: the territory, its owner and armies. */
export function pointerText(play) {
  const t = play.hover || null;
  if (!t || !play.view) return "";
  const owner = play.view.owner[t];
  if (owner === null || owner === undefined) return `${play.board.name(t)} - unclaimed`;
  return `${play.board.name(t)} - ${play.name(owner)} - ${plural(play.view.armies[t])}`;
}

/** What the side panel shows (panel.js draws it): the player key, the turn and its
 * phase, the cards, the battle's dice and the step's buttons. */
export function panelFacts(play) {
  const v = play.view;
  const rules = play.rules;
  const connected = new Map((play.table ? play.table.seats : []).map((s) => [s.seat, s]));
  const players = v ? v.players.map((p, i) => {
    const seat = connected.get(i);
    return {
      name: p.name, colour: palette.playerColour(p.colour), me: i === play.seat,
      territories: play.board.ids.filter((t) => v.owner[t] === i).length,
      armies: play.board.ids.reduce((s, t) => s + (v.owner[t] === i ? v.armies[t] : 0), 0),
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
  const values = Object.values(play.board.setValues.fixed).concat([play.board.setValues.mixed]);
  const fixed = `${Math.min(...values)}-${Math.max(...values)}`;
  const cardFacts = me ? [["Cards", me.hand.length], ["Next set", ""], ["armies", value !== null ? value : fixed]] : [];
  if (v && v.phase === "reinforce" && rules.isMyMove) cardFacts.push(["To place", v.reinforcements]);
  if (v && v.phase === "place" && rules.isMyMove) cardFacts.push(["To place", v.quota]);
  const buttons = [];
  if (v && !play.gone) {
    const mine = rules.isMyMove && play.pendingId === null;
    // the hand: to exchange a set at the seat's reinforcements, else to look at
    buttons.push({ label: "CARDS", key: "c", enabled: true,
      press: () => ask.cardsWindow(play, rules.mustTrade() && rules.isMyMove) });
    if (v.phase === "attack" || v.phase === "fortify") {
      buttons.push({ label: "FREE MOVE", key: "f", press: () => play.freeMove(), enabled: mine && !play.moving });
      buttons.push({ label: "END TURN", key: "e", press: () => { play.source = null; play.send(actions.endTurn()); }, enabled: mine });
    }
    if (play.repeatable()) {
      buttons.push({ label: "ATTACK AGAIN", key: "r", press: () => play.repeat(), enabled: mine });
    }
    if (rules.canUndo() && rules.isMyMove) {
      buttons.push({ label: "UNDO PLACING", key: "u", press: () => play.send(actions.undoPlacements()), enabled: mine });
    }
    if (play.source || play.moving) buttons.push({ label: "CANCEL", key: "x", press: () => play.cancel(), enabled: true });
    if (me && (me.mission || me.headquarters)) {
      buttons.push({ label: me.mission ? "MISSION" : "HEADQUARTERS", key: "m", press: () => ask.riskCardWindow(play), enabled: true });
    }
    if (v.phase === "game_over" && !play.dialog) {
      buttons.push({ label: "RESULT", key: "v", press: () => { play.viewingMap = false; ask.gameOverWindow(play); }, enabled: true });
    }
  }
  if (play.gone || (!v && play.table && !play.table.started) || (v && v.phase === "game_over")) {
    buttons.push({ label: "LEAVE TABLE", key: "l", press: () => play.leaveTable(), enabled: true });
  }
  const b = play.animator.dice();
  const battle = b ? { attacker: b.attacker, defender: b.defender, losses: b.losses } : null;
  // (the colours of the roll's attacker and defender: the target may have changed hands)
  const battleColours = b && v ? [play.colourOf(b.seats[0]), play.colourOf(b.seats[1])] : [];
  return {
    players, current: v ? rules.toMove : -1,
    turnText: v ? (v.turn ? `TURN ${v.turn}` : "SETTING UP") : "WAITING",
    phaseCells,
    cardFoot: me && me.mission ? "MISSION" : me && me.headquarters ? "HQ" : "CARDS",
    cardFacts, openCards: () => (v ? ask.riskCardWindow(play) : null),
    battle, battleColours, buttons,
  };
}

/** What the map marks: the choices of the step, the attacker and defender, the flashes of
 * others' moves, the keyboard's cursor, the headquarters. */
export function marks(play) {
  const v = play.view;
  const rules = play.rules;
  const marks = { hover: play.hover, cursor: play.cursor, flash: play.animator.flashing(),
    headquarters: {} };
  if (!v) return marks;
  if (rules.isMyMove && !play.dialog && play.pendingId === null) {
    marks.choosable = rules.accepted(play.source, play.moving);
  }
  const b = play.animator.dice();
  if (play.source) {
    marks.attacker = play.source;
  } else if (b && b.fresh) {
    marks.attacker = b.source;
    marks.defender = b.target;
  }
  if (play.dialog && (play.dialog.name === "defend" || play.dialog.name === "attack") && v.battle) {
    marks.attacker = v.battle.source;
    marks.defender = v.battle.target;
  }
  v.players.forEach((p) => {
    if (p.headquarters && v.owner[p.headquarters] !== null) marks.headquarters[p.headquarters] = true;
  });
  return marks;
}
