"""The fixed palette of the game (Amiga/EGA spirit) and the colour-blind patterns as data.

Every colour the interface draws comes from here, so the screens stay in one small palette.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

Colour = tuple[int, int, int]

# Interface greys, darkest to lightest (bevels use LIGHT above/left, DARK below/right).
INK: Colour = (16, 16, 16)
SHADOW: Colour = (56, 52, 52)
DARK: Colour = (96, 92, 88)
FACE: Colour = (152, 148, 140)
FACE_LIGHT: Colour = (188, 184, 176)
LIGHT: Colour = (200, 196, 188)
WHITE: Colour = (240, 240, 240)

# Panel and selection blues.
NAVY: Colour = (8, 24, 56)
TITLE_BLUE: Colour = (16, 40, 96)
PANEL_BLUE: Colour = (24, 60, 136)
SELECT_BLUE: Colour = (40, 88, 168)
SKY_BLUE: Colour = (72, 120, 192)

# Highlights and text accents.
CREAM: Colour = (232, 220, 184)
AMBER: Colour = (248, 176, 32)
GOLD: Colour = (216, 176, 48)
ALERT_RED: Colour = (216, 40, 32)
DIM_TEXT: Colour = (120, 116, 110)
MESSAGE_BG: Colour = INK
SEA: Colour = (16, 40, 96)
SEA_DEEP: Colour = (8, 24, 56)


@dataclass(frozen=True, slots=True)
class PlayerColour:
    """One player colour: its name as players read it, its RGB, a darker shade and a pattern.

    The pattern is a small tile of bit rows ('#' set) drawn in `shade` over `rgb` when the
    colour-blind option is on, so players can be told apart without colour.
    """

    name: str
    rgb: Colour
    shade: Colour
    text: Colour
    pattern: tuple[str, ...]


PLAYER_COLOURS: tuple[PlayerColour, ...] = (
    PlayerColour("Red", (216, 40, 32), (128, 16, 16), WHITE,
                 ("#...", ".#..", "..#.", "...#")),            # diagonal stripes
    PlayerColour("Blue", (40, 96, 232), (16, 40, 136), WHITE,
                 ("....", ".#..", "....", "...#")),            # dots
    PlayerColour("Green", (48, 168, 48), (16, 88, 24), WHITE,
                 ("##..", "##..", "..##", "..##")),            # checks
    PlayerColour("Yellow", (248, 216, 40), (160, 120, 0), INK,
                 ("####", "....", "....", "....")),            # horizontal stripes
    PlayerColour("Black", (40, 40, 40), (120, 116, 110), WHITE,
                 ("#...", "#...", "#...", "#...")),            # vertical stripes
    PlayerColour("Pink", (232, 96, 200), (144, 32, 120), INK,
                 ("#.#.", ".#..", "#.#.", "....")),            # crosses
)

NEUTRAL_COLOUR = PlayerColour("Neutral", (152, 148, 140), (96, 92, 88), INK,
                              ("....", "....", "....", "...."))

PLAYER_COLOUR_BY_NAME: MappingProxyType[str, PlayerColour] = MappingProxyType(
    {c.name.lower(): c for c in PLAYER_COLOURS})
