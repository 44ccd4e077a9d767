"""Options kept between runs: defaults in code, overridden by `settings.json` in the saves folder.

A missing file gives the defaults silently; a bad file gives the defaults and a message for the
message area, so a broken settings file never stops the game. Writes are atomic.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.jsonfile import FileRefused, read_json, remove_stale_temporaries, write_json_atomically
from game.resources import settings_path

SETTINGS_VERSION = 1

FAST_GAME_LEVELS = ("normal", "fast", "instant")
MAP_SCROLL_MODES = ("scroll", "jump")
POINTER_SPEED_STEPS = 8  # F3..F10
MAX_SETTINGS_BYTES = 256 * 1024
MAX_SETUP_KEYS = 32
MAX_SETUP_TEXT = 64
MAX_BINDINGS = 128
MAX_KEYS_PER_COMMAND = 8
MAX_BUTTON = 64

# Command name -> pygame key names (pygame.key.name spelling). Remappable by the user file.
DEFAULT_KEY_BINDINGS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "CONFIRM": ("return", "enter"),
    "PRESS": ("space", "[5]"),
    "CANCEL": ("escape",),
    "UP": ("up", "[8]"),
    "DOWN": ("down", "[2]"),
    "LEFT": ("left", "[4]"),
    "RIGHT": ("right", "[6]"),
    "MENU": ("m", "menu"),
    "NEXT": ("tab",),
    "HELP": ("f1",),
    "CONTINENTS": ("f2",),
    "NEW_ATTACK": ("n",),
    "REPEAT_ATTACK": ("r",),
    "SHOW_CARDS": ("c",),
    "FREE_MOVE": ("f",),
    "FULLSCREEN": ("f11",),
    "PAGE_UP": ("page up",),
    "PAGE_DOWN": ("page down",),
    "HOME": ("home",),
    "END": ("end",),
    "BACKSPACE": ("backspace",),
    "DELETE": ("delete",),
})

# Command name -> joystick button numbers (the usual XInput layout: A=0, B=1, X=2, Y=3,
# LB=4, RB=5, Back=6, Start=7), for sticks SDL cannot map; OPTIONS > Pad Buttons edits it.
DEFAULT_PAD_BINDINGS: Mapping[str, tuple[int, ...]] = MappingProxyType({
    "PRESS": (0,),
    "SCROLL_HOLD": (1,),
    "NEXT": (5,),
    "PREVIOUS": (4,),
    "CANCEL": (6, 8),
    "MENU": (7, 9),
    "FREE_MOVE": (2,),
    "SHOW_CARDS": (3,),
})


@dataclass(frozen=True)
class Settings:
    """Every persistent option. Immutable: change one with `dataclasses.replace`."""

    sound: bool = True
    fast_game: str = "normal"
    automatic_dice: bool = False
    map_scroll: str = "scroll"
    map_reversed: bool = False
    pointer_speed: int = 3
    colour_blind: bool = False
    fullscreen: bool = False
    key_bindings: dict[str, tuple[str, ...]] = field(
        default_factory=lambda: dict(DEFAULT_KEY_BINDINGS))
    pad_bindings: dict[str, tuple[int, ...]] = field(
        default_factory=lambda: dict(DEFAULT_PAD_BINDINGS))
    # The answers of the last game set up (game/scenes/setup/new_game.py writes and checks them).
    last_setup: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["key_bindings"] = {k: list(v) for k, v in self.key_bindings.items()}
        data["pad_bindings"] = {k: list(v) for k, v in self.pad_bindings.items()}
        return {"format": "conquest-settings", "version": SETTINGS_VERSION, **data}

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Build settings from parsed JSON; raises ValueError, in a player's words, on anything
        malformed. Values are refused, never coerced: "false" is not a switch."""
        if not isinstance(data, dict) or data.get("format") != "conquest-settings":
            raise ValueError("it is not a Conquest settings file")
        version = data.get("version", SETTINGS_VERSION)
        if type(version) is not int or not 1 <= version <= SETTINGS_VERSION:
            raise ValueError("it was written by another version of Conquest")
        base = cls()
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(base, f.name)
            label = f.name.replace("_", " ")
            if f.name == "key_bindings":
                values[f.name] = {**default, **_bindings(value, str)}
            elif f.name == "pad_bindings":
                values[f.name] = {**default, **_bindings(value, int)}
            elif f.name == "last_setup":
                values[f.name] = _last_setup(value)
            elif type(value) is not type(default):
                raise ValueError(f"the option {label} has the wrong kind of value")
            else:
                values[f.name] = value
        settings = replace(base, **values)
        settings.check()
        return settings

    def check(self) -> None:
        """Raise ValueError if an option is outside its range."""
        if self.fast_game not in FAST_GAME_LEVELS:
            raise ValueError("the fast game level is not one this game knows")
        if self.map_scroll not in MAP_SCROLL_MODES:
            raise ValueError("the map scroll mode is not one this game knows")
        if not 0 <= self.pointer_speed < POINTER_SPEED_STEPS:
            raise ValueError("the pointer speed is out of range")


