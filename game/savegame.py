"""Saved games on disk: versioned JSON, atomic writes, every field checked on load. Never pickle.

A save file is `{"format": "conquest-save", "version": N, "saved_at": ..., "name": ...,
"game": <Game.to_dict()>, "options": {...}}`. Loading refuses anything it cannot trust with a
SaveFormatError whose message names the problem, so a bad file never crashes the game.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from game.engine import Game, StateError
import contextlib

FORMAT = "conquest-save"
# Version history (append only):
#   1 - first format.
VERSION = 1
MAX_SAVE_BYTES = 8 * 1024 * 1024
SAVES_DIR = Path(__file__).resolve().parent.parent / "saves"
AUTOSAVE_NAME = "autosave"
DEFAULT_NAME = "RISKFILE"
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,31}$")
# version -> function turning a save of that version into the next one.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class SaveFormatError(ValueError):
    """The file is not a save this game can load; the message says why."""


class UnsupportedSaveVersion(SaveFormatError):
    """The save was written by a newer version of the game."""


@dataclass(frozen=True)
class LoadedSave:
    game: Game
    name: str
    saved_at: str
    options: dict[str, Any]


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the Resume Game list; a damaged file is listed with its error."""

    name: str
    path: Path
    saved_at: str
    summary: str
    error: str | None = None


def is_valid_name(name: str) -> bool:
    return bool(NAME_PATTERN.match(name)) and not name.endswith(".")


def save_path(name: str, directory: Path | None = None) -> Path:
    if not is_valid_name(name):
        raise SaveFormatError(
            "A save name is 1 to 32 letters, digits, spaces, dots, dashes or underscores."
        )
    return (directory or SAVES_DIR) / f"{name}.json"


def save_game(
    game: Game,
    name: str,
    directory: Path | None = None,
    options: dict[str, Any] | None = None,
    now: datetime | None = None,
) -> Path:
    """Writes the game atomically (temporary file, then rename): a crash never leaves half a save."""
    path = save_path(name, directory)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "saved_at": (now or datetime.now()).isoformat(timespec="seconds"),
        "name": name,
        "game": game.to_dict(),
        "options": options or {},
    }
    write_json_atomically(path, data)
    return path


def write_json_atomically(path: Path, data: Any) -> None:
    """JSON to `path` through a temporary file in the same folder and os.replace."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, separators=(",", ":"))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _reject_constant(value: str) -> Any:
    raise ValueError(f"{value} is not allowed in a save")


def read_save_data(path: Path) -> dict[str, Any]:
    """The checked outer envelope of a save, migrated to the current version."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise SaveFormatError(f"Cannot open {path.name}: {exc.strerror or exc}.") from exc
    if size > MAX_SAVE_BYTES:
        raise SaveFormatError(f"{path.name} is too large to be a save ({size // 1024} KB).")
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text, parse_constant=_reject_constant)
    except UnicodeDecodeError as exc:
        raise SaveFormatError(f"{path.name} is not a text file.") from exc
    except (ValueError, RecursionError) as exc:
        raise SaveFormatError(f"{path.name} is damaged: it is not valid JSON.") from exc
    except OSError as exc:
        raise SaveFormatError(f"Cannot read {path.name}: {exc.strerror or exc}.") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFormatError(f"{path.name} is not a Conquest saved game.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveFormatError(f"{path.name} has no valid version number.")
    if version > VERSION:
        raise UnsupportedSaveVersion(
            f"{path.name} was saved by a newer version of Conquest (format {version}); "
            f"this one reads up to format {VERSION}."
        )
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version += 1
        data["version"] = version
    return data


def load_game(path: Path) -> LoadedSave:
    """Loads and checks a save. Raises SaveFormatError naming the problem; never anything else."""
    data = read_save_data(path)
    try:
        game = Game.from_dict(data["game"])
    except KeyError as exc:
        raise SaveFormatError(f"{path.name} holds no game.") from exc
    except StateError as exc:
        raise SaveFormatError(f"{path.name} is damaged: {exc}.") from exc
    except (TypeError, ValueError, AttributeError, IndexError, RecursionError) as exc:
        raise SaveFormatError(f"{path.name} is damaged: {exc!r}.") from exc
    options = data.get("options", {})
    name = data.get("name", path.stem)
    saved_at = data.get("saved_at", "")
    return LoadedSave(
        game=game,
        name=name if isinstance(name, str) else path.stem,
        saved_at=saved_at if isinstance(saved_at, str) else "",
        options=options if isinstance(options, dict) else {},
    )


def list_saves(directory: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first; damaged ones are listed with their error."""
    folder = directory or SAVES_DIR
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        if path.stem == "settings" or path.name.startswith("."):
            continue
        try:
            data = read_save_data(path)
            game = data.get("game", {})
            config = game.get("config", {}) if isinstance(game, dict) else {}
            summary = _summary(config, game)
            found.append(SaveInfo(path.stem, path, str(data.get("saved_at", "")), summary))
        except SaveFormatError as exc:
            found.append(SaveInfo(path.stem, path, "", "damaged", str(exc)))
        except (AttributeError, TypeError):
            found.append(SaveInfo(path.stem, path, "", "damaged", f"{path.name} is damaged."))
    found.sort(key=lambda s: (s.saved_at, s.name), reverse=True)
    return found


def _summary(config: dict[str, Any], game: dict[str, Any]) -> str:
    players = config.get("players", [])
    kind = str(config.get("game_type", "?")).replace("_", " ").upper()
    return f"{kind}, {len(players)} players, turn {game.get('turn', '?')}"


def suggest_name(directory: Path | None = None, today: date | None = None) -> str:
    """A new dated name in the ZJZ style: RG + MMDDYY + a number counting that day's saves."""
    day = today or date.today()
    stem = f"RG{day:%m%d%y}"
    folder = directory or SAVES_DIR
    taken = {p.stem for p in folder.glob(f"{stem}.*.json")} if folder.is_dir() else set()
    number = 1
    while f"{stem}.{number:03d}" in taken:
        number += 1
    return f"{stem}.{number:03d}"
