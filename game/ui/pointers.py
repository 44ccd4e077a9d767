"""Pixel-art pointers drawn by code: sword (menus, buttons), compass (choose a territory),
cannon (a computer's turn). The OS cursor is hidden and these are drawn at the logical pointer.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType

import pygame

from game.ui import palette

Colour = tuple[int, int, int]


class PointerKind(Enum):
    """Which pointer a scene wants; NONE hides it (e.g. the title screen)."""

    NONE = "none"
    SWORD = "sword"
    COMPASS = "compass"
    CANNON = "cannon"


# Art: one character per pixel; '.' transparent. Hot spot given as (x, y).
POINTER_ART: Mapping[PointerKind, tuple[tuple[int, int], tuple[str, ...]]] = MappingProxyType({
    # A sword pointing up-left: the tip is the hot spot.
    PointerKind.SWORD: ((0, 0), (
        "KK.........",
        "KWK........",
        "KWWK.......",
        ".KWWK......",
        "..KWWK.....",
        "...KWWK....",
        "....KWWK.K.",
        ".....KWWKGK",
        "......KWGK.",
        ".....KGKGGK",
        "....KGK.KBBK",
        "....KK...KBBK",
        "..........KBK",
        "...........K.",
    )),
    # A compass rose: the centre is the hot spot.
    PointerKind.COMPASS: ((7, 7), (
        ".......K.......",
        "......KRK......",
        "......KRK......",
        ".....KKRKK.....",
        "....K.KRK.K....",
        "...K..KRK..K...",
        ".KKKKKKRKKKKKK.",
        "KWWWWWWGWWWWWWK",
        ".KKKKKKWKKKKKK.",
        "...K..KWK..K...",
        "....K.KWK.K....",
        ".....KKWKK.....",
        "......KWK......",
        "......KWK......",
        ".......K.......",
    )),
    # A cannon on its wheel, the muzzle (right) is the hot spot.
    PointerKind.CANNON: ((15, 3), (
        "..........KKKKK.",
        "......KKKKWWWWKK",
        "..KKKKWWWWDDDDDK",
        ".KDDDDDDDDDDDDDK",
        "KDDDDDDDDDDKKKKK",
        "KDDDDDDKKKKK....",
        ".KKKKBBBBK......",
        "....KBKKBK......",
        "...KBK..KBK.....",
        "...KBKKKKBK.....",
        "....KBKKBK......",
        ".....KBBK.......",
    )),
})

PIXEL_COLOURS: Mapping[str, tuple[int, int, int, int]] = MappingProxyType({
    "K": (*palette.INK, 255),
    "W": (*palette.WHITE, 255),
    "G": (*palette.GOLD, 255),
    "B": (140, 84, 36, 255),
    "R": (*palette.ALERT_RED, 255),
    "D": (*palette.DARK, 255),
})


def make_pointer(kind: PointerKind) -> tuple[pygame.Surface, tuple[int, int]]:
    """Draw the pointer `kind` and return its Surface and hot spot."""
    hot_spot, rows = POINTER_ART[kind]
    width = max(len(r) for r in rows)
    surf = pygame.Surface((width, len(rows)), pygame.SRCALPHA)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in PIXEL_COLOURS:
                surf.set_at((x, y), PIXEL_COLOURS[ch])
    return surf, hot_spot


class Pointers:
    """The pointer images, made once; `draw` puts the chosen one on the logical screen."""

    def __init__(self) -> None:
        self._images = {kind: make_pointer(kind) for kind in POINTER_ART}

    def draw(self, surface: pygame.Surface, kind: PointerKind, pos: tuple[int, int]) -> None:
        if kind is PointerKind.NONE:
            return
        image, (hx, hy) = self._images[kind]
        surface.blit(image, (pos[0] - hx, pos[1] - hy))

    def hot_spot(self, kind: PointerKind) -> tuple[int, int]:
        return self._images[kind][1] if kind in self._images else (0, 0)

    def covers(self, kind: PointerKind, pos: tuple[int, int]) -> pygame.Rect | None:
        """The screen rectangle the pointer `kind` at `pos` is drawn over (None: not drawn)."""
        if kind not in self._images:
            return None
        image, (hx, hy) = self._images[kind]
        return pygame.Rect(pos[0] - hx, pos[1] - hy, image.get_width(), image.get_height())