def _scalar(value: Any) -> bool:
    return value is None or type(value) in (bool, int) and abs(value) < 2**31 \
        or isinstance(value, str) and len(value) <= MAX_SETUP_TEXT


def _words(item: Any) -> bool:
    return isinstance(item, list) and all(isinstance(v, str) for v in item)


# The answers the setup screen keeps, each with the shape it can read (it checks the meaning).
SETUP_SHAPES: dict[str, Any] = {
    "count": lambda v: type(v) is int,
    "names": _words,
    "colours": _words,
    "levels": _words,
    "game_type": lambda v: isinstance(v, str),
    "design": lambda v: isinstance(v, dict),
    "neutral": lambda v: type(v) is bool,
    "hq_to_win": lambda v: v is None or type(v) is int,
}


def _last_setup(value: Any) -> dict[str, Any]:
    """The remembered set-up as a small table of plain values: each answer a word, number or
    switch, a short list of them, or a small table of them (the designed game). Anything else
    is forgotten (the setup screen's defaults), never an error that loses other options; the
    setup screen checks each answer's meaning."""
    if not isinstance(value, dict):
        return {}
    kept: dict[str, Any] = {}
    for key, item in list(value.items())[:MAX_SETUP_KEYS]:
        if not isinstance(key, str) or len(key) > MAX_SETUP_TEXT:
            continue
        shape = SETUP_SHAPES.get(key)
        if shape is not None and not shape(item):
            continue
        if _scalar(item):
            kept[key] = item
        elif isinstance(item, list) and len(item) <= MAX_SETUP_KEYS and all(map(_scalar, item)):
            kept[key] = list(item)
        elif isinstance(item, dict) and len(item) <= MAX_SETUP_KEYS and all(
                isinstance(k, str) and len(k) <= MAX_SETUP_TEXT and _scalar(v)
                for k, v in item.items()):
            kept[key] = dict(item)
    return kept


def _bindings(value: Any, kind: type) -> dict[str, tuple[Any, ...]]:
    if not isinstance(value, dict) or len(value) > MAX_BINDINGS:
        raise ValueError("the key bindings must be a small table")
    out: dict[str, tuple[Any, ...]] = {}
    for name, items in value.items():
        if len(name) > MAX_SETUP_TEXT or not name.isprintable():
            raise ValueError("a key binding has a bad command name")
        if not isinstance(items, list) or len(items) > MAX_KEYS_PER_COMMAND \
                or not all(type(i) is kind for i in items):
            raise ValueError(f"the binding of {name} must be a short list of "
                             f"{'key names' if kind is str else 'button numbers'}")
        if kind is str and not all(0 < len(i) <= MAX_SETUP_TEXT for i in items):
            raise ValueError(f"the binding of {name} names a key badly")
        if kind is int and not all(0 <= i < MAX_BUTTON for i in items):
            raise ValueError(f"the binding of {name} names a button that no pad has")
        out[name] = tuple(items)
    return out


class SettingsStore:
    """Loads and saves `Settings` at one path (injectable, so tests use a temporary file); by
    default `settings.json` in the player's saves folder (game/resources.py)."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else settings_path()

    @property
    def set_aside_path(self) -> Path:
        """Where a damaged settings file is moved, so the player can look at it."""
        return self.path.with_name(self.path.name + ".bad")

    def load(self) -> tuple[Settings, str | None]:
        """The saved settings and None, or the defaults and one message saying why. A damaged
        file is set aside (renamed to settings.json.bad) so the next save starts clean and the
        message is not repeated at every start."""
        remove_stale_temporaries(self.path.parent, stem=self.path.stem)
        legacy = self.path.with_name(self.path.name + ".tmp")  # the old writer's temporary file
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(legacy).st_mode):
                legacy.unlink()
        try:
            data = read_json(self.path, MAX_SETTINGS_BYTES, "settings file")
        except FileNotFoundError:
            return Settings(), None
        except FileRefused as exc:
            return Settings(), self._set_aside(str(exc))
        try:
            return Settings.from_dict(data), None
        except (ValueError, TypeError) as exc:
            return Settings(), self._set_aside(f"{self.path.name} is damaged: {exc}.")

    def _set_aside(self, reason: str) -> str:
        try:
            if not stat.S_ISREG(os.lstat(self.path).st_mode):
                # a folder, a FIFO or a link is left where it is: the game just does not use it
                return f"{reason} The game uses its defaults."
            os.replace(self.path, self.set_aside_path)
        except OSError:
            return f"{reason} The game uses its defaults."
        return f"{reason} It was kept as {self.set_aside_path.name}; the game uses its defaults."

    def save(self, settings: Settings) -> str | None:
        """Write atomically (temp file, then rename); returns an error message or None."""
        try:
            write_json_atomically(self.path, settings.to_dict(), indent=2)
        except OSError as exc:
            return f"Settings could not be saved ({exc.strerror or 'disk error'})."
        return None
