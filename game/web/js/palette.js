// The game's fixed palette, as game/ui/palette.py has it (tests/network/test_web_client.py
// checks every value here against that file, so the page and the window cannot drift).

export const INK = [16, 16, 16];
export const SHADOW = [56, 52, 52];
export const DARK = [96, 92, 88];
export const FACE = [152, 148, 140];
export const FACE_LIGHT = [188, 184, 176];
export const LIGHT = [200, 196, 188];
export const WHITE = [240, 240, 240];
export const NAVY = [8, 24, 56];
export const TITLE_BLUE = [16, 40, 96];
export const PANEL_BLUE = [24, 60, 136];
export const SELECT_BLUE = [40, 88, 168];
export const SKY_BLUE = [72, 120, 192];
export const CREAM = [232, 220, 184];
export const AMBER = [248, 176, 32];
export const GOLD = [216, 176, 48];
export const ALERT_RED = [216, 40, 32];
export const DIM_TEXT = [120, 116, 110];
export const SEA = [16, 40, 96];
export const SEA_DEEP = [8, 24, 56];

// name, rgb, shade, text, pattern: as PLAYER_COLOURS and NEUTRAL_COLOUR there.
export const PLAYER_COLOURS = /*COLOURS*/ [
  ["Red", [216, 40, 32], [128, 16, 16], [240, 240, 240], ["#...", ".#..", "..#.", "...#"]],
  ["Blue", [40, 96, 232], [16, 40, 136], [240, 240, 240], ["....", ".#..", "....", "...#"]],
  ["Green", [48, 168, 48], [16, 88, 24], [240, 240, 240], ["##..", "##..", "..##", "..##"]],
  ["Yellow", [248, 216, 40], [160, 120, 0], [16, 16, 16], ["####", "....", "....", "...."]],
  ["Black", [40, 40, 40], [120, 116, 110], [240, 240, 240], ["#...", "#...", "#...", "#..."]],
  ["Pink", [232, 96, 200], [144, 32, 120], [16, 16, 16], ["#.#.", ".#..", "#.#.", "...."]]
] /*END*/;
export const NEUTRAL_COLOUR = /*NEUTRAL*/ ["Neutral", [152, 148, 140], [96, 92, 88], [16, 16, 16], ["....", "....", "....", "...."]] /*END*/;

/** "rgb(r, g, b)" for a canvas. */
export function css(rgb) {
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}

/** The colour of a player of the game (its colour word, e.g. "red", or "grey" for the
 * neutral player): {name, rgb, shade, text}. An unknown word is the neutral's grey. */
export function playerColour(word) {
  const found = PLAYER_COLOURS.find((c) => c[0].toLowerCase() === String(word).toLowerCase());
  const [name, rgb, shade, text] = found || NEUTRAL_COLOUR;
  return { name, rgb, shade, text };
}
