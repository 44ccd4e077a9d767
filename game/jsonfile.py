"""Reading and writing the game's files safely: the one way in for every file the game reads.

Saves, the autosave, settings, records, boards, the map's layout, the network forms' and
seats' files come through `read_json`; the network journals, files of one JSON value a line,
through its line-by-line sibling game/jsonlines.py, which shares `open_regular` and
`parse_json`. Nothing read is trusted: only a regular file is opened, without blocking (a FIFO
or a link to a device named `x.json` is refused at once), its size is capped before it is
read, a UTF-8 byte-order mark is accepted, nesting is measured before the parser sees the text,
and the parsed data must be plain JSON within fixed limits (finite numbers, bounded strings,
lists and tables) before anyone builds anything from it. Failures raise `FileRefused` with a
message in a player's words; a file that cannot be used is moved out of the way by `set_aside`
(`settings.json.bad`), so it is reported once and the player can still look at it.
Writes are atomic: a temporary file in the same folder, then a rename.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import stat
import tempfile
from itertools import accumulate
from pathlib import Path
from typing import Any

MAX_DEPTH = 24
MAX_STRING = 4096
MAX_CONTAINER = 100_000
TEMP_SUFFIX = ".tmp"


class FileRefused(ValueError):
    """The file cannot be used; the message says why in a player's words."""


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise FileRefused(f"a number is too large ({text[:20]})")
    return value


def _no_constant(text: str) -> Any:
    raise FileRefused(f"{text} is not a number a game file may hold")


def open_regular(path: Path, what: str = "file") -> tuple[int, os.stat_result]:
    """A file descriptor open for reading on `path` and its status, if it is a regular file:
    opened without blocking (a FIFO opens at once, and is then refused), never a terminal.
    FileNotFoundError passes through (a missing file is often fine); the rest is FileRefused.
    The caller closes the descriptor."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise FileRefused(f"The {what} {path.name} cannot be opened "
                          f"({(exc.strerror or 'error').lower()}).") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"{path.name} is not an ordinary file, so it is not a {what}.")
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def read_bytes(path: Path, max_bytes: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `max_bytes`, opened without blocking on a FIFO."""
    fd, info = open_regular(path, what)
    try:
        if info.st_size > max_bytes:
            raise FileRefused(f"{path.name} is too large to be a {what} "
                              f"({info.st_size // 1024} KB).")
        chunks = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > max_bytes:
            raise FileRefused(f"{path.name} is too large to be a {what}.")
        return data
    except OSError as exc:
        raise FileRefused(f"The {what} {path.name} cannot be read "
                          f"({(exc.strerror or 'error').lower()}).") from exc
    finally:
        os.close(fd)


def parse_json(data: bytes, name: str, what: str = "file") -> Any:
    """Parse bytes as bounded plain JSON (see the module docstring); FileRefused if not."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileRefused(f"{name} is not a {what}: it is not text.") from exc
    if nesting_depth(text) > MAX_DEPTH:
        raise FileRefused(f"{name} is damaged: it is nested too deeply.")
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except FileRefused as exc:
        raise FileRefused(f"{name} is damaged: {exc}.") from exc
    except (ValueError, RecursionError) as exc:
        raise FileRefused(f"{name} is damaged: it is not a complete {what}.") from exc
    problem = bounds_problem(value)
    if problem:
        raise FileRefused(f"{name} is damaged: {problem}.")
    return value


# A JSON string (its escapes included), and a run of anything that is not a bracket.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_NESTING_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deeply the lists and tables of a JSON text nest, measured on the text itself (the
    brackets outside strings) before any parser recurses into it: a file of a million `[`
    is refused by a count, never by a RecursionError. A few milliseconds for a big save."""
    brackets = _NOT_BRACKETS.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(0, max(accumulate(map(_NESTING_STEP.__getitem__, brackets))))


