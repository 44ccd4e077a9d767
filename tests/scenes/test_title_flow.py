"""From the title: the setup screen, the offer to resume an interrupted game, the idle demo."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.savegame import save_game
from game.scenes.setup import launch
from game.scenes.base import Scene
from game.scenes.dialogs.boxes import ConfirmDialogScene, MessageDialogScene
from game.scenes.setup.new_game import SetupScene
from game.scenes.info.credits import CreditsScene
from game.scenes.title import TitleScene
from tests.scenes.screens_support import app, click, key, played_game, show

__all__ = ["app"]


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    games: list[object] = []
    monkeypatch.setattr(launch, "open_game", lambda _app, game, *rest: games.append(game))
    return games


def test_any_key_goes_to_the_setup_screen_without_an_autosave(app: App, tmp_path: Path) -> None:
    show(app, TitleScene(app, saves_dir=tmp_path))
    key(app, pygame.K_SPACE, " ")
    assert isinstance(app.scenes.top, SetupScene)


def test_an_interrupted_game_is_offered_and_return_resumes_it(
        app: App, tmp_path: Path, opened: list[object]) -> None:
    game = played_game(turns=3)
    save_game(game, "autosave", tmp_path)
    show(app, TitleScene(app, saves_dir=tmp_path))
    click(app, (320, 200))
    assert isinstance(app.scenes.top, ConfirmDialogScene)
    assert isinstance(app.scenes.stack[0], SetupScene)
    key(app, pygame.K_RETURN)
    assert opened == [game]


def test_declining_the_interrupted_game_leaves_the_setup_screen(
        app: App, tmp_path: Path, opened: list[object]) -> None:
    save_game(played_game(turns=2), "autosave", tmp_path)
    show(app, TitleScene(app, saves_dir=tmp_path))
    key(app, pygame.K_SPACE, " ")
    key(app, pygame.K_ESCAPE)  # the No button, "New game"
    assert isinstance(app.scenes.top, SetupScene) and opened == []


def test_a_damaged_autosave_is_reported_over_the_setup_screen(app: App, tmp_path: Path) -> None:
    (tmp_path / "autosave.json").write_text("{broken")
    show(app, TitleScene(app, saves_dir=tmp_path))
    key(app, pygame.K_SPACE, " ")
    assert isinstance(app.scenes.top, MessageDialogScene)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, SetupScene)


class _Demo(Scene):
    pass


def test_a_minute_untouched_falls_into_the_demo(app: App, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, bool]] = []

    def start_demo(_app: App, seed: int, fast: bool) -> Scene:
        calls.append((seed, fast))
        return _Demo(_app)

    monkeypatch.setitem(sys.modules, "game.scenes.play.screen",
                        types.SimpleNamespace(start_demo=start_demo))
    show(app, TitleScene(app, saves_dir=tmp_path))
    saw_credits = False
    for _ in range(140):  # half-second frames: title, credits, title, credits, demo
        app.step(0.5)
        saw_credits |= isinstance(app.scenes.top, CreditsScene)
        if isinstance(app.scenes.top, _Demo):
            break
    assert saw_credits
    assert isinstance(app.scenes.top, _Demo) and calls and calls[0][1] is False


def test_a_key_during_the_credits_restarts_the_idle_minute(app: App, tmp_path: Path) -> None:
    title = show(app, TitleScene(app, saves_dir=tmp_path))
    assert isinstance(title, TitleScene)
    for _ in range(32):
        app.step(0.5)
    assert isinstance(app.scenes.top, CreditsScene)
    key(app, pygame.K_a, "a")
    assert app.scenes.top is title and title.untouched < 1.0




def test_the_resume_offer_is_titled_and_names_the_game_type_players_and_turn(
        app: App, tmp_path: Path, opened: list[object]) -> None:
    game = played_game("uk_full", count=3, turns=3)
    save_game(game, "autosave", tmp_path)
    show(app, SetupScene(app))
    assert launch.offer_interrupted_game(app, tmp_path)
    app.scenes.apply_pending()
    offer = app.scenes.top
    assert isinstance(offer, ConfirmDialogScene)
    assert offer.dialog.title == "RESUME INTERRUPTED GAME"
    text = " ".join(getattr(w, "text", "") for w in offer.dialog.widgets)
    assert "An interrupted game can be resumed" in text and "UK FULL" in text
    assert f"turn {game.turn}" in text
    assert all(p.name in text for p in game.players)
    key(app, pygame.K_RETURN)  # Resume is the default
    assert opened == [game]


def test_no_autosave_means_no_resume_offer(app: App, tmp_path: Path) -> None:
    show(app, SetupScene(app))
    assert not launch.offer_interrupted_game(app, tmp_path)


def test_the_resume_offer_leaves_out_eliminated_players() -> None:
    from game.engine import Game, GameConfig, PlayerSpec
    from game.scenes.setup.launch import describe_interrupted

    players = [PlayerSpec("Ann", "red"), PlayerSpec("Bob", "blue", "good"),
               PlayerSpec("Cy", "green", "easy")]
    game = Game.new(GameConfig.preset("uk_full", players), seed=1)
    game.players[2].eliminated = True
    text = describe_interrupted(game)
    assert "Bob (good)" in text and "Cy" not in text


@pytest.mark.parametrize("press", [pygame.K_SPACE, pygame.K_ESCAPE, "pad"])
def test_any_key_or_button_leaves_the_demo_for_the_title(app: App, press: object) -> None:
    from game.scenes.play.screen import start_demo
    from tests.devices.players import PadDriver

    demo = show(app, start_demo(app, 5, True), frames=30)
    assert demo.demo
    if press == "pad":
        driver = PadDriver(app)
        driver.plug_in()
        driver.button(driver.A)
    else:
        key(app, press)
    app.step(1 / 60)
    assert isinstance(app.scenes.top, TitleScene)
