"""A dedicated server plays on: a finished game's table opens for the next game once its players
have left, and no finished or unreadable save is ever written over."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

import pytest

from game.net.client import JoinRefused, NetClient
from game.net.seatstate import Credentials
from game.net.server import GameServer, ServerConfig
from game.net.table import token_hash
from game.savegame import load_game
from game.savelist import list_saves
from tests.network.support import join, play_out, run, running_server

GRACE = 1.0  # the reconnect time of these servers, in seconds


def _kept(saves: Path, why: str) -> list[Path]:
    return sorted(saves.glob(f"network-1-{why}-*.json"))


async def _finish_a_game(saves: Path) -> Credentials:
    """A UK Short game of Ada against a computer, played to its end on a server that then
    stops (its finished save stays); Ada's seat credentials."""
    async with running_server(saves, seats=("open", "easy"), game_type="uk_short",
                              seed=4) as (_, uri):
        (ada,) = await join(uri, ["Ada"])
        assert (await play_out([ada], "standard"))[0].finished
        await ada.close()
        assert ada.credentials is not None
        return ada.credentials


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

    async def start_and_stop() -> GameServer:
        server = GameServer(ServerConfig(host="127.0.0.1", port=0, saves_dir=saves,
                                         seats=("open", "easy"), game_type="uk_short"))
        await server.start()
        await server.stop()
        return server

    run(_finish_a_game(saves), timeout=60)
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
        assert server.tables["1"].game is None  # the table is open for the next game

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


def test_the_table_reopens_only_once_the_last_whole_save_is_in_place(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow disk: the finished game's last whole save is still being written when its last
    player goes. The table must not reopen under it (the write would put the old game back
    under the table's name, and the computers' task died on the table's missing game)."""
    from game.net import autosave

    write = autosave.TableSaver.write

    def slow_write(saver: autosave.TableSaver, text: str) -> None:
        time.sleep(0.3)
        write(saver, text)
    monkeypatch.setattr(autosave.TableSaver, "write", slow_write)

    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy"), game_type="uk_short", seed=1,
                                  reconnect_seconds=0.0) as (server, uri):
            (ada,) = await join(uri, ["Ada"])
            playing = asyncio.create_task(play_out([ada], "standard"))
            table = server.tables["1"]
            while not (table.game is not None and table.game.is_over):
                await asyncio.sleep(0)
            assert ada.conn is not None
            ada.conn.transport.abort()  # the last player goes while the end is being written
            await _reopened(server)
            await asyncio.sleep(0.5)
            assert not server._runners["1"].done()  # the computers' task plays on
            (kept,) = _kept(saves, "ended")
            assert load_game(kept).game.is_over
            assert not (saves / "network-1.json").exists()  # nothing of the old game back
            (bo,) = await join(uri, ["Bo"])
            (result,) = await play_out([bo], "standard")
            assert result.finished and server.counters.errors == 0
            await bo.close()
            with contextlib.suppress(Exception):
                await playing
    run(scenario(), timeout=120)


def test_the_next_game_is_set_up_as_the_server_is_now_not_as_the_resumed_save_was(
        saves: Path) -> None:
    async def first() -> list[str]:
        async with running_server(saves, seats=("open", "easy"), game_type="uk_short",
                                  seed=2) as (server, uri):
            (ada,) = await join(uri, ["Ada"])
            await ada.close()  # the window closes mid-game: the save stays unfinished
            return [s.kind for s in server.tables["1"].seats]

    assert run(first()) == ["open", "easy"]

    async def finish_and_reopen() -> None:
        async with running_server(saves, seats=("open", "open", "easy"), game_type="us_full",
                                  seed=2, reconnect_seconds=0.2) as (server, uri):
            table = server.tables["1"]
            assert table.game is not None and table.game_type == "uk_short"  # resumed
            seat = next(s for s in table.seats if not s.is_computer)
            token = "known-for-the-test"  # (Ada's own was kept by her window, not by this test)
            seat.token_hash = token_hash(token)
            ada = NetClient(uri, "Ada", credentials=Credentials("1", seat.index, token, "Ada"))
            await ada.connect()
            (result,) = await play_out([ada], "standard")
            assert result.finished
            await ada.close()
            await _reopened(server)
            assert [s.kind for s in table.seats] == ["open", "open", "easy"]
            assert table.game_type == "us_full"
    run(finish_and_reopen(), timeout=120)


def test_set_aside_names_stay_save_names_and_journals_go_with_their_save(tmp_path: Path) -> None:
    from game.net.autosave import set_aside
    from game.savegame import is_valid_name

    for stem in ("network-1", "network-999"):
        for _ in range(3):  # three in one minute
            (tmp_path / f"{stem}.json").write_text("{}")
            (tmp_path / f".{stem}.journal").write_text("lines\n")
            kept = set_aside(tmp_path / f"{stem}.json", "ended")
            assert kept is not None and is_valid_name(kept.stem), kept.name
            assert (tmp_path / f".{kept.stem}.journal").read_text() == "lines\n"
            assert not (tmp_path / f".{stem}.journal").exists()
    assert len(list(tmp_path.glob("*.json"))) == 6
    assert set_aside(tmp_path / "network-2.json", "ended") is None  # nothing there


def test_a_new_game_asked_for_keeps_the_old_save_and_old_tokens_are_told_it_ended(
        saves: Path) -> None:
    async def restart(**options: object) -> str:
        async with running_server(saves, seats=("open", "easy"), game_type="uk_short",
                                  **options) as (_, uri):
            with pytest.raises(JoinRefused) as refused:
                await NetClient(uri, "Ada", credentials=credentials).connect()
            return refused.value.reason

    credentials = run(_finish_a_game(saves))
    assert "over" in run(restart())  # the finished save set aside at the start: its seats'
    assert len(_kept(saves, "ended")) == 1  # tokens are told their game is over
    run(_finish_a_game(saves))
    run(restart(resume=False))  # --new-game: the save there is kept, not written over
    assert len(_kept(saves, "stopped")) == 1
