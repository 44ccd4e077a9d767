"""Dialog widgets: buttons, labels, the text edit box and the number prompt.

The individual controls live here; the list box and the scroll bar in game/ui/listbox.py, and
the window that holds them and moves its one focus (`Dialog`) in game/ui/dialog.py, so each
module stays small and about one job.

Widgets take `CommandEvent`s (never pygame events): `handle` returns True when it used the
command. Actions are callbacks, so a scene wires a dialog up in a few lines.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.input import Command, CommandEvent, Device
from game.ui import palette
from game.ui.draw import bevel_box, sunken_field
from game.ui.font import Fonts

BLINK_SECONDS = 0.5
FLASH_SECONDS = 0.12
MASK_CHAR = "*"  # what a masked (password) box shows for each character
LABEL_INSET = 3  # room each side of a button's label, inside its bevel (less: the label is cut)

RectLike = pygame.Rect | tuple[int, int, int, int]


class Widget:
    """Base of the dialog widgets: a rect, focus, and the three per-frame calls."""

    focusable = False

    def __init__(self, rect: RectLike) -> None:
        self.rect = pygame.Rect(rect)
        self.focused = False
        self.visible = True
        # A row of options the widget belongs to (game/ui/choices.py): Tab visits the row once.
        self.group: object | None = None

    def handle(self, cmd: CommandEvent) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class Button(Widget):
    """A push button; the button Return presses now has the thick border.

    `is_default` names the button Return presses while no other button has the focus. The
    window that holds the button sets `armed` each frame to say whether Return presses this
    one now (the focused button, else the default): the thick border follows the focus, so
    one button alone looks like Return's. Left None (a button outside any window), the
    border marks the default. `selected` draws it filled blue (a chosen option among
    several, as in the setup screen).
    """

    focusable = True

    def __init__(self, fonts: Fonts, rect: RectLike, label: str,
                 on_press: Callable[[], None] | None = None, *, is_default: bool = False,
                 enabled: bool = True, selected: bool = False, bold: bool = False) -> None:
        super().__init__(rect)
        self.fonts = fonts
        self.label = label
        self.on_press = on_press
        self.is_default = is_default
        self.enabled = enabled
        self.selected = selected
        self.bold = bold
        self.armed: bool | None = None  # Return presses this button now (None: is_default)
        self._flash = 0.0

    @property
    def shows_default_border(self) -> bool:
        """True when the thick border is drawn: Return presses this button now."""
        return self.is_default if self.armed is None else self.armed

    @staticmethod
    def width_for(fonts: Fonts, label: str, *, bold: bool = False) -> int:
        """The least width that shows `label` whole: the label drawn, in the font drawn, with
        its inset. Sizing a button by another text (the label before it was upper-cased, as
        the dialogs did) cut "START AGAIN" to "START AGA..."."""
        font = fonts.bold if bold else fonts.body
        return font.width(label) + 2 * LABEL_INSET

    @property
    def label_fits(self) -> bool:
        """True when the label is drawn whole, not cut short with an ellipsis."""
        return self.rect.width >= self.width_for(self.fonts, self.label, bold=self.bold)

    def press(self) -> bool:
        """Fire the button as if clicked; False (nothing happens) when dimmed."""
        if not self.enabled:
            return False
        self._flash = FLASH_SECONDS
        if self.on_press:
            self.on_press()
        return True

    def handle(self, cmd: CommandEvent) -> bool:
        if cmd.kind is Command.PRESS and self.visible and self.rect.collidepoint(cmd.pos):
            self.press()
            return True
        if cmd.kind is Command.CONFIRM and self.focused:
            return self.press()
        return False

    def update(self, dt: float) -> None:
        self._flash = max(0.0, self._flash - dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        if self.shows_default_border:
            pygame.draw.rect(surface, palette.INK, r.inflate(4, 4), 1)
            pygame.draw.rect(surface, palette.INK, r.inflate(2, 2), 1)
        pressed = self._flash > 0
        face = palette.SELECT_BLUE if self.selected else palette.LIGHT
        if pressed:
            face = palette.FACE
        bevel_box(surface, r, face, raised=not pressed)
        if self.selected:
            pygame.draw.rect(surface, palette.NAVY, r, 1)
        if self.focused:  # the one focus: an amber ring inside and out, seen on any face
            pygame.draw.rect(surface, palette.AMBER, r.inflate(-4, -4), 1)
            pygame.draw.rect(surface, palette.AMBER, r.inflate(2, 2), 1)
        font = self.fonts.bold if self.bold else self.fonts.body
        colour = palette.WHITE if self.selected else palette.INK
        if not self.enabled:
            colour = palette.DIM_TEXT
        label = font.ellipsize(self.label, r.width - 2 * LABEL_INSET)
        y = r.y + (r.height - 7) // 2 + (1 if pressed else 0)
        font.draw(surface, label, (r.centerx + (1 if pressed else 0), y), colour, align="center")


class Label(Widget):
    """Static text, optionally bold or wrapped to the rect's width."""

    def __init__(self, fonts: Fonts, rect: RectLike, text: str, *,
                 colour: tuple[int, int, int] = palette.INK, bold: bool = False,
                 align: str = "left") -> None:
        super().__init__(rect)
        self.fonts = fonts
        self.text = text
        self.colour = colour
        self.bold = bold
        self.align = align

    def draw(self, surface: pygame.Surface) -> None:
        font = self.fonts.bold if self.bold else self.fonts.body
        x = {"left": self.rect.x, "center": self.rect.centerx, "right": self.rect.right}[self.align]
        if "{" in self.text:  # pad button pictures in the text: one line, drawn with glyphs
            from game.ui import glyphs  # noqa: PLC0415 - glyphs imports the font, not widgets

            glyphs.draw_text(surface, font, self.text, (x, self.rect.y), self.colour,
                             align=self.align)
            return
        for i, line in enumerate(font.wrap(self.text, self.rect.width)):
            font.draw(surface, line, (x, self.rect.y + i * font.line_height), self.colour,
                      align=self.align)


