"""Saved games on disk: versioned JSON, atomic writes, every field checked on load. Never pickle.

A save file is `{"format": "conquest-save", "version": N, "saved_at": ..., "name": ...,
"game": <Game.to_dict()>, "options": {...}}`. Loading refuses anything it cannot trust with a
SaveFormatError whose message names the problem in a player's words, so a bad file never
crashes the game. Files are read through game/jsonfile.py (regular files only, sizes and
values bounded); the game is rebuilt by the engine's checked loader on the board the save
names (an id, never a path).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from game.boards import BoardError, load_board
from game.engine import Game, StateError
from game.engine.board import is_board_id
from game.journal_replay import replay as replay_journal
from game.jsonfile import FileRefused, read_json, remove_stale_temporaries, write_json_atomically
from game.resources import saves_dir

FORMAT = "conquest-save"
# Version history (append only):
#   1 - first format.
VERSION = 1
MAX_SAVE_BYTES = 2 * 1024 * 1024
AUTOSAVE_NAME = "autosave"
SETTINGS_NAME = "settings"
# Names the game uses for its own files in the saves folder: never a player's save.
RESERVED_NAMES = frozenset({AUTOSAVE_NAME, SETTINGS_NAME})
DEFAULT_NAME = "RISKFILE"
NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ._-")
MAX_NAME = 32
# version -> function turning a save of that version into the next one.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class SaveFormatError(ValueError):
    """The file is not a save this game can load; the message says why."""


class UnsupportedSaveVersion(SaveFormatError):
    """The save was written by a newer version of the game."""


@dataclass(frozen=True)
class LoadedSave:
    game: Game
    name: str  # the file's stem, whatever name is written inside
    saved_at: str
    options: dict[str, Any]


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the Resume Game list; a file that cannot be loaded carries its error."""

    name: str
    path: Path
    saved_at: str
    summary: str
    error: str | None = None


def is_valid_name(name: str) -> bool:
    """1 to 32 ASCII letters, digits, spaces, dots, dashes or underscores, starting with a
    letter or digit and not ending with a dot or space: a name that is a file name anywhere."""
    return (isinstance(name, str) and 0 < len(name) <= MAX_NAME and set(name) <= NAME_CHARS
            and name[0].isalnum() and not name.endswith((".", " ")))


def is_reserved_name(name: str) -> bool:
    """True for the names of the game's own files (any case: some disks ignore it)."""
    return name.casefold() in RESERVED_NAMES


def save_path(name: str, directory: Path | None = None) -> Path:
    if not is_valid_name(name):
        raise SaveFormatError(
            "A save name is 1 to 32 letters, digits, spaces, dots, dashes or underscores."
        )
    return (directory or saves_dir()) / f"{name}.json"


def _envelope(game: Game, name: str, options: dict[str, Any] | None,
              now: datetime | None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "saved_at": (now or datetime.now()).isoformat(timespec="seconds"),
        "name": name,
        "game": game.to_dict(),
        "options": clean_options(options or {}),
    }


def save_game(
    game: Game,
    name: str,
    directory: Path | None = None,
    options: dict[str, Any] | None = None,
    now: datetime | None = None,
) -> Path:
    """Writes the game atomically (temporary file, then rename): a crash never leaves half a
    save. The game's own names (settings, autosave) are refused: use `write_autosave`."""
    if name == AUTOSAVE_NAME:
        write_autosave(game, directory, options)
        return autosave_path(directory)
    if is_reserved_name(name):
        raise SaveFormatError(f"{name} is the name of one of the game's own files.")
    path = save_path(name, directory)
    write_json_atomically(path, _envelope(game, name, options, now))
    return path


def autosave_path(directory: Path | None = None) -> Path:
    return (directory or saves_dir()) / f"{AUTOSAVE_NAME}.json"


def write_autosave(game: Game, directory: Path | None = None,
                   options: dict[str, Any] | None = None, *, sync: bool = True) -> Path | None:
    """The automatic save, atomic. A finished game is not kept there (it is not interrupted):
    its autosave is removed and None returned. Raises OSError if the disk refuses."""
    path = autosave_path(directory)
    if game.is_over:
        discard_autosave(directory)
        return None
    write_json_atomically(path, _envelope(game, AUTOSAVE_NAME, options, None), sync=sync)
    return path


def discard_autosave(directory: Path | None = None) -> None:
    """Removes the autosave (a game that ended, or one the player chose not to resume)."""
    with contextlib.suppress(FileNotFoundError):
        autosave_path(directory).unlink()


def tidy_saves_folder(directory: Path | None = None) -> int:
    """Start-up housekeeping: removes temporary files left by a write that was killed."""
    return remove_stale_temporaries(directory or saves_dir())


