"""The menu bar with pull-down menus, declared as data so each scene defines its own menus.

Items show hot-key labels, check marks and dimmed states, all evaluated when drawn, so a
scene's menus always tell the truth. Mouse, keys (MENU, arrows, Return) and pads all work.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.input import Command, CommandEvent, Device
from game.ui import palette
from game.ui.draw import drop_shadow
from game.ui.font import Fonts

BAR_HEIGHT = 12
TITLE_PAD = 6
TITLE_GAP = 12
ITEM_HEIGHT = 11
MENU_MIN_WIDTH = 90

Flag = bool | Callable[[], bool]


def _value(flag: Flag | None) -> bool:
    return bool(flag() if callable(flag) else flag)


@dataclass
class MenuItem:
    """One entry of a pull-down menu.

    `enabled` and `checked` may be callables, read each time the menu is drawn or used;
    `checked=None` means the item is not a toggle. `command` lets a hot key (a Command such
    as NEW_ATTACK) choose the item while the menu is closed; `hotkey` is only the label.
    """

    label: str
    action: Callable[[], None] | None = None
    hotkey: str = ""
    enabled: Flag = True
    checked: Flag | None = None
    command: Command | None = None
    separator: bool = False

    @property
    def is_enabled(self) -> bool:
        return not self.separator and _value(self.enabled) and self.action is not None

    @property
    def is_checked(self) -> bool:
        return self.checked is not None and _value(self.checked)


def separator() -> MenuItem:
    """A dotted line between groups of items."""
    return MenuItem("", separator=True)


@dataclass
class Menu:
    title: str
    items: list[MenuItem] = field(default_factory=list)
    enabled: Flag = True


class MenuBar:
    """The 640x12 bar at the top of the screen and its open pull-down, if any.

    `handle` returns True when it used the command; `on_choose` hears every chosen item
    (to play the click) and `on_refuse` every dimmed one (to play the refusal buzz).
    """

    def __init__(self, fonts: Fonts, menus: Sequence[Menu], *, width: int = 640,
                 right_text: str = "",
                 on_choose: Callable[[MenuItem], None] | None = None,
                 on_refuse: Callable[[MenuItem | None], None] | None = None) -> None:
        self.fonts = fonts
        self.menus = list(menus)
        self.width = width
        self.right_text = right_text
        self.right_colour = palette.DARK  # (a network game turns it red while offline)
        self.on_choose = on_choose
        self.on_refuse = on_refuse
        self.open_index: int | None = None
        self.highlight: int | None = None
        self._layout()

    def _layout(self) -> None:
        self.title_rects: list[pygame.Rect] = []
        x = TITLE_PAD - 3
        for menu in self.menus:
            w = self.fonts.body.width(menu.title) + 6
            self.title_rects.append(pygame.Rect(x, 0, w, BAR_HEIGHT))
            x += w + TITLE_GAP - 6 + 6

    def set_menus(self, menus: Sequence[Menu]) -> None:
        self.menus = list(menus)
        self.close()
        self._layout()

    @property
    def is_open(self) -> bool:
        return self.open_index is not None

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, BAR_HEIGHT)

    def open(self, index: int, *, highlight_first: bool = False) -> None:
        self.open_index = index
        self.highlight = None
        if highlight_first:
            self.highlight = self._step(-1, 1)

    def close(self) -> None:
        self.open_index = None
        self.highlight = None

    def menu_rect(self, index: int) -> pygame.Rect:
        """Where the pull-down of menu `index` is drawn."""
        menu = self.menus[index]
        body = self.fonts.body
        label_w = max((body.width(i.label) for i in menu.items), default=0)
        key_w = max((body.width(i.hotkey) for i in menu.items), default=0)
        width = max(MENU_MIN_WIDTH, 13 + label_w + (14 + key_w if key_w else 0) + 8)
        height = sum(5 if i.separator else ITEM_HEIGHT for i in menu.items) + 4
        x = min(self.title_rects[index].x, self.width - width - 4)
        return pygame.Rect(x, BAR_HEIGHT - 1, width, height)

    def item_rects(self, index: int) -> list[pygame.Rect]:
        box = self.menu_rect(index)
        rects = []
        y = box.y + 2
        for item in self.menus[index].items:
            h = 5 if item.separator else ITEM_HEIGHT
            rects.append(pygame.Rect(box.x + 2, y, box.width - 4, h))
            y += h
        return rects

    # -- input ---------------------------------------------------------------------------
    def handle(self, cmd: CommandEvent) -> bool:
        if self.open_index is None:
            return self._handle_closed(cmd)
        return self._handle_open(cmd)

    def _handle_closed(self, cmd: CommandEvent) -> bool:
        if cmd.kind is Command.MENU and self.menus:
            self.open(0, highlight_first=True)
            return True
        if cmd.kind is Command.PRESS and self.rect.collidepoint(cmd.pos):
            index = self._title_at(cmd.pos)
            if index is not None:
                self.open(index, highlight_first=cmd.device is not Device.MOUSE)
                return True
            return False
        for menu in self.menus:
            for item in menu.items:
                if item.command is not None and item.command is cmd.kind:
                    self._choose(item)
                    return True
        return False

    def _handle_open(self, cmd: CommandEvent) -> bool:
        index = self.open_index
        assert index is not None
        kind = cmd.kind
        if kind in (Command.CANCEL, Command.MENU):
            self.close()
        elif kind is Command.POINTER_MOVED and cmd.device is Device.MOUSE:
            self._hover(cmd.pos)
        elif kind is Command.POINTER_MOVED:
            self._hover(cmd.pos, keep_when_outside=True)
        elif kind is Command.UP:
            self.highlight = self._step(self.highlight if self.highlight is not None else 0, -1)
        elif kind is Command.DOWN:
            self.highlight = self._step(self.highlight if self.highlight is not None else -1, 1)
        elif kind in (Command.LEFT, Command.RIGHT):
            step = -1 if kind is Command.LEFT else 1
            self.open((index + step) % len(self.menus), highlight_first=True)
        elif kind is Command.CONFIRM or (kind is Command.PRESS and cmd.device is not Device.MOUSE
                                         and (self.highlight is not None
                                              or not self._inside(cmd.pos))):
            # Keys and pads choose the highlighted item, wherever the (still) pointer rests.
            if self.highlight is not None:
                self._choose_highlight()
        elif kind is Command.PRESS:
            title = self._title_at(cmd.pos)
            if title is not None:
                if title == index:
                    self.close()
                else:
                    self.open(title)
            elif self.menu_rect(index).collidepoint(cmd.pos):
                self._hover(cmd.pos)
                if self.highlight is not None:
                    self._choose_highlight()
            else:
                self.close()
        return True  # an open menu is modal: nothing reaches the scene below

    def _inside(self, pos: tuple[int, int]) -> bool:
        index = self.open_index
        return index is not None and (self.menu_rect(index).collidepoint(pos)
                                      or self.rect.collidepoint(pos))

    def _title_at(self, pos: tuple[int, int]) -> int | None:
        for i, r in enumerate(self.title_rects):
            if r.collidepoint(pos):
                return i
        return None

    def _hover(self, pos: tuple[int, int], keep_when_outside: bool = False) -> None:
        index = self.open_index
        assert index is not None
        title = self._title_at(pos)
        if title is not None and title != index:
            self.open(title)
            return
        for i, r in enumerate(self.item_rects(index)):
            if r.collidepoint(pos) and not self.menus[index].items[i].separator:
                self.highlight = i
                return
        if not keep_when_outside:
            self.highlight = None

    def _step(self, start: int, step: int) -> int | None:
        index = self.open_index
        if index is None:
            return None
        items = self.menus[index].items
        n = len(items)
        for k in range(1, n + 1):
            i = (start + step * k) % n
            if not items[i].separator:
                return i
        return None

    def _choose_highlight(self) -> None:
        index, high = self.open_index, self.highlight
        assert index is not None and high is not None
        self._choose(self.menus[index].items[high])

    def _choose(self, item: MenuItem) -> None:
        if not item.is_enabled:
            if self.on_refuse:
                self.on_refuse(item)
            return
        self.close()
        if self.on_choose:
            self.on_choose(item)
        assert item.action is not None
        item.action()

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        body = self.fonts.body
        pygame.draw.rect(surface, palette.LIGHT, self.rect)
        pygame.draw.line(surface, palette.DARK, (0, BAR_HEIGHT - 1), (self.width, BAR_HEIGHT - 1))
        for i, (menu, r) in enumerate(zip(self.menus, self.title_rects, strict=True)):
            colour = palette.INK if _value(menu.enabled) else palette.DIM_TEXT
            if i == self.open_index:
                pygame.draw.rect(surface, palette.SELECT_BLUE, r)
                colour = palette.WHITE
            body.draw(surface, menu.title, (r.x + 3, 2), colour)
        if self.right_text:
            body.draw(surface, self.right_text, (self.width - 6, 2), self.right_colour,
                      align="right")
        if self.open_index is not None:
            self._draw_menu(surface, self.open_index)

    def _draw_menu(self, surface: pygame.Surface, index: int) -> None:
        body = self.fonts.body
        box = self.menu_rect(index)
        drop_shadow(surface, box, 2)
        pygame.draw.rect(surface, palette.WHITE, box)
        pygame.draw.rect(surface, palette.INK, box, 1)
        for i, (item, r) in enumerate(zip(self.menus[index].items, self.item_rects(index),
                                          strict=True)):
            if item.separator:
                for x in range(r.left + 2, r.right - 2, 2):
                    surface.set_at((x, r.centery), palette.DARK)
                continue
            enabled = item.is_enabled
            colour = palette.INK if enabled else palette.DIM_TEXT
            if i == self.highlight:
                pygame.draw.rect(surface, palette.SELECT_BLUE if enabled else palette.FACE_LIGHT, r)
                colour = palette.WHITE if enabled else palette.DARK
            if item.is_checked:
                _draw_check(surface, (r.x + 2, r.y + 1), colour)
            body.draw(surface, item.label, (r.x + 11, r.y + 1), colour)
            if item.hotkey:
                key_colour = colour if i == self.highlight else palette.DARK if enabled \
                    else palette.DIM_TEXT
                body.draw(surface, item.hotkey, (r.right - 3, r.y + 1), key_colour, align="right")


CHECK_ROWS = ("......#", ".....##", "#...##.", "##.##..", ".###...", "..#....")


def _draw_check(surface: pygame.Surface, pos: tuple[int, int], colour: tuple[int, int, int]
                ) -> None:
    for y, row in enumerate(CHECK_ROWS):
        for x, bit in enumerate(row):
            if bit == "#":
                surface.set_at((pos[0] + x - 1, pos[1] + y + 1), colour)
