"""Overlay dialogs every screen uses: a message, a yes/no question, a number, a choice.

Each is a Scene pushed on top of the current one (which stays drawn below it) and calls back
with the answer before popping itself, so the caller never waits in a loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent, Device
from game.scenes.base import Scene
from game.ui import glyphs, palette
from game.ui.controlnames import describe_for, device_of
from game.ui.osk import OnScreenKeyboard
from game.ui.dialog import Dialog
from game.ui.font import Fonts
from game.ui.widgets import Button, Label, NumberPrompt, TextBox

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

BUTTON_HEIGHT = 15
BUTTON_GAP = 8
BUTTON_MIN_WIDTH = 56
BUTTON_PADDING = 10  # air beside the label, beyond the least width that shows it whole
MAX_DIALOG_WIDTH = 620  # the 640-pixel screen less a margin
MARGIN = 10


class DialogScene(Scene):
    """An overlay holding one `Dialog`; the scene below stays visible."""

    is_opaque = False

    def __init__(self, app: SceneContext) -> None:
        super().__init__(app)
        self.dialog: Dialog | None = None

    @property
    def wants_text(self) -> bool:  # type: ignore[override]
        return self.dialog is not None and self.dialog.wants_text

    @property
    def wants_navigation(self) -> bool:  # type: ignore[override]
        return True

    def close(self) -> None:
        """Pops this dialog (once: a second call in the same frame does nothing)."""
        if self.app.scenes.top is self and not getattr(self, "_closing", False):
            self._closing = True
            self.app.scenes.pop()

    def handle(self, command: CommandEvent) -> None:
        if self.dialog is not None:
            self._offer_keyboards()
            self.dialog.handle(command)

    def _offer_keyboards(self) -> None:
        """Every name box of the window opens the on-screen keyboard (pad A, a click)."""
        assert self.dialog is not None
        for w in self.dialog.widgets:
            if isinstance(w, TextBox) and w.on_keyboard is None:
                w.on_keyboard = self.open_keyboard

    def open_keyboard(self, box: TextBox) -> None:
        """Push the on-screen keyboard for `box`; DONE writes the text back into it."""
        self.app.scenes.push(TextEntryScene(self.app, "ENTER NAME", box.text, box.max_length,
                                            lambda text: self.keyboard_done(box, text),
                                            fresh=bool(getattr(self, "_untouched", False))))

    def keyboard_done(self, box: TextBox, text: str | None) -> None:
        """The keyboard closed: keep its text (None: cancelled, nothing changes)."""
        if text is not None:
            box.set_text(text)
            if hasattr(self, "_untouched"):
                self._untouched = False  # a name the player entered is theirs, not a default
            if self.dialog is not None and self.dialog.default is not None:
                self.dialog.focus(self.dialog.default)  # the name is in: one press goes on

    def update(self, dt: float) -> None:
        if self.dialog is not None:
            self.dialog.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.dialog is not None:
            self.dialog.draw(surface)


class TextEntryScene(Scene):
    """The on-screen keyboard in a window; `done(text)` after DONE, `done(None)` after CANCEL."""

    is_opaque = False
    wants_text = True
    wants_navigation = True

    def __init__(self, app: SceneContext, title: str, text: str, max_length: int,
                 done: Callable[[str | None], None], *, fresh: bool = False) -> None:
        super().__init__(app)
        self.done = done
        width = 10 * 22 + 9 * 3 + 2 * MARGIN
        self.rect = _dialog_rect(width, 20 + 24 + 5 * 19 + 24)
        self.keyboard = OnScreenKeyboard(app.fonts, (self.rect.x + MARGIN, self.rect.y + 18),
                                         text, max_length=max_length, on_done=self._done,
                                         on_cancel=self._cancel, fresh=fresh)
        self.frame = Dialog(app.fonts, self.rect, title)
        self._closed = False

    @property
    def text(self) -> str:
        return self.keyboard.text

    def _finish(self, text: str | None) -> None:
        if self._closed:
            return
        self._closed = True
        self.app.play(Sfx.CLICK)
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        self.done(text)

    def _done(self, text: str) -> None:
        self._finish(text)

    def _cancel(self) -> None:
        self._finish(None)

    def hint(self) -> str:
        """How the device in hand types and finishes (one line that fits inside the box)."""
        device = device_of(self.app)
        if device is Device.MOUSE:  # a mouse has no "menu" button to finish with
            return "Click the keys, then DONE or CANCEL"
        if device is Device.KEYBOARD:  # typed keys go straight in; Return finishes
            return "Type the text; Return keeps it, ESC cancels"
        return describe_for(self.app, "{PRESS} types the key, {CANCEL} cancels, {MENU} done")

    def handle(self, command: CommandEvent) -> None:
        if command.kind is Command.PRESS and command.device is Device.MOUSE \
                and not self.rect.collidepoint(command.pos):
            return
        if self.keyboard.handle(command) and command.kind is Command.PRESS:
            self.app.play(Sfx.CLICK)

    def draw(self, surface: pygame.Surface) -> None:
        self.frame.draw(surface)
        self.keyboard.draw(surface)
        hint = self.hint()
        glyphs.draw_text(surface, self.app.fonts.body, hint,
                         (self.rect.centerx, self.rect.bottom - 14), palette.SHADOW,
                         align="center")


def _text_block(app: SceneContext, text: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(app.fonts.body.wrap(paragraph, width) or [""])
    return lines


def _dialog_rect(width: int, height: int) -> pygame.Rect:
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (320, 196)
    return rect


def button_widths(fonts: Fonts, labels: Sequence[str], room: int) -> list[int]:
    """Widths for a row of buttons that show their labels whole: all as wide as the widest
    (a tidy row) when that fits in `room`, else each as wide as its own label; only a row
    that still does not fit (six long player names) is squeezed, the labels then cut."""
    natural = [max(BUTTON_MIN_WIDTH, Button.width_for(fonts, label) + BUTTON_PADDING)
               for label in labels]
    gaps = BUTTON_GAP * (len(labels) - 1)
    if max(natural) * len(labels) + gaps <= room:
        return [max(natural)] * len(labels)
    if sum(natural) + gaps <= room:
        return natural
    scale = (room - gaps) / sum(natural)
    return [int(w * scale) for w in natural]


class ChoiceDialogScene(DialogScene):
    """A question with a row of buttons; `on_choose(index)` gets the button pressed.

    Return presses the default button, ESC the cancel button (or does nothing without one).
    """

    def __init__(
        self,
        app: SceneContext,
        title: str,
        text: str,
        options: Sequence[str],
        on_choose: Callable[[int], None] | None = None,
        *,
        default: int = 0,
        cancel: int | None = None,
        width: int = 300,
    ) -> None:
        super().__init__(app)
        fonts = app.fonts
        self.on_choose = on_choose
        labels = [option.upper() for option in options]  # measured as drawn: upper case
        widths = button_widths(fonts, labels, MAX_DIALOG_WIDTH - 2 * MARGIN)
        row_width = sum(widths) + BUTTON_GAP * (len(widths) - 1)
        width = max(width, row_width + 2 * MARGIN)  # a long row widens the window, never cut
        lines = _text_block(app, text, width - 2 * MARGIN)
        height = 20 + len(lines) * fonts.body.line_height + 14 + BUTTON_HEIGHT + 10
        rect = _dialog_rect(width, height)
        widgets: list = []
        y = rect.y + 20
        for line in lines:
            widgets.append(Label(fonts, (rect.x + MARGIN, y, rect.width - 2 * MARGIN, 10), line))
            y += fonts.body.line_height
        x = rect.right - MARGIN - row_width
        buttons = []
        for index, (label, button_width) in enumerate(zip(labels, widths, strict=True)):
            button = Button(fonts, (x, rect.bottom - 8 - BUTTON_HEIGHT, button_width,
                                    BUTTON_HEIGHT), label,
                            lambda index=index: self.choose(index), is_default=index == default)
            buttons.append(button)
            x += button_width + BUTTON_GAP
        widgets.extend(buttons)
        self.buttons = buttons
        self.dialog = Dialog(fonts, rect, title.upper(), widgets, default=buttons[default],
                             cancel=buttons[cancel] if cancel is not None else None)

    def choose(self, index: int) -> None:
        self.app.play(Sfx.CLICK)
        self.close()
        if self.on_choose is not None:
            self.on_choose(index)


class MessageDialogScene(ChoiceDialogScene):
    """A message with OK (Return or ESC), e.g. an error a player must read."""

    def __init__(self, app: SceneContext, title: str, text: str,
                 on_ok: Callable[[], None] | None = None, width: int = 300) -> None:
        super().__init__(app, title, text, ["OK"],
                         (lambda _index: on_ok()) if on_ok is not None else None,
                         default=0, cancel=0, width=width)


class ConfirmDialogScene(ChoiceDialogScene):
    """A yes/no question: the safe answer (No) is the default, as for End Game or Shutdown."""

    def __init__(self, app: SceneContext, title: str, text: str, on_yes: Callable[[], None],
                 on_no: Callable[[], None] | None = None, *, default_yes: bool = False,
                 yes: str = "Yes", no: str = "No", width: int = 300) -> None:
        def answer(index: int) -> None:
            if index == 1:
                on_yes()
            elif on_no is not None:
                on_no()

        super().__init__(app, title, text, [no, yes], answer, default=1 if default_yes else 0,
                         cancel=0, width=width)


class NumberDialogScene(DialogScene):
    """'How many?' with a default that Return accepts; `done(None)` on Cancel or ESC."""

    def __init__(self, app: SceneContext, title: str, question: str, minimum: int, maximum: int,
                 default: int, done: Callable[[int | None], None], *,
                 can_cancel: bool = True, on_value: Callable[[int], None] | None = None) -> None:
        """`on_value` hears the number shown each time it changes (and the first), so the
        screen below can show what it would do (the map, the armies an occupation moves)."""
        super().__init__(app)
        self.on_value = on_value
        self._told: int | None = None
        fonts = app.fonts
        lines = _text_block(app, question, 220)
        rect = _dialog_rect(240, 78 + len(lines) * fonts.body.line_height)
        self.done = done
        self.can_cancel = can_cancel
        y = rect.y + 20
        widgets: list = []
        for line in lines:
            widgets.append(Label(fonts, (rect.x + MARGIN, y, rect.width - 2 * MARGIN, 10), line))
            y += fonts.body.line_height
        self.prompt = NumberPrompt(fonts, (rect.x + MARGIN, y + 6, 60, 16), minimum=minimum,
                                   maximum=maximum, default=default, on_accept=self._accept,
                                   on_refuse=self._refuse)
        widgets.append(self.prompt)
        self.range_text = self._range_template().replace("{CONFIRM}", "Return")
        self.range_label = Label(fonts, (rect.x + MARGIN + 68, y + 10, 150, 10), self.range_text,
                                 colour=palette.DARK)
        widgets.append(self.range_label)
        ok = Button(fonts, (rect.right - 66, rect.bottom - 8 - BUTTON_HEIGHT, 56, BUTTON_HEIGHT),
                    "OK", self.prompt.accept, is_default=True)
        widgets.append(ok)
        cancel = None
        if can_cancel:
            cancel = Button(fonts, (rect.right - 130, rect.bottom - 8 - BUTTON_HEIGHT, 56,
                                    BUTTON_HEIGHT), "CANCEL", self._cancel)
            widgets.append(cancel)
        self.dialog = Dialog(fonts, rect, title.upper(), widgets, default=ok, cancel=cancel)
        self.dialog.focus(self.prompt)
        if on_value is not None:  # the number offered, told before the window is first drawn
            self._told = self.prompt.value
            on_value(self.prompt.value)

    def handle(self, command: CommandEvent) -> None:
        if command.kind is Command.CANCEL and not self.can_cancel:
            self.app.play(Sfx.REFUSAL)
            return
        super().handle(command)

    def _accept(self, value: int) -> None:
        self.app.play(Sfx.CLICK)
        self.close()
        self.done(value)

    def _refuse(self, reason: str) -> None:
        """A typed number out of range: say so in red; the prompt stays open to correct it."""
        self.app.play(Sfx.REFUSAL)

    def _range_template(self) -> str:
        """"3 to 23, {CONFIRM} = 10": the number a confirm takes now, following the arrows and
        the typed digits (a hint naming the default went stale once the number changed). Out
        of range a confirm is refused, so no number is promised."""
        prompt = self.prompt
        span = f"{prompt.minimum} to {prompt.maximum}"
        return f"{span}, {{CONFIRM}} = {prompt.value}" if prompt.in_range else span

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.on_value is not None and self.prompt.value != self._told \
                and self.prompt.in_range:
            self._told = self.prompt.value
            self.on_value(self.prompt.value)
        error = self.prompt.error
        template = self._range_template()
        if device_of(self.app) is Device.MOUSE:
            self.range_text = template.replace("{CONFIRM}", "OK")
        else:
            self.range_text = describe_for(self.app, template)
        self.range_label.text = f"{error}!" if error else self.range_text
        self.range_label.colour = palette.ALERT_RED if error else palette.DARK
        self.range_label.bold = bool(error)

    def _cancel(self) -> None:
        self.app.play(Sfx.CLICK)
        self.close()
        self.done(None)
