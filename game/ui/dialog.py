"""The dialog window (`Dialog`) and its one focus, moved by arrows, d-pad and stick.

Split from game/ui/widgets.py to keep modules under the house size limit and apart by job:
widgets.py holds the individual controls, this module the window that lays them out,
routes commands to them and walks the focus to the nearest widget in a direction.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.input import Command, CommandEvent, Device
from game.ui import palette
from game.ui.draw import drop_shadow
from game.ui.font import Fonts
from game.ui.widgets import Button, NumberPrompt, RectLike, TextBox, Widget

TITLE_BAR_HEIGHT = 12


def _nearest(current: Widget, chain: Sequence[Widget], dx: int, dy: int) -> Widget | None:
    """The widget nearest to `current` in direction (dx, dy). Up and down: widgets in line
    with it (the same column) come first, the nearest row of them first; a lone widget off to
    a side is found after them. Left and right stay in the row (a widget off to a side there
    is on another row: the focus went from a row's last option up to another row's)."""
    cx, cy = current.rect.center
    best: tuple[float, Widget] | None = None
    for w in chain:
        if w is current:
            continue
        vx, vy = w.rect.centerx - cx, w.rect.centery - cy
        along = vx * dx + vy * dy
        if along <= 3:
            continue
        across = abs(vx * dy) + abs(vy * dx)
        in_line = (_columns_overlap(current.rect, w.rect) if dy
                   else _rows_overlap(current.rect, w.rect))
        if dx and not in_line:
            continue
        score = along + across / 2 if in_line else 1000 + along + 3 * across
        if best is None or score < best[0]:
            best = (score, w)
    return best[1] if best is not None else None


def _rows_overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.top < b.bottom and b.top < a.bottom


def _columns_overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.left < b.right and b.left < a.right


class Dialog:
    """A window: shadow, title bar and grey body, holding widgets.

    Return presses the default button, ESC the cancel button, Tab moves the focus; other
    commands go to the focused widget first, then to the others (for pointer presses).
    There is one focus: the arrow keys, d-pad and stick move it to the nearest widget in that
    direction, and Return, Space and pad A press it (never what the pointer happens to rest
    on); a mouse click presses the widget under the pointer, which the player put there.

    The pad's Start presses the default button, wherever the focus is, as it finishes the
    on-screen keyboard and the card exchange: a window's menu bar is never opened over it.
    Left and Right at a row's end go round to the other end of that row, never to another
    row (the widget list's order threw the focus from the game types of NEW GAME up to the
    sixth player's level, and from OK to the top). Tab and Shift+Tab walk the window in
    reading order, a row of options (one `group`) being one stop, at its chosen option.
    """

    def __init__(self, fonts: Fonts, rect: RectLike, title: str,
                 widgets: Sequence[Widget] = (), *, default: Button | None = None,
                 cancel: Button | None = None) -> None:
        self.fonts = fonts
        self.rect = pygame.Rect(rect)
        self.title = title
        self.widgets = list(widgets)
        self.default = default
        self.cancel = cancel
        for w in (default, cancel):
            if w is not None and w not in self.widgets:
                self.widgets.append(w)

    @property
    def body(self) -> pygame.Rect:
        """The client area below the title bar, for laying out widgets."""
        return pygame.Rect(self.rect.x + 2, self.rect.y + TITLE_BAR_HEIGHT + 1,
                           self.rect.width - 4, self.rect.height - TITLE_BAR_HEIGHT - 3)

    @property
    def focused(self) -> Widget | None:
        return next((w for w in self.widgets if w.focused), None)

    @property
    def wants_text(self) -> bool:
        return isinstance(self.focused, TextBox | NumberPrompt)

    def armed_button(self) -> Button | None:
        """The button Return, Space and pad A press now: the focused button, else the default.
        It alone is drawn with the default's thick border, so the look and the key agree."""
        focused = self.focused
        return focused if isinstance(focused, Button) else self.default

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = w is widget

    def focus_chain(self) -> list[Widget]:
        """The widgets the focus can visit: shown, focusable, and not dimmed."""
        return [w for w in self.widgets if w.focusable and w.visible
                and getattr(w, "enabled", True)]

    def focus_direction(self, dx: int, dy: int) -> bool:
        """Move the focus to the nearest widget in direction (dx, dy); False if none."""
        chain = self.focus_chain()
        current = self.focused if self.focused in chain else None
        if current is None:  # no focus yet: move from the default, which Return presses
            current = self.default if self.default in chain else None
            if current is None:
                if not chain:
                    return False
                self.focus(chain[0])
                return True
        best = _nearest(current, chain, dx, dy)
        if best is None:
            return False
        self.focus(best)
        return True

    def stops(self) -> list[list[Widget]]:
        """The places Tab visits, in the window's order: a widget alone, or the shown
        options of one group (a row of choices), which Tab enters at the chosen one."""
        stops: list[list[Widget]] = []
        for w in self.widgets:
            if not (w.focusable and w.visible):
                continue
            if w.group is not None and stops and stops[-1][0].group is w.group:
                stops[-1].append(w)
            else:
                stops.append([w])
        return stops

    def _focus_next(self, step: int = 1) -> None:
        stops = self.stops()
        if not stops:
            return
        current = self.focused
        here = next((i for i, stop in enumerate(stops) if current in stop), None)
        index = (here + step) if here is not None else (0 if step > 0 else -1)
        stop = stops[index % len(stops)]
        chosen = [w for w in stop if getattr(w, "selected", False)]
        self.focus((chosen or stop)[0])

    def _round_the_row(self, current: Widget, dx: int) -> bool:
        """Left at a row's start, Right at its end: to the other end of the same row."""
        row = [w for w in self.focus_chain()
               if w is not current and _rows_overlap(w.rect, current.rect)]
        if not row:
            return False
        far = min if dx > 0 else max
        self.focus(far(row, key=lambda w: w.rect.centerx))
        return True

    def handle(self, cmd: CommandEvent) -> bool:
        if cmd.kind in (Command.NEXT, Command.PREVIOUS):
            self._focus_next(1 if cmd.kind is Command.NEXT else -1)
            return True
        focused = self.focused
        if cmd.kind is Command.MENU and cmd.device is Device.PAD:
            return self.default.press() if self.default is not None else False
        if cmd.kind is Command.PRESS and cmd.device in (Device.KEYBOARD, Device.PAD):
            # Keys and pads do not move the pointer in a dialog, so Space or fire answers like
            # Return: the focused button (the stick or Tab moves the focus), else the default.
            cmd = CommandEvent(Command.CONFIRM, cmd.pos, cmd.device)
        if cmd.kind is Command.PRESS:
            for w in self.widgets:
                if w.visible and w.rect.collidepoint(cmd.pos):
                    if w.focusable and not isinstance(w, Button):
                        for other in self.widgets:
                            other.focused = other is w and other.focused
                        # a text box takes the focus itself, knowing whether it had it (a
                        # second click opens the on-screen keyboard)
                        if not isinstance(w, TextBox):
                            w.focused = True
                    return w.handle(cmd)
            return False
        if focused is not None and not isinstance(focused, Button) and focused.handle(cmd):
            return True
        if cmd.kind in (Command.LEFT, Command.RIGHT, Command.UP, Command.DOWN):
            dx, dy = {Command.LEFT: (-1, 0), Command.RIGHT: (1, 0), Command.UP: (0, -1),
                      Command.DOWN: (0, 1)}[cmd.kind]
            if self.focus_direction(dx, dy):
                return True
            if dx and focused is not None and not isinstance(focused, TextBox):
                return self._round_the_row(focused, dx)  # a row's end: round to its other end
            return False
        if cmd.kind is Command.CONFIRM:
            target = self.armed_button()
            return target.press() if target is not None else False
        if cmd.kind is Command.CANCEL and self.cancel is not None:
            return self.cancel.press()
        return False

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        drop_shadow(surface, r, 4)
        pygame.draw.rect(surface, palette.FACE, r)
        pygame.draw.rect(surface, palette.INK, r, 1)
        pygame.draw.line(surface, palette.FACE_LIGHT, (r.x + 1, r.y + 1), (r.right - 2, r.y + 1))
        title = pygame.Rect(r.x + 1, r.y + 1, r.width - 2, TITLE_BAR_HEIGHT)
        pygame.draw.rect(surface, palette.TITLE_BLUE, title)
        pygame.draw.line(surface, palette.INK, (r.x, title.bottom), (r.right - 1, title.bottom))
        self.fonts.bold.draw(surface, self.title, (title.centerx, title.y + 3), palette.WHITE,
                             align="center")
        armed = self.armed_button()
        for w in self.widgets:
            if isinstance(w, Button):
                w.armed = w is armed
            if w.visible:
                w.draw(surface)
