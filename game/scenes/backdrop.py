"""The sea backdrop of the title, the credits and the full-screen forms and messages.

Drawn dot by dot once for each size, then copied: the screens that show it draw it every frame.
"""

from __future__ import annotations

import pygame

from game.ui import palette


# The backdrop of each size drawn so far: drawn dot by dot (8,000 dots at 640x400) it took
# three quarters of the frame's time, and an idle title screen kept most of a core busy.
_BACKDROPS: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def draw_sea_backdrop(surface: pygame.Surface) -> None:
    """Deep sea with the faint dotted grid of the map, shared by title and credits."""
    key = (surface.get_size(), surface.get_bitsize())
    backdrop = _BACKDROPS.get(key)
    if backdrop is None:
        backdrop = _BACKDROPS[key] = _sea_backdrop(surface)
    surface.blit(backdrop, (0, 0))


def _sea_backdrop(like: pygame.Surface) -> pygame.Surface:
    """The backdrop drawn once, in the pixel format of `like`."""
    surface = pygame.Surface(like.get_size(), 0, like)
    surface.fill(palette.SEA_DEEP)
    for y in range(0, surface.get_height(), 16):
        for x in range(0, surface.get_width(), 4):
            surface.set_at((x, y), palette.TITLE_BLUE)
    for x in range(0, surface.get_width(), 16):
        for y in range(0, surface.get_height(), 4):
            surface.set_at((x, y), palette.TITLE_BLUE)
    return surface
