"""What to call a control on the device the player used last: the one place prompts ask.

Every prompt, dialog hint, the F1 help and the message area name controls through
`control_name` (or `describe`, which fills a template), so a pad player reads button pictures,
a keyboard player reads key names and a mouse player reads "click":

    >>> control_name(Control.END_TURN, Device.PAD)
    '{BACK}'
    >>> control_name(Control.END_TURN, Device.KEYBOARD)
    'ESC'
    >>> control_name(Control.END_TURN, Device.MOUSE)
    'PLAY > End Turn'
    >>> describe("{FREE_MOVE} free move, {END_TURN} ends the turn.", Device.PAD)
    '{X} free move, {BACK} ends the turn.'

A pad's answer holds glyph markers such as `{A}`: draw it with `game.ui.glyphs.draw_text`
(which draws the button pictures) or turn it into words with `game.ui.glyphs.plain`. Keyboard
and mouse answers are plain text. `device_of(app)` reads the last device from the App's input,
and `for_app(app, control)` / `describe_for(app, template)` do both steps at once; a raw stick
SDL cannot map is named by its button numbers from the settings ("{BTN3}").

Controls (the abstract things prompts talk about): PRESS (choose what the pointer or focus
is on), CONFIRM (accept the default), CANCEL (drop a choice, close a window), END_TURN,
FREE_MOVE, CARDS, HELP, CONTINENTS, MENU, SCROLL (move the map), MOVE (move the pointer),
FOCUS (move the focus in a window), NEXT_TARGET / PREVIOUS_TARGET (snap to the next or previous
territory the step accepts), NEW_ATTACK, REPEAT_ATTACK, TYPE (enter a name), SET_COUNT,
DESELECT (drop a selection on the map: ESC, the pad's Back, a right click),
HISTORY_OLDER / HISTORY_NEWER (scroll the message history: Page Up/Down, the pad's triggers).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import Enum
from typing import Any

from game.input import Device


class Control(Enum):
    PRESS = "press"
    CONFIRM = "confirm"
    CANCEL = "cancel"
    END_TURN = "end turn"
    FREE_MOVE = "free move"
    CARDS = "cards"
    HELP = "help"
    CONTINENTS = "continents"
    MENU = "menu"
    SCROLL = "scroll"
    MOVE = "move"
    FOCUS = "focus"
    NEXT_TARGET = "next target"
    PREVIOUS_TARGET = "previous target"
    NEW_ATTACK = "new attack"
    REPEAT_ATTACK = "repeat attack"
    TYPE = "type"
    SET_COUNT = "set count"
    DESELECT = "deselect"
    HISTORY_OLDER = "history older"
    HISTORY_NEWER = "history newer"


# Controls that a key binding names: control -> the Command name in settings.key_bindings.
_KEY_COMMANDS = {
    Control.PRESS: "PRESS", Control.CONFIRM: "CONFIRM", Control.CANCEL: "CANCEL",
    Control.END_TURN: "CANCEL", Control.FREE_MOVE: "FREE_MOVE", Control.CARDS: "SHOW_CARDS",
    Control.HELP: "HELP", Control.CONTINENTS: "CONTINENTS", Control.MENU: "MENU",
    Control.NEXT_TARGET: "NEXT", Control.NEW_ATTACK: "NEW_ATTACK",
    Control.REPEAT_ATTACK: "REPEAT_ATTACK", Control.DESELECT: "CANCEL",
    Control.HISTORY_OLDER: "PAGE_UP",
    Control.HISTORY_NEWER: "PAGE_DOWN"}
_KEY_FIXED = {
    Control.SCROLL: "Shift+arrows", Control.MOVE: "the arrow keys",
    Control.FOCUS: "the arrow keys", Control.PREVIOUS_TARGET: "Shift+Tab",
    Control.TYPE: "type", Control.SET_COUNT: "digits"}
_KEY_WORDS = {"return": "Return", "space": "Space", "escape": "ESC", "tab": "Tab",
              "[5]": "keypad 5", "enter": "Enter", "page up": "Page Up",
              "page down": "Page Down"}

_PAD = {
    Control.PRESS: "{A}", Control.CONFIRM: "{A}", Control.CANCEL: "{B}",
    Control.END_TURN: "{BACK}", Control.FREE_MOVE: "{X}", Control.CARDS: "{Y}",
    Control.HELP: "{L3}", Control.CONTINENTS: "{R3}", Control.MENU: "{START}",
    Control.SCROLL: "{RS}", Control.MOVE: "{LS}", Control.FOCUS: "{DPAD}",
    Control.NEXT_TARGET: "{RB}", Control.PREVIOUS_TARGET: "{LB}",
    Control.NEW_ATTACK: "{START} PLAY > New Attack",
    Control.REPEAT_ATTACK: "{START} PLAY > Repeat Attack",
    Control.TYPE: "{A} on the name", Control.SET_COUNT: "{DPAD}",
    Control.HISTORY_OLDER: "{LT}", Control.HISTORY_NEWER: "{RT}", Control.DESELECT: "{BACK}"}
# What a raw stick's button map calls each control (the pad_bindings names).
_RAW_COMMANDS = {
    Control.PRESS: "PRESS", Control.CONFIRM: "PRESS", Control.CANCEL: "CANCEL",
    Control.END_TURN: "CANCEL", Control.FREE_MOVE: "FREE_MOVE", Control.CARDS: "SHOW_CARDS",
    Control.HELP: "HELP", Control.CONTINENTS: "CONTINENTS", Control.MENU: "MENU",
    Control.SCROLL: "SCROLL_HOLD", Control.NEXT_TARGET: "NEXT",
    Control.PREVIOUS_TARGET: "PREVIOUS", Control.DESELECT: "CANCEL"}

_MOUSE = {
    Control.PRESS: "click", Control.CONFIRM: "click the thick-bordered button",
    Control.CANCEL: "click CANCEL", Control.END_TURN: "PLAY > End Turn",
    Control.FREE_MOVE: "PLAY > Free Move", Control.CARDS: "PLAY > Show Cards",
    Control.HELP: "INFO > Help", Control.CONTINENTS: "INFO > Continents",
    Control.MENU: "click a menu title", Control.SCROLL: "drag with the right button",
    Control.MOVE: "move the mouse", Control.FOCUS: "move the mouse",
    Control.NEXT_TARGET: "click", Control.PREVIOUS_TARGET: "click",
    Control.NEW_ATTACK: "PLAY > New Attack", Control.REPEAT_ATTACK: "PLAY > Repeat Attack",
    Control.TYPE: "click the name", Control.SET_COUNT: "click the arrows",
    Control.HISTORY_OLDER: "the wheel", Control.HISTORY_NEWER: "the wheel",
    Control.DESELECT: "a right click"}


def control_name(control: Control, device: Device, *,
                 key_bindings: Mapping[str, tuple[str, ...]] | None = None,
                 pad_bindings: Mapping[str, tuple[int, ...]] | None = None,
                 mapped_pad: bool = True) -> str:
    """The words (or, for a pad, glyph markers) that name `control` on `device`.

    `key_bindings` and `pad_bindings` are the settings' maps (defaults when None);
    `mapped_pad=False` names a raw stick's buttons by number from `pad_bindings`.
    """
    if device is Device.PAD:
        if not mapped_pad:
            raw = _raw_pad_name(control, pad_bindings)
            if raw is not None:
                return raw
        return _PAD[control]
    if device is Device.MOUSE:
        return _MOUSE[control]
    if control in _KEY_FIXED:
        return _KEY_FIXED[control]
    from game.settings import DEFAULT_KEY_BINDINGS  # noqa: PLC0415 - import cycle-free

    bindings = key_bindings if key_bindings is not None else DEFAULT_KEY_BINDINGS
    keys = bindings.get(_KEY_COMMANDS[control], ())
    if not keys:
        return "(no key)"
    return _key_word(keys[0])


def _key_word(key: str) -> str:
    if key in _KEY_WORDS:
        return _KEY_WORDS[key]
    if len(key) == 1:
        return key.upper()
    if re.fullmatch(r"f\d+", key):
        return key.upper()
    return key.capitalize()


def _raw_pad_name(control: Control, bindings: Mapping[str, tuple[int, ...]] | None) -> str | None:
    if control in (Control.MOVE, Control.FOCUS, Control.SET_COUNT):
        return "the stick"
    name = _RAW_COMMANDS.get(control)
    if name is None:
        return None
    if bindings is None:
        from game.settings import DEFAULT_PAD_BINDINGS  # noqa: PLC0415

        bindings = DEFAULT_PAD_BINDINGS
    buttons = bindings.get(name, ())
    if not buttons:
        return "(no button)"
    return f"{{BTN{buttons[0]}}}" + (" + the stick" if control is Control.SCROLL else "")


_TEMPLATE = re.compile(r"\{([A-Z_]+)\}")


def describe(template: str, device: Device, **options: Any) -> str:
    """Fill each `{CONTROL}` of `template` (the Control's name) with `control_name`.

    Markers that are not a Control (e.g. a glyph marker already there) are left alone.
    """
    def fill(match: re.Match[str]) -> str:
        control = Control.__members__.get(match.group(1))
        if control is None:
            return match.group(0)
        return control_name(control, device, **options)
    return _TEMPLATE.sub(fill, template)


def device_of(app: Any) -> Device:
    """The device the player used last (keyboard, mouse or pad) according to the App."""
    device = getattr(getattr(app, "input", None), "last_device", Device.MOUSE)
    return device if device in (Device.KEYBOARD, Device.MOUSE, Device.PAD) else Device.MOUSE


def _options(app: Any) -> dict[str, Any]:
    settings = getattr(app, "settings", None)
    return {"key_bindings": getattr(settings, "key_bindings", None),
            "pad_bindings": getattr(settings, "pad_bindings", None),
            "mapped_pad": bool(getattr(getattr(app, "input", None), "last_pad_mapped", True))}


def for_app(app: Any, control: Control) -> str:
    """`control_name` for the device the App's player used last."""
    return control_name(control, device_of(app), **_options(app))


def describe_for(app: Any, template: str) -> str:
    """`describe` for the device the App's player used last."""
    return describe(template, device_of(app), **_options(app))
