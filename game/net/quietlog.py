"""Refusals logged once per burst and summarised, so a hostile client cannot flood the log. No pygame.

Every refused message used to write a log line: a password guesser wrote tens of kilobytes a
second. Now the first refusal from an address opens a burst and is logged whole; the ones after
it are only counted, by code, and a summary line is written when the burst's WINDOW ends (and
window after window while refusals keep coming). An address is its host (without the port),
so many connections from one guesser make one burst. Past MAX_BURSTS addresses at once, the
rest share one burst, "other addresses": the lines a window can bring are bounded however many
addresses send.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass, field

WINDOW = 10.0  # seconds: at most a line and a summary per address in each
MAX_BURSTS = 200
OTHERS = "other addresses"


@dataclass
class _Burst:
    counts: Counter[str] = field(default_factory=Counter)
    timer: asyncio.TimerHandle | None = None


class QuietLog:
    """One server's refusal lines: the first of each address's burst, then summaries."""

    def __init__(self, logger: logging.Logger, window: float | None = None,
                 max_bursts: int = MAX_BURSTS) -> None:
        self.log = logger
        self.window = WINDOW if window is None else window
        self.max_bursts = max_bursts
        self._bursts: dict[str, _Burst] = {}
        self.written = 0  # lines written (the tests count them)

    def refused(self, address: str, code: str, message: str, *args: object) -> None:
        """A refusal of something `address` sent: logged (`message % args`) if it opens a burst,
        else counted for the burst's summary."""
        key = address if address in self._bursts or len(self._bursts) < self.max_bursts \
            else OTHERS
        burst = self._bursts.get(key)
        if burst is not None:
            burst.counts[code] += 1
            return
        burst = self._bursts[key] = _Burst()
        self.written += 1
        if key == OTHERS:
            self.log.warning("refusing messages from more than %d addresses at once: from now "
                             "on counted together", self.max_bursts)
            burst.counts[code] += 1
        else:
            self.log.warning(message, *args)
        burst.timer = asyncio.get_running_loop().call_later(self.window, self._summary, key)

    def _summary(self, key: str) -> None:
        burst = self._bursts[key]
        if not burst.counts:
            del self._bursts[key]  # a quiet window: the burst is over
            return
        self.written += 1
        self.log.warning("refused %s %s in the last %g s", key, _counted(burst.counts),
                         self.window)
        burst.counts.clear()
        burst.timer = asyncio.get_running_loop().call_later(self.window, self._summary, key)

    def close(self) -> None:
        """Stop the timers (the server stops); counts not yet summarised are summarised now."""
        for key, burst in list(self._bursts.items()):
            if burst.timer is not None:
                burst.timer.cancel()
            if burst.counts:
                self.log.warning("refused %s %s", key, _counted(burst.counts))
        self._bursts.clear()


def _counted(counts: Counter[str]) -> str:
    """'12 more times (password_wait 11, password 1)'."""
    total = sum(counts.values())
    codes = ", ".join(f"{code} {count}" for code, count in counts.most_common())
    return f"{total} more time{'' if total == 1 else 's'} ({codes})"
