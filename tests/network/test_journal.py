"""The autosave's journal: a save plus its journal is always the game after its last action,
whatever moment the server is stopped at, and nothing damaged or foreign is replayed."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from game.ai import make_general
from game.net import autosave
from game.net.autosave import Autosaves, load_table_save
from game.journal import journal_paths
from game.net.config import ServerConfig
from game.net.table import Table
from game.savegame import load_game, save_game, summarise
from game.savelist import list_saves
from tests.network.support import run


def _table(config: ServerConfig, seed: int) -> Table:
    table = Table.new("1", list(config.seats), config.game_type)
    for seat in table.seats:
        table.take_seat(seat, f"P{seat.index}")
    table.start(seed)
    return table


def _play(table: Table, saves: Autosaves, generals: list, steps: int) -> None:
    """`steps` actions, each recorded as the server records it (table.seq first)."""
    assert table.game is not None
    for _ in range(steps):
        if table.game.is_over:
            return
        table.game.apply(generals[table.game.to_move].choose(table.game))
        table.seq += 1
        saves.record(table)


def _loaded_equals(table: Table, path: Path) -> None:
    assert table.game is not None
    loaded = load_table_save(path)
    assert loaded.game.to_dict() == table.game.to_dict()
    assert Table.from_save(loaded.game, loaded.options).seq == table.seq + 1


def test_the_save_and_its_journal_are_the_game_after_every_action_over_a_whole_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(autosave, "FULL_SAVE_EVERY", 23)
    config = ServerConfig(saves_dir=tmp_path, seats=("open",) * 4, game_type="uk_short")
    table = _table(config, 11)
    generals = [make_general("easy", i, 2) for i in range(4)]

    async def scenario() -> None:
        saves = Autosaves(config, {"1": "network-1"})
        saver = saves.savers["1"]
        assert await saves.save(table)  # as when the game starts
        checks = whole_saves = 0
        while table.game is not None and not table.game.is_over:
            _play(table, saves, generals, 9)
            pending = saver.pending  # (its worker thread clears it when done)
            if pending is not None:  # a whole save under way: the journal is set aside
                _loaded_equals(table, saver.path)
                await asyncio.wrap_future(pending)
                whole_saves += 1
            _loaded_equals(table, saver.path)  # as a server killed now would resume
            checks += 1
        await saves.stop([table])
        # whole saves written (the first, every 23 actions, the last): how many were still under
        # way when looked at (`whole_saves`) depends on the machine's load, so it is not counted on
        assert checks > 20 and saves.written >= 5
        plain = json.loads(saver.path.read_text(encoding="utf-8"))  # the ordinary save, whole
        assert len(plain["game"]["record"]["actions"]) == len(table.game.record.actions)
        assert not any(p.exists() for p in journal_paths(saver.path))  # all in the save now

    run(scenario(), timeout=120)


def _journaled(tmp_path: Path, steps: int) -> tuple[Table, Autosaves, Path]:
    config = ServerConfig(saves_dir=tmp_path, seats=("open",) * 3, game_type="uk_short")
    table = _table(config, 5)
    saves = Autosaves(config, {"1": "network-1"})
    run(saves.save(table))
    _play(table, saves, [make_general("easy", i, 1) for i in range(3)], steps)
    return table, saves, saves.savers["1"].path


def test_a_torn_last_line_ends_the_replay_and_what_came_before_stands(tmp_path: Path) -> None:
    table, saves, path = _journaled(tmp_path, 30)
    journal = journal_paths(path)[0]
    text = journal.read_text(encoding="utf-8")
    journal.write_text(text[:-9], encoding="utf-8")  # a power cut mid-line
    loaded = load_table_save(path)
    assert len(loaded.game.record.actions) == len(table.game.record.actions) - 1
    saves.savers["1"].journal.close()


def test_a_journal_of_another_game_or_with_a_gap_is_not_replayed(tmp_path: Path) -> None:
    table, saves, path = _journaled(tmp_path, 30)
    saves.savers["1"].journal.close()
    journal = journal_paths(path)[0]
    lines = journal.read_text(encoding="utf-8").splitlines()
    saved = len(load_table_save(path).game.record.actions)
    start = saved - 30
    header = json.loads(lines[0])
    journal.write_text("\n".join([json.dumps({**header, "seed": header["seed"] + 1}),
                                  *lines[1:]]) + "\n", encoding="utf-8")
    assert len(load_table_save(path).game.record.actions) == start  # another game's
    journal.write_text("\n".join([lines[0], *lines[1:10], *lines[11:]]) + "\n", encoding="utf-8")
    assert len(load_table_save(path).game.record.actions) == start + 9  # up to the gap
    bad = json.loads(lines[5])
    bad["action"] = ["attack", "Nowhere", "Elsewhere", 3, "single"]
    journal.write_text("\n".join([*lines[:5], json.dumps(bad), *lines[6:]]) + "\n",
                       encoding="utf-8")
    assert len(load_table_save(path).game.record.actions) == start + 4  # up to the refusal


def test_a_whole_save_that_fails_keeps_its_journal_and_the_next_one_adds_to_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, saves, path = _journaled(tmp_path, 20)
    saver = saves.savers["1"]

    def refuse(text: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(saver, "write", refuse)
    with pytest.raises(OSError):
        run(saves.save(table))
    assert journal_paths(path)[1].exists()  # set aside, and kept
    _play(table, saves, [make_general("easy", i, 1) for i in range(3)], 15)
    _loaded_equals(table, path)  # the old save + the journal set aside + the new journal
    with pytest.raises(OSError):
        run(saves.save(table))  # fails again: the new lines join the ones set aside
    _loaded_equals(table, path)
    monkeypatch.undo()
    run(saves.save(table))
    assert not any(p.exists() for p in journal_paths(path))
    _loaded_equals(table, path)
    saver.journal.close()


def test_the_games_own_load_game_replays_the_journal_so_a_save_taken_home_is_never_behind(
        tmp_path: Path) -> None:
    table, saves, path = _journaled(tmp_path, 30)
    saves.savers["1"].journal.close()
    plain = json.loads(path.read_text(encoding="utf-8"))
    behind = len(plain["game"]["record"]["actions"])
    assert behind < len(table.game.record.actions)  # the save alone is behind the game
    loaded = load_game(path)  # as FILE > Load Game reads it
    assert loaded.game.to_dict() == table.game.to_dict()
    assert len(load_game(path, journal=False).game.record.actions) == behind
    listed = {info.path: info for info in list_saves(tmp_path)}
    assert listed[path].error is None
    assert listed[path].summary == summarise(table.game)  # the list shows the game as it is


def test_the_first_whole_saves_of_a_servers_tables_are_spread_out(tmp_path: Path) -> None:
    """Tables start together; their first whole saves come after different numbers of actions
    (so they do not all stall the server at once), none later than FULL_SAVE_EVERY."""
    config = ServerConfig(saves_dir=tmp_path, seats=("open",) * 2, game_type="uk_short")
    names = {str(n): f"network-{n}" for n in range(1, 9)}

    async def scenario() -> None:
        saves = Autosaves(config, names)
        firsts = [s.full_after for s in saves.savers.values()]
        assert len(set(firsts)) == len(firsts)
        assert all(autosave.FULL_SAVE_EVERY // 2 < f <= autosave.FULL_SAVE_EVERY for f in firsts)
        table = _table(config, 3)
        table.game_id = "2"
        saver = saves.savers["2"]
        assert await saves.save(table)
        assert saver.full_after == autosave.FULL_SAVE_EVERY  # from then on, the same for all
        await saves.stop()

    run(scenario(), timeout=30)


def test_a_whole_save_made_from_the_journaled_actions_is_the_ordinary_save(
        tmp_path: Path) -> None:
    """The record of a whole save takes each action's JSON from its journal line (made once):
    the file is still exactly what `save_game` writes."""
    table, saves, path = _journaled(tmp_path, 120)
    saver = saves.savers["1"]
    assert table.game is not None
    assert len(saver._actions) == len(table.game.record.actions)  # noted as journaled
    run(saves.save(table))
    ours = json.loads(path.read_text(encoding="utf-8"))
    save_game(table.game, "reference", tmp_path, options=table.save_options())
    theirs = json.loads((tmp_path / "reference.json").read_text(encoding="utf-8"))
    ours["saved_at"] = theirs["saved_at"] = ours["name"] = theirs["name"] = ""
    assert ours == theirs
    run(saves.stop([table]))


def test_a_journal_sync_does_not_hold_up_the_next_action_for_its_fsync(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, saves, _ = _journaled(tmp_path, 3)
    journal = saves.savers["1"].journal
    held_during_fsync: list[bool] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        held_during_fsync.append(journal._lock.locked())
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    journal.sync()
    assert held_during_fsync == [False] and not journal.unsynced
    journal.sync()  # nothing new written: nothing to push
    assert held_during_fsync == [False]
    run(saves.stop([table]))
