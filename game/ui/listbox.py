"""The list box (saved games, the Resume list) and the scroll bar that lists and logs share.

Kept apart from game/ui/widgets.py (the buttons, labels and text boxes): a list scrolls, keeps
a first shown row and answers the page keys and the wheel, which no other control does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.input import Command, CommandEvent
from game.ui import palette
from game.ui.draw import bevel_box, sunken_field
from game.ui.font import Fonts
from game.ui.widgets import RectLike, Widget

LIST_ROW_HEIGHT = 11
SCROLLBAR_WIDTH = 8


class ListBox(Widget):
    """A scrollable list (saved games): pointer, arrows, page keys and the wheel choose.

    Choosing the selected row again, or CONFIRM, calls `on_activate` with its index.
    """

    focusable = True

    def __init__(self, fonts: Fonts, rect: RectLike, items: Sequence[str], *,
                 on_select: Callable[[int], None] | None = None,
                 on_activate: Callable[[int], None] | None = None) -> None:
        super().__init__(rect)
        self.fonts = fonts
        self.items = list(items)
        self.selected: int | None = 0 if self.items else None
        self.top = 0
        self.on_select = on_select
        self.on_activate = on_activate

    @property
    def visible_rows(self) -> int:
        return max(1, (self.rect.height - 4) // LIST_ROW_HEIGHT)

    def set_items(self, items: Sequence[str]) -> None:
        self.items = list(items)
        self.selected = 0 if self.items else None
        self.top = 0

    def _select(self, index: int) -> None:
        if not self.items:
            return
        index = max(0, min(len(self.items) - 1, index))
        self.selected = index
        if index < self.top:
            self.top = index
        elif index >= self.top + self.visible_rows:
            self.top = index - self.visible_rows + 1
        if self.on_select:
            self.on_select(index)

    def _scroll(self, rows: int) -> None:
        self.top = max(0, min(max(0, len(self.items) - self.visible_rows), self.top + rows))

    def handle(self, cmd: CommandEvent) -> bool:
        kind = cmd.kind
        current = self.selected if self.selected is not None else -1
        moves = {Command.UP: -1, Command.DOWN: 1, Command.PAGE_UP: -self.visible_rows,
                 Command.PAGE_DOWN: self.visible_rows}
        if kind in moves:
            self._select(current + moves[kind])
        elif kind is Command.HOME:
            self._select(0)
        elif kind is Command.END:
            self._select(len(self.items) - 1)
        elif kind is Command.WHEEL and self.rect.collidepoint(cmd.pos):
            self._scroll(-cmd.value)
        elif kind is Command.CONFIRM and self.selected is not None:
            if self.on_activate:
                self.on_activate(self.selected)
        elif kind is Command.PRESS and self.rect.collidepoint(cmd.pos):
            row = (cmd.pos[1] - self.rect.y - 2) // LIST_ROW_HEIGHT + self.top
            if cmd.pos[0] >= self.rect.right - SCROLLBAR_WIDTH:
                self._scroll(-self.visible_rows if cmd.pos[1] < self.rect.centery
                             else self.visible_rows)
            elif 0 <= row < len(self.items):
                if row == self.selected and self.on_activate:
                    self.on_activate(row)
                else:
                    self._select(row)
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        sunken_field(surface, r, palette.CREAM)
        if self.focused:  # the one focus: the amber ring every focused widget wears
            pygame.draw.rect(surface, palette.AMBER, r.inflate(2, 2), 1)
        body = self.fonts.body
        text_w = r.width - SCROLLBAR_WIDTH - 6
        for row in range(self.visible_rows):
            index = self.top + row
            if index >= len(self.items):
                break
            y = r.y + 2 + row * LIST_ROW_HEIGHT
            colour = palette.INK
            if index == self.selected:
                pygame.draw.rect(surface, palette.SELECT_BLUE,
                                 (r.x + 1, y, r.width - SCROLLBAR_WIDTH - 2, LIST_ROW_HEIGHT))
                colour = palette.WHITE
            body.draw(surface, body.ellipsize(self.items[index], text_w), (r.x + 4, y + 2), colour)
        draw_scrollbar(surface, pygame.Rect(r.right - SCROLLBAR_WIDTH, r.y, SCROLLBAR_WIDTH, r.height),
                   self.top, self.visible_rows, len(self.items))


def draw_scrollbar(surface: pygame.Surface, track: pygame.Rect, top: int, shown: int, total: int
               ) -> None:
    pygame.draw.rect(surface, palette.FACE, track)
    pygame.draw.rect(surface, palette.SHADOW, track, 1)
    if total <= shown:
        return
    inner = track.inflate(-2, -2)
    h = max(6, inner.height * shown // total)
    y = inner.y + (inner.height - h) * top // max(1, total - shown)
    bevel_box(surface, (inner.x, y, inner.width, h), palette.LIGHT, border=None)
