// The first page: the server's tables, their seats and who sits in them (from /tables.json,
// read again every two seconds), a name box (and the password's, when the server has one)
// and a TAKE button on each open seat. A seat this browser kept (a reload, a closed tab) is
// offered back at the top; the page takes it back by itself when it can.

import * as palette from "./palette.js";
import { drawMenuBar } from "./panel.js";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from "./protocol.js";

const POLL_SECONDS = 2;
const KIND_WORDS = { easy: "Easy general", standard: "Standard general", good: "Good general" };
const SEAT_COLOURS = ["red", "blue", "green", "yellow", "black", "pink"];
const NAME_BOX = { x: 250, y: 52, w: 150, h: 14 };
const PASSWORD_BOX = { x: 250, y: 70, w: 150, h: 14 };

export class LobbyScreen {
  constructor(app) {
    this.app = app;
    this.tables = null;
    this.hasPassword = false;
    this.fillLevel = null;
    this.note = null; // [text, colour]
    this.timer = null;
    this.focus = -1; // the focused button, for the keys (-1: none)
    this.busy = false;
    this.nameInput = document.getElementById("name");
    this.passwordInput = document.getElementById("password");
    this.nameInput.maxLength = MAX_NAME_LENGTH;
    this.passwordInput.maxLength = MAX_PASSWORD_LENGTH;
  }

  enter(note = null) {
    this.note = note;
    this.busy = false;
    this.kept = this.app.store.offer();
    if (this.kept && !this.nameInput.value) this.nameInput.value = this.kept.name || "";
    this.poll();
    this.timer = setInterval(() => this.poll(), POLL_SECONDS * 1000);
    if (!this.nameInput.value) setTimeout(() => this.nameInput.focus(), 0);
  }

  leave() {
    clearInterval(this.timer);
    this.app.screen.placeInput(this.nameInput, null);
    this.app.screen.placeInput(this.passwordInput, null);
    this.nameInput.blur();
    this.passwordInput.blur();
  }

  async poll() {
    try {
      const answer = await fetch("/tables.json", { cache: "no-store" });
      if (!answer.ok) throw new Error(String(answer.status));
      const data = await answer.json();
      this.tables = Array.isArray(data.tables) ? data.tables : [];
      this.hasPassword = Boolean(data.password);
      // the generals a waiting player may fill the open seats with (null: not allowed here)
      this.fillLevel = typeof data.fill === "string" ? data.fill : null;
    } catch {
      this.tables = null;
    }
  }

  name() {
    return this.nameInput.value.trim();
  }

  join(game, seat) {
    const name = this.name();
    if (!name) {
      this.note = ["Type your name first.", palette.ALERT_RED];
      this.nameInput.focus();
      return;
    }
    this.busy = true;
    this.note = ["Joining...", palette.CREAM];
    this.app.conn.join({ name, password: this.passwordInput.value, game, seat });
  }

  takeBack() {
    const kept = this.kept;
    if (!kept) return;
    this.busy = true;
    this.note = ["Taking your seat back...", palette.CREAM];
    this.app.conn.credentials = { ...kept };
    this.app.conn.join({ name: kept.name, password: this.passwordInput.value || this.app.store.password(),
      game: kept.game, seat: kept.seat, token: kept.token });
  }

  forgetKept() {
    this.app.store.forget(this.kept);
    this.kept = null;
  }

  refused(msg) {
    this.busy = false;
    this.poll(); // (a seat taken meanwhile: show the tables as they are now)
    this.kept = this.app.store.offer();
    this.note = [sentence(msg.reason), palette.ALERT_RED];
  }

  /** The first open seat's (game, seat), for Return in the name box. */
  firstOpen() {
    for (const table of this.tables || []) {
      for (const seat of table.seats) {
        if (seat.kind === "open" && !seat.taken) return [table.game, seat.seat];
      }
    }
    return null;
  }

  // -- input -----------------------------------------------------------------------------
  press(x, y) {
    const b = this.app.screen.buttonAt(x, y);
    if (b && b.enabled) b.press();
  }

  key(event) {
    if (event.target && event.target.tagName === "INPUT") {
      if (event.key === "Enter") {
        if (this.kept) this.takeBack();
        else {
          const open = this.firstOpen();
          if (open) this.join(open[0], open[1]);
          else this.note = ["No table has an open seat now.", palette.ALERT_RED];
        }
        return true;
      }
      if (event.key === "Tab" && !event.shiftKey && (event.target === this.passwordInput
          || this.passwordInput.hidden)) {
        event.target.blur();
        this.app.screen.canvas.focus();
        this.focus = 0;
        return true;
      }
      return false;
    }
    const buttons = this.app.screen.buttons.filter((b) => b.enabled);
    if (["ArrowDown", "ArrowRight", "Tab", "ArrowUp", "ArrowLeft"].includes(event.key)) {
      const back = event.key === "ArrowUp" || event.key === "ArrowLeft" || (event.key === "Tab" && event.shiftKey);
      if (buttons.length) this.focus = (Math.max(0, this.focus) + (back ? -1 : 1) + buttons.length) % buttons.length;
      return true;
    }
    if ((event.key === "Enter" || event.key === " ") && buttons[this.focus]) {
      buttons[this.focus].press();
      return true;
    }
    if (event.key === "n") {
      this.nameInput.focus();
      return true;
    }
    return false;
  }

