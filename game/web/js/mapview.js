// The map window: a camera over the world image (1130x652) shown through a 508x356 window,
// as on the desktop (game/ui/mapview.py): highlights cut from the hit mask, army badges in
// the owners' colours, headquarters flags. Dragging, the wheel and the keys move the camera;
// the game's events steer it to what happens off screen.

import * as palette from "./palette.js";

export const FRAME = { x: 0, y: 12, w: 512, h: 360 };
export const VIEW = { x: 2, y: 14, w: 508, h: 356 };
export const BADGE_HEIGHT = 11;
const SCROLL_SPEED = 900; // px/s at least, when the camera glides to a territory
const GLIDE_SECONDS = 0.25; // and never longer than this: others' moves come quickly
const SHOW_MARGIN = 48;

// Small letters tiled over the attacker ('a') and defender ('d'), as on the desktop.
const LETTER_A = ["........", "........", ".####...", ".....#..", "..####..", ".#...#..",
  "..####..", "........", "........"];
const LETTER_D = ["........", ".....#..", ".....#..", "..####..", ".#...#..", ".#...#..",
  "..####..", "........", "........"];
const HATCH = ["#...", ".#..", "..#.", "...#"];
const TILE_INK = [24, 20, 28];

export class MapView {
  constructor(board, world, mask, font) {
    this.board = board;
    this.world = world;
    this.mask = mask;
    this.font = font;
    const [w, h] = board.size;
    this.maxX = Math.max(0, w - VIEW.w);
    this.maxY = Math.max(0, h - VIEW.h);
    this.x = this.maxX / 2;
    this.y = this.maxY / 2;
    this.target = null;
    this.overlays = new Map();
    this.badges = new Map();
  }

  get camera() {
    return [Math.floor(this.x), Math.floor(this.y)];
  }

  clamp(x, y) {
    return [Math.min(this.maxX, Math.max(0, x)), Math.min(this.maxY, Math.max(0, y))];
  }

  scrollBy(dx, dy) {
    this.target = null;
    this.glide = 0;
    [this.x, this.y] = this.clamp(this.x + dx, this.y + dy);
  }

  centreOn([x, y]) {
    [this.x, this.y] = this.clamp(x - VIEW.w / 2, y - VIEW.h / 2);
  }

  isInView(id, margin = SHOW_MARGIN) {
    const [ax, ay] = this.board.anchor(id);
    return ax >= this.x + margin && ax <= this.x + VIEW.w - margin
      && ay >= this.y + margin && ay <= this.y + VIEW.h - margin;
  }

  /** Glide the camera so these territories are in view (if they are not already). */
  show(...ids) {
    ids = ids.filter(Boolean);
    if (!ids.length || ids.every((id) => this.isInView(id))) return;
    const points = ids.map((id) => this.board.anchor(id));
    const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
    const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
    this.target = this.clamp(cx - VIEW.w / 2, cy - VIEW.h / 2);
    this.glide = 0;
  }

  update(dt) {
    if (!this.target) return;
    const [tx, ty] = this.target;
    const dx = tx - this.x;
    const dy = ty - this.y;
    const distance = Math.hypot(dx, dy);
    if (!this.glide) this.glide = Math.max(SCROLL_SPEED, distance / GLIDE_SECONDS);
    const step = this.glide * dt;
    if (distance <= step || distance < 1) {
      [this.x, this.y] = this.target;
      this.target = null;
      this.glide = 0;
    } else {
      this.x += (dx / distance) * step;
      this.y += (dy / distance) * step;
    }
  }

  /** Screen point -> world pixel, or null outside the window. */
  toWorld(sx, sy) {
    if (sx < VIEW.x || sy < VIEW.y || sx >= VIEW.x + VIEW.w || sy >= VIEW.y + VIEW.h) return null;
    const [cx, cy] = this.camera;
    return [sx - VIEW.x + cx, sy - VIEW.y + cy];
  }

