// RISK cards drawn by code as the desktop draws them (game/ui/cardart.py: the pictures and
// colours below are checked against that file by tests/network/test_web_client.py), and the
// two windows that show them (game/scenes/play/cards.py, game/scenes/info/menu_screens.py):
// the card exchange (the hand as cards; three chosen make a set to trade) and the RISK card
// (the seat's mission, its headquarters, or the full game's "Conquer the World").

import * as palette from "./palette.js";
import { drawWindow, MARGIN, BUTTON_H } from "./dialogs.js";
import { plural } from "./words.js";

// 16x12 pixel pictures: '#' ink, '.' paper.
export const UNIT_PICTURES = /*UNITS*/ {
  "infantry": ["......##........", ".....####.....#.", "......##......#.", ".....####....#..",
    "....#.##.#..#...", "....#.##..##....", "......##........", "......##........",
    ".....#..#.......", ".....#..#.......", "....##..##......", "................"],
  "cavalry": ["......#.........", ".....###........", "......#.....##..", ".....###...###..",
    "......#######...", ".....########...", "....##.######...", "...#...#....#...",
    "......#.#..#.#..", "......#..#.#..#.", ".....#...#.#...#", "................"],
  "artillery": ["................", "................", "..........####..", "......######....",
    "...#######......", "..######........", "..####..........", ".#.##.#.........",
    "#..##..#........", "#.####.#........", ".#....#.........", "................"]
} /*END*/;
export const CARD_COLOURS = /*CARDCOLOURS*/ {
  "UK_RED": [176, 32, 24], "UK_PAPER": [236, 224, 190], "US_PAPER": [246, 244, 236],
  "US_GREEN": [40, 104, 56]
} /*END*/;
const KIND_NAMES = { infantry: "INFANTRY", cavalry: "CAVALRY", artillery: "ARTILLERY",
  wild: "WILD CARD" };
const SCREEN = { w: 640, h: 400 };

/** A unit picture at (x, y), `scale` pixels a dot. */
function drawUnit(screen, kind, colour, cx, cy, scale) {
  const rows = UNIT_PICTURES[kind];
  if (!rows) return;
  const w = rows[0].length * scale;
  const h = rows.length * scale;
  const x0 = cx - Math.floor(w / 2);
  const y0 = cy - Math.floor(h / 2);
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (row[x] === "#") screen.fill(colour, x0 + x * scale, y0 + y * scale, scale, scale);
    }
  });
}

function nameLines(font, name, width) {
  const lines = font.wrap(name, width);
  if (lines.length > 2) return [lines[0], font.ellipsize(lines.slice(1).join(" "), width)];
  return lines.length ? lines : [""];
}

function wildPictures(screen, r, colour, top) {
  const step = Math.max(14, Math.floor((r.y + r.h - 6 - top) / 3));
  const scale = r.w >= 60 && step >= 24 ? 2 : 1;
  ["infantry", "cavalry", "artillery"].forEach((kind, i) => {
    drawUnit(screen, kind, colour, r.x + Math.floor(r.w / 2), top + step * i + Math.floor(step / 2), scale);
  });
}

/** One card of the deck; `selected` lifts it in blue with its choice number `order`;
 * `outline` (US cards) draws the territory's shape: a function (ctx, x, y, w, h). */
