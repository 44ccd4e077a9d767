"""A save's journal: one line appended per action, between two whole saves. No pygame.

Rewriting a whole save after every action costs time that grows with the game; appending one
line costs a few microseconds. So the server (game/net/autosave.py) writes the ordinary save now
and then and, after every action, appends that action to the table's journal. The save plus its
journal is the game: `replay` applies the journal's actions after the save's last one. Every
reader of such a save replays it: the server's resume (game/net/autosave.py) and the game's own
Resume Game (`savegame.load_game`), so a network game's save taken home is never behind.

A journal file is text, one JSON object a line:
- first a header, `{"journal":1,"seed":S,"from":N}`: the game it belongs to (its secret seed,
  kept on the server's disk only, like the save that holds it too) and the record index of its
  first action;
- then one line per action, `{"n":N,"seq":Q,"action":[...]}`: its index in the game's record,
  the table's sequence number after it, and the action as the record encodes it; an action a
  player's client sent has `"sent":[S,K]` too: it was seat S's action number K (the numbers
  that let a server apply each action once, even when a client sends it again after the server
  restarted: game/net/numbering.py).
Each line goes out in one `write` to a file opened for appending, so a killed process leaves
whole lines; only a power cut could leave a torn last line, which ends the replay.

Reading it back is game/journal_replay.py's job: nothing read back is trusted, and a journal
that holds anything the save lacks is never thrown away.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.jsonfile import FileRefused
from game.jsonlines import read_lines

if TYPE_CHECKING:
    from game.engine import Action, Game

log = logging.getLogger("conquest.net")

JOURNAL_VERSION = 1
MAX_JOURNAL_BYTES = 64 * 1024 * 1024  # far above any game's; of a bigger file, its end is read
_COMPACT = (",", ":")
# a FIFO put in the journal's place is refused, not waited on; a link is not followed
_SAFE_OPEN = getattr(os, "O_SAFE_OPEN", 0) | getattr(os, "O_NOFOLLOW", 0)


def journal_paths(save: Path) -> tuple[Path, Path]:
    """(the journal, the one set aside while a whole save is written) of the save `save`."""
    current = save.with_name(f".{save.stem}.journal")
    return current, current.with_name(current.name + ".old")


# Made once: json.dumps builds a new encoder at every call given options (a line per action).
_ENCODE = json.JSONEncoder(separators=_COMPACT, allow_nan=False).encode

try:  # orjson (a dependency of the network game) writes a line several times faster
    from orjson import dumps as _fast_dumps
except ImportError:  # pragma: no cover - the standard library's lines are the same JSON
    _fast_dumps = None


def _action_json(encoded: list[Any]) -> bytes:
    """An encoded action (a short list of strings and whole numbers) as compact JSON."""
    if _fast_dumps is not None:
        try:
            return _fast_dumps(encoded)
        except TypeError:  # a number past 64 bits: the standard library takes it
            pass
    return _ENCODE(encoded).encode()


def action_json(action: Action) -> bytes:
    """The action as the record encodes it, in compact JSON (its part of a journal line)."""
    from game.engine.record import encode_action  # noqa: PLC0415

    return _action_json(encode_action(action))


def action_line(n: int, seq: int, action: Action, encoded: bytes | None = None,
                sent: tuple[int, int] | None = None) -> bytes:
    """A journal line; `encoded` is `action_json(action)` if made already; `sent` (seat, its
    action number) when a player's client sent it."""
    line = b'{"n":%d,"seq":%d,"action":%b' % (
        n, seq, action_json(action) if encoded is None else encoded)
    if sent is not None:
        line += b',"sent":[%d,%d]' % sent
    return line + b"}\n"


class Journal:
    """The journal file of one table, appended to from the event loop, synced from a thread."""

    def __init__(self, save: Path) -> None:
        self.path, self.old_path = journal_paths(save)
        self.lines = 0  # actions in the current journal file
        self.unsynced = False
        self._fd: int | None = None
        self._lock = threading.Lock()  # the fd is closed on the loop and synced by a thread

    def append(self, game: Game, seq: int, sent: tuple[int, int] | None = None) -> bytes:
        """The game's last recorded action, its record index and the table's `seq` (and `sent`,
        see `action_line`) (OSError if the disk refuses); returns the action's JSON as written
        (`action_json`), which the whole save's record takes too rather than encode the action
        again."""
        actions = game.record.actions
        encoded = action_json(actions[-1])
        line = action_line(len(actions) - 1, seq, actions[-1], encoded, sent)
        with self._lock:
            if self._fd is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND
                             | _SAFE_OPEN, 0o644)
                header = {"journal": JOURNAL_VERSION, "seed": game.seed, "from": len(actions) - 1}
                try:
                    _write_all(fd, (json.dumps(header, separators=_COMPACT) + "\n").encode())
                except OSError:
                    os.close(fd)
                    raise
                self._fd = fd
            _write_all(self._fd, line)
            self.lines += 1
            self.unsynced = True
        return encoded

    def set_aside(self) -> bool:
        """Close the journal and rename it aside (a whole save that covers it is about to be
        written); the next action starts a new one. False if there was none."""
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
            self.lines = 0
            self.unsynced = False
            if not self.path.exists():
                return False
            if self.old_path.exists():
                # the last whole save failed (or a crash came first): the journal set aside
                # then is still needed, so this one's actions are added to it
                try:
                    lines = read_lines(self.path, MAX_JOURNAL_BYTES, "journal").body
                except FileRefused as exc:  # (not ours: left where it is, the save waits)
                    raise OSError(str(exc)) from exc
                fd = os.open(self.old_path, os.O_WRONLY | os.O_APPEND | _SAFE_OPEN)
                try:
                    _write_all(fd, lines)
                finally:
                    os.close(fd)
                os.unlink(self.path)
            else:
                os.replace(self.path, self.old_path)
            return True

    def drop_old(self) -> None:
        """The whole save is in place: the journal set aside is no longer needed."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.old_path)

    def sync(self) -> None:
        """Push the journal's lines from the page cache to the disk (any thread). The lock is
        held only to take a copy of the file descriptor, not for the fsync: an fsync takes
        milliseconds, and the loop appending the table's next action waited on the lock
        all that time (the server syncs every table's journal on a timer)."""
        with self._lock:
            if self._fd is None or not self.unsynced:
                return
            self.unsynced = False
            fd = os.dup(self._fd)  # stays open if the loop closes the journal meanwhile
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
