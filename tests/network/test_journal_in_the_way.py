"""Something in the journal's place never stops a server's game, and never loses an action:
a FIFO put there while the server runs is refused at once (not waited on with the event loop),
a link to nowhere beside a save the server does not go on with is moved away with that save,
and while the journal refuses lines whole saves keep every action. A journal added to the one
set aside after a failed whole save is added whole, however large."""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import threading
from pathlib import Path

import pytest

from game import journal
from game.ai import make_general
from game.engine import Game, GameConfig, PlayerSpec
from game.engine.config import COLOURS
from game.journal import Journal, journal_paths
from game.net import bots
from game.net.autosave import load_table_save
from tests.network.support import close_all, join, run, running_server, wait_for_views


def _release_if_stuck(fifo: Path, done: threading.Event, fired: list[bool]) -> None:
    """A watchdog: a writer waiting on the FIFO for a reader (the loop blocked for ever) is
    let go after a few seconds, so the test fails instead of hanging."""
    if done.wait(5):
        return
    fired.append(True)
    try:
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return
    done.wait(30)
    os.close(fd)


def test_a_fifo_in_the_journals_place_is_refused_at_once_and_the_game_goes_on(
        saves: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="conquest.net")
    fifo = saves / ".network-1.journal"
    done, fired = threading.Event(), []

    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), game_type="uk_short",
                                  seed=4) as (server, uri):
            clients = await join(uri, ["Ada", "Bo"])
            await wait_for_views(clients)  # the game has begun: its first whole save is made
            assert not fifo.exists()  # (no action yet: the journal is not open)
            os.mkfifo(fifo)
            threading.Thread(target=_release_if_stuck, args=(fifo, done, fired),
                             daemon=True).start()
            other = asyncio.create_task(bots.play(clients[1], "easy", timeout=20))
            await bots.play(clients[0], "easy", max_actions=15, timeout=20)
            other.cancel()
            done.set()
            await close_all(clients)
            game = server.tables["1"].game
            assert game is not None
            played = len(game.record.actions)
            assert played >= 30 and server.saves.autosaves.written >= 2
        # whole saves and the journal after them hold every action
        assert len(load_table_save(saves / "network-1.json").game.record.actions) == played

    try:
        run(scenario(), timeout=60)
    finally:
        done.set()
    assert not fired, "the journal waited for a reader of the FIFO, with the server's loop"
    said = [r.getMessage() for r in caplog.records if "journal" in r.getMessage()]
    refused = [line for line in said if "cannot be written to the journal" in line]
    assert len(refused) == 1 and "a pipe is in its place" in refused[0], said
    assert not any("Errno" in line for line in said), said
    kept = saves / "network-1.journal.bad"
    assert stat.S_ISFIFO(os.lstat(kept).st_mode)  # moved aside, not deleted
    assert any("journal is written again" in line for line in said), said  # once moved


def test_a_link_to_nowhere_beside_a_save_not_gone_on_with_leaves_with_it(saves: Path) -> None:
    (saves / "network-1.json").write_text("{ not json")  # a save the server cannot resume
    link = saves / ".network-1.journal"
    os.symlink(saves / "nowhere" / "journal", link)

    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy"), game_type="uk_short",
                                  seed=2) as (server, uri):
            clients = await join(uri, ["Ada"])
            await wait_for_views(clients)
            await bots.play(clients[0], "easy", max_actions=20, timeout=20)
            await close_all(clients)
            saver = server.saves.autosaves.savers["1"]
            assert server.counters.errors == 0
            assert saver.journal.lines > 0  # every action journaled
            game = server.tables["1"].game
            assert game is not None
            played = len(game.record.actions)
        assert len(load_table_save(saves / "network-1.json").game.record.actions) == played

    run(scenario(), timeout=60)
    kept = [p for p in saves.iterdir() if p.is_symlink()]
    assert [p.name for p in kept] and all("bad" in p.name for p in kept)  # with its save


def _game_with_actions(count: int) -> Game:
    players = [PlayerSpec(f"P{i}", COLOURS[i], "easy") for i in range(3)]
    game = Game.new(GameConfig.preset("uk_short", players), 1)
    generals = [make_general("easy", i, 1) for i in range(3)]
    for _ in range(count):
        game.apply(generals[game.to_move].choose(game))
    return game


def _action_numbers(path: Path) -> list[int]:
    import json

    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["n"] for line in lines[1:]]


def test_a_journal_added_to_the_one_set_aside_is_added_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole save failed, so the journal set aside before it stays; the next one's journal
    is added to it. The cap on what is read of a journal (64 MB, here 300 bytes) must not cut
    the journal being added: its first actions were lost."""
    monkeypatch.setattr(journal, "MAX_JOURNAL_BYTES", 300)
    save = tmp_path / "network-1.json"
    writer = Journal(save)
    game = _game_with_actions(1)
    generals = [make_general("easy", i, 1) for i in range(3)]
    writer.append(game, 1)
    for _ in range(3):
        game.apply(generals[game.to_move].choose(game))
        writer.append(game, len(game.record.actions))
    assert writer.set_aside()  # a whole save begins... and fails: the old journal stays
    for _ in range(40):  # a journal far over the cap
        game.apply(generals[game.to_move].choose(game))
        writer.append(game, len(game.record.actions))
    assert writer.set_aside()
    current, old = journal_paths(save)
    assert not current.exists()
    assert _action_numbers(old) == list(range(len(game.record.actions) - 44,
                                              len(game.record.actions)))