export function drawTerritoryCard(screen, r, name, kind, flavour, { outline = null,
  selected = false, order = null } = {}) {
  const font = screen.font;
  const { UK_RED, UK_PAPER, US_PAPER, US_GREEN } = CARD_COLOURS;
  const cx = r.x + Math.floor(r.w / 2);
  screen.fill(palette.INK, r.x + 2, r.y + 2, r.w, r.h);
  if (flavour === "uk") {
    screen.fill(UK_PAPER, r.x, r.y, r.w, r.h);
    screen.frame(UK_RED, r.x, r.y, r.w, r.h);
    screen.frame(UK_RED, r.x + 2, r.y + 2, r.w - 4, r.h - 4);
    const banner = { x: r.x + 4, y: r.y + 4, w: r.w - 8, h: kind === "wild" ? 12 : 22 };
    screen.fill(UK_RED, banner.x, banner.y, banner.w, banner.h);
    if (kind === "wild") {
      screen.text("WILD", cx, banner.y + 3, UK_PAPER, "center", true);
      wildPictures(screen, r, UK_RED, banner.y + banner.h + 4);
    } else {
      const lines = nameLines(font, name.length < 9 ? name.toUpperCase() : name, banner.w - 4);
      const top = banner.y + Math.floor((banner.h - lines.length * 10) / 2) + 1;
      lines.forEach((line, i) => screen.text(line, cx, top + i * 10, UK_PAPER, "center"));
      const scale = r.w >= 60 ? 3 : 2;
      drawUnit(screen, kind, palette.INK, cx, Math.floor((banner.y + banner.h + r.y + r.h - 14) / 2) + 1, scale);
      screen.text(font.ellipsize(KIND_NAMES[kind] || "", r.w - 8), cx, r.y + r.h - 14, UK_RED, "center");
    }
  } else {
    screen.fill(US_PAPER, r.x, r.y, r.w, r.h);
    screen.frame(palette.INK, r.x, r.y, r.w, r.h);
    screen.frame(palette.FACE_LIGHT, r.x + 2, r.y + 2, r.w - 4, r.h - 4);
    if (kind === "wild") {
      screen.text("WILD", cx, r.y + 6, palette.INK, "center", true);
      wildPictures(screen, r, US_GREEN, r.y + 20);
    } else {
      nameLines(font, name, r.w - 8).forEach((line, i) => screen.text(line, cx, r.y + 5 + i * 10, palette.INK, "center"));
      const art = { x: r.x + 6, y: r.y + 26, w: r.w - 12, h: r.h - 52 };
      if (outline && art.w > 4 && art.h > 4) outline(screen.ctx, art.x, art.y, art.w, art.h);
      else screen.frame(palette.FACE_LIGHT, art.x, art.y, art.w, art.h);
      drawUnit(screen, kind, palette.INK, cx, r.y + r.h - 14, r.w >= 60 ? 2 : 1);
    }
  }
  if (selected) {
    screen.frame(palette.SELECT_BLUE, r.x - 2, r.y - 2, r.w + 4, r.h + 4);
    screen.frame(palette.SELECT_BLUE, r.x - 1, r.y - 1, r.w + 2, r.h + 2);
    screen.frame(palette.AMBER, r.x - 4, r.y - 4, r.w + 8, r.h + 8);
    screen.frame(palette.AMBER, r.x - 3, r.y - 3, r.w + 6, r.h + 6);
    if (order !== null) {
      const bx = r.x + r.w - 9;
      const by = r.y - 5;
      screen.fill(palette.SELECT_BLUE, bx, by, 13, 13);
      screen.frame(palette.WHITE, bx, by, 13, 13);
      screen.text(String(order), bx + 7, by + 3, palette.WHITE, "center", true);
    }
  }
}

/** The big RISK card: a red 'RISK' head, the text in the middle, the footer at the foot. */
export function drawRiskCard(screen, r, text, footer = "MISSION", accent = palette.ALERT_RED) {
  const font = screen.font;
  const cx = r.x + Math.floor(r.w / 2);
  screen.fill(palette.INK, r.x + 3, r.y + 3, r.w, r.h);
  screen.fill(palette.CREAM, r.x, r.y, r.w, r.h);
  screen.frame(palette.INK, r.x, r.y, r.w, r.h);
  screen.frame(accent, r.x + 3, r.y + 3, r.w - 6, r.h - 6);
  const head = { x: r.x + 6, y: r.y + 6, w: r.w - 12, h: 22 };
  screen.fill(accent, head.x, head.y, head.w, head.h);
  const title = font.render("RISK", palette.WHITE, true);
  screen.ctx.drawImage(title, cx - title.width, head.y + 3, title.width * 2, title.height * 2);
  const lines = [];
  for (const paragraph of text.split("\n")) {
    const wrapped = paragraph ? font.wrap(paragraph, r.w - 22) : [""];
    lines.push(...wrapped);
  }
  const top = head.y + head.h + 8;
  const room = r.y + r.h - 26 - top;
  let y = top + Math.max(0, Math.floor((room - lines.length * 11) / 2));
  for (const line of lines) {
    screen.text(line, cx, y, palette.INK, "center", true);
    y += 11;
  }
  screen.fill(accent, r.x + 10, r.y + r.h - 22, r.w - 21, 1);
  screen.text(footer, cx, r.y + r.h - 17, accent, "center", true);
}

/** A window centred on the screen, as the desktop's overlays are. */
function centred(w, h) {
  return { x: Math.floor((SCREEN.w - w) / 2), y: Math.floor((SCREEN.h - h) / 2), w, h };
}

