// The project's pixel font on a canvas: the glyphs of game/ui/font.py, read from
// /art/font.json (made by tools/font_json.py). Text is drawn once per (text, colour, bold)
// into a small canvas kept in a bounded cache, so a frame costs only drawImage calls.

const CACHE_SIZE = 600;
const MAX_CHARS = 400; // no line of the 640-pixel screen shows more

export class PixelFont {
  constructor(data) {
    this.height = data.cell_height;
    this.capHeight = data.cap_height;
    this.spacing = data.letter_spacing;
    this.fallback = data.fallback;
    this.glyphs = new Map();
    for (const [char, rows] of Object.entries(data.glyphs)) {
      this.glyphs.set(char, rows);
    }
    this.cache = new Map();
  }

  glyph(char) {
    return this.glyphs.get(char) || this.glyphs.get(this.fallback);
  }

  advance(char, bold) {
    return this.glyph(char)[0].length + this.spacing + (bold ? 1 : 0);
  }

  /** Width in pixels of `text` on one line. */
  width(text, bold = false) {
    if (!text) return 0;
    let total = 0;
    for (const char of capped(text)) total += this.advance(char, bold);
    return total - this.spacing;
  }

  /** The text drawn in a colour ([r, g, b]), as a canvas (cached: do not draw on it). */
  render(text, rgb, bold = false) {
    text = capped(text);
    const key = `${rgb.join(",")}|${bold ? 1 : 0}|${text}`;
    let made = this.cache.get(key);
    if (made) {
      this.cache.delete(key);
      this.cache.set(key, made);
      return made;
    }
    const width = Math.max(1, this.width(text, bold));
    made = document.createElement("canvas");
    made.width = width;
    made.height = this.height;
    const ctx = made.getContext("2d");
    const image = ctx.createImageData(width, this.height);
    let x = 0;
    for (const char of text) {
      const rows = this.glyph(char);
      for (let y = 0; y < rows.length; y++) {
        const row = rows[y];
        for (let i = 0; i < row.length; i++) {
          if (row[i] !== "#") continue;
          for (const dx of bold ? [0, 1] : [0]) {
            const px = x + i + dx;
            if (px >= width) continue;
            const at = (y * width + px) * 4;
            image.data[at] = rgb[0];
            image.data[at + 1] = rgb[1];
            image.data[at + 2] = rgb[2];
            image.data[at + 3] = 255;
          }
        }
      }
      x += this.advance(char, bold);
    }
    ctx.putImageData(image, 0, 0);
    this.cache.set(key, made);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value);
    return made;
  }

  /** Draw `text` with its top at y; align "left", "center" or "right" of x. */
  draw(ctx, text, x, y, rgb, align = "left", bold = false) {
    if (!text) return 0;
    const width = this.width(text, bold);
    if (align === "center") x -= Math.floor(width / 2);
    else if (align === "right") x -= width;
    ctx.drawImage(this.render(text, rgb, bold), Math.round(x), Math.round(y));
    return width;
  }

  /** `text` if it fits in `maxWidth`, else its longest start that fits with "...". */
  ellipsize(text, maxWidth, bold = false) {
    text = capped(text);
    if (this.width(text, bold) <= maxWidth) return text;
    let cut = text;
    while (cut.length > 0 && this.width(cut.trimEnd() + "...", bold) > maxWidth) {
      cut = cut.slice(0, -1);
    }
    return cut.length ? cut.trimEnd() + "..." : "";
  }

  /** `text` broken into lines no wider than `maxWidth`, at spaces (a long word is cut). */
  wrap(text, maxWidth) {
    const lines = [];
    for (const paragraph of String(text).slice(0, 4000).split("\n")) {
      let line = "";
      for (let word of paragraph.split(" ")) {
        const joined = line ? `${line} ${word}` : word;
        if (this.width(joined) <= maxWidth) {
          line = joined;
          continue;
        }
        if (line) lines.push(line);
        while (this.width(word) > maxWidth && word.length > 1) {
          let piece = word;
          while (this.width(piece) > maxWidth && piece.length > 1) piece = piece.slice(0, -1);
          lines.push(piece);
          word = word.slice(piece.length);
        }
        line = word;
      }
      lines.push(line);
    }
    return lines;
  }
}

function capped(text) {
  text = String(text);
  return text.length <= MAX_CHARS ? text : text.slice(0, MAX_CHARS);
}
