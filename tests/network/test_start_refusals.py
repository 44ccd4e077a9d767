"""A server that cannot start says why, naming the real cause (the lock file, the saves folder,
the port, an option) in a sentence, never a traceback; a damaged seat in a save is reported
and the rest of the table resumes."""

from __future__ import annotations

import json
import logging
import os
import socket
from pathlib import Path

import pytest

from game.cli import build_parser
from game.net.autosave import load_table_save
from game.net.savelock import SaveLock, SavesUnusable, lock_path
from game.net.serve import run as serve_run
from game.net.table import Table, token_hash
from tests.network.journal_damage import journaled

PYTHON_WORDS = ("Traceback", "Error", "errno", "[Errno")


def _serve(capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, str]:
    args = build_parser().parse_args(["--serve", "--host", "127.0.0.1", "--port", "0",
                                      *options])
    code = serve_run(args)
    err = capsys.readouterr().err
    last = err.strip().splitlines()[-1] if err.strip() else ""
    return code, last


@pytest.mark.parametrize("kind", ["folder", "fifo", "dangling link", "link"])
def test_a_lock_file_that_is_not_a_file_is_named_as_such(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    lock = lock_path(tmp_path / "network-1.json")
    if kind == "folder":
        lock.mkdir()
    elif kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(lock)
    elif kind == "dangling link":
        os.symlink(tmp_path / "nowhere" / "lock", lock)
    else:
        (tmp_path / "elsewhere").write_text("")
        os.symlink(tmp_path / "elsewhere", lock)
    code, said = _serve(capsys, "--saves-dir", str(tmp_path))
    assert code == 1
    assert said.startswith("cannot start the server: the lock file") and str(lock) in said
    assert "listen" not in said and not any(w in said for w in PYTHON_WORDS), said
    word = {"folder": "a folder", "fifo": "not an ordinary file", "dangling link": "a link",
            "link": "a link"}[kind]
    assert word in said


def test_a_saves_folder_that_is_a_file_is_named_as_such(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "saves.txt"
    folder.write_text("not a folder")
    with pytest.raises(SystemExit) as ended:  # the command line says so before anything runs
        build_parser().parse_args(["--serve", "--saves-dir", str(folder)])
    assert ended.value.code == 2 and "is a file, not a folder" in capsys.readouterr().err
    with pytest.raises(SavesUnusable) as caught:  # and a server given it (a window hosting)
        SaveLock(folder / "network-1.json").acquire()
    assert str(caught.value) == f"the saves folder {folder} is a file, not a folder"


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True,
                    reason="an administrator may write anywhere")
def test_a_saves_folder_that_cannot_be_written_is_named_as_such(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        code, said = _serve(capsys, "--saves-dir", str(folder))
    finally:
        folder.chmod(0o700)
    assert code == 1 and "cannot be written (permission denied)" in said


def test_a_port_in_use_is_named_as_the_cause(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = build_parser().parse_args(["--serve", "--host", "127.0.0.1", "--port",
                                          str(port), "--saves-dir", str(tmp_path)])
        assert serve_run(args) == 1
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith(f"cannot listen on 127.0.0.1:{port}: the port is in use")
    again = SaveLock(tmp_path / "network-1.json")
    again.acquire()  # the lock was let go when the server could not listen
    again.release()


def test_the_lock_refusal_is_a_sentence_for_a_window_hosting_too(tmp_path: Path) -> None:
    lock = lock_path(tmp_path / "hosted-1.json")
    lock.mkdir()
    with pytest.raises(SavesUnusable) as caught:
        SaveLock(tmp_path / "hosted-1.json").acquire()
    assert caught.value.strerror is None  # the Host screen shows str(): the sentence
    assert str(caught.value).startswith("the lock file") and "a folder" in str(caught.value)


BAD_OPTIONS = [
    ("--rate", "inf", "not a finite number"), ("--rate", "1e308", "out of range"),
    ("--rate", "nan", "not a finite number"), ("--rate", "0", "out of range"),
    ("--rate", "-5", "out of range"), ("--rate", "lots", "is not a number"),
    ("--computer-delay", "inf", "not a finite number"),
    ("--computer-delay", "-1", "out of range"), ("--computer-delay", "1e9", "out of range"),
    ("--reconnect-seconds", "nan", "not a finite number"),
    ("--reconnect-seconds", "1e20", "out of range"), ("--games", "0", "out of range"),
    ("--games", "100000000", "out of range"), ("--games", "2.5", "not a whole number"),
    ("--hqs-to-win", "7", "out of range"), ("--port", "65536", "out of range"),
    ("--port", "-1", "out of range"),
]


@pytest.mark.parametrize(("option", "value", "words"), BAD_OPTIONS)
def test_every_option_is_range_checked_with_a_sentence(
        capsys: pytest.CaptureFixture[str], option: str, value: str, words: str) -> None:
    with pytest.raises(SystemExit) as ended:
        build_parser().parse_args(["--serve", f"{option}={value}"])
    assert ended.value.code == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert f"argument {option}: " in said and words in said and "give a" in said, said
    assert not any(w in said for w in ("Traceback", "Error(", "could not convert")), said


def test_sane_options_still_pass(tmp_path: Path) -> None:
    args = build_parser().parse_args(["--serve", "--rate", "10000", "--computer-delay", "0",
                                      "--reconnect-seconds", "0.5", "--games", "50",
                                      "--hqs-to-win", "3", "--port", "0"])
    assert (args.rate, args.computer_delay, args.games, args.hqs_to_win) == (10000, 0, 50, 3)


# -- a damaged seat in a save ------------------------------------------------------------
def _damage_seat(save: Path, index: int, **changes: object) -> dict:
    data = json.loads(save.read_text())
    seats = data["options"]["network"]["seats"]
    if changes.pop("whole", None) is not None:
        seats[index] = changes["value"]
    else:
        seats[index].update(changes)
    save.write_text(json.dumps(data))
    return data


@pytest.mark.parametrize("damage", [{"token_hash": 12345}, {"token_hash": ["x"]},
                                    {"token_hash": "not-a-digest"},
                                    {"whole": True, "value": "garbage"},
                                    {"kind": "wizard"}])
def test_a_damaged_seat_is_reported_and_the_rest_of_the_table_resumes(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: dict) -> None:
    made = journaled(tmp_path / "t", steps=5)
    before = json.loads(made.save.read_text())["options"]["network"]["seats"]
    _damage_seat(made.save, 1, **damage)
    caplog.set_level(logging.WARNING, logger="conquest.net")
    loaded = load_table_save(made.save)
    table = Table.from_save(loaded.game, loaded.options)
    assert len(table.seats) == 3 and loaded.game.record.actions == made.game.record.actions
    said = caplog.text
    assert "seat 2 (P1)" in said and ("damaged" in said), said
    assert table.seats[1].token_hash is None and table.seats[1].kind == "open"
    assert table.seats[1].name == "P1"  # the game's own name for the seat
    for index in (0, 2):  # the others keep their keys: their players take their seats back
        assert table.seats[index].token_hash == before[index]["token_hash"]
    assert table.free_seat(None) is table.seats[1]
    assert len(token_hash("t")) == 64