/** The hand as cards: with `trade` (a function), three chosen make a set to exchange; forced,
 * the window cannot be closed until a set is traded. The facts name each card's place as a
 * button "card:<id>", so the tests click the cards themselves. */
export class CardsDialog {
  constructor({ hand, board, rules, view, seat, owned, trade, close, forced, outline }) {
    this.name = forced ? "forced-cards" : trade ? "cards" : "show-cards";
    this.hand = hand;
    this.board = board;
    this.rules = rules;
    this.view = view;
    this.seat = seat;
    this.owned = owned;
    this.tradeAction = trade;
    this.closeAction = close;
    this.forced = Boolean(forced && trade);
    this.outline = outline;
    this.chosen = [];
    this.cursor = 0;
    this.onButtons = !hand.length;
    this.rect = centred(540, 312);
    this.cancel = this.forced ? null : () => close();
  }

  get isValid() {
    return this.chosen.length === 3 && this.rules.isSet(this.chosen);
  }

  perRow() {
    return this.hand.length <= 14 ? 7 : 10;
  }

  layout() {
    const count = this.hand.length;
    const perRow = this.perRow();
    const [w, h] = perRow === 7 ? [60, 84] : [42, 60];
    const rows = Math.max(1, Math.ceil(count / perRow));
    const top = this.rect.y + 46 + (rows === 1 ? 40 : 0);
    const centre = this.rect.x + Math.floor(this.rect.w / 2);
    const rects = [];
    for (let i = 0; i < count; i++) {
      const row = Math.floor(i / perRow);
      const col = i % perRow;
      const inRow = Math.min(perRow, count - row * perRow);
      const width = inRow * w + (inRow - 1) * 10;
      rects.push({ x: centre - Math.floor(width / 2) + col * (w + 10), y: top + row * (h + 18), w, h });
    }
    return rects;
  }

  toggle(card) {
    if (!this.tradeAction) return;
    if (this.chosen.includes(card)) this.chosen = this.chosen.filter((c) => c !== card);
    else if (this.chosen.length < 3) this.chosen.push(card);
    if (this.isValid) this.onButtons = true; // the set is made: one more press exchanges it
  }

  exchange() {
    if (this.isValid && this.tradeAction) this.tradeAction(this.chosen.slice());
  }

  buttons() {
    if (!this.tradeAction) return [{ label: "OK", press: () => this.closeAction(), enabled: true, w: 60 }];
    return [
      { label: "CANCEL", press: () => this.closeAction(), enabled: !this.forced, w: 76 },
      { label: "EXCHANGE", press: () => this.exchange(), enabled: this.isValid, w: 76 },
    ];
  }

  draw(screen) {
    const font = screen.font;
    const r = this.rect;
    drawWindow(screen, r.x, r.y, r.w, r.h, this.tradeAction ? "EXCHANGE CARDS" : "SHOW CARDS");
    const body = { x: r.x + MARGIN, y: r.y + 18, w: r.w - 2 * MARGIN, h: r.h - 48 };
    const player = this.view.players[this.seat];
    const colour = palette.playerColour(player.colour);
    screen.fill(palette.INK, body.x, body.y + 1, 9, 9);
    screen.fill(colour.rgb, body.x + 1, body.y + 2, 7, 7);
    let head = `${player.name} holds ${plural(this.hand.length, "card")}.`;
    if (this.forced) head += " You must exchange a set.";
    else if (this.tradeAction) head += " Choose three cards to exchange.";
    screen.text(head, body.x + 14, body.y + 2, palette.INK, "left", true);
    if (!this.hand.length) {
      screen.text("No RISK cards yet: conquer a territory in a turn to draw one.",
        body.x + Math.floor(body.w / 2), body.y + Math.floor(body.h / 2) - 10, palette.SHADOW, "center");
    }
    const flavour = this.view.config.flavour;
    this.layout().forEach((rect, i) => {
      const card = this.hand[i];
      const chosen = this.chosen.includes(card);
      const shown = chosen ? { ...rect, y: rect.y - 4 } : rect;
      const kind = this.board.cardKind(card);
      const t = this.board.territories[card];
      let name = "";
      if (t) name = font.wrap(t.name, rect.w - 8).length > 2 ? t.short : t.name;
      drawTerritoryCard(screen, shown, name, kind, flavour, {
        outline: flavour === "us" && t ? this.outline(card) : null,
        selected: chosen, order: chosen ? this.chosen.indexOf(card) + 1 : null,
      });
      if (this.owned(card)) {
        screen.text("yours +2", rect.x + Math.floor(rect.w / 2), rect.y + rect.h + 7, palette.SHADOW, "center");
      }
      if (i === this.cursor && !this.onButtons) {
        screen.frame(palette.AMBER, shown.x - 5, shown.y - 5, shown.w + 10, shown.h + 10);
        screen.frame(palette.AMBER, shown.x - 4, shown.y - 4, shown.w + 8, shown.h + 8);
      }
      screen.buttons.push({ x: rect.x - 2, y: rect.y - 6, w: rect.w + 4, h: rect.h + 8,
        label: `card:${card}`, key: "", press: () => { this.cursor = i; this.toggle(card); }, enabled: Boolean(this.tradeAction) });
    });
    this.drawValues(screen, body);
    let bx = r.x + r.w - MARGIN;
    const list = this.buttons();
    const armed = this.onButtons ? list.findIndex((b) => b.label === "EXCHANGE" && b.enabled) : -1;
    for (let i = list.length - 1; i >= 0; i--) {
      const b = list[i];
      bx -= b.w;
      const focused = this.onButtons && (armed >= 0 ? i === armed : i === list.length - 1 || (i === 0 && !list[list.length - 1].enabled));
      screen.button(bx, r.y + r.h - 8 - BUTTON_H, b.w, BUTTON_H, b.label, b.press,
        { enabled: b.enabled, focused, key: b.label === "EXCHANGE" ? "e" : "" });
      bx -= 8;
    }
  }

