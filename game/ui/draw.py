"""Drawing helpers shared by the widgets: bevelled boxes, shadows, sunken fields and patterns."""

from __future__ import annotations

import pygame

from game.ui import palette

Colour = tuple[int, int, int]
RectLike = pygame.Rect | tuple[int, int, int, int]


def bevel_box(surface: pygame.Surface, rect: RectLike, face: Colour = palette.LIGHT,
              *, raised: bool = True, border: Colour | None = palette.INK) -> None:
    """A filled box with a 1-pixel light/dark bevel inside an optional border."""
    r = pygame.Rect(rect)
    pygame.draw.rect(surface, face, r)
    inner = r.inflate(-2, -2) if border is not None else r
    hi, lo = (palette.WHITE, palette.DARK) if raised else (palette.DARK, palette.WHITE)
    if inner.width > 1 and inner.height > 1:
        pygame.draw.line(surface, hi, inner.topleft, (inner.right - 1, inner.top))
        pygame.draw.line(surface, hi, inner.topleft, (inner.left, inner.bottom - 1))
        pygame.draw.line(surface, lo, (inner.left, inner.bottom - 1),
                         (inner.right - 1, inner.bottom - 1))
        pygame.draw.line(surface, lo, (inner.right - 1, inner.top),
                         (inner.right - 1, inner.bottom - 1))
    if border is not None:
        pygame.draw.rect(surface, border, r, 1)


def sunken_field(surface: pygame.Surface, rect: RectLike, fill: Colour,
                 border: Colour = palette.SHADOW) -> None:
    """An input field: flat fill inside a thin dark frame (edit boxes, lists, prompts)."""
    r = pygame.Rect(rect)
    pygame.draw.rect(surface, fill, r)
    pygame.draw.rect(surface, border, r, 1)


def drop_shadow(surface: pygame.Surface, rect: RectLike, offset: int = 3) -> None:
    """A hard black shadow right and below `rect`, as on the Amiga."""
    r = pygame.Rect(rect)
    shade = pygame.Surface((r.width, r.height), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, (r.x + offset, r.y + offset))


def pattern_tile(pattern: tuple[str, ...], ink: Colour, paper: Colour | None = None
                 ) -> pygame.Surface:
    """A small tile from bit rows ('#' = ink); paper None leaves the rest transparent."""
    height = len(pattern)
    width = max(len(row) for row in pattern)
    tile = pygame.Surface((width, height), pygame.SRCALPHA)
    tile.fill((*paper, 255) if paper else (0, 0, 0, 0))
    for y, row in enumerate(pattern):
        for x, bit in enumerate(row):
            if bit == "#":
                tile.set_at((x, y), (*ink, 255))
    return tile


def fill_pattern(surface: pygame.Surface, rect: RectLike, tile: pygame.Surface) -> None:
    """Repeat `tile` over `rect`, aligned to the screen so neighbouring fills line up."""
    r = pygame.Rect(rect)
    tw, th = tile.get_size()
    clip = surface.get_clip()
    surface.set_clip(r.clip(clip) if clip else r)
    for y in range(r.top - r.top % th, r.bottom, th):
        for x in range(r.left - r.left % tw, r.right, tw):
            surface.blit(tile, (x, y))
    surface.set_clip(clip)


def dotted_hline(surface: pygame.Surface, colour: Colour, x0: int, x1: int, y: int,
                 step: int = 2) -> None:
    for x in range(x0, x1, step):
        surface.set_at((x, y), colour)
