"""A whole game with one device alone, from the NEW GAME window to the game-over screen.

With controller events only (a pad SDL maps: CONTROLLER* events), and again with key events
only: set-up (players, game type, neutral, a typed name), claiming, placing, a forced card
exchange, attack, occupy, free move, saving under a typed name, a free card exchange, loading
the save, and then the Cheat option (from the menus, by the same device) to conquer the last
enemy territories and win. The test only gives the human six cards (so the first exchange is
forced) and chooses instant pacing; every step of play is the device's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.engine import Phase
from game.scenes.play.cards import CardExchangeScene
from game.scenes.dialogs.boxes import ChoiceDialogScene, MessageDialogScene, NumberDialogScene
from game.scenes.play.gameover import GameOverScene
from game.scenes.play.screen import PlayScene
from game.scenes.setup.new_game import SetupScene
from tests.devices.players import ControllerDriver, KeyboardDriver
from tests.devices.test_each_device_alone import fortify_pair, weakest_neighbour_attack

HUMAN = 0


class Hands:
    """What a device does in windows: move the focus, press it, enter a name."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def move(self, direction: str) -> None:
        raise NotImplementedError

    def press(self) -> None:
        self.driver.press()

    def snap(self) -> None:
        raise NotImplementedError

    def enter_name(self, setup: SetupScene, box: Any, text: str) -> None:
        raise NotImplementedError


class PadHands(Hands):
    DIRS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}

    def move(self, direction: str) -> None:
        self.driver.hat(*self.DIRS[direction])

    def snap(self) -> None:
        self.driver.button(self.driver.RB)

    def enter_name(self, setup: SetupScene, box: Any, text: str) -> None:
        walk_focus(setup, box, self)
        self.driver.button(self.driver.A)
        self.driver.type_on_keyboard(text)
        assert box.text == text


class KeyHands(Hands):
    KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
            "right": pygame.K_RIGHT}

    def move(self, direction: str) -> None:
        self.driver.tap(self.KEYS[direction])

    def snap(self) -> None:
        self.driver.tap(pygame.K_TAB)

    def enter_name(self, setup: SetupScene, box: Any, text: str) -> None:
        walk_focus(setup, box, self)
        self.driver.type(text)  # the first key typed replaces the offered name
        assert box.text == text


def walk_focus(setup: SetupScene, widget: Any, hands: Hands) -> None:
    """Move the setup window's focus onto `widget` with direction presses only."""
    for _ in range(60):
        focused = setup.dialog.focused
        if focused is widget:
            return
        if focused is None:
            hands.move("down")
            continue
        fx, fy = focused.rect.center
        tx, ty = widget.rect.center
        if abs(ty - fy) > 4:
            hands.move("down" if ty > fy else "up")
        else:
            hands.move("right" if tx > fx else "left")
    raise AssertionError(f"the focus never reached {widget}")


def set_up_game(app: Any, hands: Hands, name: str) -> PlayScene:
    setup = SetupScene(app)
    app.scenes.push(setup)
    app.scenes.apply_pending()
    hands.driver.step()
    for widget in (setup.count_row.buttons[0],                 # two players
                   setup.type_row.buttons[1],                  # US FULL: territories claimed
                   setup.neutral_row.buttons[1],               # no neutral player
                   setup.level_rows[1].buttons[1]):            # Napoleon plays Easy
        walk_focus(setup, widget, hands)
        hands.press()
    assert setup.count == 2 and setup.game_type == "us_full" and not setup.neutral
    assert setup.levels[1] == "easy"
    hands.enter_name(setup, setup.names[0], name)
    walk_focus(setup, setup.ok, hands)
    hands.press()
    hands.driver.step(2)
    scene = app.scenes.top
    assert isinstance(scene, PlayScene), scene
    assert scene.game.players[HUMAN].name == name and scene.game.phase == Phase.CLAIM
    return scene


def give_six_cards(scene: PlayScene) -> tuple[list[str], list[str]]:
    """Three infantry and three cavalry to the human: five or more force an exchange."""
    game = scene.game
    kinds: dict[str, list[str]] = {}
    for card in game.deck:
        kinds.setdefault(game.board.card_kind(card), []).append(card)
    first, second = kinds["infantry"][:3], kinds["cavalry"][:3]
    for card in first + second:
        game.deck.remove(card)
    game.players[HUMAN].hand = first + second
    return first, second


def exchange(driver: Any, hands: Hands, cards: list[str]) -> None:
    top = driver.app.scenes.top
    assert isinstance(top, CardExchangeScene)
    while top.guard > 0:  # a player reads the cards first: presses at once are ignored
        driver.step()
    for card in cards:
        target = top.hand.index(card)
        while top.cursor != target:
            hands.move("left" if top.cursor > target else "right")
        hands.press()
    assert top.is_valid_choice and top.ok.focused
    hands.press()  # the focus went on to EXCHANGE


def settle(driver: Any, scene: PlayScene, frames: int = 1) -> None:
    """Let the computer play, answering its questions to the human with the device."""
    for _ in range(frames):
        top = driver.app.scenes.top
        if isinstance(top, MessageDialogScene) or (
                isinstance(top, ChoiceDialogScene) and top.dialog.title == "DEFEND"):
            driver.confirm()
        else:
            driver.step()


