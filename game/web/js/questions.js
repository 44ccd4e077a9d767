// The questions a step asks of the seat, in the desktop's words (game/scenes/play/prompts.py
// and turns.py): how many dice to attack or defend with, whether to use an advantage, how
// many armies to move in, to move, or to place, whether a territory is to be the
// headquarters, which cards to trade, what the RISK card says, and who won. Each builds a
// window (dialogs.js, cards.js) whose answer is sent as the engine's action; the play screen
// (play.js) keeps it open until it is answered or its step is over.

import * as palette from "./palette.js";
import { actions } from "./protocol.js";
import { MODE_WORDS } from "./rules.js";
import { plural } from "./words.js";
import { Dialog, CountDialog } from "./dialogs.js";
import { CardsDialog, RiskCardDialog, CARD_COLOURS } from "./cards.js";
import { ResultsScreen } from "./results.js";
import { VIEW } from "./mapview.js";

export const WIN_REASONS = { world: "conquers the world", mission: "completes the mission",
  headquarters: "holds the headquarters needed" };

/** What a window about these territories should stand clear of: their army badges (never
 * covered if it can be helped) and their shapes (covered as little as can be). */
export function clearOf(play, ...ids) {
  return () => {
    const badges = [];
    const shapes = [];
    for (const id of ids.filter(Boolean)) {
      const [sx, sy] = play.map.toScreen(play.board.anchor(id));
      badges.push({ x: sx - 24, y: sy - 15, w: 48, h: 30 });
      const [x0, y0, x1, y1] = play.board.box(id);
      const [bx, by] = play.map.toScreen([x0, y0]);
      const x = Math.max(VIEW.x, bx);
      const y = Math.max(VIEW.y, by);
      const w = Math.min(VIEW.x + VIEW.w, bx + x1 - x0 + 1) - x;
      const h = Math.min(VIEW.y + VIEW.h, by + y1 - y0 + 1) - y;
      if (w > 0 && h > 0) shapes.push({ x, y, w, h });
    }
    return { badges, shapes };
  };
}

/** The attacker's dice and the attack's mode (the desktop sets the mode in its PLAY menu;
 * here it is chosen in the same window, and kept for the next attack). */
export function attackQuestion(play, source, target) {
  const most = play.rules.attackDice(source);
  const v = play.view;
  const name = (t) => play.board.name(t);
  const make = (focus) => {
    const modes = Object.keys(MODE_WORDS).map((mode, i) => ({
      label: MODE_WORDS[mode], key: "scd"[i], chosen: play.attackMode === mode, row: 0,
      press: () => {
        play.attackMode = mode;
        play.dialog = make(play.dialog.focus);
      },
    }));
    const dice = [];
    for (let n = 1; n <= most; n++) {
      dice.push({ label: plural(n, "die", "dice").toUpperCase(), key: String(n), row: 1,
        press: () => { play.close(); play.send(actions.attack(source, target, n, play.attackMode)); } });
    }
    dice.push({ label: "CANCEL", key: "", row: 1, press: () => play.close() });
    return new Dialog("attack", "ATTACK", [
      `${play.name(v.owner[source])} attacks ${name(target)} (${v.armies[target]}) from ${name(source)} (${v.armies[source]}).`,
      `Attack ${name(target)} with how many dice?`,
      ["Single: one roll. Continuous: until a roll is lost. Do or die: to the end.", palette.SHADOW],
    ], [...modes, ...dice], { cancel: () => play.close(), focus, avoid: clearOf(play, source, target) });
  };
  play.dialog = make(3 + most - 1);
}

export function defendQuestion(play) {
  const v = play.view;
  const b = v.battle;
  const most = play.rules.defenceDice(b.target);
  const buttons = [];
  for (let n = 1; n <= most; n++) {
    buttons.push({ label: plural(n, "die", "dice").toUpperCase(), key: String(n),
      press: () => { play.close(); play.send(actions.defend(n)); } });
  }
  play.dialog = new Dialog("defend", "DEFEND", [
    `${play.name(play.seat)}: ${play.board.name(b.target)} (${v.armies[b.target]}) is attacked from ${play.board.name(b.source)} with ${plural(b.dice, "die", "dice")}.`,
    "Defend with how many dice?",
  ], buttons, { focus: most - 1, avoid: clearOf(play, b.source, b.target) });
  play.map.show(b.source, b.target);
}

/** One advantage at a time, as the desktop asks: Computer Advantage first when it is on
 * offer, else Attack Advantage; No declines (the roll stands). */
export function advantageQuestion(play) {
  const b = play.view.battle;
  const lowest = Math.min(...b.attacker_roll);
  const rolled = `You rolled ${b.attacker_roll.join(" ")} against ${b.defender_roll.join(" ")}.`;
  const six = b.advantages.includes("six");
  const kind = six ? "six" : "reroll";
  const question = six
    ? `Use Computer Advantage: turn your lowest die (${lowest}) into a 6? (once a turn)`
    : `Use Attack Advantage: roll your lowest die (${lowest}) again?`;
  play.dialog = new Dialog("advantage", "ADVANTAGE", [rolled, question], [
    { label: "NO", key: "n", press: () => { play.close(); play.send(actions.declineAdvantage()); } },
    { label: "YES", key: "y", press: () => { play.close(); play.send(actions.useAdvantage(kind)); } },
  ], { focus: 1, avoid: clearOf(play, b.source, b.target) });
  play.dialog.advantage = kind;
}

