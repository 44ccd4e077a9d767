"""A damaged journal loses no sound action: every action line after the last whole save that is
still whole and in order is replayed, what could not be is counted and the journal kept aside
beside the save (never deleted by the next whole save), and the server starts whatever is in
the journal's place. The slow corpus runs hundreds of random damages over several games."""

from __future__ import annotations

import logging
import os
import random
import stat
import time
from pathlib import Path

import pytest

from game import journal_replay
from game.journal import journal_paths
from game.net.autosave import load_table_save_and_journal
from game.net.server import GameServer, ServerConfig
from tests.network.journal_damage import (
    NAMED,
    NOT_THIS_GAME,
    SEATS,
    Journaled,
    journaled,
    mutate,
    sound_after_save,
)
from tests.network.support import run

HANG = 2.0


def _check(made: Journaled, data: bytes, what: str) -> journal_replay.JournalReplay:
    """Replay `data` as the journal: never fewer than the sound actions, each the one played."""
    made.write(data)
    began = time.monotonic()
    loaded, report = load_table_save_and_journal(made.save)
    assert time.monotonic() - began < HANG, what
    sound = sound_after_save(data, made)
    assert report.replayed >= sound, f"{what}: {report.replayed} replayed of {sound} sound"
    actions = loaded.game.record.actions
    assert len(actions) == made.saved + report.replayed, what
    assert actions[:made.saved + sound] == made.game.record.actions[:made.saved + sound], what
    if report.lost:
        assert made.journal in report.keep, f"{what}: {report.lost} lost but not kept"
    for problem in report.problems:
        assert "Error" not in problem and "Traceback" not in problem, problem
    return report


@pytest.mark.parametrize("what", sorted(NAMED))
def test_each_kind_of_damage_keeps_every_sound_action(tmp_path: Path, what: str) -> None:
    made = journaled(tmp_path / "t")
    report = _check(made, NAMED[what](made, random.Random(3)), what)
    if what.startswith("header") or what in ("a middle line cut", "a line missing",
                                             "a line not UTF-8", "a line with 1e400"):
        assert made.journal in report.keep and report.problems, what
    if what in ("a line doubled", "every line doubled", "a garbage line between two"):
        assert report.replayed == len(made.lines) and not report.keep, what


def test_a_journal_of_another_game_is_kept_not_replayed(tmp_path: Path) -> None:
    made = journaled(tmp_path / "t")
    (damage,) = NOT_THIS_GAME.values()
    made.write(damage(made, random.Random(1)))
    _, report = load_table_save_and_journal(made.save)
    assert report.replayed == 0 and report.lost == len(made.lines)
    assert report.keep == [made.journal] and "another game" in report.problems[0]


