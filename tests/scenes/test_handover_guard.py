"""The hot-seat hand-over opens the next player's turn only on a deliberate confirm.

QA found that a double press of the pad's Back (end turn, then 0.15 s later Back again) closed
"Pass to <next>" at once and showed the next player's turn to the one who had just played.
Every press is ignored for a moment after the screen appears; then Return, Space, the pad's A
or a click on READY hand over, and ESC / Back never do.
"""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine import Phase
from game.scenes.play.pass_to import GUARD_SECONDS, HandOverScene
from game.ui import palette
from tests.scenes.screens_support import keep_frame
from tests.scenes.driver import DT, new_game, play_app, start, step, to_human_attack  # noqa: F401

FAR_FROM_READY = (40, 40)


def _pad(app: Any, button: int) -> None:
    """A game-controller button pressed and released, one frame each."""
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, instance_id=6, button=button))
        app.step(DT)


def _key(app: Any, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0))
    app.step(DT)


def _click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step(DT)


def _shown(app: Any, on_ready: list[str]) -> HandOverScene:
    scene = HandOverScene(app, "Bea", palette.PLAYER_COLOURS[1], "Bea: your turn 3.\n"
                          "Others, please look away.", on_ready=lambda: on_ready.append("Bea"))
    app.scenes.push(scene)
    app.scenes.apply_pending()
    return scene


def _wait_out_guard(app: Any) -> None:
    step(app, int(GUARD_SECONDS / DT) + 2)


def test_presses_at_once_after_it_appears_are_ignored(play_app: Any) -> None:
    app = play_app
    readied: list[str] = []
    scene = _shown(app, readied)
    ready = scene.ok.rect.center
    _pad(app, pygame.CONTROLLER_BUTTON_A)  # a press meant for the screen before
    _key(app, pygame.K_RETURN)
    _key(app, pygame.K_SPACE)
    _click(app, ready)  # the second click of a double click
    keep_frame(app, "guard_pad")
    assert app.scenes.top is scene and readied == []
    assert not scene.ok.enabled  # READY is dimmed while presses do nothing


@pytest.mark.parametrize("press", ["pad_a", "return", "space", "click_ready"])
def test_each_device_alone_hands_over_after_the_guard(play_app: Any, press: str) -> None:
    app = play_app
    readied: list[str] = []
    scene = _shown(app, readied)
    app.input.warp(FAR_FROM_READY)  # keys and the pad need no pointer on READY
    _wait_out_guard(app)
    assert scene.ok.enabled
    if press == "pad_a":
        _pad(app, pygame.CONTROLLER_BUTTON_A)
    elif press == "return":
        _key(app, pygame.K_RETURN)
    elif press == "space":
        _key(app, pygame.K_SPACE)
    else:
        keep_frame(app, "ready_mouse")
        _click(app, scene.ok.rect.center)
    app.scenes.apply_pending()
    assert app.scenes.top is not scene and readied == ["Bea"]


def test_back_escape_and_stray_presses_never_hand_over(play_app: Any) -> None:
    app = play_app
    readied: list[str] = []
    scene = _shown(app, readied)
    _wait_out_guard(app)
    _pad(app, pygame.CONTROLLER_BUTTON_BACK)  # Back is also "end turn"
    _pad(app, pygame.CONTROLLER_BUTTON_B)
    _pad(app, pygame.CONTROLLER_BUTTON_Y)
    _key(app, pygame.K_ESCAPE)
    _key(app, pygame.K_c)
    _click(app, FAR_FROM_READY)  # a click beside READY
    _click(app, scene.ok.rect.center, button=3)  # a right click
    keep_frame(app, "stays_keyboard")
    assert app.scenes.top is scene and readied == []


def test_a_double_back_at_the_end_of_a_turn_keeps_the_next_players_hand_over(
        play_app: Any) -> None:
    """The QA repro: Back ends the turn, Back again 0.15 s later must not open the next
    player's turn (nor let them see it); after the guard A hands over."""
    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "human"), "us_full", seed=3)
    scene = start(app, game)
    to_human_attack(app, scene)
    assert game.phase == Phase.ATTACK
    player = game.current
    _pad(app, pygame.CONTROLLER_BUTTON_BACK)  # end the turn
    step(app, 7)  # 0.15 s after the first press (with its two frames) ...
    top = app.scenes.top
    assert isinstance(top, HandOverScene)
    assert game.current != player and top.name == game.players[game.current].name
    _pad(app, pygame.CONTROLLER_BUTTON_BACK)  # ... the second Back
    app.scenes.apply_pending()
    keep_frame(app, "double_back")
    assert app.scenes.top is top  # still "Pass to <next>": the board stays hidden
    _wait_out_guard(app)
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    app.scenes.apply_pending()
    assert app.scenes.top is scene
