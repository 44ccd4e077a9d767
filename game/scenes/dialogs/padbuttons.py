"""OPTIONS > Pad Buttons: assign the buttons of a stick SDL cannot map, saved in the settings.

Pads SDL knows (Xbox, PlayStation, Switch, most generic pads) are read by meaning and need
nothing here. A stick SDL cannot map sends button numbers; this window shows which number does
what (`Settings.pad_bindings`). Choose a row (arrows, d-pad, stick or a click), press it
(Return, Space, A or a click), then press the stick's button for it: that number becomes the
row's button, taken from any other row. OK keeps the map in the settings file, CANCEL forgets the changes,
DEFAULTS restores the usual layout. ESC or a click stops waiting for a button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent, Device
from game.scenes.dialogs.overlay import OverlayScene
from game.settings import DEFAULT_PAD_BINDINGS
from game.ui import glyphs, palette
from game.ui.controlnames import device_of
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

# The commands a stick's buttons can give, in the order shown, with what they are called.
ASSIGNABLE = (("PRESS", "Press / choose (A)"), ("SCROLL_HOLD", "Hold to scroll the map (B)"),
              ("CANCEL", "Cancel / end turn (Back)"), ("MENU", "Menu bar (Start)"),
              ("NEXT", "Next territory (RB)"), ("PREVIOUS", "Previous territory (LB)"),
              ("FREE_MOVE", "Free move (X)"), ("SHOW_CARDS", "Show cards (Y)"),
              ("HELP", "Help"), ("CONTINENTS", "Continents"))
ROW_H = 17
SIZE = (400, 262)


class BindingRow(Widget):
    """One command and its button numbers; pressing it waits for a button."""

    focusable = True

    def __init__(self, rect: pygame.Rect, name: str, caption: str,
                 on_press: Callable[[str], None]) -> None:
        super().__init__(rect)
        self.name = name
        self.caption = caption
        self.on_press = on_press
        self.enabled = True

    def press(self) -> bool:
        self.on_press(self.name)
        return True

    def handle(self, cmd: CommandEvent) -> bool:
        if cmd.kind is Command.PRESS and self.rect.collidepoint(cmd.pos):
            return self.press()
        if cmd.kind is Command.CONFIRM and self.focused:
            return self.press()
        return False


class PadButtonsScene(OverlayScene):
    """The button-assignment window; `on_close` after OK or CANCEL."""

    def __init__(self, app: SceneContext, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app, "PAD BUTTONS", SIZE, on_close=on_close)
        self.bindings: dict[str, tuple[int, ...]] = {
            name: tuple(app.settings.pad_bindings.get(name, ())) for name, _ in ASSIGNABLE}
        self.waiting: str | None = None
        self._swallow = False
        fonts = app.fonts
        self.ok.on_press = self.keep
        self.cancel = Button(fonts, self.button_rect(1), "CANCEL", self.close)
        self.defaults = Button(fonts, self.button_rect(2, 70), "DEFAULTS", self.restore)
        self.dialog.cancel = self.cancel
        body = self.body
        self.rows = [BindingRow(pygame.Rect(body.x, body.y + 26 + i * ROW_H, body.width, ROW_H - 2),
                                name, caption, self.wait_for)
                     for i, (name, caption) in enumerate(ASSIGNABLE)]
        self.add_widgets([*self.rows, self.defaults, self.cancel])
        self.dialog.focus(self.rows[0])

    # -- assigning --------------------------------------------------------------------------
    def wait_for(self, name: str) -> None:
        self.waiting = name
        self.app.play(Sfx.CLICK)

    def assign(self, name: str, button: int) -> None:
        """Make `button` the one button of `name` (taken from any other command)."""
        for other, buttons in self.bindings.items():
            self.bindings[other] = tuple(b for b in buttons if b != button)
        self.bindings[name] = (button,)
        self.waiting = None
        self.app.play(Sfx.CLICK)

    def restore(self) -> None:
        self.bindings = {name: tuple(DEFAULT_PAD_BINDINGS.get(name, ())) for name, _ in ASSIGNABLE}
        self.app.play(Sfx.CLICK)

    def keep(self) -> None:
        merged = {**self.app.settings.pad_bindings, **self.bindings}
        self.app.change_settings(pad_bindings=merged)
        self.close()

    # -- input ------------------------------------------------------------------------------
    def handle(self, command: CommandEvent) -> None:
        kind = command.kind
        if self.waiting is not None:
            if kind is Command.PAD_BUTTON:
                self.assign(self.waiting, command.value)
                self._swallow = True  # the same press's mapped command is not for us
            elif command.device is not Device.PAD and kind in (
                    Command.CANCEL, Command.PRESS, Command.CONFIRM):
                self.waiting = None  # ESC or a click: stop waiting, nothing changes
            return
        if self._swallow and command.device is Device.PAD:
            return
        super().handle(command)

    def update(self, dt: float) -> None:
        self._swallow = False
        super().update(dt)

    # -- drawing ----------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        if device_of(self.app) is Device.PAD and self.app.input.last_pad_mapped:
            head = "Your pad is known to SDL: its buttons work by name. This map is for sticks."
        else:
            head = "Choose a command, then press the stick's button for it."
        fonts.body.draw(surface, fonts.body.ellipsize(head, body.width), (body.x, body.y + 2),
                        palette.INK)
        fonts.bold.draw(surface, "COMMAND", (body.x + 4, body.y + 15), palette.SHADOW)
        fonts.bold.draw(surface, "BUTTON", (body.right - 90, body.y + 15), palette.SHADOW)
        for row in self.rows:
            r = row.rect
            waiting = self.waiting == row.name
            face = palette.SELECT_BLUE if waiting else (palette.LIGHT if row.focused
                                                         else palette.FACE_LIGHT)
            pygame.draw.rect(surface, face, r)
            if row.focused:
                pygame.draw.rect(surface, palette.AMBER, r, 1)
            colour = palette.WHITE if waiting else palette.INK
            fonts.body.draw(surface, row.caption, (r.x + 4, r.y + 4), colour)
            buttons = self.bindings.get(row.name, ())
            if waiting:
                text = "press a button..."
            elif buttons:
                text = " ".join(f"{{BTN{b}}}" for b in buttons)
            else:
                text = "(none)"
            glyphs.draw_text(surface, fonts.body, text, (r.right - 90, r.y + 4), colour)