class TextBox(Widget):
    """A one-line edit box: typing, backspace, delete, cursor keys, blinking cursor, max length.

    The scene sets `wants_text` while a text box has focus so typed keys arrive as TEXT.
    A `masked` box (a password) draws a star for each character; its text is unchanged.
    """

    focusable = True

    def __init__(self, fonts: Fonts, rect: RectLike, text: str = "", *, max_length: int = 16,
                 on_focus: Callable[[TextBox], None] | None = None,
                 on_change: Callable[[str], None] | None = None,
                 on_keyboard: Callable[[TextBox], None] | None = None,
                 masked: bool = False) -> None:
        super().__init__(rect)
        self.fonts = fonts
        self.masked = masked
        self.text = text[:max_length]
        self.max_length = max_length
        self.cursor = len(self.text)
        self.on_focus = on_focus
        self.on_change = on_change
        # Opens the on-screen keyboard for this box: a pad's A or a mouse click on the box
        # (a keyboard player just types).
        self.on_keyboard = on_keyboard
        self._blink = 0.0
        self.text_before = self.text  # the text when the box last took the focus

    @property  # type: ignore[override]
    def focused(self) -> bool:
        return self._focused

    @focused.setter
    def focused(self, value: bool) -> None:
        if value and not getattr(self, "_focused", False):
            self.text_before = getattr(self, "text", "")  # what ESC goes back to
        self._focused = value

    def revert(self) -> bool:
        """Put back the text the box had when it took the focus (ESC while typing); True if
        that changed it."""
        if self.text == self.text_before:
            return False
        self.text = self.text_before
        self.cursor = len(self.text)
        if self.on_change:
            self.on_change(self.text)
        return True

    def set_text(self, text: str) -> None:
        """Replace the text (from the on-screen keyboard), cursor at the end."""
        before = self.text
        self.text = text[:self.max_length]
        self.cursor = len(self.text)
        if self.text != before and self.on_change:
            self.on_change(self.text)

    def handle(self, cmd: CommandEvent) -> bool:
        if cmd.kind is Command.PRESS and self.rect.collidepoint(cmd.pos):
            was_focused = self.focused
            if not was_focused and self.on_focus:
                self.on_focus(self)
            self.focused = True
            self.cursor = len(self.text)
            # A click opens the on-screen keyboard for a mouse player; once real keys have
            # typed, it only puts the cursor here, and a second click opens it.
            if cmd.device is Device.MOUSE and self.on_keyboard is not None \
                    and (was_focused or not cmd.keys_typing):
                self.on_keyboard(self)
            return True
        if self.focused and self.on_keyboard is not None and (
                cmd.kind is Command.CONFIRM and cmd.device is Device.PAD):
            self.on_keyboard(self)
            return True
        if not self.focused:
            return False
        before = self.text
        kind = cmd.kind
        if kind is Command.TEXT:
            room = self.max_length - len(self.text)
            typed = cmd.text[:room]
            if typed:
                self.text = self.text[:self.cursor] + typed + self.text[self.cursor:]
                self.cursor += len(typed)
        elif kind is Command.BACKSPACE and self.cursor > 0:
            self.text = self.text[:self.cursor - 1] + self.text[self.cursor:]
            self.cursor -= 1
        elif kind is Command.DELETE:
            self.text = self.text[:self.cursor] + self.text[self.cursor + 1:]
        elif kind is Command.LEFT and self.cursor > 0 and cmd.device is not Device.PAD:
            self.cursor -= 1
        elif kind is Command.RIGHT and self.cursor < len(self.text) \
                and cmd.device is not Device.PAD:
            self.cursor += 1
        elif kind is Command.HOME:
            self.cursor = 0
        elif kind is Command.END:
            self.cursor = len(self.text)
        else:
            return False
        self._blink = 0.0
        if self.text != before and self.on_change:
            self.on_change(self.text)
        return True

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % (2 * BLINK_SECONDS)

    @property
    def is_cursor_shown(self) -> bool:
        return self.focused and self._blink < BLINK_SECONDS

    @property
    def shown_text(self) -> str:
        """What the box shows: the text, or a star per character when masked."""
        return MASK_CHAR * len(self.text) if self.masked else self.text

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if self.focused:
            sunken_field(surface, r, palette.WHITE, palette.SELECT_BLUE)
            pygame.draw.rect(surface, palette.TITLE_BLUE, r.inflate(2, 2), 1)
        else:
            sunken_field(surface, r, palette.CREAM)
        body = self.fonts.body
        y = r.y + (r.height - 7) // 2
        shown = self.shown_text
        body.draw(surface, shown, (r.x + 3, y), palette.INK)
        if self.is_cursor_shown:
            cx = r.x + 3 + body.width(shown[:self.cursor]) + (1 if self.cursor else 0)
            pygame.draw.line(surface, palette.INK, (cx, y - 1), (cx, y + 8))


