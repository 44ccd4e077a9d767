"""The on-screen keyboard: a grid of letter keys for entering a name with a pad or a mouse.

Every name field (players on the setup screen, saved games, the network forms) opens it for a
pad's A or a mouse click. SHIFT steps through three layers of the same keys: capitals, small
letters and symbols (so a pad alone can type a password with punctuation or an IPv6 address).
The d-pad, stick or arrow keys move the key focus (wrapping round the edges), A / Space / Return
type the focused key, a click types the key under the pointer; a keyboard can still type
straight into it. Pad X deletes, Y types a space, Start is DONE, B or Back cancels. A masked
keyboard (a password) shows a star for each character typed. The keys are drawn with the
project's font and primitives.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.input import Command, CommandEvent, Device
from game.ui import palette
from game.ui.draw import bevel_box, sunken_field
from game.ui.font import Fonts

# The comma sits on the first page beside M, as on a typewriter: the network forms ask for
# "NAMES, SEPARATED BY COMMAS". The underscore it displaced (rare in a name) is on the symbols.
LETTER_ROWS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM,.'")
# The symbol layer: what each letter key types when SHIFT shows "#+=" (digits stay, for
# addresses). With the letter layer's ",", "." and "'", every printable ASCII character but "`".
SYMBOL_ROWS = ("1234567890", "!@#$%^&*()", ':;"<>?/,-=', "+[]{}\\|~_.")
LAYERS = ("upper", "lower", "symbols")
# What the SHIFT key shows: the layer the next press brings.
_SHIFT_LABEL = {"upper": "abc", "lower": "#+=", "symbols": "ABC"}
SPECIAL_KEYS = ("SHIFT", "SPACE", "DEL", "CLEAR", "CANCEL", "DONE")
KEY_W = 22
KEY_H = 16
GAP = 3


class OnScreenKeyboard:
    """The keys and the text being edited; `on_done(text)` or `on_cancel()` ends it."""

    def __init__(self, fonts: Fonts, topleft: tuple[int, int], text: str, *, max_length: int,
                 on_done: Callable[[str], None], on_cancel: Callable[[], None],
                 fresh: bool = False, masked: bool = False) -> None:
        self.fonts = fonts
        self.masked = masked  # a password: the field shows a star per character
        self.fresh = fresh  # the text is an offered default: the first letter typed replaces it
        self.text = text[:max_length]
        self.max_length = max_length
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.layer = "upper"
        self.row = len(LETTER_ROWS)  # the focus starts on DONE: an offered name is one press away
        self.col = len(SPECIAL_KEYS) - 1
        x, y = topleft
        self.field = pygame.Rect(x, y, 10 * KEY_W + 9 * GAP, 16)
        self.keys: list[list[tuple[str, pygame.Rect]]] = []
        ky = y + 24
        for letters in LETTER_ROWS:
            self.keys.append([(ch, pygame.Rect(x + i * (KEY_W + GAP), ky, KEY_W, KEY_H))
                              for i, ch in enumerate(letters)])
            ky += KEY_H + GAP
        row: list[tuple[str, pygame.Rect]] = []
        kx = x
        w = (self.field.width - (len(SPECIAL_KEYS) - 1) * GAP) // len(SPECIAL_KEYS)
        for name in SPECIAL_KEYS:  # the special keys share the letter grid's width
            row.append((name, pygame.Rect(kx, ky, w, KEY_H)))
            kx += w + GAP
        self.keys.append(row)
        self.rect = self.field.unionall([r for line in self.keys for _, r in line])

    # -- editing -----------------------------------------------------------------------------
    @property
    def lower(self) -> bool:
        """Whether the letter keys type small letters."""
        return self.layer == "lower"

    def char_of(self, key: str) -> str:
        """What the letter key `key` types in the current layer."""
        if self.layer == "lower":
            return key.lower()
        if self.layer == "symbols":
            for letters, symbols in zip(LETTER_ROWS, SYMBOL_ROWS, strict=True):
                if key in letters:
                    return symbols[letters.index(key)]
        return key

    @staticmethod
    def key_for(char: str) -> tuple[str, str]:
        """The (layer, letter key) that types `char`, for a player walking the keys: the
        first page where it is on more than one (the comma is also among the symbols).
        Raises KeyError for a character no key types."""
        for letters in LETTER_ROWS:
            if char in letters:
                return "upper", char
        for letters in LETTER_ROWS:
            if char.upper() in letters and char.islower():
                return "lower", char.upper()
        for letters, symbols in zip(LETTER_ROWS, SYMBOL_ROWS, strict=True):
            if char in symbols:
                return "symbols", letters[symbols.index(char)]
        raise KeyError(char)

    @property
    def focused_key(self) -> str:
        return self.keys[self.row][self.col][0]

    def focus_key(self, name: str) -> None:
        """Put the focus on the key called `name` (a letter or a special key)."""
        for r, line in enumerate(self.keys):
            for c, (key, _) in enumerate(line):
                if key == name.upper() or key == name:
                    self.row, self.col = r, c
                    return
        raise KeyError(name)

    def type(self, char: str) -> None:
        if self.fresh:
            self.text = ""
            self.fresh = False
        if len(self.text) < self.max_length and char.isprintable():
            self.text += char

    def press_key(self, key: str) -> None:
        """What pressing the key `key` does."""
        if key == "SHIFT":
            self.layer = LAYERS[(LAYERS.index(self.layer) + 1) % len(LAYERS)]
        elif key == "SPACE":
            self.type(" ")
        elif key == "DEL":
            self.text = self.text[:-1]
            self.fresh = False
        elif key == "CLEAR":
            self.text = ""
            self.fresh = False
        elif key == "CANCEL":
            self.on_cancel()
        elif key == "DONE":
            self.on_done(self.text)
        else:
            self.type(self.char_of(key))

    def _move(self, dx: int, dy: int) -> None:
        if dy:
            x = self.keys[self.row][self.col][1].centerx
            self.row = (self.row + dy) % len(self.keys)
            line = self.keys[self.row]
            self.col = min(range(len(line)), key=lambda c: abs(line[c][1].centerx - x))
        else:
            self.col = (self.col + dx) % len(self.keys[self.row])

    def handle(self, cmd: CommandEvent) -> bool:
        kind = cmd.kind
        moves = {Command.LEFT: (-1, 0), Command.RIGHT: (1, 0), Command.UP: (0, -1),
                 Command.DOWN: (0, 1)}
        if kind in moves:
            self._move(*moves[kind])
        elif kind is Command.PRESS and cmd.device is Device.MOUSE:
            for r, line in enumerate(self.keys):
                for c, (key, rect) in enumerate(line):
                    if rect.collidepoint(cmd.pos):
                        self.row, self.col = r, c
                        self.press_key(key)
                        return True
            return False
        elif kind in (Command.PRESS, Command.CONFIRM):
            if kind is Command.CONFIRM and cmd.device is Device.KEYBOARD:
                self.on_done(self.text)  # Return ends typing, as in every name box
            else:
                self.press_key(self.focused_key)
        elif kind is Command.TEXT:
            for char in cmd.text:
                self.type(char)
        elif kind is Command.BACKSPACE or (kind is Command.FREE_MOVE and cmd.device is Device.PAD):
            self.press_key("DEL")
        elif kind is Command.SHOW_CARDS and cmd.device is Device.PAD:
            self.type(" ")
        elif kind is Command.MENU:
            self.on_done(self.text)
        elif kind is Command.CANCEL:
            self.on_cancel()
        else:
            return False
        return True

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.fonts
        sunken_field(surface, self.field, palette.WHITE, palette.SELECT_BLUE)
        y = self.field.y + (self.field.height - 7) // 2
        shown = "*" * len(self.text) if self.masked else self.text
        fonts.bold.draw(surface, shown, (self.field.x + 4, y), palette.INK)
        cx = self.field.x + 4 + fonts.bold.width(shown) + 1
        pygame.draw.line(surface, palette.INK, (cx, y - 1), (cx, y + 8))
        count = f"{len(self.text)}/{self.max_length}"
        fonts.body.draw(surface, count, (self.field.right - 4, y), palette.DIM_TEXT, align="right")
        for r, line in enumerate(self.keys):
            for c, (key, rect) in enumerate(line):
                focused = (r, c) == (self.row, self.col)
                face = palette.SELECT_BLUE if focused else palette.LIGHT
                if key == "SHIFT" and self.layer != "upper":
                    face = palette.FACE_LIGHT if not focused else face
                bevel_box(surface, rect, face)
                if focused:
                    pygame.draw.rect(surface, palette.AMBER, rect.inflate(2, 2), 1)
                label = self.char_of(key) if len(key) == 1 else key
                if key == "SHIFT":
                    label = _SHIFT_LABEL[self.layer]
                colour = palette.WHITE if focused else palette.INK
                font = fonts.bold if len(key) == 1 else fonts.body
                font.draw(surface, label, (rect.centerx, rect.y + (KEY_H - 7) // 2), colour,
                          align="center")
