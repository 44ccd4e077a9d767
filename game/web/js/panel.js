// The play screen's frames around the map, as on the desktop (game/ui/sidepanel.py and the
// message area): the menu bar, the side panel (the player key, the turn and its phase, the
// RISK card with the hand's count and the next set's value, the battle box with the dice,
// the step's buttons) and the two lines of messages under the map.

import * as palette from "./palette.js";
import { drawDie, DIE } from "./dice.js";

export const PANEL = { x: 512, y: 12, w: 128, h: 360 };
export const MESSAGES = { x: 0, y: 372, w: 640, h: 28 };
export const CARD = { x: 518, y: 132, w: 48, h: 64 };
const ROW = 11;
const GAME_NAMES = { us_full: "US FULL GAME", uk_full: "UK FULL GAME", us_short: "US SHORT GAME",
  uk_short: "UK SHORT GAME" };

export function gameName(view) {
  const type = view && view.config ? view.config.game_type : "";
  return GAME_NAMES[type] || "CONQUEST";
}

/** The bar along the top: the game's name, the game type, the connection's state. */
export function drawMenuBar(screen, title, right, status) {
  screen.fill(palette.FACE_LIGHT, 0, 0, 640, 12);
  screen.fill(palette.DARK, 0, 11, 640, 1);
  screen.text("CONQUEST", 4, 2, palette.INK, "left", true);
  if (title) screen.text(title, 70, 2, palette.INK);
  let x = 636;
  if (status) {
    const w = screen.font.width(status) + 6;
    screen.fill(palette.ALERT_RED, x - w, 1, w, 10);
    screen.text(status, x - 3, 2, palette.WHITE, "right");
    x -= w + 6;
  }
  if (right) screen.text(right, x, 2, palette.DIM_TEXT, "right");
}

/** The two message lines under the map, as the desktop's message area draws them: the first
 * line the newest message, or a refusal (`alert`: white on a red band, as a refusal stands
 * there until the step changes); the second what to do now, with what the pointer is on. */
export function drawMessages(screen, first, second, pointer, alert = false) {
  const { x, y, w, h } = MESSAGES;
  screen.fill(palette.INK, x, y, w, h);
  screen.fill(palette.DARK, x, y, w, 1);
  const font = screen.font;
  if (first) {
    const shown = font.ellipsize(first[0], w - 12);
    if (alert) {
      screen.fill(palette.ALERT_RED, x + 3, y + 2, font.width(shown) + 7, 12);
      screen.text(shown, x + 6, y + 4, palette.WHITE);
    } else {
      screen.text(shown, x + 6, y + 4, first[1]);
    }
  }
  let room = w - 12;
  if (pointer) {
    const shown = font.ellipsize(pointer, 260);
    screen.text(shown, x + w - 6, y + 15, palette.AMBER, "right");
    room -= font.width(shown) + 12;
  }
  if (second) screen.text(font.ellipsize(second[0], room), x + 6, y + 15, second[1]);
}

