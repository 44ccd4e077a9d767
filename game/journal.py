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
import stat
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.jsonfile import FileRefused, set_aside
from game.jsonlines import copy_body

if TYPE_CHECKING:
    from game.engine import Action, Game

log = logging.getLogger("conquest.net")

JOURNAL_VERSION = 1
MAX_JOURNAL_BYTES = 64 * 1024 * 1024  # far above any game's; of a bigger file, its end is read
_COMPACT = (",", ":")
# Opened without blocking (a FIFO put in the journal's place with nobody reading it is refused
# at once: opened for writing with O_NONBLOCK it fails with ENXIO, where a plain open waits for
# a reader for ever, with the server's event loop) and never through a link; whatever opens is
# then checked to be a regular file (`_open_regular_for_append`).
_SAFE_OPEN = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)


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
                fd = _open_regular_for_append(self.path,
                                              os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
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
        written); the next action starts a new one. False if there was none. Something other
        than a regular file in the journal's place (a FIFO, a link, a folder: no journal of
        ours) is moved out of the way as `network-1.journal.bad`, said to the host, so the
        next action's line can be written again."""
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
            self.lines = 0
            self.unsynced = False
            if not os.path.lexists(self.path):  # (a link to nowhere is something in the way)
                return False
            if _is_stranger(self.path):
                _move_stranger(self.path)
                return False
            if _is_stranger(self.old_path):
                _move_stranger(self.old_path)
            if os.path.lexists(self.old_path):
                # the last whole save failed (or a crash came first): the journal set aside
                # then is still needed, so this one's actions are added to it
                _add_lines(self.path, self.old_path)
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


def _open_regular_for_append(path: Path, extra: int = os.O_WRONLY) -> int:
    """A descriptor appending to `path`, a regular file (OSError, in words, if something else
    is there: a FIFO fails at once, never waited on). `extra`: the other flags (the access
    mode, O_CREAT...)."""
    fd = os.open(path, os.O_APPEND | _SAFE_OPEN | extra, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path.name} is not an ordinary file")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _add_lines(path: Path, old: Path) -> None:
    """Append the action lines of the journal `path` (all but its header) to the journal set
    aside at `old`, a piece at a time (jsonlines.copy_body): however large it is, nothing of
    it is left out (it was read whole into memory before, and of a journal over
    MAX_JOURNAL_BYTES only its end)."""
    target = _open_regular_for_append(old, os.O_RDWR)
    try:
        copy_body(path, target, "journal")
    except FileRefused as exc:  # (checked just before: raced by something else)
        raise OSError(str(exc)) from exc
    finally:
        os.close(target)


def _is_stranger(path: Path) -> bool:
    """Whether something other than a regular file is at `path` (a link is, whatever it
    points to); False if nothing is."""
    try:
        return not stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return False


def _move_stranger(path: Path) -> None:
    """Something not ours in the journal's place: moved aside beside the save and said."""
    from game import filenotes  # noqa: PLC0415

    aside = set_aside(path, ".bad", base=path.name.lstrip("."), any_kind=True)
    if aside is None:
        raise OSError(f"{path.name} is not an ordinary file and cannot be moved out of the way")
    filenotes.tell(f"{path.name.lstrip('.')} was not a file the game writes; it was moved "
                   f"aside as {aside.name} and a new journal begins.")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
