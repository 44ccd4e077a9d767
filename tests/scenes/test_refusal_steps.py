"""A refusal answers one step: the player's next step takes it down, action or not.

QA found "Greenland has only 1 army; it cannot attack." still on the first message line after
X (free move): refusals were cleared by an engine action, Cancel or a press on the map, but
free move and New Attack change the step without one, so the new instruction stayed hidden.
"""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.play.screen import PlayScene
from game.ui import palette
from tests.scenes.driver import (  # noqa: F401 - play_app is a fixture
    choose_menu,
    click_territory,
    key,
    new_game,
    play_app,
    start,
    step,
    to_human_attack,
)

MESSAGE_LINE = (8, 378)  # inside the first line of the message area
FREE_MOVE_PROMPT = "Free move: select the territory to move armies from"


def _refused(app: Any) -> PlayScene:
    """A human's attack step with "X has only 1 army" on the first line, as QA saw it."""
    app.change_settings(automatic_dice=True, fast_game="instant", sound=False)
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    lone = next(t for t in sorted(game.territories_of(game.current)) if game.armies[t] == 1)
    click_territory(app, scene, lone)
    step(app)
    assert scene.messages.alerting.endswith("has only 1 army: it cannot attack.")
    assert app.screen.get_at(MESSAGE_LINE)[:3] == palette.ALERT_RED
    return scene


def test_the_refusal_stays_while_the_step_is_the_same(play_app: Any) -> None:
    scene = _refused(play_app)
    step(play_app, 90)  # a second and a half, nothing done
    assert scene.messages.alerting.endswith("it cannot attack.")
    assert play_app.screen.get_at(MESSAGE_LINE)[:3] == palette.ALERT_RED


def test_free_move_takes_the_refusal_down_and_its_instruction_shows(play_app: Any) -> None:
    scene = _refused(play_app)
    key(play_app, pygame.K_f)  # FREE_MOVE: no engine action, a new step
    step(play_app)
    assert scene.mode == "move_from"
    assert scene.messages.alerting == ""
    assert play_app.screen.get_at(MESSAGE_LINE)[:3] != palette.ALERT_RED
    assert scene.messages.log.latest.startswith(FREE_MOVE_PROMPT)


def test_new_attack_from_the_menu_takes_a_refusal_of_the_target_down(play_app: Any) -> None:
    app = play_app
    app.change_settings(automatic_dice=True, fast_game="instant", sound=False)
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    me = game.current
    source = next(t for t in sorted(game.territories_of(me)) if scene.turns.can_attack_from(t))
    far = next(t for t in sorted(game.board.territories)
               if game.owner[t] != me and t not in game.board.neighbours[source])
    click_territory(app, scene, source)
    click_territory(app, scene, far)
    step(app)
    assert scene.mode == "attack_to" and "not adjacent" in scene.messages.alerting
    choose_menu(app, scene, "PLAY", "New Attack")  # the step starts again, no action
    step(app)
    assert scene.mode == "attack_from" and scene.source is None
    assert scene.messages.alerting == ""
    assert app.screen.get_at(MESSAGE_LINE)[:3] != palette.ALERT_RED
    assert "select a territory to attack from" in scene.messages.log.latest  # the instruction