def bounds_problem(value: Any) -> str | None:
    """What breaks the limits in already-parsed JSON data, or None (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return "it is nested too deeply"
        if isinstance(item, str):
            if len(item) > MAX_STRING:
                return f"it holds a text of {len(item)} characters"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return "it holds a number that is not finite"
        elif isinstance(item, int) and not isinstance(item, bool):
            if abs(item) > 2**64:
                return "it holds a number that is too large"
        elif isinstance(item, list):
            if len(item) > MAX_CONTAINER:
                return "it holds a list that is too long"
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, dict):
            if len(item) > MAX_CONTAINER:
                return "it holds a table that is too large"
            for k, v in item.items():
                if len(k) > MAX_STRING:
                    return "it holds a name that is too long"
                stack.append((v, depth + 1))
        elif item is not None and not isinstance(item, bool):
            return "it holds something that is not JSON"
    return None


def read_json(path: Path, max_bytes: int, what: str = "file") -> Any:
    """`read_bytes` then `parse_json`. FileNotFoundError passes through (a missing file is
    often fine); every other failure is FileRefused."""
    return parse_json(read_bytes(path, max_bytes, what), path.name, what)


def set_aside(path: Path, suffix: str = ".bad", *, base: str | None = None,
              any_kind: bool = False) -> Path | None:
    """Move a damaged file out of the game's way, beside it, so it is reported once (not at
    every start) and the player can still look at it: `settings.json` -> `settings.json.bad`
    (`.bad-2`, `.bad-3`... if that is taken: an earlier one is never written over). Only a
    regular file is moved (a folder, a FIFO or a link is not the game's to move: it is left
    where it is, and read as missing), unless `any_kind` (a file only the game itself writes,
    such as a network journal: whatever is in its place is renamed, never followed or
    deleted). `base` names it otherwise (a hidden file's set-aside
    copy is shown: `.network-1.journal` -> `network-1.journal.bad`). Returns the new path,
    None if nothing was moved."""
    name = base or path.name
    try:
        if not any_kind and not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        aside = path.with_name(name + suffix)
        number = 1
        while os.path.lexists(aside):
            number += 1
            aside = path.with_name(f"{name}{suffix}-{number}")
        os.replace(path, aside)
    except OSError:
        return None
    return aside


def read_json_or_set_aside(path: Path, max_bytes: int, what: str, forgotten: str,
                           kind: type = dict) -> Any | None:
    """For a file the game keeps for the player's convenience (the network forms' answers,
    the seats kept for network games): its data (a `kind`), or None if there is none. A
    damaged one is set aside (`set_aside`) with a note for the player (game/filenotes.py:
    what was wrong, where it was kept, and `forgotten`, what the player loses) and read as
    missing: it never stops a screen, and it is said once."""
    from game import filenotes  # noqa: PLC0415

    try:
        data = read_json(path, max_bytes, what)
        if isinstance(data, kind):
            return data
        problem = f"{path.name} is damaged: it is not a {what}."
    except FileNotFoundError:
        return None
    except FileRefused as exc:
        problem = str(exc)
    aside = set_aside(path)
    where = f"It was kept as {aside.name}" if aside is not None else "It is left where it is"
    filenotes.tell(f"{problem} {where}; {forgotten}.")
    return None


def write_json_atomically(path: Path, data: Any, *, indent: int | None = None,
                          sync: bool = True) -> None:
    """JSON to `path` through `write_text_atomically`."""
    text = json.dumps(data, indent=indent, separators=None if indent else (",", ":"),
                      allow_nan=False)
    write_text_atomically(path, text + "\n" if indent else text, sync=sync)


def write_text_atomically(path: Path, text: str, *, sync: bool = True,
                          newline: str | None = None) -> None:
    """`text` to `path` through a temporary file in the same folder, then os.replace: a reader,
    or a kill at any moment, sees the old file or the new one, never half of one. Temporary
    files are named `.<stem>.*.tmp` so `remove_stale_temporaries` can find them. `sync=False`
    skips the fsync: the rename still survives a killed process (the page cache outlives it),
    only not a power cut; the network server, which saves after every action, syncs on a timer.
    `newline=""` writes line ends as they are (the CSV exports), on every system."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=TEMP_SUFFIX,
                                         dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline=newline) as out:
            out.write(text)
            out.flush()
            if sync:
                os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def remove_stale_temporaries(folder: Path, stem: str | None = None) -> int:
    """Deletes the temporary files a killed write left behind (`.*.tmp`, regular files only;
    only those of `<stem>.json` if a stem is given); returns how many. Called at start-up,
    before anything writes."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX)):
            continue
        if stem is not None and not entry.name.startswith(f".{stem}."):
            continue
        try:
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed
