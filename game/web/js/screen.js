// The page's one screen: a 640x400 canvas shown at a whole-number scale (the game's logical
// size, crisp pixels), the drawing helpers every screen shares (bevelled panels, buttons in
// the pixel font) and the buttons drawn this frame, which the input module presses.

import * as palette from "./palette.js";

export const WIDTH = 640;
export const HEIGHT = 400;

export class Screen {
  constructor(canvas, font) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.ctx.imageSmoothingEnabled = false;
    this.font = font;
    this.scale = 1;
    this.buttons = []; // this frame's buttons: {x, y, w, h, label, key, press, enabled}
    this.published = "";
    this.resize();
    window.addEventListener("resize", () => this.resize());
  }

  /** The largest whole scale that fits the window, the canvas centred (crisp pixels); in a
   * window smaller than the screen (a phone), the screen shrunk to fit it whole. */
  resize() {
    const fit = Math.min(window.innerWidth / WIDTH, window.innerHeight / HEIGHT);
    const scale = fit >= 1 ? Math.floor(fit) : Math.max(0.25, fit);
    this.scale = scale;
    const stage = this.canvas.parentElement;
    this.canvas.style.width = `${WIDTH * scale}px`;
    this.canvas.style.height = `${HEIGHT * scale}px`;
    stage.style.left = `${Math.max(0, Math.floor((window.innerWidth - WIDTH * scale) / 2))}px`;
    stage.style.top = `${Math.max(0, Math.floor((window.innerHeight - HEIGHT * scale) / 2))}px`;
    this.canvas.dataset.scale = String(scale);
  }

  /** A page point (clientX, clientY) in logical pixels. */
  toLogical(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    return [Math.floor((clientX - rect.left) * WIDTH / rect.width),
      Math.floor((clientY - rect.top) * HEIGHT / rect.height)];
  }

  /** Lay a real input box over a logical rectangle (or hide it with null). */
  placeInput(element, rect) {
    if (!rect) {
      element.hidden = true;
      return;
    }
    const s = this.scale;
    element.hidden = false;
    element.style.left = `${rect.x * s}px`;
    element.style.top = `${rect.y * s}px`;
    element.style.width = `${rect.w * s}px`;
    element.style.height = `${rect.h * s}px`;
  }

  beginFrame() {
    this.buttons = [];
  }

  /** Tell the page's element what is on screen (read by the browser tests to click the
   * right places: the camera and the buttons' rectangles), only when it changed. */
  publish(facts) {
    const buttons = this.buttons.map((b) => [b.label, b.key || "", b.x, b.y, b.w, b.h,
      b.enabled ? 1 : 0]);
    const text = JSON.stringify({ ...facts, buttons });
    if (text !== this.published) {
      this.published = text;
      this.canvas.dataset.screen = text;
    }
  }

  fill(rgb, x, y, w, h) {
    this.ctx.fillStyle = palette.css(rgb);
    this.ctx.fillRect(x, y, w, h);
  }

  /** A raised grey panel: light above and left, dark below and right. */
  bevel(x, y, w, h, face = palette.FACE, sunken = false) {
    this.edged(x, y, w, h, face, sunken ? palette.DARK : palette.LIGHT,
               sunken ? palette.LIGHT : palette.DARK);
  }

  /** A face inside a black border, `hi` along its top and left edges, `lo` along the rest. */
  edged(x, y, w, h, face, hi, lo) {
    this.fill(palette.INK, x, y, w, h);
    this.fill(face, x + 1, y + 1, w - 2, h - 2);
    this.fill(hi, x + 1, y + 1, w - 2, 1);
    this.fill(hi, x + 1, y + 1, 1, h - 2);
    this.fill(lo, x + 1, y + h - 2, w - 2, 1);
    this.fill(lo, x + w - 2, y + 1, 1, h - 2);
  }

  text(text, x, y, rgb = palette.INK, align = "left", bold = false) {
    return this.font.draw(this.ctx, text, x, y, rgb, align, bold);
  }

  /** A box with a 1-pixel light and dark bevel inside a black border (game/ui/draw.py's
   * bevel_box): raised, or sunken. */
  bevelBox(x, y, w, h, face = palette.LIGHT, raised = true) {
    this.edged(x, y, w, h, face, raised ? palette.WHITE : palette.DARK,
               raised ? palette.DARK : palette.WHITE);
  }

  /** An empty rectangle one pixel wide. */
  frame(rgb, x, y, w, h) {
    this.fill(rgb, x, y, w, 1);
    this.fill(rgb, x, y + h - 1, w, 1);
    this.fill(rgb, x, y, 1, h);
    this.fill(rgb, x + w - 1, y, 1, h);
  }

  /** A button as the window draws one (game/ui/widgets.py): light and raised, blue when
   * `chosen`; `focused` is the button Return presses now (the thick black border). Pressed
   * by a click or touch on it or by its key. */
  button(x, y, w, h, label, press, { key = "", enabled = true, focused = false,
    chosen = false, bold = false } = {}) {
    if (focused && enabled) {
      this.frame(palette.INK, x - 2, y - 2, w + 4, h + 4);
      this.frame(palette.INK, x - 1, y - 1, w + 2, h + 2);
    }
    this.bevelBox(x, y, w, h, chosen ? palette.SELECT_BLUE : palette.LIGHT, true);
    if (chosen) this.frame(palette.NAVY, x, y, w, h);
    const ink = !enabled ? palette.DIM_TEXT : chosen ? palette.WHITE : palette.INK;
    const shown = this.font.ellipsize(label, w - 6, bold);
    this.text(shown, x + Math.floor(w / 2), y + Math.floor((h - 7) / 2), ink, "center", bold);
    this.buttons.push({ x, y, w, h, label, key, press, enabled });
  }

  /** The button under a logical point (the topmost: the last drawn), among those drawn
   * from `from` on. */
  buttonAt(x, y, from = 0) {
    for (let i = this.buttons.length - 1; i >= from; i--) {
      const b = this.buttons[i];
      if (x >= b.x && y >= b.y && x < b.x + b.w && y < b.y + b.h) return b;
    }
    return null;
  }

  buttonForKey(key) {
    const wanted = key.toLowerCase();
    for (let i = this.buttons.length - 1; i >= 0; i--) {
      const b = this.buttons[i];
      if (b.key && b.key.toLowerCase() === wanted && b.enabled) return b;
    }
    return null;
  }
}
