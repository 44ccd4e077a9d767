"""The corrupt-file corpus: hundreds of mutants of a real save, autosave and settings file, each
through the real screens (the engine's loader, the Resume screen, the interrupted-game offer,
the App's settings). Every mutant is refused with a message in a player's words (never a Python
repr) or loads into a sound game; nothing raises and nothing takes over 2 s.

The default run takes a sample; `python -m pytest -m slow tests/devices` runs every mutant and
prints its figures.
"""

from __future__ import annotations

import copy
import json
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import Game
from game.savegame import SaveFormatError, load_game, save_game
from game.scenes.dialogs.boxes import ConfirmDialogScene, MessageDialogScene
from game.scenes.dialogs.files import ResumeGameScene
from game.scenes.setup.launch import offer_interrupted_game
from game.settings import Settings, SettingsStore
from tests.engine.rules_check import violations
from tests.figures import report
from tests.scenes.screens_support import played_game

DT = 1 / 60
HANG = 2.0
PYTHON_REPR = re.compile(r"[A-Z][a-zA-Z]*(Error|Exception)\(|Traceback|<[a-z_.]+ object")
JUNK: tuple[Any, ...] = (
    None, True, False, "false", "", -1, 0, 1, 10**30, 1.5, "x" * 5000, [], {}, [[[[1]]]],
    "../../saves/x", "alaska", {"a": 1}, [None], -(10**30),
)
RAW_JUNK = ("1e400", "-1e400", "NaN", "Infinity", "1" * 5000, '"' + "9" * 100_000 + '"',
            "[" * 3000 + "]" * 3000)


@dataclass
class CorpusFigures:
    mutants: int = 0
    refused: int = 0
    loaded: int = 0
    set_aside: int = 0
    exceptions: list[str] = field(default_factory=list)
    bad_messages: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"corpus: {self.mutants} mutants ({self.refused} refused with a message, "
                f"{self.loaded} loaded sound, {self.set_aside} settings set aside), "
                f"{len(self.exceptions)} exceptions, {len(self.bad_messages)} messages in "
                f"Python words, {len(self.violations)} violations, {len(self.hangs)} hangs "
                f"over {HANG:.0f} s")


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list) and value:
        for i in sorted({0, len(value) - 1}):
            yield from _paths(value[i], (*prefix, i))
    if prefix:
        yield prefix


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def _delete(data: Any, path: tuple[Any, ...]) -> None:
    node = data
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]


MARK = "__RAW__"


def save_mutants(text: str, rng: random.Random) -> list[tuple[str, bytes]]:
    """(what, bytes) for every kind of damage: each field junk, deleted, raw bad numbers, and
    byte-level damage (truncation, flipped bytes, a BOM, another encoding)."""
    data = json.loads(text)
    paths = list(_paths(data))
    out: list[tuple[str, bytes]] = []
    for path in paths:
        for junk in rng.sample(JUNK, 3):
            mutant = copy.deepcopy(data)
            _set(mutant, path, junk)
            out.append((f"{path} = {str(junk)[:20]}", json.dumps(mutant).encode()))
        mutant = copy.deepcopy(data)
        _delete(mutant, path)
        out.append((f"del {path}", json.dumps(mutant).encode()))
        raw = rng.choice(RAW_JUNK)
        mutant = copy.deepcopy(data)
        _set(mutant, path, MARK)
        out.append((f"{path} = raw {raw[:12]}", json.dumps(mutant).replace(f'"{MARK}"', raw)
                    .encode()))
    body = text.encode()
    for _ in range(40):
        cut = rng.randrange(len(body))
        out.append((f"cut at {cut}", body[:cut]))
        flipped = bytearray(body)
        for _ in range(rng.randint(1, 5)):
            flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        out.append(("flipped bytes", bytes(flipped)))
    out.append(("bom", b"\xef\xbb\xbf" + body))
    out.append(("utf-16", text.encode("utf-16")))
    out.append(("empty", b""))
    return out