  drawValues(screen, body) {
    const y = this.rect.y + this.rect.h - 44;
    screen.fill(palette.DARK, body.x, y - 4, body.w, 1);
    const upcoming = this.rules.nextSetValue();
    let text;
    if (upcoming !== null) {
      text = `Next set: ${upcoming} armies.`;
    } else {
      const fixed = this.board.setValues.fixed;
      const values = Object.entries(fixed).sort((a, b) => a[1] - b[1]).map(([k, v]) => `3 ${k} ${v}`);
      text = `Set values: ${values.join(", ")}, one of each ${this.board.setValues.mixed}.`;
    }
    screen.text(text, body.x, y, palette.INK, "left", true);
    let note;
    if (!this.tradeAction) note = "A wild card stands for any picture.";
    else if (this.isValid) note = `This set is worth ${this.rules.setValue(this.chosen)} armies. Exchange?`;
    else if (this.chosen.length === 3) note = "Not a set: three alike, one of each, or any two with a wild card.";
    else note = "Click or tap a card to choose it, again to put it back.";
    screen.text(note, body.x, y + 12, palette.SHADOW);
    if (this.hand.length && this.tradeAction && !this.rules.sets(this.hand).length) {
      screen.text("No set can be made from these cards yet.", body.x, y + 24, palette.ALERT_RED);
    }
  }

  /** The keys: the arrows walk the cards and, below them, the buttons; Return or Space
   * chooses the card (Return exchanges once the set is made); E exchanges; Escape closes a
   * window that may be closed. */
  key(event) {
    const list = this.buttons();
    const count = this.hand.length;
    switch (event.key) {
      case "Escape":
        if (!this.forced) this.closeAction();
        return true;
      case "e":
      case "E":
        this.exchange();
        return true;
      case "ArrowLeft":
      case "ArrowRight":
      case "ArrowUp":
      case "ArrowDown":
      case "Tab": {
        if (this.onButtons) {
          if ((event.key === "ArrowUp" || (event.key === "Tab" && event.shiftKey)) && count) this.onButtons = false;
          return true;
        }
        const perRow = this.perRow();
        const row = Math.floor(this.cursor / perRow);
        const last = Math.floor((count - 1) / perRow);
        if ((event.key === "ArrowDown" && row === last) || event.key === "Tab") {
          this.onButtons = true;
          return true;
        }
        const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -perRow, ArrowDown: perRow }[event.key];
        this.cursor = Math.max(0, Math.min(count - 1, this.cursor + step));
        return true;
      }
      case "Enter":
      case " ":
        if (this.onButtons || !count) {
          const enabled = list.filter((b) => b.enabled);
          const exchange = enabled.find((b) => b.label === "EXCHANGE");
          (exchange || enabled[enabled.length - 1] || { press() {} }).press();
        } else if (event.key === "Enter" && this.isValid) {
          this.exchange();
        } else if (this.tradeAction) {
          this.toggle(this.hand[this.cursor]);
        } else {
          this.closeAction();
        }
        return true;
      default:
        if (/^[1-9]$/.test(event.key) && Number(event.key) <= count) {
          this.cursor = Number(event.key) - 1;
          this.toggle(this.hand[this.cursor]);
          return true;
        }
        return false;
    }
  }
}

