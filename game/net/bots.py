"""Computer-driven clients: a general plays a seat through the network protocol, as a human would. No pygame.

Used by the tests and the load benchmark. The general decides on the client's mirror of the
game (the view its seat is sent), so it sees exactly what a human at that seat would see.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from game.ai import make_general
from game.net.client import NetClient

RATE_PAUSE = 0.25


@dataclass
class BotResult:
    actions: int = 0
    refused: int = 0
    finished: bool = False
    slowed: int = 0  # actions sent again after the server's rate limit refused them


async def play(client: NetClient, level: str = "easy", *, max_actions: int | None = None,
               timeout: float = 60.0, think: float = 0.0) -> BotResult:
    """Play the client's seat until the game ends (or `max_actions` have been sent).

    The client must already be connected. A refused action (there should be none) is counted
    and the seat asks for its view again instead of guessing.
    """
    result = BotResult()
    general = None
    pending: int | None = None
    loop = asyncio.get_running_loop()
    heard = 0  # messages so far: the watchdog's sign of life
    # One time limit for the whole game, pushed back by a watchdog while messages come: a
    # limit per message cost as much as a tenth of a client's work in the load benchmark.
    async with asyncio.timeout(loop.time() + timeout) as limit:
        watchdog = loop.create_task(_push_back(limit, timeout, lambda: heard))
        try:
            while True:
                if client.over:
                    result.finished = True
                    return result
                if client.is_my_move and pending is None:
                    if max_actions is not None and result.actions >= max_actions:
                        return result
                    assert client.seat is not None
                    if general is None:
                        general = make_general(level, client.seat, 0)
                    action = general.choose(client.mirror())
                    if think:
                        await asyncio.sleep(think)  # a player's moment of thought (benchmarks)
                    pending = await client.send_action(action)
                    result.actions += 1
                msg = await client.receive()
                heard += 1
                kind = msg["type"]
                if kind == "state" or (kind == "update" and msg.get("id") == pending):
                    pending = None
                elif kind == "error" and msg.get("id") == pending and msg["code"] == "rate":
                    result.slowed += 1
                    await asyncio.sleep(RATE_PAUSE)  # the server asks to slow down: same move
                    pending = await client.send_action(action)
                elif kind == "error" and msg.get("id") == pending:
                    pending = None
                    result.refused += 1
                    await client.send("state")
                elif kind == "bye":
                    return result
        finally:
            watchdog.cancel()


async def _push_back(limit: asyncio.Timeout, timeout: float, heard: Callable[[], int]) -> None:
    """Keep `limit` `timeout` seconds ahead of the last time a message was heard (checked a
    few times a `timeout`): the play stops only after `timeout` seconds of silence."""
    loop = asyncio.get_running_loop()
    last = heard()
    while True:
        await asyncio.sleep(timeout / 4)
        if heard() != last:
            last = heard()
            limit.reschedule(loop.time() + timeout)
