"""Options kept between runs: defaults in code, overridden by `saves/settings.json`.

A missing file gives the defaults silently; a bad file gives the defaults and a message for the
message area, so a broken settings file never stops the game. Writes are atomic.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

SETTINGS_VERSION = 1
DEFAULT_PATH = Path(__file__).resolve().parent.parent / "saves" / "settings.json"

FAST_GAME_LEVELS = ("normal", "fast", "instant")
MAP_SCROLL_MODES = ("scroll", "jump")
POINTER_SPEED_STEPS = 8  # F3..F10

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
    # The answers of the last game set up (game/scenes/setup.py writes and checks them).
    last_setup: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["key_bindings"] = {k: list(v) for k, v in self.key_bindings.items()}
        data["pad_bindings"] = {k: list(v) for k, v in self.pad_bindings.items()}
        return {"format": "conquest-settings", "version": SETTINGS_VERSION, **data}

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Build settings from parsed JSON; raises ValueError on anything malformed."""
        if not isinstance(data, dict) or data.get("format") != "conquest-settings":
            raise ValueError("not a Conquest settings file")
        base = cls()
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(base, f.name)
            if f.name == "key_bindings":
                values[f.name] = {**default, **_bindings(value, str)}
            elif f.name == "pad_bindings":
                values[f.name] = {**default, **_bindings(value, int)}
            elif f.name == "last_setup":
                values[f.name] = _last_setup(value)
            elif type(value) is not type(default):
                raise ValueError(f"option {f.name!r} has the wrong type")
            else:
                values[f.name] = value
        settings = replace(base, **values)
        settings.check()
        return settings

    def check(self) -> None:
        """Raise ValueError if an option is outside its range."""
        if self.fast_game not in FAST_GAME_LEVELS:
            raise ValueError(f"fast game level {self.fast_game!r} is unknown")
        if self.map_scroll not in MAP_SCROLL_MODES:
            raise ValueError(f"map scroll mode {self.map_scroll!r} is unknown")
        if not 0 <= self.pointer_speed < POINTER_SPEED_STEPS:
            raise ValueError("pointer speed out of range")


def _last_setup(value: Any) -> dict[str, Any]:
    """The remembered set-up as a plain table of JSON values; anything else is forgotten
    (an empty table: the setup screen's defaults), never an error that loses other options."""
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        return {}
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError):
        return {}


def _bindings(value: Any, kind: type) -> dict[str, tuple[Any, ...]]:
    if not isinstance(value, dict):
        raise ValueError("bindings must be a table")
    out: dict[str, tuple[Any, ...]] = {}
    for name, items in value.items():
        if not isinstance(items, list) or not all(type(i) is kind for i in items):
            raise ValueError(f"binding {name!r} must be a list of {kind.__name__}")
        out[str(name)] = tuple(items)
    return out


class SettingsStore:
    """Loads and saves `Settings` at one path (injectable, so tests use a temporary file)."""

    def __init__(self, path: Path | str = DEFAULT_PATH) -> None:
        self.path = Path(path)

    def load(self) -> tuple[Settings, str | None]:
        """The saved settings and None, or the defaults and a message saying why."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Settings(), None
        except OSError as exc:
            return Settings(), f"Settings could not be read ({exc.strerror}); using defaults."
        try:
            return Settings.from_dict(json.loads(text)), None
        except (ValueError, TypeError) as exc:
            return Settings(), f"Settings file was damaged ({exc}); using defaults."

    def save(self, settings: Settings) -> str | None:
        """Write atomically (temp file, then rename); returns an error message or None."""
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(settings.to_dict(), indent=2) + "\n", encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            return f"Settings could not be saved ({exc.strerror})."
        return None
