// Picking territories with the map's hit mask (/art/mask.png): a grey image as large as the
// world image whose grey level at a pixel is the mask value of the territory there (0: sea).
// The same mask the desktop uses (game/mapart.py), so a click means the same territory.

export class HitMask {
  /** `image`: the loaded mask.png; `board`: the Board (mask values to territories). */
  constructor(image, board) {
    this.board = board;
    this.width = image.naturalWidth;
    this.height = image.naturalHeight;
    const canvas = document.createElement("canvas");
    canvas.width = this.width;
    canvas.height = this.height;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    ctx.drawImage(image, 0, 0);
    const rgba = ctx.getImageData(0, 0, this.width, this.height).data;
    this.values = new Uint8Array(this.width * this.height);
    for (let i = 0; i < this.values.length; i++) this.values[i] = rgba[i * 4];
  }

  /** The territory under a world-image pixel, or null for the sea and off the image. */
  territoryAt(x, y) {
    x = Math.floor(x);
    y = Math.floor(y);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return null;
    const value = this.values[y * this.width + x];
    return value ? this.board.byMaskValue[value] || null : null;
  }

  /** Whether a world pixel belongs to the territory with this mask value. */
  is(x, y, value) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return false;
    return this.values[y * this.width + x] === value;
  }
}
