"""The UI fuzz: random events of every device over every kind of screen, including Resume and
the interrupted-game offer with damaged files in the saves folder.

Nothing may raise, no frame may take over 2 s, and every game on the screen stack keeps the
invariants of tests/engine/rules_check.py (written apart from the engine) and saves and loads
back. The default run is small; `python -m pytest -m slow tests/devices` sends 100,000 events
and prints its figures.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from game.engine import Game
from game.resources import saves_dir
from game.savegame import save_game
from game.scenes.play.screen import PlayScene, start_demo
from game.scenes.title import TitleScene
from tests.devices.test_monkey import Monkey
from tests.engine.rules_check import violations
from tests.figures import report
from tests.scenes.driver import new_game

DT = 1 / 60
HANG = 2.0


def _play(app: Any, levels: tuple[str, ...] = ("human", "easy", "good"), kind: str = "us_full",
          seed: int = 8) -> PlayScene:
    return PlayScene(app, new_game(levels, kind, seed=seed))


def _over_play(make: Callable[[Any, Game], Any]) -> Callable[[Any], list[Any]]:
    def start(app: Any) -> list[Any]:
        base = _play(app, ("human", "standard", "easy"), "uk_short", seed=11)
        return [base, make(app, base.game)]
    return start


def _starts() -> dict[str, Callable[[Any], list[Any]]]:
    from game.scenes.play import gameover
    from game.scenes.setup import missions
    from game.scenes.info import help
    from game.scenes.info import menu_screens as info
    from game.scenes.dialogs import boxes as dialogs
    from game.scenes.dialogs import files
    from game.scenes.play.cards import CardExchangeScene
    from game.scenes.setup.design import DesignOptions, DesignScene
    from game.scenes.setup.new_game import SetupScene
    from game.scenes.info.credits import CreditsScene

    def noop(*_args: Any) -> None:
        return None

    return {
        "title": lambda app: [TitleScene(app)],
        "credits": lambda app: [CreditsScene(app)],
        "setup": lambda app: [SetupScene(app)],
        "design": lambda app: [SetupScene(app), DesignScene(app, DesignOptions(), noop)],
        "play us": lambda app: [_play(app)],
        "play uk missions": lambda app: [_play(app, ("human", "standard"), "uk_short", 10)],
        "play hq": lambda app: [_play(app, ("human", "human", "easy"), "us_short", 9)],
        "demo": lambda app: [start_demo(app, 13, True)],
        "save": _over_play(lambda app, g: files.SaveGameScene(app, g, {}, noop)),
        "resume": lambda app: [TitleScene(app), files.ResumeGameScene(app, noop)],
        "help": _over_play(lambda app, g: help.HelpScene(app)),
        "continents": _over_play(lambda app, g: help.ContinentsScene(app, g)),
        "battles": _over_play(lambda app, g: info.BattlesInfoScene(app, g)),
        "territories": _over_play(lambda app, g: info.TerritoriesInfoScene(app, g)),
        "cards info": _over_play(lambda app, g: info.CardsInfoScene(app, g)),
        "key": _over_play(lambda app, g: info.KeyScene(app, g)),
        "risk card": _over_play(lambda app, g: info.RiskCardScene(app, g, 0)),
        "full map": _over_play(lambda app, g: info.FullMapScene(app, g)),
        "cards": _over_play(lambda app, g: CardExchangeScene(app, g, 0, noop, noop)),
        "mission": _over_play(lambda app, g: missions.MissionRevealScene(app, g, noop)),
        "game over": _over_play(lambda app, g: gameover.GameOverScene(app, g)),
        "message": _over_play(lambda app, g: dialogs.MessageDialogScene(app, "T", "x " * 3000)),
        "confirm": _over_play(lambda app, g: dialogs.ConfirmDialogScene(app, "T", "Sure?", noop)),
        "number": _over_play(lambda app, g: dialogs.NumberDialogScene(app, "T", "How many?", 1,
                                                                       9, 3, noop)),
    }


@dataclass
class FuzzFigures:
    events: int = 0
    frames: int = 0
    scenes: set[str] = field(default_factory=set)
    violations: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    slowest: float = 0.0

    def line(self) -> str:
        return (f"ui fuzz: {self.events} events, {self.frames} frames over {len(self.scenes)} "
                f"scene kinds, {len(self.violations)} violations, {len(self.exceptions)} "
                f"exceptions, {len(self.hangs)} hangs over {HANG:.0f} s "
                f"(slowest frame {self.slowest:.2f} s)")


def _damaged_files(folder: Path) -> None:
    """Saves the Resume list and the title must live with (in the test's own folder)."""
    assert folder != Path(__file__).resolve().parents[2] / "saves", "never write in the repo"
    folder.mkdir(parents=True, exist_ok=True)
    save_game(new_game(("human", "easy")), "good", folder)
    (folder / "broken.json").write_text("{")
    (folder / "huge value.json").write_text('{"format": "conquest-save", "version": 1, '
                                            '"saved_at": "' + "9" * 100_000 + '"}')
    (folder / "autosave.json").write_text('{"format": "conquest-save", "version": 1, "game": {}}')


def _restart(app: Any, start: Callable[[Any], list[Any]], monkey: Monkey) -> None:
    monkey.release_everything()
    app._quitting = False
    app.scenes.quit_all()
    app.scenes.apply_pending()
    for scene in start(app):
        app.scenes.push(scene)
        app.scenes.apply_pending()


def run_fuzz(app: Any, events: int, seed: int) -> FuzzFigures:
    figures = FuzzFigures()
    # the fixture points the saves folder at a temporary one: read it now, not at import
    _damaged_files(saves_dir())
    monkey = Monkey(app, seed)
    app.change_settings(fast_game="instant")
    starts = _starts()
    per_start = max(1, events // len(starts))
    rng = random.Random(seed)
    for name, start in starts.items():
        _restart(app, start, monkey)
        sent = 0
        while sent < per_start:
            for _ in range(rng.choice((1, 1, 2, 3))):
                monkey.event()
                sent += 1
            began = time.perf_counter()
            try:
                running = app.step(DT)
            except Exception as exc:  # noqa: BLE001 - counted and reported
                figures.exceptions.append(f"{name}: {exc!r}")
                _restart(app, start, monkey)
                continue
            spent = time.perf_counter() - began
            figures.slowest = max(figures.slowest, spent)
            if spent > HANG:
                figures.hangs.append(f"{name}: a frame took {spent:.1f} s")
            figures.frames += 1
            for scene in app.scenes.stack:
                figures.scenes.add(type(scene).__name__)
                game = getattr(scene, "game", None)
                if isinstance(game, Game):
                    problems = violations(game)
                    if problems:
                        figures.violations.append(f"{name}: {problems}")
            if not running or app.scenes.is_empty:
                _restart(app, start, monkey)
        figures.events += sent
    monkey.release_everything()
    return figures


def _report(figures: FuzzFigures) -> None:
    report(figures.line())
    print("  scenes seen: " + ", ".join(sorted(figures.scenes)))
    for line in (figures.exceptions + figures.violations + figures.hangs)[:10]:
        print("  " + line)
    assert not figures.exceptions, figures.exceptions[:3]
    assert not figures.violations, figures.violations[:3]
    assert not figures.hangs, figures.hangs[:3]


def test_ui_fuzz_small(device_app: Any) -> None:
    figures = run_fuzz(device_app, 2400, seed=7)
    _report(figures)
    assert len(figures.scenes) >= 15


@pytest.mark.slow
def test_ui_fuzz_100000_events(device_app: Any) -> None:
    figures = run_fuzz(device_app, 100_000, seed=1988)
    _report(figures)
    assert figures.events >= 100_000
