"""Every file the game reads, damaged every way: saves, the autosave, settings, records (the
--replay file), network journals, the seats' and forms' files, TLS certificates and trust
files, board files and the map's layout, each as deep nesting, a FIFO, a link to /dev/zero, a
huge (sparse) file, bytes that are not UTF-8, 1e400, an empty or cut file, and for journals
a cut and a doubled line. Each is read by its real reader: nothing raises, nothing takes 2 s,
and each says what is wrong in a player's words. Then the window (headless: the title, its
offers, Resume, the Join and Host forms) and `--serve` start with such files in every place.

The default run takes every reader with every kind (each read is milliseconds) and one start
of each with a mix of kinds; `-m slow` starts the window and the server with each kind alone.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from game import boards, filenotes
from game.resources import saves_dir, set_saves_dir
from game.journal import journal_paths
from game.net import bridge, recall, tls
from game.net.autosave import load_table_save_and_journal
from game.replay import RecordFileError, load_recorded_game, write_record
from game.savegame import SaveFormatError, load_game, save_game
from game.settings import SettingsStore
from tests.network.journal_damage import journaled

HANG = 2.0
PYTHON_WORDS = re.compile(r"[A-Z][a-zA-Z]*(Error|Exception)\b|Traceback|<[a-z_.]+ object|"
                          r"\[Errno|errno")
REPO = Path(__file__).resolve().parents[2]
DEEP = b"[" * 200_000 + b"]" * 200_000
HUGE = 3 << 30  # 3 GB, sparse: nothing may read it whole
KINDS = ("deep", "fifo", "zero", "huge", "not utf-8", "1e400", "empty", "cut")
JOURNAL_KINDS = ("cut line", "doubled line")


def damage(path: Path, kind: str, good: bytes) -> None:
    """Put the `kind` of damage at `path` (whatever was there is replaced)."""
    if path.is_symlink() or path.exists():
        path.unlink()
    if kind == "deep":
        path.write_bytes(good[:1] + DEEP if good[:1] == b"{" else DEEP)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        os.symlink("/dev/zero", path)
    elif kind == "huge":
        with path.open("wb") as out:
            out.write(good[:200])
            out.truncate(HUGE)
    elif kind == "not utf-8":
        path.write_bytes(good[:20] + b"\xff\xfe\xc3\x28\x80" + good[20:])
    elif kind == "1e400":
        text, count = re.subn(rb"\":\s*(\d+)", b"\": 1e400", good, count=1)
        path.write_bytes(text if count else b'{"value": 1e400}')
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "cut":
        path.write_bytes(good[: len(good) // 2])
    else:
        raise AssertionError(kind)


@dataclass
class Findings:
    reads: int = 0
    messages: dict[str, str] = field(default_factory=dict)
    crashes: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    silent: list[str] = field(default_factory=list)
    python_words: list[str] = field(default_factory=list)

    def read(self, what: str, reader: Callable[[], str | None], quiet_ok: bool = False) -> None:
        """Run one reader; it returns the message the player or host is given (none needed
        if `quiet_ok`: nothing is wrong)."""
        self.reads += 1
        filenotes.take()
        began = time.monotonic()
        try:
            message = reader()
        except Exception as exc:  # noqa: BLE001 - counted: nothing may raise
            self.crashes.append(f"{what}: {exc!r}")
            return
        finally:
            spent = time.monotonic() - began
            if spent > HANG:
                self.hangs.append(f"{what}: {spent:.1f} s")
        message = " ".join([message or "", *filenotes.take()]).strip()
        if not message:
            if not quiet_ok:
                self.silent.append(what)
        elif PYTHON_WORDS.search(message):
            self.python_words.append(f"{what}: {message[:140]}")
        self.messages[what] = message

    def check(self) -> None:
        assert not self.crashes, self.crashes[:5]
        assert not self.hangs, self.hangs[:5]
        assert not self.silent, self.silent[:5]
        assert not self.python_words, self.python_words[:5]


def _refused(call: Callable[[], Any], *errors: type[Exception]) -> Callable[[], str | None]:
    def reader() -> str | None:
        try:
            call()
        except errors as exc:
            return str(exc)
        return None
    return reader


class Readers:
    """Each reader of the game, with a good file of its own to damage."""

    def __init__(self, folder: Path, app: Any) -> None:
        self.folder = folder
        self.app = app
        folder.mkdir(parents=True, exist_ok=True)
        from tests.scenes.screens_support import played_game

        game = played_game(turns=2)
        self.save = save_game(game, "mutant", folder).read_bytes()
        self.record = write_record(game, folder / "record.json").read_bytes()
        self.settings = json.dumps({"format": "conquest-settings", "version": 1,
                                    "pointer_speed": 3}).encode()
        self.forms = json.dumps({"join": {"address": "x", "port": 8765}}).encode()
        self.seats = json.dumps({"ws://x:1#1#Ann": {"seat": 0, "token": "t",
                                                    "name": "Ann"}}).encode()
        self.pem = (REPO / "tests" / "network" / "tls" / "localhost.pem").read_bytes()
        self.board = (REPO / "assets" / "maps" / "classic.json").read_bytes()
        self.layout = (REPO / "assets" / "maps" / "classic" / "layout.json").read_bytes()

    def all(self) -> dict[str, tuple[Path, bytes, Callable[[], str | None]]]:
        f = self.folder
        return {
            "save": (f / "mutant.json", self.save,
                     _refused(lambda: load_game(f / "mutant.json"), SaveFormatError)),
            "autosave": (f / "autosave.json", self.save, self._offer),
            "settings": (f / "settings.json", self.settings,
                         lambda: SettingsStore(f / "settings.json").load()[1]),
            "record": (f / "record.json", self.record,
                       _refused(lambda: load_recorded_game(f / "record.json"), RecordFileError)),
            "forms": (f / recall.FORMS_FILE, self.forms,
                      lambda: str(recall.load_answers("join", f) or "")),
            "seats": (saves_dir() / bridge.SEATS_FILE, self.seats,
                      lambda: str(bridge.load_seat("ws://x:1", "1", "Ann") or "")),
            "tls certificate": (f / "cert.pem", self.pem,
                                _refused(lambda: tls.server_context(f / "cert.pem"),
                                         tls.TlsError)),
            "tls trust file": (f / "trust.pem", self.pem,
                               _refused(lambda: tls.client_context("wss://x:1", f / "trust.pem"),
                                        tls.TlsError)),
            "board": (f / "boards" / "classic.json", self.board, self._board),
            "map layout": (f / "art" / "layout.json", self.layout, self._layout),
        }

    def _offer(self) -> str | None:
        from game.scenes.dialogs.boxes import MessageDialogScene
        from game.scenes.setup.launch import offer_interrupted_game

        self.app.scenes.quit_all()
        self.app.scenes.apply_pending()
        offer_interrupted_game(self.app, self.folder)
        self.app.scenes.apply_pending()
        top = self.app.scenes.top
        if isinstance(top, MessageDialogScene):
            from game.ui.widgets import Label

            return " ".join(w.text for w in top.dialog.widgets if isinstance(w, Label))
        return None

    def _board(self) -> str | None:
        original = boards.asset_path
        boards.asset_path = lambda *parts: self.folder / "boards" / parts[-1]
        boards.load_board.cache_clear()
        try:
            boards.load_board("classic")
        except boards.BoardError as exc:
            return str(exc)
        finally:
            boards.asset_path = original
            boards.load_board.cache_clear()
        return None

    def _layout(self) -> str | None:
        from game.mapart import load_map_art

        try:
            load_map_art(self.folder / "art")
        except ValueError as exc:
            return str(exc)
        return None


def run_readers(app: Any, folder: Path) -> Findings:
    findings = Findings()
    readers = Readers(folder, app)
    for name, (path, good, read) in readers.all().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        for kind in KINDS:
            damage(path, kind, good)
            findings.read(f"{name}, {kind}", read)
        if path.exists() or path.is_symlink():
            path.unlink()
    _journal_readers(folder / "journals", findings)
    return findings


def _journal_readers(folder: Path, findings: Findings) -> None:
    """A network save's journal through the server's resume, FILE > Load Game and the Resume
    list: each damage replays what is sound and says what it could not."""
    made = journaled(folder, steps=20)
    good = made.original
    for kind in KINDS + JOURNAL_KINDS:
        if kind == "cut line":
            lines = list(made.lines)
            lines[10] = lines[10][:7] + b"\n"
            data: bytes | None = made.header + b"".join(lines)
        elif kind == "doubled line":
            data = made.header + b"".join(made.lines[:10] + made.lines[9:])
        else:
            data = None
        if data is None:
            damage(made.journal, kind, good)
        else:
            made.write(data)

        def server_resume() -> str | None:
            _, report = load_table_save_and_journal(made.save)
            return " ".join(report.problems) or (
                "all replayed" if report.replayed == len(made.lines) else None)

        def load_game_there() -> str | None:
            load_game(made.save)
            return None  # its notes (filenotes) are the message

        # nothing to say of a doubled line (passed over) or an empty journal (it holds nothing:
        # a server stopped between opening it and writing its first line); read all the same
        quiet = kind in ("doubled line", "empty")
        findings.read(f"journal, {kind} (server)", server_resume, quiet_ok=quiet)
        findings.read(f"journal, {kind} (Load Game)", load_game_there, quiet_ok=quiet)
        if made.journal.is_symlink() or made.journal.exists():
            if made.journal.is_dir():
                made.journal.rmdir()
            else:
                made.journal.unlink()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_every_reader_with_every_kind_of_damage(device_app: Any, tmp_path: Path) -> None:
    findings = run_readers(device_app, tmp_path / "readers")
    findings.check()
    assert findings.reads >= 10 * len(KINDS) + 2 * len(KINDS)
    from tests.figures import report

    report(f"every reader: {findings.reads} damaged files read, 0 crashes, 0 hangs over "
           f"{HANG:.0f} s, a message for each")


# -- starting with damaged files everywhere ----------------------------------------------------
def _damaged_folder(folder: Path, kinds: list[str], readers: Readers) -> None:
    """A saves folder where every file the window or the server reads at start is damaged,
    the n-th file with the n-th kind of `kinds` (round and round)."""
    folder.mkdir(parents=True, exist_ok=True)
    made = journaled(folder / "net", steps=10)
    places: list[tuple[Path, bytes]] = [
        (folder / "settings.json", readers.settings),
        (folder / "autosave.json", readers.save),
        (folder / "RISKFILE.json", readers.save),
        (folder / recall.FORMS_FILE, readers.forms),
        (folder / bridge.SEATS_FILE, readers.seats),
    ]
    for number, stem in enumerate(("hosted-1", "network-1", "network-2", "network-3")):
        save = folder / f"{stem}.json"
        save.write_bytes(made.save.read_bytes())
        if number in (1, 2):  # hosted-1 and network-3 keep a sound save: their journal is hurt
            places.append((save, made.save.read_bytes()))
        places.append((journal_paths(save)[0], made.original))
    for index, (path, good) in enumerate(places):
        damage(path, kinds[index % len(kinds)], good)


def _start_window(folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The window from its title through the offers, Resume and the network forms, on the
    damaged folder; returns what it told the player."""
    import pygame

    from game.app import App, AppOptions
    from game.scenes.dialogs.boxes import DialogScene
    from game.scenes.dialogs.files import ResumeGameScene
    from game.scenes.network.host import HostNetworkScene
    from game.scenes.network.join import JoinNetworkScene
    from game.scenes.title import TitleScene

    set_saves_dir(folder)  # (tests/conftest.py sets it back after the test)
    began = time.monotonic()
    app = App(AppOptions(settings_path=folder / "settings.json", headless=True,
                         fixed_dt=1 / 60))
    told: list[str] = []
    app.scenes.push(TitleScene(app))
    app.scenes.apply_pending()
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    for _ in range(5):
        app.step(1 / 60)
    for scene in app.scenes.stack:
        if isinstance(scene, DialogScene) and scene.dialog is not None:
            told.append(" ".join(getattr(w, "text", "") for w in scene.dialog.widgets))
    for make in (lambda: ResumeGameScene(app, lambda loaded: None), lambda: JoinNetworkScene(app),
                 lambda: HostNetworkScene(app)):
        app.scenes.push(make())
        app.scenes.apply_pending()
        for _ in range(3):
            app.step(1 / 60)
        app.scenes.pop()
        app.scenes.apply_pending()
    told += app.take_notices()
    assert time.monotonic() - began < 10 * HANG
    app.scenes.quit_all()
    return [t for t in told if t.strip()]


