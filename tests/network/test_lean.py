"""LeanClient (game/net/lean.py) and `bots.play_many`: the load benchmark's clients, each message
answered as it is read, play whole games through the same protocol as NetClient."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from game.net import bots, protocol
from game.net.lean import LeanClient
from game.net.seatstate import JoinRefused, SeatState
from game.savegame import load_game
from tests.network.support import run, running_server


def _public(view: dict) -> tuple:
    return (view["owner"], view["armies"], view["phase"], view["turn"], view["winner"])


async def _connected(uri: str, count: int, **kw: object) -> list[LeanClient]:
    clients = [LeanClient(uri, f"Lean {i}", **kw) for i in range(count)]
    for client in clients:
        await client.connect()
    return clients


def test_lean_clients_play_a_whole_game_as_net_clients_do(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy", "open", "open"),
                                  game_type="uk_short", seed=5) as (server, uri):
            clients = await _connected(uri, 3)
            results = await bots.play_many(clients, "standard", timeout=30)
            assert all(isinstance(r, bots.BotResult) and r.finished and r.refused == 0
                       for r in results)
            assert server.counters.actions == sum(r.actions for r in results)
            assert server.counters.errors == 0 and not server.counters.refused
            views = [c.view for c in clients]
            assert all(_public(v) == _public(views[0]) for v in views)
            saved = load_game(saves / "network-1.json")
            assert saved.game.is_over and saved.game.winner == views[0]["winner"]
            # every action's answer was timed, as the benchmark reads them
            assert all(len(c.round_trips) >= r.actions for c, r in zip(clients, results, strict=True))
            for client in clients:
                await client.close()
            await asyncio.sleep(0.05)
            assert not server.clients  # every connection closed cleanly: nothing left behind
    run(scenario(), timeout=90)


def test_a_lean_client_is_refused_with_the_servers_reason(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), password="sesame") as (_, uri):
            eve = LeanClient(uri, "Eve", password="guess")
            with pytest.raises(JoinRefused) as refused:
                await eve.connect()
            assert refused.value.code == "password"
            await asyncio.wait_for(eve.lost, 2)  # its socket is closed, not left open
            with pytest.raises(OSError):  # nobody listens there
                await LeanClient("ws://127.0.0.1:1", "Nobody").connect(timeout=2)
            client = LeanClient(uri, "Ada", password="sesame")
            welcome = await client.connect()
            assert welcome["seat"] == 0 and client.seat == 0
            await client.close()
    run(scenario())


def test_rate_refusals_are_waited_out_and_the_same_move_sent_again(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy"), game_type="uk_short",
                                  rate=40.0, burst=3) as (server, uri):
            clients = await _connected(uri, 1)
            [result] = await bots.play_many(clients, "easy", timeout=30, max_actions=15)
            assert isinstance(result, bots.BotResult)
            assert result.actions == 15 and result.refused == 0 and result.slowed > 0
            assert server.counters.refused.get("rate") == result.slowed
            await clients[0].close()
    run(scenario())


def test_a_server_that_stops_ends_every_bot_not_a_hang(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open", "open"),
                                  game_type="uk_full") as (server, uri):
            clients = await _connected(uri, 3)
            playing = asyncio.ensure_future(bots.play_many(clients, "standard", timeout=30))
            while server.counters.actions < 20:
                await asyncio.sleep(0.005)
            await server.stop()
            results = await asyncio.wait_for(playing, 10)
            # told goodbye (or cut off): each bot stops, none thinks it finished the game
            assert all(isinstance(r, ConnectionError) or (isinstance(r, bots.BotResult)
                                                          and not r.finished) for r in results)
    run(scenario())


def test_silence_stops_a_bot_after_its_timeout(saves: Path) -> None:
    async def scenario() -> None:
        # two seats, one client: the game never starts, so nothing comes after the lobby
        async with running_server(saves, seats=("open", "open")) as (_, uri):
            clients = await _connected(uri, 1)
            results = await asyncio.wait_for(bots.play_many(clients, "easy", timeout=0.4), 5)
            assert isinstance(results[0], TimeoutError)
            await clients[0].close()
    run(scenario())


def test_a_bad_or_misfitting_message_is_skipped_and_the_whole_view_wanted() -> None:
    seat = SeatState()
    assert seat.take(b"{not json") is None and not seat.wants_state()
    assert seat.take(b'{"v": 3, "type": "update"}') is None  # fails its schema
    update = (b'{"v":%d,"type":"update","seq":7,"actor":0,"action":{},"events":[],'
              b'"changes":{},"computer":false,"to_move":1,"over":false}'
              % protocol.PROTOCOL_VERSION)
    assert seat.take(update) is None  # no view held yet: it cannot be applied
    assert seat.wants_state()
    seat.asked_state(4)
    assert not seat.wants_state() and seat.resyncs == 1


def test_a_lean_client_takes_its_seat_back_with_its_credentials(saves: Path) -> None:
    async def scenario() -> None:
        # a game under way (a seat in the lobby is given up when its connection closes)
        async with running_server(saves, seats=("open", "easy"), computer_delay=5.0) as (
                _, uri):
            client = LeanClient(uri, "Ada")
            first = await client.connect()
            client.listen(lambda msg: None)
            await client.close()
            again = await client.connect()  # the same object: its credentials, a new socket
            assert again["rejoined"] and again["seat"] == first["seat"]
            await client.close()
    run(scenario())


def test_with_a_think_time_each_move_waits_and_is_sent_once(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), game_type="uk_short",
                                  seed=8) as (server, uri):
            clients = await _connected(uri, 2)
            results = await bots.play_many(clients, "easy", timeout=30, think=0.001)
            assert all(isinstance(r, bots.BotResult) and r.finished and r.refused == 0
                       for r in results)
            assert server.counters.actions == sum(r.actions for r in results)
            for client in clients:
                await client.close()
    run(scenario(), timeout=90)
