"""Computer-driven clients: a general plays a seat through the network protocol, as a human would. No pygame.

Used by the tests and the load benchmark. The general decides on the client's mirror of the
game (the view its seat is sent), so it sees exactly what a human at that seat would see.
`play` drives one NetClient from its own task; `play_many` drives LeanClients (game/net/lean.py)
from their messages, as each is read: the load benchmark's hundreds of clients in one process.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.ai import make_general
from game.engine import Action
from game.net.client import NetClient
from game.net.lean import LeanClient

log = logging.getLogger("conquest.net.bots")

RATE_PAUSE = 0.25


@dataclass
class BotResult:
    actions: int = 0
    refused: int = 0
    finished: bool = False
    slowed: int = 0  # actions sent again after the server's rate limit refused them


class Reply(Enum):
    """What a message from the server means to a bot waiting on its action `pending`."""

    ANSWERED = "answered"  # the action was applied (or a whole view came): choose the next
    # refused by the rate limit: send the same action after a pause (with the same number: a
    # refusal says the last number applied, and the client numbers its next action from it)
    SLOW_DOWN = "slow down"
    REFUSED = "refused"  # refused for another reason: count it and ask for the whole view
    BYE = "bye"  # the server is closing the connection: stop
    OTHER = "other"  # someone else's move, a lobby...: nothing to answer


def reply_to(msg: dict[str, Any], pending: int | None) -> Reply:
    """The one place the bots' rules for a server message live (`play` and `LeanBot`)."""
    kind = msg["type"]
    if kind == "state" or (kind == "update" and msg.get("id") == pending):
        return Reply.ANSWERED
    if kind == "error" and msg.get("id") == pending:
        return Reply.SLOW_DOWN if msg["code"] == "rate" else Reply.REFUSED
    if kind == "bye":
        return Reply.BYE
    return Reply.OTHER


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
                reply = reply_to(msg, pending)
                if reply is Reply.ANSWERED:
                    pending = None
                elif reply is Reply.SLOW_DOWN:
                    result.slowed += 1
                    await asyncio.sleep(RATE_PAUSE)
                    pending = await client.send_action(action)
                elif reply is Reply.REFUSED:
                    pending = None
                    result.refused += 1
                    await client.send("state")
                elif reply is Reply.BYE:
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


_THINKING = 0  # `pending` while an action waits out its think time (request ids start at 1)


class LeanBot:
    """A general playing one LeanClient's seat: each message is answered as it is read, by the
    same rules as `play` (`reply_to`)."""

    def __init__(self, client: LeanClient, level: str, *, think: float = 0.0,
                 max_actions: int | None = None) -> None:
        self.client = client
        self.level = level
        self.think = think
        self.max_actions = max_actions
        self.result = BotResult()
        self.loop = asyncio.get_running_loop()
        self.done: asyncio.Future[BotResult] = self.loop.create_future()
        self.heard = self.loop.time()  # when a message last came: the watchdog's sign of life
        self.general: Any = None
        self.pending: int | None = None
        self.action: Action | None = None
        self._timer: asyncio.TimerHandle | None = None  # a send waiting (think time, rate)
        self._counted = False  # whether `action` was sent (and counted) already

    def start(self) -> None:
        self.client.lost.add_done_callback(self._lost)
        self.client.listen(self._on_message)
        self._guarded(self._act)

    def stop(self, error: BaseException | None = None) -> None:
        self._send_later(None)
        if self.done.done():
            return
        if error is None:
            self.done.set_result(self.result)
        else:
            self.done.set_exception(error)

    def _lost(self, lost: asyncio.Future[BaseException | None]) -> None:
        self.stop(ConnectionError(f"{self.client.name}: the connection closed"))

    def _guarded(self, step: Callable[[], None]) -> None:
        """Run one step; an error stops this bot (counted by the caller), never the others."""
        try:
            step()
        except Exception as exc:  # noqa: BLE001 - one seat's failure is reported, not raised
            log.warning("%s stopped: %r", self.client.name, exc)
            self.stop(exc)

    def _on_message(self, msg: dict[str, Any]) -> None:
        if self.done.done():
            return
        self.heard = self.loop.time()
        reply = reply_to(msg, self.pending)
        if reply is Reply.ANSWERED:
            self._send_later(None)  # (a whole view: a move waiting to be sent is chosen again)
            self.pending = None
        elif reply is Reply.SLOW_DOWN:
            self.result.slowed += 1
            self._send_later(RATE_PAUSE)
            return
        elif reply is Reply.REFUSED:
            self.pending = None
            self.result.refused += 1
            self._guarded(lambda: self.client.send("state"))
            return
        elif reply is Reply.BYE:
            self.stop()
            return
        self._guarded(self._act)

    def _act(self) -> None:
        client = self.client
        if client.over:
            self.result.finished = True
            self.stop()
            return
        if not client.is_my_move or self.pending is not None:
            return
        if self.max_actions is not None and self.result.actions >= self.max_actions:
            self.stop()
            return
        assert client.seat is not None
        if self.general is None:
            self.general = make_general(self.level, client.seat, 0)
        self.action = self.general.choose(client.mirror())
        self._counted = False
        if self.think:  # a player's moment of thought (benchmarks)
            self.pending = _THINKING
            self._send_later(self.think)
        else:
            self._send()

    def _send_later(self, delay: float | None) -> None:
        """Send the chosen move after `delay` seconds (None: not at all); one at a time."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if delay is not None:
            self._timer = self.loop.call_later(delay, self._guarded, self._send)

    def _send(self) -> None:
        self._timer = None
        assert self.action is not None
        if self.done.done():
            return
        self.pending = self.client.send_action(self.action)
        if not self._counted:  # (sent again after a rate refusal: the same action)
            self._counted = True
            self.result.actions += 1


async def play_many(clients: list[LeanClient], level: str = "easy", *,
                    max_actions: int | None = None, timeout: float = 60.0,
                    think: float = 0.0) -> list[BotResult | BaseException]:
    """Play every client's seat until its game ends; each client's result, or the error that
    stopped it (a dropped connection, `timeout` seconds without a message...). The clients must
    be connected; they are not closed."""
    players = [LeanBot(c, level, think=think, max_actions=max_actions) for c in clients]
    for player in players:
        player.start()
    watchdog = asyncio.create_task(_silence_watch(players, timeout))
    try:
        return list(await asyncio.gather(*(p.done for p in players), return_exceptions=True))
    finally:
        watchdog.cancel()


async def _silence_watch(players: list[LeanBot], timeout: float) -> None:
    """Stop each bot that has heard nothing for `timeout` seconds (checked a few times a
    `timeout`)."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(timeout / 4)
        now = loop.time()
        for player in players:
            if not player.done.done() and now - player.heard > timeout:
                player.stop(TimeoutError(f"{player.client.name}: nothing heard for {timeout} s"))
