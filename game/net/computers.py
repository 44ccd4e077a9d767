"""The server's computer seats: the loop that plays them, and the counts of what it did. No pygame.

A table's computer seats (and, if the host chose, humans away too long) are played by the
generals on the server, one task per table woken when a general moves next. The game server
(server.py) routes the players' messages; this module only decides when the server plays a seat
and plays it, handing each action to the server's `commit` like a player's.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine import Game
from game.engine import actions as act
from game.net.config import ServerConfig
from game.net.table import STAND_IN_LEVEL, Seat, Table

log = logging.getLogger("conquest.net")

# Save and tell every seat of a computer's action: (table, seat index, action, events).
Commit = Callable[[Table, int, act.Action, list[Any]], Awaitable[None]]


@dataclass
class Counters:
    """What the server has done, for tests, logs and the benchmark."""

    actions: int = 0
    computer_actions: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    saves: int = 0
    errors: int = 0
    # seconds from a player's action arriving to its update queued for every seat (the latest)
    handling: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))

    def handling_summary(self) -> str:
        """How long actions took to handle, in words for the log (the load bench reads it)."""
        times = sorted(self.handling)
        if not times:
            return "handled no player actions"
        median = times[len(times) // 2] * 1000
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
        return (f"handled {len(times)} player actions: median {median:.2f} ms, "
                f"p99 {p99:.2f} ms (from arrival to the updates queued)")


def plays_here(config: ServerConfig, table: Table, seat: Seat) -> str | None:
    """The general's level if the server plays this seat now, else None."""
    if seat.is_computer:
        return seat.kind
    if config.away_policy == "computer" and table.is_away_too_long(
            seat, config.reconnect_seconds):
        return STAND_IN_LEVEL
    return None


async def run_computers(config: ServerConfig, table: Table, wake: asyncio.Event,
                        lock: asyncio.Lock, commit: Commit, counters: Counters) -> None:
    """Play the table's seats the server plays, each time `wake` is set, until none moves next.
    Runs for the server's life (cancelled at stop); `lock` keeps a player's action and a
    general's apart."""
    from game.ai import make_general  # noqa: PLC0415
    from game.ai.base import fallback_action  # noqa: PLC0415

    generals: dict[tuple[int, str], Any] = {}
    dealt: Game | None = None  # the game the generals were made for (a table plays on)
    loop = asyncio.get_running_loop()
    while True:
        await wake.wait()
        wake.clear()
        while True:
            game = table.game
            if game is None or game.is_over:
                break
            if game is not dealt:
                generals.clear()
                dealt = game
            seat = table.seats[game.to_move]
            level = plays_here(config, table, seat)
            if level is None:
                break
            if config.computer_delay:
                await asyncio.sleep(config.computer_delay)
            async with lock:
                if table.game is not game or game.is_over or \
                        game.to_move != seat.index or plays_here(config, table, seat) is None:
                    continue
                key = (seat.index, level)
                if key not in generals:
                    generals[key] = make_general(level, seat.index, game.seed)
                try:
                    action = await loop.run_in_executor(None, generals[key].choose, game)
                    events = game.apply(action)
                except Exception:  # noqa: BLE001 - a general's slip must not stop the game
                    log.exception("game %s: general of seat %d failed", table.game_id,
                                  seat.index + 1)
                    action = fallback_action(game)
                    events = game.apply(action)
                counters.computer_actions += 1
                try:
                    await commit(table, seat.index, action, events)
                except Exception:  # noqa: BLE001 - the table's computers must play on
                    counters.errors += 1
                    log.exception("game %s: the move of seat %d could not be committed",
                                  table.game_id, seat.index + 1)
            await asyncio.sleep(0)