def wait_for(driver: Any, scene: PlayScene, done: Callable[[], bool], limit: int = 3000) -> None:
    for _ in range(limit):
        if done():
            return
        settle(driver, scene)
    raise AssertionError("waited too long")


def claim_and_place(driver: Any, hands: Hands, scene: PlayScene) -> int:
    """Claim and place with snap and press; returns how many presses the human made."""
    game = scene.game
    presses = 0
    while game.phase in (Phase.CLAIM, Phase.PLACE):
        if scene.is_human(game.to_move) and driver.app.scenes.top is scene:
            hands.snap()
            tid = scene.view.territory_at(driver.app.input.pointer)
            assert tid is not None
            before = (game.phase, dict(game.owner), dict(game.armies))
            hands.press()
            if isinstance(driver.app.scenes.top, NumberDialogScene):
                driver.confirm()
            assert (game.phase, game.owner, game.armies) != before, tid
            presses += 1
        else:
            settle(driver, scene)
    return presses


def cheat_to_victory(driver: Any, hands: Hands, scene: PlayScene) -> None:
    game = scene.game
    for _ in range(60):
        if game.is_over:
            return
        wait_for(driver, scene, lambda: driver.app.scenes.top is scene)
        driver.menu("OPTIONS", "Cheat")
        assert scene.mode == "cheat"
        for _ in range(60):
            tid = scene.view.territory_at(driver.app.input.pointer)
            if tid is not None and game.owner[tid] != HUMAN:
                break
            hands.snap()
        hands.press()
        assert game.owner[tid] == HUMAN
        while isinstance(driver.app.scenes.top, CardExchangeScene):
            top = driver.app.scenes.top
            exchange(driver, hands, list(top.valid_sets[0]))
    raise AssertionError("the cheat never won")


def play_whole_game(app: Any, driver: Any, hands: Hands, name: str, save_name: str) -> None:
    app.change_settings(fast_game="instant", automatic_dice=False, sound=False)
    scene = set_up_game(app, hands, name)
    game = scene.game
    forced_set, free_set = give_six_cards(scene)
    assert claim_and_place(driver, hands, scene) >= 20

    # The first turn: six cards force an exchange, done with the device.
    wait_for(driver, scene, lambda: isinstance(app.scenes.top, CardExchangeScene))
    cards = app.scenes.top
    assert cards.forced
    driver.end_turn()  # refused: the exchange is forced
    assert app.scenes.top is cards
    exchange(driver, hands, forced_set)
    assert sorted(game.players[HUMAN].hand) == sorted(free_set)
    driver.step()
    assert game.phase == Phase.REINFORCE and game.current == HUMAN

    driver.menu("VARIANTS", "Supply Lines")  # a free move then leaves the turn open
    source, target = weakest_neighbour_attack(game, HUMAN)
    reinforcements = game.reinforcements
    before = game.armies[source]
    driver.select(source)
    driver.set_number(reinforcements)
    driver.step()
    assert game.armies[source] == before + reinforcements and game.phase == Phase.ATTACK

    driver.select(source)
    for _ in range(40):
        if game.owner[target] == HUMAN or game.phase == Phase.OCCUPY:
            break
        driver.select(target)
        if isinstance(app.scenes.top, ChoiceDialogScene):
            driver.confirm()
        driver.step(3)
    assert game.phase == Phase.OCCUPY
    driver.step()
    lo, hi = game.occupy_range()
    driver.set_number(lo)
    driver.step()
    assert game.owner[target] == HUMAN and game.armies[target] == lo

    driver.free_move()
    assert scene.mode == "move_from"
    move_from, move_to, lo, hi = fortify_pair(game)
    driver.select(move_from)
    driver.select(move_to)
    was = game.armies[move_to]
    driver.set_number(lo)
    driver.step()
    assert game.armies[move_to] == was + lo

    driver.save()
    assert scene.save_name == save_name
    saved = game.to_dict()

    # The next turn: the three cavalry make a set, offered (not forced) and exchanged.
    driver.end_turn()
    wait_for(driver, scene, lambda: game.current == HUMAN and game.phase == Phase.REINFORCE
             and isinstance(app.scenes.top, CardExchangeScene))
    offer = app.scenes.top
    assert not offer.forced
    exchange(driver, hands, free_set)
    assert not set(free_set) & set(game.players[HUMAN].hand)

    # Load the saved game, then win it.
    driver.resume(save_name)
    resumed = app.scenes.top
    assert isinstance(resumed, PlayScene) and resumed is not scene
    assert resumed.game.to_dict() == saved
    cheat_to_victory(driver, hands, resumed)
    assert resumed.game.winner == HUMAN
    wait_for(driver, resumed, lambda: isinstance(app.scenes.top, GameOverScene), 2000)


@pytest.mark.parametrize("device", ["controller", "keyboard"])
def test_a_whole_game_with_one_device_alone(device_app: Any, device: str) -> None:
    if device == "controller":
        pad = ControllerDriver(device_app)
        pad.plug_in()
        play_whole_game(device_app, pad, PadHands(pad), "Pad", "Pad1")
    else:
        keys = KeyboardDriver(device_app)
        play_whole_game(device_app, keys, KeyHands(keys), "Keys", "Keys1")
