"""Autosave for the play screen: after every completed action, at most a few times a second.

`request()` marks the game as changed; `update(dt)` writes when the last write is at least
`MIN_GAP` seconds old; `flush()` writes at once (a turn's start, quitting, the game's end).
Writing goes through the given function (game/savegame.py's atomic save under the autosave
name), so a crash loses at most the last fraction of a second.
"""

from __future__ import annotations

from collections.abc import Callable

MIN_GAP = 0.3  # seconds between two writes: a few a second at most


class Autosaver:
    def __init__(self, write: Callable[[], None], min_gap: float = MIN_GAP) -> None:
        self.write = write
        self.min_gap = min_gap
        self.dirty = False
        self.since = min_gap  # seconds since the last write
        self.writes = 0

    def request(self) -> None:
        self.dirty = True

    def update(self, dt: float) -> None:
        self.since += dt
        if self.dirty and self.since >= self.min_gap:
            self.flush()

    def flush(self) -> None:
        self.dirty = False
        self.since = 0.0
        self.writes += 1
        self.write()
