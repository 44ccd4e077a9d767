"""The saves folder as FILE > Resume Game and Save Game list it. No pygame.

Every save in the folder is listed, however many there are: the autosave first (an interrupted
game is never hidden), then the others newest first, by the time their file was written. The
list is made from the folder's entries alone (a name and a date each: a few milliseconds for
hundreds of files); a save is loaded, with its journal, only when its row is to be shown
(`SaveEntry.info`), once. Before, the list took the first 100 names in alphabetical order and
loaded each of them: a newer save, and the autosave, could vanish from it without a word.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from game.resources import saves_dir
from game.savegame import (
    AUTOSAVE_NAME,
    MAX_NAME,
    SETTINGS_NAME,
    SaveFormatError,
    SaveInfo,
    is_reserved_name,
    is_valid_name,
    load_game,
    summarise,
)


@dataclass
class SaveEntry:
    """One save of the folder: its name and date at once, its contents when asked."""

    name: str  # as shown (a name that cannot be shown whole is cut)
    path: Path
    modified: float  # when the file was last written (seconds since the epoch)
    _info: SaveInfo | None = field(default=None, repr=False)

    @property
    def loaded(self) -> bool:
        return self._info is not None

    @property
    def info(self) -> SaveInfo:
        """The save loaded and checked (its error if it cannot be): loaded once."""
        if self._info is None:
            self._info = _load(self)
        return self._info

    # what a row shows, as SaveInfo has it (each loads the save if it is not yet)
    @property
    def error(self) -> str | None:
        return self.info.error

    @property
    def saved_at(self) -> str:
        return self.info.saved_at

    @property
    def summary(self) -> str:
        return self.info.summary

    @property
    def modified_text(self) -> str:
        """The file's date as a row shows it before the save is loaded."""
        try:
            return datetime.fromtimestamp(self.modified).strftime("%d %b %Y %H:%M")
        except (OverflowError, OSError, ValueError):
            return ""


def scan_saves(directory: Path | None = None) -> list[SaveEntry]:
    """Every `*.json` of the folder that may be a save (not the game's hidden files, not the
    settings), the autosave first, then newest first. Nothing is opened: a FIFO or a link to a
    device named `x.json` is listed like any file (loading it says what it is)."""
    folder = directory or saves_dir()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    found = []
    for entry in entries:
        name = entry.name
        if not name.endswith(".json") or name.startswith(".") or len(name) <= 5:
            continue
        stem = name[:-5]
        if stem.casefold() == SETTINGS_NAME:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISDIR(info.st_mode):
            continue
        shown = stem if len(stem) <= MAX_NAME and stem.isprintable() else \
            "".join(c for c in stem if c.isprintable())[:MAX_NAME] + "..."
        found.append(SaveEntry(shown, Path(entry.path), info.st_mtime))
    found.sort(key=lambda e: (e.name != AUTOSAVE_NAME, -e.modified, e.name))
    return found


def _load(entry: SaveEntry) -> SaveInfo:
    stem = entry.path.stem
    if not is_valid_name(stem) or (is_reserved_name(stem) and stem != AUTOSAVE_NAME):
        return SaveInfo(entry.name, entry.path, "", "damaged",
                        f"{entry.name}: this file's name is not a save name; rename it "
                        "(1 to 32 letters, digits, spaces, dots, dashes) to load it.")
    try:
        loaded = load_game(entry.path)
    except SaveFormatError as exc:
        return SaveInfo(stem, entry.path, "", "damaged", str(exc))
    return SaveInfo(stem, entry.path, loaded.saved_at, summarise(loaded.game))


def count_text(entries: list[SaveEntry]) -> str:
    """'301 saved games, newest first' (how many the list holds, said above it)."""
    if not entries:
        return "No saved games"
    count = len(entries)
    return f"{count} saved game{'' if count == 1 else 's'}, newest first"


def list_saves(directory: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder, the autosave first, then newest first, each loaded in full:
    a listed save without an error is one that loads; the others carry the reason they cannot.
    (The Resume screen loads only the rows it shows, through scan_saves.)"""
    return [entry.info for entry in scan_saves(directory)]
