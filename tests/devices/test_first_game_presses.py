"""A new player's first game, counted: from the title to the first attack with one device alone
(a pad, then the keys), every answer of NEW GAME left as it is offered.

Each press of a button or a key is counted (a d-pad push, Tab, Return...). NEW GAME must take
at most six presses from the title (a pad's Start there opened the menu bar, and reaching OK
took about eleven). The rest of the way (the missions, placing the armies, reinforcing, the
first attack) is counted and reported; nothing in it depends on where the pointer rests: the
pointer is only moved by snapping to the territories the step accepts.
"""

from __future__ import annotations

import argparse
from typing import Any

import pygame
import pytest

from game.engine import Phase
from game.scenes.dialogs.boxes import ChoiceDialogScene, MessageDialogScene, NumberDialogScene
from game.scenes.play.screen import PlayScene
from game.scenes.setup.missions import MissionRevealScene
from game.scenes.setup.new_game import SetupScene
from game.scenes.title import TitleScene
from tests.devices.players import ControllerDriver, KeyboardDriver
from tests.figures import report

NEW_GAME_MOST = 6


class PadPresses(ControllerDriver):
    """A pad that counts its presses (buttons and d-pad pushes)."""

    presses = 0

    def button(self, number: int) -> None:
        self.presses += 1
        super().button(number)

    def hat(self, x: int, y: int) -> None:
        self.presses += 1
        super().hat(x, y)

    def go(self) -> None:  # A: what the focus or the pointer is on
        self.button(self.A)

    def start_the_game(self) -> None:  # in NEW GAME, with every answer as offered
        self.button(self.START)

    def snap(self) -> None:
        self.button(self.RB)


class KeyPresses(KeyboardDriver):
    """A keyboard that counts its presses."""

    presses = 0

    def tap(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.presses += 1
        super().tap(key, mod, unicode)

    def go(self) -> None:  # Space on the map, Return in a window
        self.tap(pygame.K_SPACE if isinstance(self.app.scenes.top, PlayScene)
                 else pygame.K_RETURN)

    def start_the_game(self) -> None:  # Return leaves the first name; Return again is OK
        while isinstance(self.app.scenes.top, SetupScene) and self.presses < 20:
            self.tap(pygame.K_RETURN)

    def snap(self) -> None:
        self.tap(pygame.K_TAB)


def _wait(driver: Any, frames: int = 1) -> None:
    driver.step(frames)


def _through_the_missions(driver: Any) -> None:
    """The missions of a UK short game: NO to the computers' missions, MISSION, OK."""
    app = driver.app
    for _ in range(20):
        top = app.scenes.top
        if not isinstance(top, MissionRevealScene):
            return
        while top.guard > 0:  # a player reads the card before the next press counts
            _wait(driver)
        driver.go()
        _wait(driver, 2)
    raise AssertionError("the missions never ended")


def _to_the_first_attack(driver: Any) -> PlayScene:
    """Place, reinforce and attack with snaps and presses; the computers' questions to the
    human (defend) are answered with the device."""
    app = driver.app
    for _ in range(20000):
        top = app.scenes.top
        scene = next(s for s in reversed(app.scenes.stack) if isinstance(s, PlayScene))
        game = scene.game
        if isinstance(top, (MessageDialogScene, ChoiceDialogScene, NumberDialogScene)):
            driver.go()  # the default: defend with the most dice, all the armies offered
            continue
        if top is not scene or not scene.is_humans_move or scene.is_showing_battle:
            _wait(driver)
            continue
        if game.phase == Phase.ATTACK and scene.mode == "attack_from" and scene.source is None:
            break
        driver.snap()
        driver.go()
    else:
        raise AssertionError("the human's attack step never came")
    attacks_before = len([a for a in game.record.actions if type(a).__name__ == "Attack"])
    driver.snap()  # the nearest territory that can attack
    driver.go()
    assert scene.mode == "attack_to", scene.mode
    driver.snap()  # the nearest enemy it can attack
    driver.go()
    if isinstance(app.scenes.top, ChoiceDialogScene):
        driver.go()  # the dice offered (the most)
    _wait(driver, 3)
    attacks = [a for a in game.record.actions if type(a).__name__ == "Attack"]
    assert len(attacks) == attacks_before + 1, "the first attack was not made"
    assert attacks[-1].source in game.territories_of(0) or game.owner[attacks[-1].source] == 0
    return scene


@pytest.mark.parametrize("device", ["pad", "keys"])
def test_title_to_the_first_attack_counting_presses(device_app: Any, device: str) -> None:
    app = device_app
    app.change_settings(fast_game="instant", sound=False)  # the computers play at once
    app.options.args = argparse.Namespace(seed=7)  # as `--seed 7`: the same game each run
    driver: Any = PadPresses(app) if device == "pad" else KeyPresses(app)
    if device == "pad":
        driver.plug_in()
    app.scenes.push(TitleScene(app))
    app.scenes.apply_pending()
    _wait(driver, 5)
    driver.presses = 0

    driver.go()  # any key or button leaves the title
    _wait(driver, 2)
    assert isinstance(app.scenes.top, SetupScene)
    driver.start_the_game()
    _wait(driver, 2)
    assert not isinstance(app.scenes.top, SetupScene), "NEW GAME is still open"
    new_game = driver.presses
    assert new_game <= NEW_GAME_MOST, f"NEW GAME took {new_game} presses from the title"

    _through_the_missions(driver)
    missions = driver.presses - new_game
    scene = _to_the_first_attack(driver)
    assert scene.game.players[0].name == "Alex" and scene.game.config.game_type == "uk_short"
    report(f"first game, {device} alone: {new_game} presses from the title through NEW GAME, "
           f"{missions} for the mission, {driver.presses} to the first attack")
