"""The event loop the server and the computer-driven clients run on. No pygame.

uvloop (libuv under asyncio's interface) runs the same coroutines with a fraction of the
standard loop's own cost per message: under load most of a server's time goes to waking tasks
and moving small frames, so it is used when it is installed. Without it the standard loop
runs everything the same, only slower.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


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
