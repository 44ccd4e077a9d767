"""The first turn after RESUME with two humans at the machine begins behind "Pass to".

QA: the play screen took the seat to move as already at the machine, so after RESUME the
player whose turn it was (or anyone else looking) saw the turn, and Y showed the cards, without
a hand-over. With one human at the machine nothing changes; a new game opens in set-up, where
claiming and placing go round the table without hand-overs.
"""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine import Game, GameConfig, Phase, PlayerSpec
from game.engine.config import COLOURS
from game.engine.serialize import game_to_dict
from game.scenes.play.pass_to import HandOverScene
from game.scenes.play.screen import PlayScene
from tests.scenes.screens_support import keep_frame
from tests.scenes.driver import (  # noqa: F401
    new_game,
    pass_hand_over,
    play_app,
    start,
    step,
    to_human_attack,
)



def _saved_in_a_turn(app: Any, levels: tuple[str, ...]) -> Game:
    """A game played to a human's attack, read back as RESUME reads a save."""
    app.change_settings(fast_game="instant")
    game = new_game(levels, "us_full", seed=3)
    scene = start(app, game)
    to_human_attack(app, scene)
    assert game.phase == Phase.ATTACK
    app.scenes.clear()
    app.scenes.apply_pending()
    return Game.from_dict(game_to_dict(game))


def test_resume_with_two_humans_hands_the_machine_to_the_one_to_move_first(
        play_app: Any) -> None:
    app = play_app
    game = _saved_in_a_turn(app, ("human", "human", "easy"))
    scene = start(app, game)
    top = app.scenes.top
    assert isinstance(top, HandOverScene)  # before the board is ever drawn
    assert top.name == game.players[game.current].name
    step(app)
    keep_frame(app, "resume_hand_over")
    pass_hand_over(app)
    app.scenes.apply_pending()
    assert app.scenes.top is scene
    step(app, 5)
    assert app.scenes.top is scene  # one hand-over, not a second for the same turn


def test_resume_with_one_human_shows_the_turn_at_once(play_app: Any) -> None:
    app = play_app
    game = _saved_in_a_turn(app, ("human", "easy", "easy"))
    scene = start(app, game)
    step(app, 3)
    assert app.scenes.top is scene


def test_a_new_hot_seat_game_opens_in_set_up_without_a_hand_over(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "human"), "us_full", seed=3)
    scene = start(app, game)
    assert game.phase in (Phase.CLAIM, Phase.PLACE)
    step(app, 3)
    assert app.scenes.top is scene and isinstance(scene, PlayScene)


def test_a_special_setup_game_hands_over_only_after_the_roll_for_the_first_player(
        play_app: Any) -> None:
    """Special Setup deals and places by itself and opens on a turn (or a headquarters
    choice): the dice decide who goes first, so "Pass to" must not name them before."""
    app = play_app
    for objective in ("headquarters", "world"):
        app.scenes.clear()
        app.scenes.apply_pending()
        players = [PlayerSpec(name, COLOURS[i], "human") for i, name in enumerate(("Alex", "Bea"))]
        config = replace(GameConfig.preset("us_full", players), special_setup=True,
                         objective=objective)
        game = Game.new(config, 3)
        scene = start(app, game, first_roll=True)
        assert scene.first_roll is not None  # the dice are rolling
        assert app.scenes.top is scene  # and nobody is named yet
        for _ in range(1200):
            if scene.first_roll is None:
                break
            step(app)
        else:
            raise AssertionError("the roll for the first player never ended")
        step(app)
        top = app.scenes.top
        assert isinstance(top, HandOverScene), objective
        step(app)  # (drawn once)
        keep_frame(app, f"special_setup_{objective}")
        assert top.name == game.players[game.to_move].name
        assert "headquarters to choose" in top.detail if objective == "headquarters" \
            else f"turn {game.turn}" in top.detail
        pass_hand_over(app)
        app.scenes.apply_pending()
        assert app.scenes.top is scene
