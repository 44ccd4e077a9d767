// Dice, drawn in code as on the desktop: 18x18 faces, the attacker's red, the defender's
// white, with pips; a die still rolling shows a random face.

import * as palette from "./palette.js";

export const DIE = 18;
const PIPS = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

/** One die at (x, y): `attacker` red with white pips, else white with black pips. */
export function drawDie(screen, x, y, value, attacker) {
  const face = attacker ? palette.ALERT_RED : palette.WHITE;
  const pip = attacker ? palette.WHITE : palette.INK;
  screen.fill(palette.INK, x, y, DIE, DIE);
  screen.fill(face, x + 1, y + 1, DIE - 2, DIE - 2);
  screen.fill(attacker ? [248, 96, 80] : [255, 255, 255], x + 1, y + 1, DIE - 2, 1);
  screen.fill(attacker ? [128, 16, 16] : palette.FACE, x + 1, y + DIE - 2, DIE - 2, 1);
  for (const [px, py] of PIPS[value] || []) {
    screen.fill(pip, x + 4 + px * 4, y + 4 + py * 4, 3, 3);
  }
}