def settings_mutants(rng: random.Random) -> list[tuple[str, bytes]]:
    data = Settings(sound=False).to_dict()
    data["last_setup"] = {"count": 3, "names": ["A", "B", "C", "D", "E", "F"],
                          "game_type": "uk_full", "design": {"flavour": "uk"}}
    text = json.dumps(data)
    return save_mutants(text, rng)


def _dialog_text(scene: Any) -> str:
    """The words a message dialog shows (its labels)."""
    from game.ui.widgets import Label

    text = " ".join(w.text for w in scene.dialog.widgets if isinstance(w, Label))
    assert text, "a refusal shows words"
    return text


class Harness:
    """Runs one mutant through the screens and counts what happened."""

    def __init__(self, app: Any, folder: Path) -> None:
        self.app = app
        self.folder = folder
        self.figures = CorpusFigures()

    def _timed(self, what: str, fn: Any) -> Any:
        began = time.perf_counter()
        try:
            return fn()
        finally:
            spent = time.perf_counter() - began
            if spent > HANG:
                self.figures.hangs.append(f"{what}: {spent:.1f} s")

    def _message(self, what: str, text: str) -> None:
        if PYTHON_REPR.search(text):
            self.figures.bad_messages.append(f"{what}: {text[:120]}")

    def _steps(self, frames: int = 2) -> None:
        for _ in range(frames):
            self.app.step(DT)

    def _reset(self) -> None:
        self.app.scenes.quit_all()
        self.app.scenes.apply_pending()
        self.app._quitting = False
        for path in self.folder.iterdir():
            path.unlink()

    def save(self, what: str, content: bytes) -> None:
        self.figures.mutants += 1
        self._reset()
        target = self.folder / "mutant.json"
        target.write_bytes(content)
        try:
            # 1. the engine's loader (through savegame)
            try:
                loaded = self._timed(what, lambda: load_game(target))
            except SaveFormatError as exc:
                self.figures.refused += 1
                self._message(what, str(exc))
                loaded = None
            if loaded is not None:
                self.figures.loaded += 1
                problems = violations(loaded.game)
                if problems:
                    self.figures.violations.append(f"{what}: {problems}")
                again = Game.from_dict(json.loads(json.dumps(loaded.game.to_dict(),
                                                              allow_nan=False)),
                                       loaded.game.board)
                assert again == loaded.game
            # 2. the Resume screen: listed, drawn, chosen
            resumed: list[Any] = []
            scene = ResumeGameScene(self.app, resumed.append, directory=self.folder)
            self.app.scenes.push(scene)
            self.app.scenes.apply_pending()
            self._timed(what + " (resume)", lambda: self._steps(2))
            scene.set_name("mutant")
            self._timed(what + " (resume submit)", scene.submit)
            self.app.scenes.apply_pending()
            top = self.app.scenes.top
            if isinstance(top, MessageDialogScene):
                self._message(what, _dialog_text(top))
            self._timed(what + " (resume dialog)", lambda: self._steps(2))
            assert bool(resumed) == (loaded is not None), "Resume disagrees with the loader"
            # 3. the same file as the autosave, through the interrupted-game offer
            self._reset()
            (self.folder / "autosave.json").write_bytes(content)
            self._timed(what + " (offer)", lambda: offer_interrupted_game(self.app, self.folder))
            self.app.scenes.apply_pending()
            self._timed(what + " (offer frames)", lambda: self._steps(2))
            top = self.app.scenes.top
            if loaded is not None and not loaded.game.is_over:
                assert isinstance(top, ConfirmDialogScene), "a loadable autosave is offered"
            if isinstance(top, MessageDialogScene):
                self._message(what, _dialog_text(top))
        except Exception as exc:  # noqa: BLE001 - counted and reported
            self.figures.exceptions.append(f"{what}: {exc!r}")

    def settings(self, what: str, content: bytes) -> None:
        self.figures.mutants += 1
        path = self.folder / "settings.json"
        for leftover in self.folder.iterdir():
            leftover.unlink()
        path.write_bytes(content)
        try:
            store = SettingsStore(path)
            settings, message = self._timed(what, store.load)
            if message is not None:
                self._message(what, message)
                if not path.exists():
                    self.figures.set_aside += 1
                self.figures.refused += 1
                assert settings == Settings()
            else:
                self.figures.loaded += 1
                settings.check()
            # the screens the settings reach: the setup screen reads last_setup
            from game.scenes.setup.new_game import SetupScene

            self.app.settings = settings
            self.app.input.apply_settings(settings)
            self.app.scenes.quit_all()
            self.app.scenes.apply_pending()
            self.app._quitting = False
            self.app.scenes.push(SetupScene(self.app))
            self.app.scenes.apply_pending()
            self._timed(what + " (setup)", lambda: self._steps(2))
        except Exception as exc:  # noqa: BLE001
            self.figures.exceptions.append(f"settings {what}: {exc!r}")


