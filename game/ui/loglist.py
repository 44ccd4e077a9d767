"""A long read-only list of log lines: headings, a colour mark per line, a scroll bar.

Keys (arrows, Page Up/Down, Home, End), the pad's stick (as UP/DOWN in navigation mode), the
wheel and presses on the scroll bar all scroll it; nothing is selected, it is only read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.input import Command, CommandEvent
from game.ui import palette
from game.ui.draw import sunken_field
from game.ui.font import Fonts
from game.ui.palette import PlayerColour
from game.ui.listbox import SCROLLBAR_WIDTH, draw_scrollbar
from game.ui.widgets import Widget

ROW = 11


@dataclass(frozen=True)
class LogLine:
    text: str
    colour: PlayerColour | None = None
    heading: bool = False


class LogList(Widget):
    """Shows `lines`; `top` is the first line shown. Starts at the newest lines."""

    def __init__(self, fonts: Fonts, rect: pygame.Rect) -> None:
        super().__init__(rect)
        self.fonts = fonts
        self.lines: list[LogLine] = []
        self.top = 0

    @property
    def visible_rows(self) -> int:
        return max(1, (self.rect.height - 4) // ROW)

    @property
    def max_top(self) -> int:
        return max(0, len(self.lines) - self.visible_rows)

    def set_lines(self, lines: Sequence[LogLine], *, to_end: bool = True) -> None:
        self.lines = list(lines)
        self.top = self.max_top if to_end else min(self.top, self.max_top)

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self.max_top, self.top + rows))

    def handle(self, cmd: CommandEvent) -> bool:
        kind = cmd.kind
        page = self.visible_rows - 1
        moves = {Command.UP: -1, Command.DOWN: 1, Command.PAGE_UP: -page, Command.PAGE_DOWN: page,
                 Command.HOME: -len(self.lines), Command.END: len(self.lines)}
        if kind in moves:
            self.scroll(moves[kind])
        elif kind is Command.WHEEL and self.rect.collidepoint(cmd.pos):
            self.scroll(-3 * cmd.value)
        elif kind is Command.PRESS and self.rect.collidepoint(cmd.pos):
            if cmd.pos[0] >= self.rect.right - SCROLLBAR_WIDTH:
                # the bar: centre the thumb where it was pressed (a long log is crossed in one
                # click); the inverse of draw_scrollbar's thumb, so the ends of the bar reach the
                # ends of the log
                inner = self.rect.inflate(-2, -2)
                thumb = max(6, inner.height * self.visible_rows // max(1, len(self.lines)))
                travel = max(1, inner.height - thumb)
                share = (cmd.pos[1] - inner.y - thumb / 2) / travel
                self.top = max(0, min(self.max_top, round(share * self.max_top)))
            else:
                self.scroll(-page if cmd.pos[1] < self.rect.centery else page)
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        sunken_field(surface, r, palette.CREAM)
        body, bold = self.fonts.body, self.fonts.bold
        width = r.width - SCROLLBAR_WIDTH - 22
        for row in range(self.visible_rows):
            index = self.top + row
            if index >= len(self.lines):
                break
            line = self.lines[index]
            y = r.y + 2 + row * ROW
            if line.heading:
                pygame.draw.rect(surface, palette.TITLE_BLUE,
                                 (r.x + 1, y, r.width - SCROLLBAR_WIDTH - 2, ROW))
            if line.colour is not None:
                mark = pygame.Rect(r.x + 4, y + 2, 8, 7)
                pygame.draw.rect(surface, line.colour.rgb, mark)
                pygame.draw.rect(surface, palette.INK, mark, 1)
            font = bold if line.heading else body
            ink = palette.WHITE if line.heading else palette.INK
            font.draw(surface, font.ellipsize(line.text, width), (r.x + 16, y + 2), ink)
        draw_scrollbar(surface, pygame.Rect(r.right - SCROLLBAR_WIDTH, r.y, SCROLLBAR_WIDTH,
                                            r.height), self.top, self.visible_rows,
                       len(self.lines))