/** The RISK card of the seat: its mission (UK short), the headquarters (US short: each
 * player's, once revealed, and who holds it), or none in a full game. */
export class RiskCardDialog {
  constructor({ view, seat, board, rules, close }) {
    this.name = "risk-card";
    this.view = view;
    this.seat = seat;
    this.board = board;
    this.rules = rules;
    this.closeAction = close;
    this.cancel = close;
    this.kind = view.config.objective;
    const rows = view.players.filter((p) => p.headquarters).length;
    this.rect = this.kind === "headquarters" ? centred(420, 112 + rows * 16) : centred(300, 290);
  }

  draw(screen) {
    const r = this.rect;
    const font = screen.font;
    drawWindow(screen, r.x, r.y, r.w, r.h, "RISK CARD");
    const body = { x: r.x + MARGIN, y: r.y + 18, w: r.w - 2 * MARGIN, h: r.h - 48 };
    const me = this.view.players[this.seat];
    const cx = body.x + Math.floor(body.w / 2);
    const card = { x: cx - 70, y: body.y + 14, w: 140, h: 188 };
    if (this.kind === "missions") {
      screen.text(`${me.name}'s mission`, cx, body.y, palette.INK, "center", true);
      drawRiskCard(screen, card, me.mission ? this.board.missionText(me.mission) : "No mission");
    } else if (this.kind === "headquarters") {
      this.drawHeadquarters(screen, body, font);
    } else {
      drawRiskCard(screen, { ...card, y: body.y + 4 }, "No special card in a full game.\n\nConquer the World!",
        "WORLD", palette.SELECT_BLUE);
    }
    screen.button(r.x + r.w - MARGIN - 60, r.y + r.h - 8 - BUTTON_H, 60, BUTTON_H, "OK",
      () => this.closeAction(), { focused: true });
  }

  drawHeadquarters(screen, body) {
    const v = this.view;
    let y = body.y + 2;
    const x = body.x;
    if (!v.hq_revealed) {
      const lines = ["The headquarters stay secret until every player has chosen one."];
      const own = v.players[this.seat].headquarters;
      if (own) lines.push(`Yours: ${this.board.name(own)}.`);
      lines.forEach((line, i) => screen.text(line, x, y + i * 12, palette.INK));
      return;
    }
    screen.text("HEADQUARTERS", x + 16, y, palette.SHADOW, "left", true);
    screen.text("HELD BY", x + 250, y, palette.SHADOW, "left", true);
    screen.fill(palette.DARK, x, y + 11, body.w, 1);
    y += 16;
    let held = 0;
    v.players.forEach((p, pid) => {
      const hq = p.headquarters;
      if (!hq) return;
      const owner = v.owner[hq];
      const mine = owner === this.seat;
      held += mine ? 1 : 0;
      if (mine) screen.fill(palette.SELECT_BLUE, x - 2, y - 1, body.w + 4, 15);
      const ink = mine ? palette.WHITE : palette.INK;
      swatch(screen, x, y + 1, palette.playerColour(p.colour));
      screen.text(`${p.name}: ${this.board.name(hq)}`, x + 16, y + 2, ink);
      if (owner !== null && owner !== undefined && v.players[owner]) {
        swatch(screen, x + 250, y + 1, palette.playerColour(v.players[owner].colour));
        screen.text(v.players[owner].name, x + 266, y + 2, ink);
      }
      y += 16;
    });
    const need = v.hq_to_win || v.players.filter((p) => !p.is_neutral).length;
    const own = v.players[this.seat].headquarters;
    const holdsOwn = own && v.owner[own] === this.seat;
    let text = `${v.players[this.seat].name} holds ${held} of the ${need} needed to win`;
    text += holdsOwn ? "." : ", but must also hold their own.";
    screen.text(text, x, y + 10, palette.INK, "left", true);
  }

  key(event) {
    if (["Enter", " ", "Escape", "m", "M"].includes(event.key)) {
      this.closeAction();
      return true;
    }
    return false;
  }
}

function swatch(screen, x, y, colour) {
  screen.fill(palette.INK, x, y, 11, 9);
  screen.fill(colour.rgb, x + 1, y + 1, 9, 7);
}