def run_corpus(app: Any, folder: Path, sample: int | None, seed: int = 13) -> CorpusFigures:
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    source = save_game(played_game(turns=4), "source", folder)
    text = source.read_text()
    source.unlink()
    saves = save_mutants(text, rng)
    settings = settings_mutants(rng)
    if sample is not None:
        saves = rng.sample(saves, min(sample, len(saves)))
        settings = rng.sample(settings, min(sample // 3, len(settings)))
    harness = Harness(app, folder)
    for what, content in saves:
        harness.save(what, content)
    for what, content in settings:
        harness.settings(what, content)
    return harness.figures


def _report(figures: CorpusFigures) -> None:
    report(figures.line())
    for line in (figures.exceptions + figures.bad_messages + figures.violations
                 + figures.hangs)[:12]:
        print("  " + line)
    assert not figures.exceptions, figures.exceptions[:3]
    assert not figures.bad_messages, figures.bad_messages[:3]
    assert not figures.violations, figures.violations[:3]
    assert not figures.hangs, figures.hangs[:3]


def test_corpus_sample(device_app: Any, tmp_path: Path) -> None:
    figures = run_corpus(device_app, tmp_path / "corpus", sample=90)
    _report(figures)
    assert figures.refused > 50


@pytest.mark.slow
def test_corpus_every_mutant(device_app: Any, tmp_path: Path) -> None:
    figures = run_corpus(device_app, tmp_path / "corpus", sample=None)
    _report(figures)
    assert figures.mutants > 500
    pygame.event.clear()


def test_a_finished_game_in_the_autosave_is_not_offered(device_app: Any, tmp_path: Path) -> None:
    import json as json_

    from game.engine import actions as act

    game = played_game(turns=2)
    game.apply(act.EndGame())
    folder = tmp_path / "finished"
    folder.mkdir()
    # written as an older version of the game would have: a finished game in the autosave
    data = {"format": "conquest-save", "version": 1, "saved_at": "2026-01-01T10:00:00",
            "name": "autosave", "game": game.to_dict(), "options": {}}
    (folder / "autosave.json").write_text(json_.dumps(data))
    assert offer_interrupted_game(device_app, folder) is False
    assert not (folder / "autosave.json").exists()


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_the_autosave_is_reported_without_hanging(device_app: Any,
                                                            tmp_path: Path) -> None:
    import os

    folder = tmp_path / "fifo"
    folder.mkdir()
    os.mkfifo(folder / "autosave.json")
    began = time.monotonic()
    assert offer_interrupted_game(device_app, folder) is True
    device_app.scenes.apply_pending()
    assert isinstance(device_app.scenes.top, MessageDialogScene)
    assert "not an ordinary file" in _dialog_text(device_app.scenes.top)
    assert time.monotonic() - began < 2.0
