"""Reading a file of one JSON value a line (the network journals) safely: jsonfile's sibling.

A journal is appended to for a whole game and read back at every resume, so it is read as
lines, each parsed only when it is needed (game/journal_replay.py skips the lines a save holds
without parsing them). The same rules as game/jsonfile.py hold: a regular file only, opened
without blocking; at most `max_bytes` read (of a larger file, its first line and its last
`max_bytes`: a journal's newest lines are at its end); each line at most `MAX_LINE` bytes and
parsed by `jsonfile.parse_json` (nesting measured first, finite numbers, bounded values).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.jsonfile import FileRefused, open_regular, parse_json

MAX_LINE = 4096  # a journal line is under 200 bytes; a longer one is damaged
COPY_CHUNK = 1 << 20  # what `copy_body` reads at a time


@dataclass(frozen=True)
class LineFile:
    """What was read of a file of lines: its first line, and the lines after it."""

    name: str
    head: bytes  # the first line without its end (cut at MAX_LINE: then it is damaged)
    body: bytes  # the lines after the first, whole lines only at its start
    size: int  # the file's size in bytes
    skipped: int  # bytes between the first line and `body` left unread (a file too large)

    def lines(self, start: int = 0) -> Iterator[tuple[int, int, bytes]]:
        """(start, end, line) of each line of the body from offset `start` (the line's end
        without its newline; empty lines too)."""
        body = self.body
        while start < len(body):
            end = body.find(b"\n", start)
            if end < 0:
                end = len(body)
            yield start, end, body[start:end]
            start = end + 1

    def line_at(self, start: int) -> tuple[int, bytes]:
        """(end, line) of the body's line that begins at `start`."""
        end = self.body.find(b"\n", start)
        if end < 0:
            end = len(self.body)
        return end, self.body[start:end]


def read_lines(path: Path, max_bytes: int, what: str = "file") -> LineFile:
    """The first line and the rest of a regular file (see the module docstring).
    FileNotFoundError passes through; every other failure is FileRefused."""
    fd, info = open_regular(path, what)
    try:
        size = info.st_size
        first = _read_at(fd, 0, MAX_LINE + 1)
        cut = first.find(b"\n")
        head = first[:cut] if cut >= 0 else first[:MAX_LINE]
        head_end = cut + 1 if cut >= 0 else len(first)
        start = max(head_end, size - max_bytes)
        inside_a_line = cut < 0 or start > head_end
        if inside_a_line and start > 0:
            start -= 1  # (so a line beginning exactly at `start` is kept whole)
        body = _read_at(fd, start, max_bytes + 1)[:max_bytes + 1]
        if inside_a_line:  # begins in the middle of a line: from the next whole one
            newline = body.find(b"\n")
            start += newline + 1 if newline >= 0 else len(body)
            body = body[newline + 1:] if newline >= 0 else b""
        return LineFile(path.name, head, body, size, max(0, start - head_end))
    except OSError as exc:
        raise FileRefused(f"The {what} {path.name} cannot be read "
                          f"({(exc.strerror or 'error').lower()}).") from exc
    finally:
        os.close(fd)


def copy_body(path: Path, target: int, what: str = "file") -> None:
    """Append the lines of the regular file `path` after its first (a journal's header) to
    the file open for reading and appending at `target`, a piece at a time (however large the
    file: nothing is held whole in memory, nothing left out). A torn last line of the target
    is ended first, so it stays alone on its line. FileNotFoundError passes through; a file
    that cannot be read is FileRefused; the target's OSError passes through."""
    fd, _ = open_regular(path, what)
    try:
        size = os.fstat(target).st_size
        if size and os.pread(target, 1, size - 1) != b"\n":
            _write_all(target, b"\n")
        in_head = True
        while True:
            try:
                chunk = os.read(fd, COPY_CHUNK)
            except OSError as exc:
                raise FileRefused(f"The {what} {path.name} cannot be read "
                                  f"({(exc.strerror or 'error').lower()}).") from exc
            if not chunk:
                return
            if in_head:
                cut = chunk.find(b"\n")
                if cut < 0:
                    continue  # (a damaged first line longer than a piece: still in it)
                chunk, in_head = chunk[cut + 1:], False
            _write_all(target, chunk)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _read_at(fd: int, offset: int, count: int) -> bytes:
    """Up to `count` bytes from `offset` (fewer at the end of the file): in one read when the
    system gives them so (no copies joined: a journal may be tens of megabytes)."""
    os.lseek(fd, offset, os.SEEK_SET)
    data = os.read(fd, count)
    if len(data) < count and data:
        chunks = [data]
        count -= len(data)
        while count > 0:
            chunk = os.read(fd, count)
            if not chunk:
                break
            chunks.append(chunk)
            count -= len(chunk)
        data = b"".join(chunks)
    return data


def parse_line(line: bytes, name: str, what: str = "line") -> Any:
    """One line as bounded plain JSON (jsonfile.parse_json); FileRefused if it is not."""
    if len(line) > MAX_LINE:
        raise FileRefused(f"{name} is damaged: a {what} is too long.")
    return parse_json(line, name, what)
