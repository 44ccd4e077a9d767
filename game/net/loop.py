"""The event loop the server and the computer-driven clients run on. No pygame.

uvloop (libuv under asyncio's interface) runs the same coroutines with a fraction of the
standard loop's own cost per message: under load most of a server's time goes to waking tasks
and moving small frames, so it is used when it is installed. Without it the standard loop
runs everything the same, only slower.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

# The cyclic garbage collector's thresholds for a process that serves or plays many tables:
# the youngest generation is collected after this many new objects instead of 700 (Python's
# default), and the older ones rarely. See `quieten_collector`.
COLLECTOR_THRESHOLDS = (50_000, 20, 10)


def quieten_collector() -> None:
    """Make the garbage collector's pauses rare in a long-running server or bot process.

    A server holds many tables' games, each thousands of small objects that live as long as the
    game; Python's collector scans them again and again, and every scan stops the event loop
    for all tables at once. Under bench/network.py's load (50 tables) the pauses measured up to
    15 ms for the youngest generations and 60 ms for a full scan, several hundred a minute:
    they, not the work, made the slowest round trips. The game's objects hardly ever form
    reference cycles (reference counting frees them), so scanning seldom finds anything: what
    start-up built is frozen out of the scans, and the thresholds make collections rare. Only
    the processes that call this are affected (the dedicated server, the benchmark's
    clients), never the game's window."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)`, on uvloop's loop if it is installed."""
    try:
        import uvloop  # noqa: PLC0415 - optional: the fast loop of the 'net' extra
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def name() -> str:
    """Which loop `run` uses, for logs and the benchmark's report."""
    try:
        import uvloop  # noqa: PLC0415, F401
    except ImportError:
        return "asyncio"
    return "uvloop"
