"""What a player typed in the network forms last time, and the hosted game that can be resumed.

A window that closed (or crashed) in the middle of a network game must be able to take its seat
back: the seat token is kept on disk by the bridge (`bridge.load_seat`), keyed by the server's
address, the game and the player's name. This module keeps what the Join and Host forms were
given (never the password), so after a restart the forms come back filled in with those very
keys, and it finds the autosave of a game hosted from this window that can be resumed. No pygame.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.resources import saves_dir

log = logging.getLogger("conquest.net")

# A leading dot: the game's own file in the saves folder, not a saved game.
FORMS_FILE = ".network-forms.json"
HOSTED_GAME = "1"  # the table a window hosts
HOSTED_PREFIX = "hosted"  # its autosave: hosted-1 (a dedicated server's are network-N)
OLD_HOSTED_PREFIX = "network"  # where a window's game was saved before (still resumed)
MAX_TEXT = 64
MAX_FILE_BYTES = 64 * 1024


def _forms_path(directory: Path | None = None) -> Path:
    return (directory or saves_dir()) / FORMS_FILE


def _read(directory: Path | None = None) -> dict[str, Any]:
    """The forms' file; a damaged one is set aside and told (the forms start empty)."""
    from game.jsonfile import read_json_or_set_aside  # noqa: PLC0415

    data = read_json_or_set_aside(_forms_path(directory), MAX_FILE_BYTES,
                                  "file of the network forms' answers",
                                  "the network forms start empty")
    return data if isinstance(data, dict) else {}


def load_answers(form: str, directory: Path | None = None) -> dict[str, Any]:
    """The answers last given to `form` ("join" or "host"): plain words, numbers and short lists
    of words only; anything else in the file is dropped, never an error."""
    entry = _read(directory).get(form)
    if not isinstance(entry, dict):
        return {}
    clean: dict[str, Any] = {}
    for key, value in entry.items():
        if not isinstance(key, str):
            continue
        if (isinstance(value, str) and len(value) <= MAX_TEXT) or (
                isinstance(value, int) and not isinstance(value, bool)):
            clean[key] = value
        elif isinstance(value, list) and len(value) <= 6 and all(
                isinstance(v, str) and len(v) <= MAX_TEXT for v in value):
            clean[key] = list(value)
    return clean


def save_answers(form: str, answers: dict[str, Any], directory: Path | None = None) -> None:
    """Keep `answers` for `form` (atomically); a disk that refuses only loses the convenience."""
    from game.jsonfile import write_json_atomically  # noqa: PLC0415

    data = _read(directory)
    data[form] = {k: v for k, v in answers.items() if k != "password"}
    try:
        write_json_atomically(_forms_path(directory), data, sync=False)
    except OSError as exc:
        log.info("the network forms' answers were not kept: %s", exc)


@dataclass(frozen=True)
class ResumableGame:
    """An unfinished game hosted from this window, whose seat this player can take back."""

    port: int
    name: str  # the host's player name (the key of its seat token)
    seat: int
    seats: tuple[str, ...]  # the seat kinds, as the server is to be set up again
    game_type: str
    turn: int
    players: tuple[str, ...]
    local: tuple[tuple[int, str], ...] = ()  # every seat played here: (seat, name)
    save_prefix: str = HOSTED_PREFIX  # the autosave's name is f"{save_prefix}-1"

    def describe(self) -> str:
        """One line for the Host form: which game, how far, with whom."""
        kinds = {"uk_full": "UK Full", "us_full": "US Full", "uk_short": "UK Short",
                 "us_short": "US Short"}.get(self.game_type, self.game_type)
        here = {seat for seat, _ in self.local} | {self.seat}
        others = [p for i, p in enumerate(self.players) if i not in here]
        when = f"turn {self.turn}" if self.turn else "set-up"
        return f"{kinds}, {when}, with {', '.join(others)}"


def resumable_hosted_game(saves_dir: Path | None = None) -> ResumableGame | None:
    """The hosted game to offer to resume, or None.

    It must be the autosave of the hosted table, unfinished and readable, and the seat token
    kept for the host's name and port (noted when the hosted game began) must open one of its
    seats: a save nobody here can sit down at again is not offered.
    """
    answers = load_answers("hosted", saves_dir)
    port, name = answers.get("port"), answers.get("name")
    if not isinstance(port, int) or not isinstance(name, str) or not name:
        return None
    names = answers.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        names = [name]
    from game.net.bridge import load_seat  # noqa: PLC0415
    from game.net.table import Table, token_hash  # noqa: PLC0415
    from game.net.autosave import load_table_save  # noqa: PLC0415
    from game.savegame import SaveFormatError, save_path  # noqa: PLC0415

    prefix = HOSTED_PREFIX
    path = save_path(f"{prefix}-{HOSTED_GAME}", saves_dir)
    if not path.exists():  # a game hosted by an earlier version of Conquest
        prefix = OLD_HOSTED_PREFIX
        path = save_path(f"{prefix}-{HOSTED_GAME}", saves_dir)
    if not path.exists():
        return None
    try:
        loaded = load_table_save(path)  # with its journal: the turn it stopped at
        table = Table.from_save(loaded.game, loaded.options)
    except (SaveFormatError, ValueError, OSError) as exc:
        log.info("the hosted game cannot be resumed: %s", exc)
        return None
    game = loaded.game
    if game.is_over:
        return None
    local: list[tuple[int, str]] = []
    for each in names:  # every seat played here must open again with the token kept for it
        credentials = load_seat(host_uri(port), HOSTED_GAME, each)
        if credentials is None or not 0 <= credentials.seat < len(table.seats):
            return None
        seat = table.seats[credentials.seat]
        if seat.token_hash is None or seat.token_hash != token_hash(credentials.token):
            return None
        local.append((credentials.seat, each))
    return ResumableGame(port, names[0], local[0][0], tuple(s.kind for s in table.seats),
                         table.game_type, game.turn, tuple(p.name for p in game.players),
                         tuple(local), prefix)


def host_uri(port: int) -> str:
    """Where the hosting window's own seat connects (and the key its token is kept under)."""
    return f"ws://127.0.0.1:{port}"

