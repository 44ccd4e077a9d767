"""The mission reveal with a pad alone: A answers the focused NO (or YES) and steps through the
cards whatever the pointer rests on; the hints name the pad's buttons."""

from __future__ import annotations

import pygame

from game.app import App
from game.engine import Game, GameConfig
from game.scenes.setup.missions import GUARD_SECONDS, MissionRevealScene
from tests.scenes.screens_support import app, players, show, step

__all__ = ["app"]


def _pad(app: App, button: int) -> None:
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, instance_id=3, button=button))
        app.step(1 / 60)


def test_a_pad_alone_answers_and_steps_through_the_missions(app: App) -> None:
    game = Game.new(GameConfig.preset("uk_short", players(3, humans=1)), 2)
    done: list[bool] = []
    scene = show(app, MissionRevealScene(app, game, lambda: done.append(True)))
    assert isinstance(scene, MissionRevealScene)
    app.input.warp(scene.yes.rect.center)  # the pointer rests on YES: it must not count
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.stage == "call" and not scene.cheat  # the focused NO answered
    step(app, int(GUARD_SECONDS * 60) + 2)
    app.input.warp((5, 5))  # nowhere near MISSION
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.stage == "card"
    step(app, int(GUARD_SECONDS * 60) + 2)
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert done == [True]


def test_the_pad_moves_the_focus_to_yes(app: App) -> None:
    game = Game.new(GameConfig.preset("uk_short", players(3, humans=1)), 2)
    scene = show(app, MissionRevealScene(app, game, lambda: None))
    assert isinstance(scene, MissionRevealScene)
    _pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.cheat and len(scene.viewers) == 3
    assert scene._say("keys", "{PRESS}", "mouse") == "{A}"
