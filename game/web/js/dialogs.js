// Windows over the map for the questions of a step, in the desktop's look (game/ui/dialog.py
// and game/scenes/dialogs/boxes.py): a shadow, a blue title bar with the title in the middle,
// the question on the grey face and the buttons in a row at the foot on the right. Each is
// answered by a click, a tap or the keys: the arrows and Tab move the thick border (the button
// Return presses), Return presses it, Escape cancels where a step can be cancelled, and each
// button's letter or number presses it at once. A window asked about a battle stands clear
// of its territories, as the desktop's does (`placeClear`).

import * as palette from "./palette.js";
import { VIEW } from "./mapview.js";

export const MARGIN = 10;
export const BUTTON_H = 15;
const BUTTON_GAP = 8;
const BUTTON_MIN_W = 56;
const BUTTON_PADDING = 10;
const TITLE_BAR = 12;
const LINE = 11;
const ROW_GAP = 6;
const MAX_WIDTH = 620;

/** The window itself: its shadow, face, border and title bar. */
export function drawWindow(screen, x, y, w, h, title) {
  const ctx = screen.ctx;
  ctx.save();
  ctx.globalAlpha = 150 / 255;
  screen.fill([0, 0, 0], x + 4, y + 4, w, h);
  ctx.restore();
  screen.fill(palette.FACE, x, y, w, h);
  screen.frame(palette.INK, x, y, w, h);
  screen.fill(palette.FACE_LIGHT, x + 1, y + 1, w - 2, 1);
  screen.fill(palette.TITLE_BLUE, x + 1, y + 1, w - 2, TITLE_BAR);
  screen.fill(palette.INK, x, y + 1 + TITLE_BAR, w, 1);
  screen.text(screen.font.ellipsize(title, w - 8, true), x + Math.floor(w / 2), y + 4,
    palette.WHITE, "center", true);
}

/** Where a w x h window stands in the map's window so it covers the least of `avoid`
 * ({badges, shapes}: screen rectangles; a badge covered counts far more than a shape). */
export function placeClear(w, h, avoid) {
  const area = { x: VIEW.x + 4, y: VIEW.y + 4, w: VIEW.w - 8, h: VIEW.h - 8 };
  const middle = { x: VIEW.x + Math.floor((VIEW.w - w) / 2), y: VIEW.y + Math.floor((VIEW.h - h) / 2) };
  if (!avoid) return middle;
  const left = area.x;
  const right = area.x + area.w - w;
  const cx = area.x + Math.floor((area.w - w) / 2);
  const top = area.y;
  const bottom = area.y + area.h - h;
  const cy = area.y + Math.floor((area.h - h) / 2);
  const spots = [middle, { x: cx, y: top }, { x: cx, y: bottom }, { x: left, y: top },
    { x: right, y: top }, { x: left, y: bottom }, { x: right, y: bottom }, { x: left, y: cy },
    { x: right, y: cy }];
  const covered = (s, rects) => rects.reduce((sum, r) => {
    const ow = Math.min(s.x + w, r.x + r.w) - Math.max(s.x, r.x);
    const oh = Math.min(s.y + h, r.y + r.h) - Math.max(s.y, r.y);
    return sum + (ow > 0 && oh > 0 ? ow * oh : 0);
  }, 0);
  let best = middle;
  let least = Infinity;
  for (const spot of spots) {
    const score = covered(spot, avoid.badges) * 10000 + covered(spot, avoid.shapes);
    if (score < least) {
      least = score;
      best = spot;
    }
  }
  return best;
}

/** A button's width: its label whole, with air beside it, at least the desktop's least. */
export function buttonWidth(font, label) {
  return Math.max(BUTTON_MIN_W, font.width(label) + 2 * BUTTON_PADDING);
}

export class Dialog {
  /** `buttons`: [{label, key, press, enabled, chosen, row}] (rows from 0, top first; the
   * last row stands at the foot); `cancel`: what Escape does (or null); `focus`: the button
   * Return presses at first; `avoid`: a function giving the territories to stand clear of. */
  constructor(name, title, lines, buttons, { cancel = null, focus = 0, width = 300,
    avoid = null } = {}) {
    this.name = name;
    this.title = title;
    this.lines = lines;
    this.buttons = buttons;
    this.cancel = cancel;
    this.focus = focus;
    this.width = width;
    this.avoid = avoid;
  }

  rowsOfButtons() {
    const rows = [];
    for (const b of this.buttons) {
      const row = b.row || 0;
      while (rows.length <= row) rows.push([]);
      rows[row].push(b);
    }
    return rows.filter((r) => r.length);
  }

  rowWidth(font, row) {
    return row.reduce((s, b) => s + (b.width || buttonWidth(font, b.label)), 0)
      + BUTTON_GAP * (row.length - 1);
  }

  windowWidth(font) {
    const widest = Math.max(0, ...this.rowsOfButtons().map((r) => this.rowWidth(font, r)));
    return Math.min(MAX_WIDTH, Math.max(this.width, widest + 2 * MARGIN));
  }

  wrapped(font, width) {
    const lines = [];
    for (const line of this.lines) {
      const [text, colour] = Array.isArray(line) ? line : [line, palette.INK];
      for (const part of font.wrap(text, width - 2 * MARGIN)) lines.push([part, colour]);
    }
    return lines;
  }

  extraHeight() {
    return 0;
  }