/** The side panel. `p` holds what to show (see PlayScreen.panelFacts). */
export function drawPanel(screen, p) {
  const { x, y, w, h } = PANEL;
  screen.bevel(x, y, w, h, palette.FACE);
  const font = screen.font;
  // the player key
  screen.text("PLAYERS", x + 5, y + 4, palette.INK);
  screen.text("TERR", x + 94, y + 4, palette.INK, "right");
  screen.text("ARMY", x + 122, y + 4, palette.INK, "right");
  const top = y + 14;
  screen.bevel(x + 3, top, w - 6, ROW * Math.max(p.players.length, 3) + 4, palette.FACE_LIGHT, true);
  p.players.forEach((player, i) => {
    const ry = top + 2 + i * ROW;
    const current = i === p.current;
    if (current) screen.fill(palette.SELECT_BLUE, x + 5, ry, w - 10, ROW);
    const ink = current ? palette.WHITE : player.out ? palette.DIM_TEXT : palette.INK;
    screen.fill(palette.INK, x + 7, ry + 2, 7, 7);
    screen.fill(player.colour.rgb, x + 8, ry + 3, 5, 5);
    let name = player.name + (player.away ? " (away)" : "");
    name = font.ellipsize(name, 62, player.me);
    screen.text(name, x + 17, ry + 1, ink, "left", player.me);
    screen.text(String(player.territories), x + 94, ry + 1, ink, "right");
    screen.text(String(player.armies), x + 122, ry + 1, ink, "right");
  });
  // the turn and its phase
  let sy = top + ROW * Math.max(p.players.length, 3) + 8;
  screen.text(p.turnText, x + 5, sy, palette.INK);
  sy += 10;
  const cells = p.phaseCells;
  const cw = Math.floor((w - 6) / cells.length);
  cells.forEach(([label, on], i) => {
    const cx = x + 3 + i * cw;
    screen.bevel(cx, sy, cw, 12, on ? palette.ALERT_RED : palette.FACE_LIGHT, !on);
    screen.text(label, cx + Math.floor(cw / 2), sy + 2, on ? palette.WHITE : palette.DIM_TEXT, "center");
  });
  // the RISK card and the hand
  const card = { ...CARD, y: sy + 16 };
  p.cardRect = card;
  drawRiskCard(screen, card, p.cardFoot);
  screen.buttons.push({ x: card.x, y: card.y, w: card.w, h: card.h, label: "RISK CARD", key: "",
    press: p.openCards, enabled: true });
  let ty = card.y + 2;
  for (const [label, value] of p.cardFacts) {
    screen.text(label, card.x + card.w + 5, ty, palette.INK);
    if (value !== "") screen.text(String(value), x + w - 5, ty, palette.INK, "right");
    ty += 10;
  }
  // the battle box
  const by = card.y + card.h + 4;
  drawBattle(screen, x + 6, by, w - 12, p.battle, p.battleColours);
  // the step's buttons
  let bty = by + 62;
  for (const b of p.buttons) {
    screen.button(x + 6, bty, w - 12, 14, b.label, b.press, { key: b.key, enabled: b.enabled !== false });
    bty += 16;
  }
}

function drawRiskCard(screen, r, foot) {
  screen.fill(palette.INK, r.x, r.y, r.w, r.h);
  screen.fill(palette.CREAM, r.x + 1, r.y + 1, r.w - 2, r.h - 2);
  screen.fill(palette.ALERT_RED, r.x + 3, r.y + 3, r.w - 6, 12);
  screen.text("RISK", r.x + r.w / 2, r.y + 5, palette.WHITE, "center", true);
  // a small soldier, drawn in pixels as the desktop's card does
  const cx = r.x + r.w / 2;
  const ink = palette.INK;
  screen.fill(ink, cx - 2, r.y + 22, 5, 2);
  screen.fill(ink, cx - 1, r.y + 24, 3, 3);
  screen.fill(ink, cx - 3, r.y + 27, 7, 7);
  screen.fill(ink, cx - 3, r.y + 34, 2, 6);
  screen.fill(ink, cx + 2, r.y + 34, 2, 6);
  screen.fill(ink, cx + 5, r.y + 24, 1, 12);
  screen.fill(palette.INK, r.x + 3, r.y + r.h - 15, r.w - 6, 1);
  screen.text(foot, r.x + r.w / 2, r.y + r.h - 12, palette.ALERT_RED, "center");
}

function drawBattle(screen, x, y, w, battle, colours) {
  screen.fill(palette.INK, x, y, w, 58);
  screen.fill(palette.NAVY, x + 1, y + 1, w - 2, 56);
  if (!battle) {
    screen.text("BATTLE", x + 4, y + 4, palette.SKY_BLUE);
    return;
  }
  const rows = [["Att", battle.attacker, true, colours[0]], ["Def", battle.defender, false, colours[1]]];
  rows.forEach(([label, dice, attacker, colour], i) => {
    const ry = y + 4 + i * 22;
    screen.fill(palette.INK, x + 4, ry + 5, 7, 7);
    screen.fill(colour ? colour.rgb : palette.FACE, x + 5, ry + 6, 5, 5);
    screen.text(label, x + 13, ry + 5, palette.WHITE);
    dice.forEach((value, d) => drawDie(screen, x + 32 + d * (DIE + 4), ry, value, attacker));
  });
  if (battle.losses) {
    const [a, d] = battle.losses;
    const words = [];
    if (a) words.push(`Attacker loses ${a}`);
    if (d) words.push(`Defender loses ${d}`);
    screen.text(screen.font.ellipsize(words.join(", "), w - 8), x + 4, y + 47, palette.AMBER);
  }
}
