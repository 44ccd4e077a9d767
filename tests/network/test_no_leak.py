"""A server keeps nothing of a connection once it is gone.

A dedicated server runs for days while players come and go, and strangers send it junk: if each
connection left a little behind (a Client in its set, a task, a socket, a seat still pointing at
a dead connection), it would slowly run out of memory or file descriptors. These tests churn
hundreds of connections through every way in and out (junk, refusals, a seat taken and left in
the lobby, a player dropping mid-game and rejoining, a seat taken back by a newer connection)
and check that the server comes back to where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from game.net.client import ConnectionClosed, Credentials, NetClient
from game.net.server import GameServer
from tests.network.support import ask, join, raw_socket, run, running_server

ROUNDS = 90  # a multiple of 3: the mid-game rounds come back to where they began
# what the measured rounds may leave behind in all (tracemalloc counts every Python allocation; the
# event loop's timers and the like come and go by up to ~26 KB): under 0.8 KB a round, far
# less than one connection kept (a websockets connection alone is several KB); a slow run
# of ten times as many rounds finds a smaller thing kept
GROWTH_LIMIT = 64 * 1024


def _open_fds() -> int:
    """Sockets and files this process holds (client and server sides both live here)."""
    return len(os.listdir("/proc/self/fd"))


async def _settled(server: GameServer, clients: int) -> None:
    """Wait until the server has let go of every connection but `clients` (closing is async)."""
    for _ in range(200):
        if len(server.clients) == clients:
            break
        await asyncio.sleep(0.01)
    for _ in range(3):  # let closing handshakes and their callbacks run out
        await asyncio.sleep(0.02)


async def _junk_round(uri: str) -> None:
    """A stranger: malformed text, a made-up token, a demand for the game's state, then gone."""
    async with raw_socket(uri) as conn:
        assert (await ask(conn, "{not json"))["code"] == "bad_message"
        made_up = {"type": "hello", "name": "Eve", "game": "1", "token": "f" * 32}
        assert (await ask(conn, made_up))["code"] == "token"
        assert (await ask(conn, {"type": "state", "id": 7}))["type"] == "error"


async def _lobby_round(uri: str, server: GameServer) -> None:
    """A player takes a seat before the game starts, then closes: the seat is open again."""
    (visitor,) = await join(uri, ["Visitor"])
    await visitor.close()
    for _ in range(100):
        if not any(seat.is_taken and not seat.is_computer for seat in server.tables["1"].seats):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("a seat left in the lobby was not opened again")


async def _rejoin_round(uri: str, server: GameServer, credentials: Credentials,
                        holder: NetClient | None, index: int) -> NetClient | None:
    """The player comes back with its token, mid-game, taking the seat from the window that
    held it (if any); one time in three it then vanishes without a goodbye, one in three it
    closes, and one in three a newer window takes the seat back from it in turn. Returns the
    connection holding the seat afterwards."""
    back = NetClient(uri, credentials.name, credentials=credentials)
    await back.connect()
    while back.view is None:
        await back.receive()
    if holder is not None:
        await _told_bye(holder)
    if index % 3 == 2:
        newer = NetClient(uri, credentials.name, credentials=credentials)
        await newer.connect()
        await _told_bye(back)
        return newer
    if index % 3 == 0:
        assert back.conn is not None
        back.conn.transport.abort()
        back.conn = None
    else:
        await back.close()
    await _seat_let_go(server, credentials.seat)
    return None


async def _seat_let_go(server: GameServer, seat: int) -> None:
    """Wait until the server knows the seat's connection is gone (its turn waits for it)."""
    for _ in range(200):
        if server.tables["1"].seats[seat].client is None:
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"seat {seat + 1} still holds a connection that is gone")


async def _told_bye(window: NetClient) -> None:
    """Read what the server sends a window whose seat was taken back, as a window does, up to
    its `bye`; then close it."""
    while (await asyncio.wait_for(window.receive(), 5))["type"] != "bye":
        pass
    await window.close()


@pytest.mark.parametrize("rounds", [
    ROUNDS,
    # a small thing kept per connection (a rate limit's counters) shows only over many rounds
    pytest.param(10 * ROUNDS, marks=pytest.mark.slow),
])
def test_connections_that_come_and_go_leave_nothing_behind(saves: Path, rounds: int,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    # every refusal is logged; pytest keeps log records for its report, which is not the server
    caplog.set_level(logging.ERROR, logger="conquest.net")

    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open", "easy"), game_type="uk_short",
                                  seed=8) as (server, uri):
            # in the lobby: strangers, and visitors who take a seat and go
            async def lobby_rounds(rounds: int) -> None:
                for _ in range(rounds):
                    await _junk_round(uri)
                    await _lobby_round(uri, server)
                await _settled(server, 0)

            await _leaves_nothing(lobby_rounds, rounds, server, "lobby")
            assert not server.clients

            # the game under way: strangers, and a player who keeps dropping and coming back
            ada, bo = await join(uri, ["Ada", "Bo"])
            for client in (ada, bo):
                while client.view is None:
                    await client.receive()
            reading = asyncio.create_task(_read_on(bo))  # a window reads all the time
            assert ada.credentials is not None
            credentials, holder, played = ada.credentials, ada, 0

            async def game_rounds(rounds: int) -> None:
                nonlocal holder, played
                for _ in range(rounds):
                    await _junk_round(uri)
                    holder = await _rejoin_round(uri, server, credentials, holder, played)
                    played += 1
                await _settled(server, 1 + (holder is not None))

            await _leaves_nothing(game_rounds, rounds, server, "mid-game")
            seated = {seat.name: seat.client for seat in server.tables["1"].seats if seat.client}
            assert set(seated.values()) == server.clients
            assert set(seated) == ({"Ada", "Bo"} if holder else {"Bo"})
            assert server.counters.errors == 0
            for window in (holder, bo):
                if window is not None:
                    await window.close()
            await reading
        assert not server.clients
    run(scenario(), timeout=30 + rounds)


async def _leaves_nothing(play: Callable[[int], Awaitable[None]], rounds: int,
                          server: GameServer, what: str) -> None:
    """Play ROUNDS rounds to warm every cache, then `rounds` more: those must leave no
    connection, task, file descriptor or memory behind them."""
    await play(ROUNDS)
    gc.collect()  # (what earlier tests left to the collector goes now, not during the rounds)
    clients, tasks, fds = len(server.clients), len(asyncio.all_tasks()), _open_fds()
    tracemalloc.start()
    try:
        await play(ROUNDS // 3)  # tracemalloc's own first allocations, not the server's
        gc.collect()
        before = tracemalloc.take_snapshot()
        await play(rounds)
        gc.collect()
        grown = _growth(before, tracemalloc.take_snapshot())
    finally:
        tracemalloc.stop()
    assert (len(server.clients), len(asyncio.all_tasks()), _open_fds()) == (clients, tasks, fds)
    assert grown < GROWTH_LIMIT, f"{grown} bytes kept by {rounds} {what} rounds"


async def _read_on(window: NetClient) -> None:
    """Read a window's messages until its connection closes."""
    with contextlib.suppress(ConnectionClosed, ConnectionError):
        while True:
            await window.receive()


def _growth(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot) -> int:
    """Bytes allocated between two snapshots and still held, tracemalloc's own left out."""
    keep = [tracemalloc.Filter(False, tracemalloc.__file__)]
    stats = after.filter_traces(keep).compare_to(before.filter_traces(keep), "filename")
    return sum(stat.size_diff for stat in stats)