NETWORK_OPTIONS_KEY = "network"  # a network server's seats (token hashes), checked by game/net
MAX_NETWORK_OPTIONS_CHARS = 16_384


def clean_options(options: Any) -> dict[str, Any]:
    """The options table kept with a save: short names to short plain values, nothing else,
    except a network server's seat table (bounded in size; game/net/table.py checks each
    field when the server resumes)."""
    if not isinstance(options, dict):
        return {}
    kept: dict[str, Any] = {}
    for key, value in list(options.items())[:32]:
        if not isinstance(key, str) or len(key) > 32:
            continue
        plain = value is None or isinstance(value, bool | int) and abs(value) < 2**31 \
            or isinstance(value, str) and len(value) <= 32
        seats = key == NETWORK_OPTIONS_KEY and isinstance(value, dict) \
            and len(json.dumps(value)) <= MAX_NETWORK_OPTIONS_CHARS
        if plain or seats:
            kept[key] = value
    return kept


def read_save_data(path: Path) -> dict[str, Any]:
    """The checked outer envelope of a save, migrated to the current version."""
    try:
        data = read_json(path, MAX_SAVE_BYTES, "saved game")
    except FileNotFoundError as exc:
        raise SaveFormatError(f"Cannot open {path.name}: there is no such file.") from exc
    except FileRefused as exc:
        raise SaveFormatError(str(exc)) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFormatError(f"{path.name} is not a Conquest saved game.")
    version = data.get("version")
    if type(version) is not int or version < 1:
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


def _board_of(data: dict[str, Any], name: str) -> Any:
    """The board the save names, loaded by id (never a path); SaveFormatError if unknown."""
    game = data.get("game")
    config = game.get("config") if isinstance(game, dict) else None
    board = config.get("board", "classic") if isinstance(config, dict) else "classic"
    if not isinstance(board, str) or not is_board_id(board):
        raise SaveFormatError(f"{name} is damaged: it names a board that is not a board name.")
    try:
        return load_board(board)
    except BoardError as exc:
        raise SaveFormatError(f"{name} cannot be loaded: {exc}.") from exc


def load_game(path: Path, *, journal: bool = True) -> LoadedSave:
    """Loads and checks a save. Raises SaveFormatError naming the problem; never anything else.
    A network server's save comes with a journal of the actions since it was written whole
    (game/journal.py): they are replayed too, unless `journal` is False (the server's resume
    replays it itself, to learn the sequence number)."""
    data = read_save_data(path)
    if "game" not in data:
        raise SaveFormatError(f"{path.name} holds no game.")
    board = _board_of(data, path.name)
    try:
        game = Game.from_dict(data["game"], board)
    except StateError as exc:
        raise SaveFormatError(f"{path.name} is damaged: {exc}.") from exc
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError,
            OverflowError) as exc:
        # the engine's loader should have said what is wrong; never show a Python error
        raise SaveFormatError(f"{path.name} is damaged in a way this game cannot read.") from exc
    if journal:
        replayed = replay_journal(game, path)
        if replayed.problems:
            from game import filenotes  # noqa: PLC0415

            for problem in replayed.problems:
                filenotes.tell(f"{path.stem}: {problem}")
    saved_at = data.get("saved_at", "")
    return LoadedSave(
        game=game,
        # the file's own name, as the Resume list shows it: a copied or renamed save
        # (Evening.json copied to Backup.json, a server's finished game set aside as
        # network-1-ended-261204.json) still holds the name it was written under, another
        # file's, which Save would then offer and overwrite. The name is still written
        # inside (older versions of the game read it) but no longer trusted on load.
        name=path.stem,
        saved_at=saved_at if _is_timestamp(saved_at) else "",
        options=clean_options(data.get("options", {})),
    )


def _is_timestamp(value: Any) -> bool:
    if not isinstance(value, str) or len(value) > 32:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def summarise(game: Game) -> str:
    """'UK SHORT, 3 players, turn 12' (and 'finished' for a game that is over)."""
    kind = game.config.game_type.replace("_", " ").upper()
    text = f"{kind}, {len(game.config.players)} players, turn {game.turn}"
    return f"{text}, finished" if game.is_over else text


def suggest_name(directory: Path | None = None, today: date | None = None) -> str:
    """A new dated name in the ZJZ style: RG + MMDDYY + a number counting that day's saves."""
    day = today or date.today()
    stem = f"RG{day:%m%d%y}"
    folder = directory or saves_dir()
    taken = {p.stem for p in folder.glob(f"{stem}.*.json")} if folder.is_dir() else set()
    number = 1
    while f"{stem}.{number:03d}" in taken:
        number += 1
    return f"{stem}.{number:03d}"