class NumberPrompt(Widget):
    """Asks for a number in [minimum, maximum] with a default that Return accepts.

    Up/Right (or stick, wheel) add one, Down/Left take one, Page Up/Down step by ten, typed
    digits replace the default; the small arrows beside the field work with the pointer.
    The arrows and the stick stay within the range; a typed number outside it is refused on
    accept (`error` says why, `on_refuse` is told) and the prompt keeps it for correcting.
    """

    focusable = True

    def __init__(self, fonts: Fonts, rect: RectLike, *, minimum: int, maximum: int,
                 default: int, on_accept: Callable[[int], None] | None = None,
                 on_refuse: Callable[[str], None] | None = None) -> None:
        super().__init__(rect)
        self.fonts = fonts
        self.minimum = minimum
        self.maximum = maximum
        self.default = max(minimum, min(maximum, default))
        self.value = self.default
        self.typed = ""
        self.on_accept = on_accept
        self.on_refuse = on_refuse
        self.error: str | None = None  # why the last accept was refused, until the next change
        self.focused = True
        self._blink = 0.0

    @property
    def up_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 11, self.rect.y, 11, self.rect.height // 2)

    @property
    def down_rect(self) -> pygame.Rect:
        half = self.rect.height // 2
        return pygame.Rect(self.rect.right - 11, self.rect.y + half, 11, self.rect.height - half)

    def _set(self, value: int) -> None:
        self.value = max(self.minimum, min(self.maximum, value))
        self.typed = ""

    @property
    def in_range(self) -> bool:
        return self.minimum <= self.value <= self.maximum

    def accept(self) -> int | None:
        """Take the shown value and tell `on_accept`; None (and `on_refuse`) if out of range."""
        if not self.in_range:
            self.error = f"Enter {self.minimum} to {self.maximum}"
            if self.on_refuse:
                self.on_refuse(self.error)
            return None
        self._set(self.value)
        if self.on_accept:
            self.on_accept(self.value)
        return self.value

    def handle(self, cmd: CommandEvent) -> bool:
        kind = cmd.kind
        step = {Command.UP: 1, Command.RIGHT: 1, Command.DOWN: -1, Command.LEFT: -1,
                Command.PAGE_UP: 10, Command.PAGE_DOWN: -10}.get(kind)
        if step is not None:
            self._set(self.value + step)
        elif kind is Command.WHEEL:
            self._set(self.value + cmd.value)
        elif kind is Command.HOME:
            self._set(self.maximum)
        elif kind is Command.END:
            self._set(self.minimum)
        elif kind is Command.TEXT and cmd.text.isdigit():
            typed = (self.typed + cmd.text).lstrip("0")[:len(str(self.maximum))]
            self.typed = typed
            self.value = int(typed) if typed else 0
        elif kind is Command.BACKSPACE:
            self.typed = self.typed[:-1] if self.typed else str(self.value)[:-1]
            self.value = int(self.typed) if self.typed else 0
        elif kind is Command.CONFIRM:
            self.accept()
        elif kind is Command.PRESS and self.up_rect.collidepoint(cmd.pos):
            self._set(self.value + 1)
        elif kind is Command.PRESS and self.down_rect.collidepoint(cmd.pos):
            self._set(self.value - 1)
        elif kind is Command.PRESS and cmd.device is Device.PAD:
            self.accept()  # fire accepts when the pad is the only device
        else:
            return False
        if kind is not Command.CONFIRM and not (kind is Command.PRESS
                                                and cmd.device is Device.PAD):
            self.error = None
        self._blink = 0.0
        return True

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % (2 * BLINK_SECONDS)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        field = pygame.Rect(r.x, r.y, r.width - 12, r.height)
        sunken_field(surface, field, palette.WHITE, palette.SELECT_BLUE)
        if self.error:
            pygame.draw.rect(surface, palette.ALERT_RED, field.inflate(2, 2), 1)
        text = self.typed if self.typed else str(self.value)
        body = self.fonts.bold
        y = r.y + (r.height - 7) // 2
        colour = palette.INK if self.minimum <= self.value <= self.maximum else palette.ALERT_RED
        body.draw(surface, text, (field.right - 4, y), colour, align="right")
        if self.typed and self._blink < BLINK_SECONDS:
            pygame.draw.line(surface, palette.INK, (field.right - 2, y - 1), (field.right - 2, y + 8))
        for rect, up in ((self.up_rect, True), (self.down_rect, False)):
            bevel_box(surface, rect, palette.LIGHT)
            cx, cy = rect.centerx, rect.centery
            for i in range(3):
                yy = cy - 1 + i if up else cy + 1 - i
                pygame.draw.line(surface, palette.INK, (cx - i, yy), (cx + i, yy))
