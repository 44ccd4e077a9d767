"""The headquarters flag: a white pennant edged in black on a black pole, drawn in code.

White with a black edge reads on every continent colour (yellow and tan included) and every
player colour; a stripe in the owner's colour says whose it is. One picture serves the map's
army badges, the Full Map and the Key.
"""

from __future__ import annotations

import pygame

from game.ui import palette

FLAG_W = 14
FLAG_H = 17
# the pennant, row by row: K black edge, W white, C the owner's colour
PENNANT = ("KKKKKKKKKKKKK",
           "KWWWWWWWWWWWK",
           "KWCCCCCCCCCWK",
           "KWCCCCCCCCCWK",
           "KWCCCCCCCCCWK",
           "KWCCCCCCCCCWK",
           "KWCCCCCCCCCWK",
           "KWWWWWWWWWWWK",
           "KKKKKKKKKKKKK")


def flag_surface(owner_rgb: tuple[int, int, int]) -> pygame.Surface:
    """A FLAG_W x FLAG_H flag, the pole's foot at the bottom-left pixel."""
    surf = pygame.Surface((FLAG_W + 1, FLAG_H), pygame.SRCALPHA)
    pygame.draw.rect(surf, palette.INK, (0, 0, 2, FLAG_H))  # the pole
    inks = {"K": palette.INK, "W": palette.WHITE, "C": owner_rgb}
    for y, row in enumerate(PENNANT):
        for x, ch in enumerate(row):
            if ch in inks:
                surf.set_at((x + 1, y), inks[ch])
    return surf


def draw_flag(surface: pygame.Surface, foot: tuple[int, int],
              owner_rgb: tuple[int, int, int]) -> pygame.Rect:
    """Draw a flag whose pole stands on `foot`; returns the rectangle drawn."""
    flag = flag_surface(owner_rgb)
    rect = flag.get_rect(bottomleft=foot)
    surface.blit(flag, rect)
    return rect