def test_an_oversize_journal_replays_its_end_and_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Of a journal too large to read whole, its last part is read: the lines after the save
    are there (a journal grows at its end), replayed; the file is kept aside all the same."""
    made = journaled(tmp_path / "t")
    padding = b'{"n":0,"seq":0,"action":["held"]}\n' * 2000  # lines the save holds
    monkeypatch.setattr(journal_replay, "MAX_JOURNAL_BYTES", 4096)
    report = _check(made, made.header + padding + b"".join(made.lines), "oversize")
    assert report.replayed == len(made.lines) and made.journal in report.keep
    assert any("too large" in p for p in report.problems)


def test_the_server_keeps_a_damaged_journal_beside_the_save_and_says_what_it_replayed(
        saves: Path, caplog: pytest.LogCaptureFixture) -> None:
    made = journaled(saves)
    damaged = NAMED["a middle line cut"](made, random.Random(2))
    made.write(damaged)
    caplog.set_level(logging.INFO, logger="conquest.net")

    async def scenario() -> None:
        server = GameServer(ServerConfig(host="127.0.0.1", port=0, saves_dir=saves,
                                         seats=SEATS, game_type="uk_short"))
        game = server.tables["1"].game
        assert game is not None and len(game.record.actions) == made.saved + 20
        await server.start()  # the lock, the journal set aside, then a whole save
        await server.stop()

    run(scenario())
    kept = saves / "network-1.journal.bad"
    assert kept.read_bytes() == damaged  # aside, whole, never deleted
    assert not any(p.exists() for p in journal_paths(made.save))  # the save holds the rest
    log = caplog.text
    assert "20 journaled actions replayed after the save" in log
    assert "20 lines after them could not be replayed" in log  # (the cut one too)
    assert "network-1.journal.bad" in log
    _, again = load_table_save_and_journal(made.save)  # the next start: all in the save
    assert again.replayed == 0 and not again.keep


def test_a_damaged_header_is_kept_and_its_actions_all_replayed_by_the_server(
        saves: Path) -> None:
    made = journaled(saves)
    made.write(NAMED["header damaged"](made, random.Random(0)))

    async def scenario() -> None:
        server = GameServer(ServerConfig(host="127.0.0.1", port=0, saves_dir=saves,
                                         seats=SEATS, game_type="uk_short"))
        game = server.tables["1"].game
        assert game is not None
        assert game.record.actions == made.game.record.actions  # nothing lost
        await server.start()
        await server.stop()

    run(scenario())
    assert (saves / "network-1.journal.bad").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("kind", ["fifo", "zero", "folder", "dangling link"])
def test_something_else_in_the_journals_place_neither_hangs_nor_stops_the_server(
        saves: Path, kind: str) -> None:
    made = journaled(saves)
    made.journal.unlink()
    if kind == "fifo":
        os.mkfifo(made.journal)
    elif kind == "zero":
        os.symlink("/dev/zero", made.journal)
    elif kind == "dangling link":
        os.symlink(saves / "nowhere" / "journal", made.journal)
    else:
        made.journal.mkdir()
    began = time.monotonic()
    _, report = load_table_save_and_journal(made.save)
    assert time.monotonic() - began < HANG
    assert report.replayed == 0 and report.problems and made.journal in report.keep

    async def scenario() -> None:
        server = GameServer(ServerConfig(host="127.0.0.1", port=0, saves_dir=saves,
                                         seats=SEATS, game_type="uk_short"))
        await server.start()
        table = server.tables["1"]
        assert table.game is not None
        server.saves.journal(table)  # the next action's line goes to a journal of its own
        await server.stop()

    run(scenario(), timeout=20)
    aside = saves / "network-1.journal.bad"
    mode = os.lstat(aside).st_mode
    assert {"fifo": stat.S_ISFIFO, "zero": stat.S_ISLNK, "folder": stat.S_ISDIR,
            "dangling link": stat.S_ISLNK}[kind](mode)
    assert not (saves / "nowhere").exists()  # the link was never followed to write there


def _random_corpus(folder: Path, games: int, per_game: int) -> tuple[int, dict[str, int]]:
    rng = random.Random(29)
    kinds: dict[str, int] = {}
    checked = 0
    for number in range(games):
        made = journaled(folder / f"g{number}", steps=30 + number * 7, seed=number + 3)
        for _ in range(per_game):
            kind, data = mutate(made, rng)
            kinds[kind] = kinds.get(kind, 0) + 1
            _check(made, data, f"game {number}, {kind}")
            checked += 1
    return checked, kinds


def test_random_damage_sample_loses_no_sound_action(tmp_path: Path) -> None:
    checked, _ = _random_corpus(tmp_path, games=2, per_game=25)
    assert checked == 50


@pytest.mark.slow
def test_random_damage_corpus_loses_no_sound_action(tmp_path: Path) -> None:
    checked, kinds = _random_corpus(tmp_path, games=8, per_game=120)
    print(f"journal corpus: {checked} damaged journals ({kinds}), no sound action lost")
    assert checked == 960


@pytest.mark.slow
@pytest.mark.parametrize("what", sorted(NAMED))
def test_each_damage_through_a_real_server_start(saves: Path, what: str) -> None:
    """Every named damage, through a server's whole start and stop: the resumed game holds
    every sound action, and a journal with anything it could not replay is kept aside."""
    made = journaled(saves)
    data = NAMED[what](made, random.Random(5))
    made.write(data)
    sound = sound_after_save(data, made)

    async def scenario() -> None:
        server = GameServer(ServerConfig(host="127.0.0.1", port=0, saves_dir=saves,
                                         seats=SEATS, game_type="uk_short"))
        await server.start()
        game = server.tables["1"].game
        assert game is not None and len(game.record.actions) >= made.saved + sound
        await server.stop()

    run(scenario())
    _, again = load_table_save_and_journal(made.save)
    assert not again.keep  # the whole save written at the start holds what was replayed


def test_lines_the_save_holds_are_skipped_without_being_parsed_and_progress_is_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal of thousands of lines the save holds already (doubled while whole saves
    failed) costs a search, not a parse a line: only the lines after the save are parsed. A
    long replay tells the host how far it is."""
    made = journaled(tmp_path / "t", steps=30)
    held = b'{"n":3,"seq":4,"action":["end_turn"]}\n' * 50_000  # ~2 MB the save holds
    made.write(made.header + held + b"".join(made.lines))
    parsed: list[bytes] = []
    real_parse = journal_replay.parse_line

    def counting(line: bytes, name: str, what: str = "line") -> object:
        parsed.append(line)
        return real_parse(line, name, what)

    monkeypatch.setattr(journal_replay, "parse_line", counting)
    monkeypatch.setattr(journal_replay, "PROGRESS_SECONDS", 0.0)
    told: list[tuple[int, int]] = []
    loaded, report = load_table_save_and_journal(made.save, lambda done, about: told.append(
        (done, about)))
    assert report.replayed == 30 and not report.keep
    assert len(parsed) <= 30 + 1  # the header and the 30 lines after the save: none held
    assert told and told[-1][0] == 30 and all(about >= done for done, about in told)
