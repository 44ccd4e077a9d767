// Windows over the map for the questions of a step: how many dice, which attack mode, how
// many armies to move, which cards to trade, what the mission is, who won. Each is drawn in
// the game's look (a title bar, a grey face, bevelled buttons) and answered by a click, a tap
// or the keys: the arrows move the focus, Return presses it, Escape cancels where a step can
// be cancelled, and each button's letter or number presses it at once.

import * as palette from "./palette.js";
import { VIEW } from "./mapview.js";

const BUTTON_H = 15;

export class Dialog {
  /** `buttons`: [{label, key, press, enabled, chosen}]; `cancel`: what Escape does (or null). */
  constructor(name, title, lines, buttons, { cancel = null, focus = 0, width = 300 } = {}) {
    this.name = name;
    this.title = title;
    this.lines = lines;
    this.buttons = buttons;
    this.cancel = cancel;
    this.focus = focus;
    this.width = width;
  }

  rowsOfButtons() {
    // buttons in rows of at most four
    const rows = [];
    for (let i = 0; i < this.buttons.length; i += 4) rows.push(this.buttons.slice(i, i + 4));
    return rows;
  }

  height(font) {
    return 16 + this.wrapped(font).length * 11 + 6 + this.rowsOfButtons().length * (BUTTON_H + 4) + 6
      + this.extraHeight();
  }

  extraHeight() {
    return 0;
  }

  wrapped(font) {
    const lines = [];
    for (const line of this.lines) {
      const [text, colour] = Array.isArray(line) ? line : [line, palette.INK];
      for (const part of font.wrap(text, this.width - 16)) lines.push([part, colour]);
    }
    return lines;
  }

  draw(screen) {
    const font = screen.font;
    const w = this.width;
    const h = this.height(font);
    const x = VIEW.x + Math.floor((VIEW.w - w) / 2);
    const y = VIEW.y + Math.floor((VIEW.h - h) / 2);
    screen.fill(palette.INK, x + 3, y + 3, w, h); // its shadow
    screen.bevel(x, y, w, h, palette.FACE);
    screen.fill(palette.TITLE_BLUE, x + 2, y + 2, w - 4, 12);
    screen.text(font.ellipsize(this.title, w - 10), x + 5, y + 4, palette.WHITE, "left", true);
    let ty = y + 18;
    for (const [text, colour] of this.wrapped(font)) {
      screen.text(text, x + 8, ty, colour);
      ty += 11;
    }
    ty = this.drawExtra(screen, x, ty + 2, w) + 4;
    let index = 0;
    for (const row of this.rowsOfButtons()) {
      const gap = 6;
      const bw = Math.min(90, Math.floor((w - 16 - gap * (row.length - 1)) / row.length));
      let bx = x + Math.floor((w - (bw * row.length + gap * (row.length - 1))) / 2);
      for (const b of row) {
        const label = b.key ? `${b.label}` : b.label;
        screen.button(bx, ty, bw, BUTTON_H, label, b.press, {
          key: b.key, enabled: b.enabled !== false, focused: index === this.focus,
          chosen: b.chosen,
        });
        bx += bw + gap;
        index += 1;
      }
      ty += BUTTON_H + 4;
    }
  }

  drawExtra(screen, x, y) {
    return y;
  }

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
      case "Tab":
        step(event.shiftKey && event.key === "Tab" ? -1 : 1);
        return true;
      case "ArrowLeft":
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

/** How many armies: a number between `lo` and `hi`, changed by - and + (or the up and down
 * arrows, Home and End), answered with OK. */
export class CountDialog extends Dialog {
  constructor(name, title, lines, lo, hi, value, ok, cancel) {
    super(name, title, lines, [], { cancel });
    this.lo = lo;
    this.hi = hi;
    this.value = Math.min(hi, Math.max(lo, value));
    this.ok = ok;
    this.rebuild();
  }

