"""A client that drops gets its seat back with its token; meanwhile its turn waits, or a general plays."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from game.net import bots
from game.net.client import JoinRefused, NetClient
from tests.network.support import close_all, join, play_out, run, running_server, wait_note


def _kill(client: NetClient) -> None:
    """Cut the connection without a goodbye, as a crash or a pulled cable would."""
    assert client.conn is not None
    client.conn.transport.abort()
    client.conn = None


def _sans_history(view: dict | None) -> dict:
    """Updates leave the statistics history out until the end; a full state has it."""
    assert view is not None
    return {**view, "stats": {**view["stats"], "history": None}}


def test_a_client_killed_mid_turn_reconnects_to_its_seat_and_the_game_goes_on(
        saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open", "open"), game_type="uk_full",
                                  seed=21) as (server, uri):
            clients = await join(uri, ["Ada", "Bo", "Cy"])
            # play until some seat is in the middle of its turn (after a few of its actions)
            others = [asyncio.create_task(bots.play(c, "standard")) for c in clients[1:]]
            await bots.play(clients[0], "standard", max_actions=25)
            victim = clients[0]
            assert victim.is_my_move
            seen = (victim.seq, victim.view)
            _kill(victim)
            await asyncio.sleep(0.2)
            table = server.tables["1"]
            assert table.seats[victim.seat].client is None  # type: ignore[index]
            assert table.game is not None and table.game.to_move == victim.seat  # the turn waits
            assert table.seq == seen[0]
            # a stranger cannot take the seat; the owner can, with its token
            with pytest.raises(JoinRefused):
                await NetClient(uri, "Eve").connect()
            back = NetClient(uri, "Ada", credentials=victim.credentials)
            welcome = await back.connect()
            assert welcome["rejoined"] and welcome["seat"] == victim.seat
            while back.view is None:
                await back.receive()
            assert back.seq == seen[0] and _sans_history(back.view) == _sans_history(seen[1])
            results = await asyncio.gather(bots.play(back, "standard"), *others)
            assert all(r.finished and r.refused == 0 for r in results)
            await close_all([back, *clients[1:]])
        assert server.counters.errors == 0 and not server.clients
    run(scenario(), timeout=60)


def test_a_general_plays_for_a_player_away_too_long_when_the_host_chose_so(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), game_type="uk_full", seed=4,
                                  away_policy="computer", reconnect_seconds=0.2) as (server, uri):
            stay, leave = await join(uri, ["Stay", "Leave"])
            await leave.close()
            result = await bots.play(stay, "standard")
            assert result.finished
            assert server.counters.computer_actions > 0
            table = server.tables["1"]
            assert table.game is not None and table.game.is_over
            await stay.close()
    run(scenario(), timeout=60)


def test_a_seat_taken_back_closes_the_old_connection(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), game_type="uk_full", seed=4) as (
                server, uri):
            a, b = await join(uri, ["A", "B"])
            twin = NetClient(uri, "A", credentials=a.credentials)
            await twin.connect()
            while True:  # the old connection is told why, then closed
                msg = await asyncio.wait_for(a.receive(), 5)
                if msg["type"] == "bye":
                    assert "taken back" in msg["reason"]
                    break
            results = await play_out([twin, b], "standard")
            assert all(r.finished for r in results)
            await close_all([a, b, twin])
    run(scenario(), timeout=60)


def test_leaving_the_lobby_frees_the_seat(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open", "open")) as (server, uri):
            first = (await join(uri, ["First"]))[0]
            await first.send("leave")
            await asyncio.sleep(0.1)
            assert not any(s.is_taken for s in server.tables["1"].seats)
            with pytest.raises(JoinRefused):  # its old token no longer holds a seat
                await NetClient(uri, "First", credentials=first.credentials).connect()
            await first.close()
    run(scenario(), timeout=30)


def test_a_player_who_closed_the_window_takes_the_seat_back_by_joining_again() -> None:
    from game.net.bridge import NetBridge
    from game.net.server import ServerConfig
    from tests.network.support import free_port

    port = free_port()
    uri = f"ws://127.0.0.1:{port}"
    host = NetBridge()
    try:
        host.host(ServerConfig(port=port, seats=("open", "open"), resume=False,
                               autosave=False)).result(10)
        first, other = NetBridge(), NetBridge()
        first.join(uri, "Ada", None)
        seat = wait_note(first, ("welcome",)).seat
        other.join(uri, "Bo", None)
        assert wait_note(other, ("welcome",)).seat != seat  # the game starts
        first.close()  # the window is closed; the seat token stays on disk
        again = NetBridge()
        again.join(uri, "Ada", None)
        welcome = wait_note(again, ("welcome",))
        assert welcome.seat == seat and welcome.data["rejoined"]
        again.close()
        other.close()
    finally:
        host.close()


def test_a_window_whose_seat_another_window_took_back_gives_it_up() -> None:
    """The same player joined from a second window (the token on disk): the first window is
    told why and does not reconnect, or the two would take the seat from each other for ever."""
    from game.net.bridge import RETRY_SECONDS, NetBridge
    from game.net.server import ServerConfig
    from tests.network.support import free_port

    port = free_port()
    uri = f"ws://127.0.0.1:{port}"
    host = NetBridge()
    windows: list[NetBridge] = []
    try:
        host.host(ServerConfig(port=port, seats=("open", "open"), resume=False,
                               autosave=False)).result(10)
        first, other = NetBridge(), NetBridge()
        windows += [first, other]
        first.join(uri, "Ada", None)
        seat = wait_note(first, ("welcome",)).seat
        other.join(uri, "Bo", None)
        wait_note(other, ("welcome",))
        second = NetBridge()
        windows.append(second)
        second.join(uri, "Ada", None)
        assert wait_note(second, ("welcome",)).seat == seat
        gone = wait_note(first, ("gone", "lost"))
        assert gone.kind == "gone" and "taken back" in gone.data["reason"]
        time.sleep(RETRY_SECONDS * 2.5)  # time for a reconnection, were one tried
        assert [n.kind for n in first.poll() if n.kind in ("back", "lost", "welcome")] == []
        assert [n.kind for n in second.poll() if n.kind in ("lost", "gone")] == []
    finally:
        for window in windows:
            window.close()
        host.close()


def test_a_reconnection_the_server_refuses_is_told_with_the_servers_reason() -> None:
    """Not 'the server cannot be reached' when it could be, and said no (here the seat's
    token no longer opens it)."""
    from game.net.bridge import NetBridge
    from game.net.server import ServerConfig
    from tests.network.support import free_port

    port = free_port()
    host, window = NetBridge(), NetBridge()
    try:
        host.host(ServerConfig(port=port, seats=("open", "easy"), resume=False,
                               autosave=False)).result(10)
        window.join(f"ws://127.0.0.1:{port}", "Ada", None)
        seat = wait_note(window, ("welcome",)).seat
        server = host.server
        assert server is not None
        held = server.tables["1"].seats[seat]

        def cut() -> None:  # on the server's loop: the token no longer opens the seat, and
            held.token_hash = "0" * 64  # the connection drops
            held.client.conn.transport.abort()
        host._loop.call_soon_threadsafe(cut)
        assert wait_note(window, ("lost",)).seat == seat
        gone = wait_note(window, ("gone", "back"), timeout=15)
        assert gone.kind == "gone" and gone.data["reason"] == "unknown seat token"
    finally:
        window.close()
        host.close()