  // -- drawing ---------------------------------------------------------------------------
  draw() {
    const screen = this.app.screen;
    const font = screen.font;
    screen.fill(palette.NAVY, 0, 0, 640, 400);
    drawMenuBar(screen, "", "PLAY IN YOUR BROWSER", this.tables === null ? "NO SERVER" : "");
    // the title, twice the font's size
    const title = font.render("CONQUEST", palette.GOLD, true);
    screen.ctx.drawImage(title, 320 - title.width, 18, title.width * 2, title.height * 2);
    screen.text("Choose a table and take an open seat.", 320, 38, palette.CREAM, "center");
    // name and password boxes: real inputs over drawn boxes
    this.box(screen, "YOUR NAME", NAME_BOX, this.nameInput, this.nameInput.value);
    if (this.hasPassword) {
      this.box(screen, "GAME PASSWORD", PASSWORD_BOX, this.passwordInput,
        "*".repeat(this.passwordInput.value.length));
    } else {
      screen.placeInput(this.passwordInput, null);
    }
    let y = this.hasPassword ? 92 : 76;
    if (this.kept) {
      screen.bevel(120, y, 400, 22, palette.FACE_LIGHT);
      const text = `Your seat ${this.kept.seat + 1} at table ${this.kept.game} (${this.kept.name}) is kept.`;
      screen.text(font.ellipsize(text, 230), 126, y + 7, palette.INK);
      screen.button(360, y + 4, 86, 14, "TAKE IT BACK", () => this.takeBack(),
        { enabled: !this.busy, focused: this.isFocused(screen) });
      screen.button(450, y + 4, 64, 14, "FORGET", () => this.forgetKept(),
        { enabled: !this.busy, focused: this.isFocused(screen) });
      y += 28;
    }
    if (this.note) {
      screen.text(font.ellipsize(this.note[0], 600), 320, y, this.note[1], "center");
    }
    y += 14;
    const tables = this.tables || [];
    if (this.tables === null) {
      screen.text("The server cannot be reached.", 320, y + 20, palette.ALERT_RED, "center");
    }
    tables.slice(0, 4).forEach((table, i) => {
      const columns = tables.length === 1 ? 1 : 2;
      const w = columns === 1 ? 360 : 300;
      const x = columns === 1 ? 140 : 14 + (i % 2) * 312;
      const ty = y + Math.floor(i / 2) * 116;
      this.drawTable(screen, table, x, ty, w);
    });
    if (tables.length > 4) {
      screen.text(`and ${tables.length - 4} more tables`, 320, 388, palette.CREAM, "center");
    }
    this.app.publish({ screen: "lobby" });
  }

  isFocused(screen) {
    const enabled = screen.buttons.filter((b) => b.enabled).length;
    return this.focus === enabled && !document.activeElement.matches("input");
  }

  box(screen, label, rect, input, shown) {
    screen.text(label, rect.x - 6, rect.y + 3, palette.CREAM, "right");
    screen.bevel(rect.x, rect.y, rect.w, rect.h, palette.WHITE, true);
    const font = screen.font;
    const text = font.ellipsize(shown, rect.w - 8);
    screen.text(text, rect.x + 4, rect.y + 3, palette.INK);
    if (document.activeElement === input && Math.floor(performance.now() / 500) % 2 === 0) {
      const caret = Math.min(input.selectionEnd ?? shown.length, shown.length);
      const cx = rect.x + 4 + font.width(shown.slice(0, caret)) + 1;
      screen.fill(palette.INK, Math.min(cx, rect.x + rect.w - 3), rect.y + 2, 1, rect.h - 4);
    }
    screen.placeInput(input, rect);
  }

  drawTable(screen, table, x, y, w) {
    const font = screen.font;
    const rows = table.seats.length;
    const h = 18 + rows * 14 + 4;
    screen.bevel(x, y, w, h, palette.FACE);
    screen.fill(palette.TITLE_BLUE, x + 2, y + 2, w - 4, 12);
    const open = table.seats.filter((s) => s.kind === "open" && !s.taken).length;
    const state = table.started ? "playing" : open ? `${open} open seat${open === 1 ? "" : "s"}` : "starting";
    screen.text(`TABLE ${table.game}`, x + 5, y + 4, palette.WHITE, "left", true);
    screen.text(state, x + w - 5, y + 4, palette.CREAM, "right");
    table.seats.forEach((seat, i) => {
      const ry = y + 17 + i * 14;
      const colour = palette.playerColour(SEAT_COLOURS[seat.seat] || "grey");
      screen.fill(palette.INK, x + 6, ry + 3, 8, 8);
      screen.fill(colour.rgb, x + 7, ry + 4, 6, 6);
      screen.text(`Seat ${seat.seat + 1}`, x + 18, ry + 3, palette.INK);
      let who;
      let ink = palette.INK;
      if (seat.kind !== "open") {
        who = `${seat.name || "Computer"} (${KIND_WORDS[seat.kind] || seat.kind})`;
      } else if (seat.taken) {
        who = seat.name || "taken";
        if (seat.away) {
          who += " (away)";
          ink = palette.DIM_TEXT;
        }
      } else {
        who = "open";
        ink = palette.DARK;
      }
      const room = seat.kind === "open" && !seat.taken ? w - 120 : w - 66;
      screen.text(font.ellipsize(who, room), x + 58, ry + 3, ink);
      if (seat.kind === "open" && !seat.taken) {
        const focused = this.isFocused(screen);
        screen.button(x + w - 56, ry + 1, 50, 13, "TAKE", () => this.join(table.game, seat.seat),
          { enabled: !this.busy && !table.started, focused });
      }
    });
  }
}

function sentence(text) {
  text = String(text);
  return text.slice(0, 1).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}