def _start_server(folder: Path) -> str:
    """`--serve` on the damaged folder (three tables); returns its log once it listens."""
    proc = subprocess.Popen(
        [sys.executable, str(REPO / "main.py"), "--serve", "--host", "127.0.0.1", "--port", "0",
         "--games", "3", "--saves-dir", str(folder), "--seats", "open,open,open", "--type",
         "uk_short"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().decode()  # (a killed or stuck server: the test times out)
        assert line.startswith("Conquest server on port"), line
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    log = err.decode()
    assert "Traceback" not in log, log[-2000:]
    return log


def _check_start(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    told = _start_window(folder, monkeypatch)
    assert told, "the window said nothing of the damaged files"
    for text in told:
        assert not PYTHON_WORDS.search(text), text
    log = _start_server(folder)
    assert "could not be replayed" in log or "cannot resume" in log or "not replayed" in log


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_the_window_and_the_server_start_with_damaged_files_everywhere(
        device_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readers = Readers(tmp_path / "goods", device_app)
    folder = tmp_path / "mixed"
    _damaged_folder(folder, list(KINDS), readers)
    _check_start(folder, monkeypatch)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("kind", KINDS)
def test_the_window_and_the_server_start_with_each_kind_in_every_place(
        device_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    readers = Readers(tmp_path / "goods", device_app)
    folder = tmp_path / "damaged"
    _damaged_folder(folder, [kind], readers)
    _check_start(folder, monkeypatch)
