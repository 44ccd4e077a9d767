"""A line plot in the game's 1988 look: grey field, dotted grid, one dark-edged line per player.

Unlike the game-over graphs (counts from zero up), this plot takes values of either sign, so
it draws a solid zero line and scales both halves alike: the luck plot reads above the line
for kind dice and below it for unkind ones.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui import palette
from game.ui.font import Fonts
from game.ui.palette import PlayerColour


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 2, 2.5, 5 times a power of ten that is at least `value` (>0)."""
    if value <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if value <= step * power + 1e-9:
            return float(step * power)
    return float(10 * power)


def _label(value: float) -> str:
    if abs(value - round(value)) < 1e-9:
        return f"{int(round(value)):+d}" if value else "0"
    return f"{value:+.1f}"


def draw_signed_plot(surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect,
                     lines: Sequence[Sequence[float]], colours: Sequence[PlayerColour], *,
                     title: str = "", x_label: str = "turns", grown: float = 1.0,
                     hidden: Sequence[bool] = (),
                     title_colour: tuple[int, int, int] = palette.WHITE) -> None:
    """Draws `lines` (one per player, equally spaced points) into `rect`; reads only.

    `grown` (0..1) shows that share of the points, for the game-over screen's growing graphs;
    `hidden[i]` leaves player i's line out (eliminated players stay, their line just ends).
    """
    if title:
        fonts.bold.draw(surface, title, (rect.x, rect.y - 11), title_colour)
    pygame.draw.rect(surface, palette.LIGHT, rect)
    pygame.draw.rect(surface, palette.INK, rect, 1)
    plot = pygame.Rect(rect.x + 30, rect.y + 6, rect.width - 38, rect.height - 20)
    shown = [line for i, line in enumerate(lines) if not (i < len(hidden) and hidden[i])]
    top = nice_ceiling(max((abs(v) for line in shown for v in line), default=0.0))
    mid = plot.centery
    half = plot.height // 2
    for k in (-2, -1, 1, 2):
        y = mid - half * k // 2
        for x in range(plot.x, plot.right, 3):
            surface.set_at((x, y), palette.FACE)
        fonts.body.draw(surface, _label(top * k / 2), (plot.x - 4, y - 3), palette.SHADOW,
                        align="right")
    pygame.draw.line(surface, palette.SHADOW, (plot.x, mid), (plot.right, mid))
    fonts.body.draw(surface, "0", (plot.x - 4, mid - 3), palette.SHADOW, align="right")
    fonts.body.draw(surface, x_label, (plot.right, rect.bottom - 10), palette.SHADOW,
                    align="right")
    points = max((len(line) for line in lines), default=0)
    if points < 2:
        fonts.body.draw(surface, "No battles yet.", (plot.centerx, plot.y + 6), palette.SHADOW,
                        align="center")
        return
    count = max(2, int(round(1 + (points - 1) * max(0.0, min(1.0, grown)))))
    for pid, line in enumerate(lines):
        if (pid < len(hidden) and hidden[pid]) or len(line) < 2:
            continue
        xy = [(plot.x + plot.width * i // (points - 1),
               mid - int(round(half * max(-top, min(top, value)) / top)))
              for i, value in enumerate(line[:count])]
        if len(xy) < 2:
            continue
        pygame.draw.lines(surface, palette.INK, False, xy, 4)
        pygame.draw.lines(surface, colours[pid].rgb, False, xy, 2)
