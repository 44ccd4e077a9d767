"""Wrong game passwords, counted per address: after a few, each further try waits. No pygame.

A guesser may open many connections, so the count is kept per address, not per connection, and
nothing but a right password clears it (a ping or any other accepted message does not). The first
`free` wrong passwords from an address are answered at once; after that the address must wait
before its next try is even looked at: FIRST_WAIT seconds, twice as long after each further
wrong one, up to LONGEST_WAIT (game/net/limits.py). A try that comes too soon is refused without
comparing the password, so a right guess among the early ones is not found early. An address
that sent no wrong password for FORGET_AFTER seconds starts again. The addresses kept are
bounded: past MAX_ADDRESSES the one longest quiet is forgotten.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from game.net.limits import FIRST_WAIT, FORGET_AFTER, LONGEST_WAIT

MAX_ADDRESSES = 10_000


@dataclass
class _Record:
    wrong: int = 0  # wrong passwords since the address was last forgotten
    last: float = 0.0  # when the last one came
    until: float = 0.0  # no try from the address is looked at before this


class PasswordTries:
    """Each address's wrong passwords and how long it must wait before the next try."""

    def __init__(self, free: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.free = free
        self.clock = clock
        self._records: OrderedDict[str, _Record] = OrderedDict()  # the longest quiet first

    def wait_left(self, address: str) -> float:
        """Seconds before a try from `address` is looked at (0: now)."""
        record = self._current(address)
        return 0.0 if record is None else max(0.0, record.until - self.clock())

    def wrong(self, address: str) -> float:
        """Count a wrong password from `address`; the seconds its next try must wait (0 while
        it has tries left)."""
        now = self.clock()
        record = self._current(address) or _Record()
        record.wrong += 1
        record.last = now
        wait = 0.0
        if record.wrong >= self.free:
            wait = min(LONGEST_WAIT, FIRST_WAIT * 2 ** min(record.wrong - self.free, 32))
        record.until = now + wait
        self._records[address] = record
        self._records.move_to_end(address)
        while len(self._records) > MAX_ADDRESSES:
            self._records.popitem(last=False)
        return wait

    def right(self, address: str) -> None:
        """A right password from `address`: its count starts again."""
        self._records.pop(address, None)

    def _current(self, address: str) -> _Record | None:
        record = self._records.get(address)
        if record is not None and self.clock() - record.last > FORGET_AFTER:
            del self._records[address]
            return None
        return record


def wait_words(seconds: float) -> str:
    """'1 second', '8 seconds', '1 minute' (rounded up: the try must not come too soon)."""
    whole = max(1, int(-(-seconds // 1)))
    if whole >= 60 and whole % 60 == 0:
        minutes = whole // 60
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{whole} second{'s' if whole != 1 else ''}"