  toScreen([wx, wy]) {
    const [cx, cy] = this.camera;
    return [wx - cx + VIEW.x, wy - cy + VIEW.y];
  }

  territoryAt(sx, sy) {
    const point = this.toWorld(sx, sy);
    return point ? this.mask.territoryAt(point[0], point[1]) : null;
  }

  contains(sx, sy) {
    return this.toWorld(sx, sy) !== null;
  }

  // -- pictures made once --------------------------------------------------------------
  /** A highlight of a territory ("a", "d", "hatch", "hover", "choose", "flash") and where
   * its top-left goes on the world image. */
  overlay(id, kind) {
    const key = `${id}|${kind}`;
    let made = this.overlays.get(key);
    if (made) return made;
    const [x0, y0, x1, y1] = this.board.box(id);
    const w = x1 - x0 + 3;
    const h = y1 - y0 + 3;
    const value = this.board.maskValue(id);
    const canvas = document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext("2d");
    const image = ctx.createImageData(w, h);
    const tile = kind === "a" ? LETTER_A : kind === "d" ? LETTER_D : kind === "hatch" ? HATCH : null;
    const fills = { a: [255, 255, 255, 80], d: [255, 255, 255, 80], hatch: [255, 255, 255, 40],
      choose: [255, 255, 255, 36], flash: [255, 255, 255, 120], hover: null };
    const fill = fills[kind];
    const edge = kind === "a" || kind === "d" || kind === "flash" ? palette.WHITE
      : kind === "hatch" ? palette.AMBER : palette.CREAM;
    const set = (px, py, rgba) => {
      const at = (py * w + px) * 4;
      image.data[at] = rgba[0];
      image.data[at + 1] = rgba[1];
      image.data[at + 2] = rgba[2];
      image.data[at + 3] = rgba[3] === undefined ? 255 : rgba[3];
    };
    const inside = (wx, wy) => this.mask.is(wx, wy, value);
    for (let py = 0; py < h; py++) {
      for (let px = 0; px < w; px++) {
        const wx = x0 - 1 + px;
        const wy = y0 - 1 + py;
        if (!inside(wx, wy)) continue;
        const onEdge = !inside(wx + 1, wy) || !inside(wx - 1, wy) || !inside(wx, wy + 1)
          || !inside(wx, wy - 1);
        if (onEdge) {
          set(px, py, edge);
        } else if (tile && tile[((wy % tile.length) + tile.length) % tile.length][wx % tile[0].length] === "#") {
          set(px, py, kind === "hatch" ? palette.WHITE : TILE_INK);
        } else if (fill) {
          set(px, py, fill);
        }
      }
    }
    ctx.putImageData(image, 0, 0);
    made = { canvas, at: [x0 - 1, y0 - 1] };
    this.overlays.set(key, made);
    return made;
  }

  /** An army badge 11 px high in the owner's colour; a headquarters' has a gold rim and a
   * flag on a pole rising from its left end. */
  badge(armies, colour, headquarters) {
    const key = `${armies}|${colour.name}|${headquarters ? 1 : 0}`;
    let made = this.badges.get(key);
    if (made) return made;
    const text = String(armies);
    const width = Math.max(BADGE_HEIGHT, this.font.width(text) + 5);
    const rise = headquarters ? 6 : 0;
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(width, 8);
    canvas.height = BADGE_HEIGHT + rise;
    const ctx = canvas.getContext("2d");
    const y = rise;
    ctx.fillStyle = palette.css(headquarters ? palette.GOLD : palette.INK);
    ctx.fillRect(0, y, width, BADGE_HEIGHT);
    ctx.fillStyle = palette.css(colour.rgb);
    ctx.fillRect(1, y + 1, width - 2, BADGE_HEIGHT - 2);
    const light = colour.rgb.map((c) => Math.min(255, c + 70));
    ctx.fillStyle = palette.css(light);
    ctx.fillRect(1, y + 1, width - 2, 1);
    ctx.fillRect(1, y + 1, 1, BADGE_HEIGHT - 2);
    ctx.fillStyle = palette.css(colour.shade);
    ctx.fillRect(2, y + BADGE_HEIGHT - 2, width - 3, 1);
    this.font.draw(ctx, text, Math.floor(width / 2) - Math.floor(this.font.width(text) / 2) + 1,
      y + 1, colour.text);
    if (headquarters) {
      ctx.fillStyle = palette.css(palette.INK);
      ctx.fillRect(0, 0, 1, rise + 1);
      ctx.fillStyle = palette.css(colour.rgb);
      ctx.fillRect(1, 0, 6, 4);
      ctx.fillStyle = palette.css(palette.INK);
      ctx.fillRect(1, 4, 6, 1);
    }
    made = canvas;
    this.badges.set(key, made);
    return made;
  }