  size(font) {
    const w = this.windowWidth(font);
    const rows = this.rowsOfButtons().length;
    const h = 20 + this.wrapped(font, w).length * LINE + this.extraHeight() + 4
      + rows * (BUTTON_H + ROW_GAP) + 6;
    return [w, h];
  }

  /** Where the window stands now (clear of the battle it asks about). */
  place(font) {
    const [w, h] = this.size(font);
    return { ...placeClear(w, h, this.avoid ? this.avoid() : null), w, h };
  }

  draw(screen) {
    const font = screen.font;
    const { x, y, w, h } = this.place(font);
    this.rect = { x, y, w, h };
    drawWindow(screen, x, y, w, h, this.title);
    let ty = y + 20;
    for (const [text, colour] of this.wrapped(font, w)) {
      screen.text(text, x + MARGIN, ty, colour);
      ty += LINE;
    }
    this.drawExtra(screen, x, ty, w);
    const rows = this.rowsOfButtons();
    let by = y + h - 8 - BUTTON_H - (rows.length - 1) * (BUTTON_H + ROW_GAP);
    const flat = this.buttons;
    for (const row of rows) {
      let bx = x + w - MARGIN - this.rowWidth(font, row);
      for (const b of row) {
        const bw = b.width || buttonWidth(font, b.label);
        screen.button(bx, by, bw, BUTTON_H, b.label, b.press, {
          key: b.key, enabled: b.enabled !== false, focused: flat.indexOf(b) === this.focus,
          chosen: b.chosen,
        });
        bx += bw + BUTTON_GAP;
      }
      by += BUTTON_H + ROW_GAP;
    }
  }

  drawExtra() {}

  /** A key for the dialog; true if it used it. */
  key(event) {
    const count = this.buttons.length;
    const step = (d) => {
      for (let i = 1; i <= count; i++) {
        const next = (this.focus + d * i + count * 4) % count;
        if (this.buttons[next].enabled !== false) {
          this.focus = next;
          return;
        }
      }
    };
    switch (event.key) {
      case "ArrowRight":
      case "ArrowDown":
      case "Tab":
        step(event.shiftKey && event.key === "Tab" ? -1 : 1);
        return true;
      case "ArrowLeft":
      case "ArrowUp":
        step(-1);
        return true;
      case "Enter":
      case " ": {
        const b = this.buttons[this.focus];
        if (b && b.enabled !== false) b.press();
        return true;
      }
      case "Escape":
        if (this.cancel) this.cancel();
        return true;
      default: {
        const b = this.buttons.find((x) => x.key && x.key.toLowerCase() === event.key.toLowerCase()
          && x.enabled !== false);
        if (b) {
          b.press();
          return true;
        }
        return false;
      }
    }
  }
}

/** 'How many?' as the desktop's number window asks it: the number in a box, - and + beside
 * it (and the arrows, Page Up and Down, Home and End, or typed digits), the range and what OK
 * takes, and OK (Return) and CANCEL (Escape) at the foot. */
export class CountDialog extends Dialog {
  constructor(name, title, lines, lo, hi, value, ok, cancel, { avoid = null } = {}) {
    super(name, title, lines, [], { cancel, width: 240, avoid });
    this.lo = lo;
    this.hi = hi;
    this.value = Math.min(hi, Math.max(lo, value));
    this.typed = "";
    this.ok = ok;
    const buttons = [];
    if (cancel) buttons.push({ label: "CANCEL", key: "", press: () => cancel() });
    buttons.push({ label: "OK", key: "", press: () => this.ok(this.value) });
    this.buttons = buttons;
    this.focus = buttons.length - 1;
  }

  set(value) {
    this.typed = "";
    this.value = Math.min(this.hi, Math.max(this.lo, value));
  }

  extraHeight() {
    return 26;
  }

  drawExtra(screen, x, y) {
    const bx = x + MARGIN;
    const by = y + 4;
    screen.bevelBox(bx, by, 60, 16, palette.WHITE, false);
    screen.text(String(this.value), bx + 55, by + 5, palette.INK, "right", true);
    screen.button(bx + 62, by, 14, 16, "-", () => this.set(this.value - 1),
      { key: "-", enabled: this.value > this.lo });
    screen.button(bx + 78, by, 14, 16, "+", () => this.set(this.value + 1),
      { key: "+", enabled: this.value < this.hi });
    const range = this.lo === this.hi ? `${this.lo}` : `${this.lo} to ${this.hi}, OK = ${this.value}`;
    screen.text(range, bx + 98, by + 5, palette.DARK);
  }

  key(event) {
    const change = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10, "+": 1, "=": 1, "-": -1 };
    if (event.key in change) {
      this.set(this.value + change[event.key]);
      return true;
    }
    if (event.key === "Home") {
      this.set(this.lo);
      return true;
    }
    if (event.key === "End") {
      this.set(this.hi);
      return true;
    }
    if (/^[0-9]$/.test(event.key)) {
      // typed digits make the number (one out of range is not taken: the nearest end is)
      this.typed = (this.typed + event.key).slice(-4);
      this.value = Math.min(this.hi, Math.max(this.lo, Number(this.typed)));
      return true;
    }
    if (event.key === "Backspace") {
      this.typed = this.typed.slice(0, -1);
      if (this.typed) this.value = Math.min(this.hi, Math.max(this.lo, Number(this.typed)));
      return true;
    }
    if (event.key === "Enter") {
      this.ok(this.value);
      return true;
    }
    if (event.key === "ArrowLeft" || event.key === "ArrowRight" || event.key === "Tab") {
      return super.key(event);
    }
    return super.key(event);
  }
}