export function occupyQuestion(play) {
  const b = play.view.battle;
  const [lo, hi] = play.rules.occupyRange();
  play.dialog = new CountDialog("occupy", "OCCUPY",
    [`How many armies move into ${play.board.name(b.target)}?`], lo, hi, hi,
    (n) => { play.close(); play.send(actions.occupy(n)); }, null,
    { avoid: clearOf(play, b.source, b.target) });
}

export function moveQuestion(play, source, target) {
  const most = Math.min(play.view.armies[source] - 1, play.rules.room(target));
  if (most < 1) {
    play.source = null;
    play.send(actions.fortify(source, target, 1)); // the engine says why not
    return;
  }
  const lines = [`Move how many armies from ${play.board.name(source)} to ${play.board.name(target)}?`];
  if (!play.view.variants.supply_lines) lines.push(["A free move ends your turn.", palette.SHADOW]);
  const done = () => {
    play.close();
    play.source = null;
    play.moving = false;
  };
  play.dialog = new CountDialog("move", "FREE MOVE", lines, 1, most, most, (n) => {
    done();
    play.send(actions.fortify(source, target, n));
  }, done, { avoid: clearOf(play, source, target) });
}

export function placeQuestion(play, t) {
  const most = play.rules.placeMost(t);
  const title = play.view.phase === "reinforce" ? "REINFORCE" : "PLACE ARMIES";
  play.dialog = new CountDialog("place", title, [`How many armies on ${play.board.name(t)}?`],
    1, most, most, (n) => { play.close(); play.send(actions.place(t, n)); }, () => play.close(),
    { avoid: clearOf(play, t) });
}

export function headquartersQuestion(play, t) {
  play.dialog = new Dialog("hq", "HEADQUARTERS", [
    `Make ${play.board.name(t)} your headquarters?`,
    ["It stays secret until every player has chosen one.", palette.SHADOW],
  ], [
    { label: "NO", key: "n", press: () => play.close() },
    { label: "YES", key: "y", press: () => { play.close(); play.send(actions.chooseHeadquarters(t)); } },
  ], { cancel: () => play.close(), focus: 1, avoid: clearOf(play, t) });
}

/** The hand: to exchange a set at the seat's reinforcements (`forced` at five cards or
 * more), else only to look at. */
export function cardsWindow(play, forced = false) {
  const v = play.view;
  const rules = play.rules;
  const canTrade = rules.isMyMove && v.phase === "reinforce";
  play.dialog = new CardsDialog({
    hand: rules.me().hand.slice(), board: play.board, rules, view: v, seat: play.seat,
    owned: (card) => v.owner[card] === play.seat,
    trade: canTrade ? (cards) => { play.close(); play.send(actions.trade(cards)); } : null,
    close: () => play.close(), forced: forced && canTrade,
    outline: (card) => play.outlineOf(card, CARD_COLOURS.US_GREEN),
  });
}

export function riskCardWindow(play) {
  play.dialog = new RiskCardDialog({ view: play.view, seat: play.seat, board: play.board,
    rules: play.rules, close: () => play.close() });
}

/** The end: who won and how, as the desktop's box says it; the map may be looked at, or the
 * table left. */
export function gameOverWindow(play) {
  const v = play.view;
  const lines = [];
  if (v.winner !== null && v.winner !== undefined) {
    const words = WIN_REASONS[v.end_reason] || "wins";
    lines.push([`${play.name(v.winner)} ${words} and wins the game on turn ${v.turn}!`, palette.INK]);
    const mission = v.players[v.winner].mission;
    if (v.end_reason === "mission" && mission) {
      lines.push([`The mission: ${play.board.missionText(mission)}.`, palette.TITLE_BLUE]);
    }
    lines.push(v.winner === play.seat ? "Congratulations, general!" : "The board shows the winning move.");
  } else {
    lines.push("Nobody won this one: the game was abandoned.");
  }
  const viewMap = { label: "VIEW MAP", key: "v", press: () => { play.viewingMap = true; play.close(); } };
  const leave = { label: "LEAVE TABLE", key: "l", press: () => play.leaveTable() };
  play.dialog = new Dialog("over", v.winner !== null && v.winner !== undefined ? "VICTORY" : "GAME OVER", lines, [
    { label: "RESULTS", key: "r", press: () => resultsScreen(play, [viewMap, leave]) }, viewMap, leave,
  ], { focus: 0, width: 320, avoid: v.battle ? clearOf(play, v.battle.source, v.battle.target) : null });
}

/** The statistics of the game just over, as the desktop's game-over screen shows them. */
export function resultsScreen(play, buttons) {
  play.dialog = new ResultsScreen({ view: play.view, board: play.board,
    name: (pid) => play.name(pid), buttons });
}