  rebuild() {
    const set = (v) => () => {
      this.value = Math.min(this.hi, Math.max(this.lo, v));
    };
    this.buttons = [
      { label: "MIN", key: "Home", press: () => set(this.lo)(), enabled: this.value > this.lo },
      { label: "-", key: "-", press: () => set(this.value - 1)(), enabled: this.value > this.lo },
      { label: "+", key: "+", press: () => set(this.value + 1)(), enabled: this.value < this.hi },
      { label: "MAX", key: "End", press: () => set(this.hi)(), enabled: this.value < this.hi },
      { label: "OK", key: "", press: () => this.ok(this.value) },
    ];
    if (this.cancel) this.buttons.push({ label: "CANCEL", key: "", press: () => this.cancel() });
    this.focus = 4;
  }

  extraHeight() {
    return 20;
  }

  drawExtra(screen, x, y, w) {
    screen.bevel(x + Math.floor(w / 2) - 30, y, 60, 16, palette.WHITE, true);
    screen.text(String(this.value), x + Math.floor(w / 2), y + 4, palette.INK, "center", true);
    // keep the buttons' enabled state in step with the value
    this.buttons[0].enabled = this.buttons[1].enabled = this.value > this.lo;
    this.buttons[2].enabled = this.buttons[3].enabled = this.value < this.hi;
    return y + 20;
  }

  key(event) {
    const change = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10, "+": 1, "=": 1, "-": -1 };
    if (event.key in change) {
      this.value = Math.min(this.hi, Math.max(this.lo, this.value + change[event.key]));
      return true;
    }
    if (event.key === "Home") {
      this.value = this.lo;
      return true;
    }
    if (event.key === "End") {
      this.value = this.hi;
      return true;
    }
    if (event.key === "Enter") {
      this.ok(this.value);
      return true;
    }
    return super.key(event);
  }
}

/** The hand: each card with its territory and kind; three chosen make a set to trade. */
export class CardsDialog extends Dialog {
  constructor(title, lines, hand, board, rules, { canTrade, forced, trade, close }) {
    super("cards", title, lines, [], { cancel: forced ? null : close, width: 320 });
    this.hand = hand;
    this.board = board;
    this.rules = rules;
    this.chosen = [];
    this.canTrade = canTrade;
    this.forced = forced;
    this.tradeAction = trade;
    this.closeAction = close;
    this.rebuild();
  }

  rebuild() {
    const cards = this.hand.map((card, i) => ({
      label: this.label(card), key: String(i + 1),
      press: () => this.toggle(card), chosen: this.chosen.includes(card),
    }));
    const valid = this.rules.isSet(this.chosen);
    const sets = this.rules.sets(this.hand);
    this.buttons = [
      ...cards,
      { label: "TRADE", key: "t", press: () => this.tradeAction(this.chosen.slice()),
        enabled: this.canTrade && valid },
    ];
    if (this.canTrade && sets.length && !valid && this.chosen.length === 0) {
      this.buttons.push({ label: "A SET", key: "s", press: () => this.pick(sets[0]) });
    }
    if (!this.forced) this.buttons.push({ label: "CLOSE", key: "Escape", press: () => this.closeAction() });
    this.focus = Math.min(this.focus, this.buttons.length - 1);
  }

  label(card) {
    const kind = this.board.cardKind(card);
    const short = this.board.territories[card] ? this.board.territories[card].short : "Wild";
    return `${short} ${kind === "wild" ? "*" : kind.slice(0, 3).toUpperCase()}`;
  }

  toggle(card) {
    if (this.chosen.includes(card)) this.chosen = this.chosen.filter((c) => c !== card);
    else if (this.chosen.length < 3) this.chosen.push(card);
    this.rebuild();
  }

  pick(set) {
    this.chosen = set.slice();
    this.rebuild();
    this.focus = this.buttons.findIndex((b) => b.label === "TRADE");
  }

  rowsOfButtons() {
    // the cards two a row (their labels are long), then the commands in a row of their own
    const cards = this.buttons.slice(0, this.hand.length);
    const rest = this.buttons.slice(this.hand.length);
    const rows = [];
    for (let i = 0; i < cards.length; i += 3) rows.push(cards.slice(i, i + 3));
    rows.push(rest);
    return rows;
  }
}
