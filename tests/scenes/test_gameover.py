"""The game-over screen: winner, fanfare, graphs drawn in player colours, and where it leads."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.audio import Sfx
from game.engine import actions as act
from game.scenes.play.gameover import GRAPH_TERRITORIES, GameOverScene, series
from game.scenes.info.menu_screens import FullMapScene
from game.scenes.setup.new_game import SetupScene
from game.scenes.title import TitleScene
from game.ui.palette import PLAYER_COLOUR_BY_NAME
from tests.scenes.screens_support import app, click, key, played_game, show, step

__all__ = ["app"]


@pytest.fixture(scope="module")
def finished():  # type: ignore[no-untyped-def]
    game = played_game("uk_full", 3, finish=True, seed=11)
    assert game.is_over and game.winner is not None
    return game


def test_winner_fanfare_and_graph_lines_in_player_colours(app: App, finished, monkeypatch
                                                          ) -> None:  # type: ignore[no-untyped-def]
    sounds: list[Sfx] = []
    monkeypatch.setattr(app, "play", sounds.append)
    scene = show(app, GameOverScene(app, finished), frames=120)
    assert isinstance(scene, GameOverScene)
    assert Sfx.VICTORY in sounds
    assert finished.players[finished.winner].name.upper() in scene.headline
    winner_rgb = PLAYER_COLOUR_BY_NAME[finished.players[finished.winner].colour].rgb
    r = GRAPH_TERRITORIES
    pixels = {tuple(app.screen.get_at((x, y)))[:3] for x in range(r.x, r.right)
              for y in range(r.y, r.bottom)}
    assert winner_rgb in pixels


def test_series_ends_with_the_final_count(finished) -> None:  # type: ignore[no-untyped-def]
    lines = series(finished, "territories")
    assert lines[finished.winner][-1] == 42
    assert len(lines[0]) == len(finished.stats.history) + 1


def test_an_abandoned_game_says_so_without_fanfare(app: App, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = played_game("uk_short", 3, turns=4)
    game.apply(act.EndGame())
    sounds: list[Sfx] = []
    monkeypatch.setattr(app, "play", sounds.append)
    scene = show(app, GameOverScene(app, game))
    assert isinstance(scene, GameOverScene)
    assert scene.headline == "GAME ABANDONED" and Sfx.VICTORY not in sounds


def test_return_starts_a_new_game_setup(app: App, finished) -> None:  # type: ignore[no-untyped-def]
    show(app, GameOverScene(app, finished))
    key(app, pygame.K_RETURN)  # finishes the graphs
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, SetupScene)


def test_title_button_and_full_map(app: App, finished) -> None:  # type: ignore[no-untyped-def]
    scene = show(app, GameOverScene(app, finished), frames=100)
    assert isinstance(scene, GameOverScene)
    click(app, scene.full_map.rect.center)
    assert isinstance(app.scenes.top, FullMapScene)
    click(app, (320, 200))
    step(app)
    click(app, scene.title.rect.center)
    assert isinstance(app.scenes.top, TitleScene)


def won_on_the_first_turn():  # type: ignore[no-untyped-def]
    """A two-player game the first player wins in turn 1 (every other territory taken with
    the CHEAT command), so the subline counts exactly one turn."""
    from game.ai import make_general  # noqa: PLC0415
    from game.engine import Game, GameConfig, Phase  # noqa: PLC0415
    from tests.scenes.screens_support import players  # noqa: PLC0415

    game = Game.new(GameConfig.preset("uk_full", players(2)), 3)
    generals = {p: make_general("standard", p, 3) for p in range(len(game.players))}
    while game.phase not in (Phase.REINFORCE, Phase.ATTACK):
        game.apply(generals[game.to_move].choose(game))
    for territory in list(game.board.territories):
        if not game.is_over and game.owner[territory] != game.current:
            game.apply(act.CheatConquer(territory))
    assert game.is_over and game.turn == 1
    return game


def test_a_game_won_in_its_first_turn_says_after_1_turn(app: App) -> None:
    scene = show(app, GameOverScene(app, won_on_the_first_turn()))
    assert isinstance(scene, GameOverScene)
    assert scene.subline.endswith(" after 1 turn."), scene.subline


def test_a_longer_game_counts_its_turns_in_the_plural(app: App, finished) -> None:  # type: ignore[no-untyped-def]
    scene = show(app, GameOverScene(app, finished))
    assert isinstance(scene, GameOverScene) and finished.turn > 1
    assert scene.subline.endswith(f" after {finished.turn} turns.")