  // -- drawing ---------------------------------------------------------------------------
  /** The map window: `marks` says what is highlighted; `colourOf(owner)` gives colours. */
  draw(ctx, view, colourOf, marks) {
    ctx.fillStyle = palette.css(palette.FACE);
    ctx.fillRect(FRAME.x, FRAME.y, FRAME.w, FRAME.h);
    ctx.fillStyle = palette.css(palette.INK);
    ctx.fillRect(FRAME.x + 1, FRAME.y + 1, FRAME.w - 2, FRAME.h - 2);
    const [cx, cy] = this.camera;
    ctx.save();
    ctx.beginPath();
    ctx.rect(VIEW.x, VIEW.y, VIEW.w, VIEW.h);
    ctx.clip();
    ctx.drawImage(this.world, cx, cy, VIEW.w, VIEW.h, VIEW.x, VIEW.y, VIEW.w, VIEW.h);
    const shown = [];
    for (const t of marks.choosable || []) shown.push([t, "choose"]);
    for (const t of marks.selected || []) shown.push([t, "hatch"]);
    for (const t of marks.flash || []) shown.push([t, "flash"]);
    if (marks.attacker) shown.push([marks.attacker, "a"]);
    if (marks.defender) shown.push([marks.defender, "d"]);
    if (marks.hover && marks.hover !== marks.attacker && marks.hover !== marks.defender) {
      shown.push([marks.hover, "hover"]);
    }
    for (const [id, kind] of shown) {
      const [x0, y0, x1, y1] = this.board.box(id);
      if (x1 < cx - 2 || y1 < cy - 2 || x0 > cx + VIEW.w + 2 || y0 > cy + VIEW.h + 2) continue;
      const { canvas, at } = this.overlay(id, kind);
      ctx.drawImage(canvas, at[0] - cx + VIEW.x, at[1] - cy + VIEW.y);
    }
    const hqs = marks.headquarters || {};
    for (const id of this.board.ids) {
      const owner = view.owner[id];
      if (owner === null || owner === undefined) continue;
      const [ax, ay] = this.board.anchor(id);
      if (ax < cx - 20 || ax > cx + VIEW.w + 20 || ay < cy - 8 || ay > cy + VIEW.h + 8) continue;
      const badge = this.badge(view.armies[id], colourOf(owner), id in hqs);
      const rise = badge.height - BADGE_HEIGHT;
      ctx.drawImage(badge, ax - cx + VIEW.x - Math.floor(badge.width / 2),
        ay - cy + VIEW.y - Math.floor(BADGE_HEIGHT / 2) - rise);
    }
    if (marks.cursor) {
      // the keyboard's cursor: a small ring beside the territory's badge
      const [ax, ay] = this.board.anchor(marks.cursor);
      const sx = ax - cx + VIEW.x;
      const sy = ay - cy + VIEW.y;
      ctx.strokeStyle = palette.css(palette.AMBER);
      ctx.lineWidth = 1;
      ctx.strokeRect(sx - 10.5, sy - 8.5, 21, 17);
      ctx.strokeStyle = palette.css(palette.INK);
      ctx.strokeRect(sx - 11.5, sy - 9.5, 23, 19);
    }
    ctx.restore();
  }
}
