"""A dedicated server plays on: a finished game's table opens for the next game once its players
have left, and no finished or unreadable save is ever written over."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from game.net.client import JoinRefused, NetClient
from game.net.server import GameServer, ServerConfig
from game.savegame import list_saves, load_game
from tests.network.support import join, play_out, run, running_server

GRACE = 0.4  # the reconnect time of these servers, in seconds


def _kept(saves: Path, why: str) -> list[Path]:
    return sorted(saves.glob(f"network-1-{why}-*.json"))


async def _reopened(server: GameServer, timeout: float = 5.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if server.tables["1"].game is None:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the finished game's table did not open again")


def test_a_finished_games_table_opens_for_the_next_game_once_its_players_have_left(
        saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy"), game_type="uk_short", seed=3,
                                  reconnect_seconds=GRACE) as (server, uri):
            (ada,) = await join(uri, ["Ada"])
            (result,) = await play_out([ada], "standard")
            assert result.finished and ada.view is not None
            first_winner = ada.view["winner"]
            with pytest.raises(JoinRefused) as refused:  # no seat while the end is shown
                await NetClient(uri, "Late").connect()
            assert refused.value.code == "full" and "over" in refused.value.reason
            await ada.close()

            # back within the reconnect time: the seat still holds the finished game
            again = NetClient(uri, "Ada", credentials=ada.credentials)
            await again.connect()
            while again.view is None:
                await again.receive()
            assert again.over and again.view["winner"] == first_winner
            await asyncio.sleep(GRACE * 0.75)
            await again.close()
            await asyncio.sleep(GRACE * 0.5)  # (the first departure's time is up: not enough)
            assert server.tables["1"].game is not None

            await _reopened(server)
            (kept,) = _kept(saves, "ended")  # the finished game, whole, under its own name
            finished = load_game(kept)
            assert finished.game.is_over and finished.game.winner == first_winner
            assert not (saves / "network-1.json").exists()
            lobby = server.tables["1"].lobby(False)
            assert [(s["kind"], s["taken"]) for s in lobby["seats"]] == [("open", False),
                                                                         ("easy", True)]

            # the old seat's token is told why it holds nothing; a newcomer starts a new game
            with pytest.raises(JoinRefused) as refused:
                await NetClient(uri, "Ada", credentials=ada.credentials).connect()
            assert refused.value.code == "token" and "over" in refused.value.reason
            (bo,) = await join(uri, ["Bo"])
            (result,) = await play_out([bo], "standard")
            assert result.finished and result.refused == 0
            assert load_game(saves / "network-1.json").game.is_over
            assert load_game(kept).game.winner == first_winner  # not written over
            assert server.counters.errors == 0
            await bo.close()
    run(scenario(), timeout=120)


def test_a_player_who_stays_keeps_the_finished_game_on_the_table(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), game_type="uk_short", seed=5,
                                  reconnect_seconds=0.05) as (server, uri):
            ada, bo = await join(uri, ["Ada", "Bo"])
            results = await play_out([ada, bo], "standard")
            assert all(r.finished for r in results)
            await bo.close()
            await asyncio.sleep(0.3)
            assert server.tables["1"].game is not None and server.tables["1"].game.is_over
            assert not _kept(saves, "ended")
            await ada.close()
            await _reopened(server)
    run(scenario(), timeout=120)


def test_a_server_started_on_a_finished_or_unreadable_save_sets_it_aside(saves: Path) -> None:
    async def finish_a_game() -> None:
        async with running_server(saves, seats=("open", "easy"), game_type="uk_short",
                                  seed=4) as (_, uri):
            (ada,) = await join(uri, ["Ada"])
            assert (await play_out([ada], "standard"))[0].finished
            await ada.close()

    async def start_and_stop() -> GameServer:
        server = GameServer(ServerConfig(host="127.0.0.1", port=0, saves_dir=saves,
                                         seats=("open", "easy"), game_type="uk_short"))
        await server.start()
        await server.stop()
        return server

    run(finish_a_game(), timeout=60)
    finished = (saves / "network-1.json").read_bytes()
    server = run(start_and_stop())
    assert server.tables["1"].game is None  # a new table
    (kept,) = _kept(saves, "ended")
    assert kept.read_bytes() == finished and not (saves / "network-1.json").exists()

    (saves / "network-1.json").write_text('{"format": "conq')  # torn, or another program's
    (saves / ".network-1.journal").write_text("a journal of it\n")
    server = run(start_and_stop())
    assert server.tables["1"].game is None and server.counters.errors == 0
    (unreadable,) = _kept(saves, "bad")
    assert unreadable.read_text() == '{"format": "conq'
    assert (saves / f".{unreadable.stem}.journal").read_text() == "a journal of it\n"
    assert not (saves / "network-1.json").exists() and len(_kept(saves, "ended")) == 1
    listed = {info.name: info for info in list_saves(saves)}  # FILE > Load Game's list
    assert listed[kept.stem].summary.endswith("finished")
    assert listed[unreadable.stem].summary == "damaged"


def test_a_window_whose_kept_seat_was_in_a_finished_game_joins_the_next_and_says_so(
        saves: Path) -> None:
    from game.net.bridge import NetBridge, load_seat
    from tests.network.support import free_port, wait_note

    port = free_port()
    uri = f"ws://127.0.0.1:{port}"
    host = NetBridge()
    windows: list[NetBridge] = []
    try:
        host.host(ServerConfig(port=port, seats=("open", "easy"), game_type="uk_short",
                               saves_dir=saves, reconnect_seconds=GRACE, computer_delay=0.0,
                               rate=2000.0, burst=4000)).result(10)
        first = NetBridge()
        windows.append(first)
        first.join(uri, "Ada", None)
        wait_note(first, ("welcome",))
        first.close()  # the window is closed: its seat token stays on disk
        kept = load_seat(uri, "1", "Ada")
        assert kept is not None

        async def finish() -> None:  # Ada comes back elsewhere and plays to the end
            ada = NetClient(uri, "Ada", credentials=kept)
            await ada.connect()
            assert (await play_out([ada], "standard"))[0].finished
            await ada.close()
        run(finish())
        server = host.server
        assert server is not None
        for _ in range(250):
            if server.tables["1"].game is None:
                break
            time.sleep(0.02)

        again = NetBridge()
        windows.append(again)
        assert again.seat_kept_was_gone is None
        again.join(uri, "Ada", None)
        welcome = wait_note(again, ("welcome",))
        assert not welcome.data["rejoined"]
        assert again.seat_kept_was_gone is not None and "over" in again.seat_kept_was_gone
        renewed = load_seat(uri, "1", "Ada")
        assert renewed is not None and renewed.token != kept.token
    finally:
        for window in windows:
            window.close()
        host.close()
