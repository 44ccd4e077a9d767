"""Each device alone plays a full turn (reinforce, attack, occupy, free move, end turn) and saves
and resumes the game from the menus, with nothing but its own posted pygame events."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import ArmyChoice, Game, Phase
from game.engine import actions as act
from game.scenes.dialogs.boxes import ChoiceDialogScene, NumberDialogScene
from game.scenes.play.screen import PlayScene
from tests.devices.players import DeviceDriver, KeyboardDriver, MouseDriver, PadDriver
from tests.scenes.driver import new_game


def setup_until_human_reinforces(app: Any, scene: PlayScene) -> None:
    """Set-up is not what these tests are about: play it through the engine."""
    game = scene.game
    while not (game.phase == Phase.REINFORCE and scene.is_human(game.current)):
        if scene.is_human(game.to_move):
            choice = next(c for c in game.legal_actions()
                          if not isinstance(c, act.UndoPlacements))
            scene.perform(choice.make(choice.hi) if isinstance(choice, ArmyChoice) else choice)
        else:
            app.step(1 / 60)
    app.step(1 / 60)


def weakest_neighbour_attack(game: Game, pid: int) -> tuple[str, str]:
    """Where a wise player strikes: the weakest enemy next to a territory of ours."""
    pairs = [(game.armies[t] - game.armies[s], s, t) for s in game.territories_of(pid)
             for t in sorted(game.board.neighbours[s]) if game.owner[t] != pid]
    _, source, target = min(pairs)
    return source, target


def fortify_pair(game: Game) -> tuple[str, str, int, int]:
    choice = next(c for c in game.legal_actions()
                  if isinstance(c, ArmyChoice) and isinstance(c.template, act.Fortify))
    return choice.template.source, choice.template.target, choice.lo, choice.hi


def play_turn_and_save_and_resume(driver: DeviceDriver, app: Any) -> None:
    app.change_settings(fast_game="instant", automatic_dice=False, sound=False)
    game = new_game(("human", "easy"), "us_full", seed=4)
    scene = PlayScene(app, game)
    app.scenes.push(scene)
    app.scenes.apply_pending()
    setup_until_human_reinforces(app, scene)
    me = game.current
    source, target = weakest_neighbour_attack(game, me)

    # Supply Lines from the VARIANTS menu: a free move then leaves the turn open for End Turn.
    driver.menu("VARIANTS", "Supply Lines")
    assert game.variants.supply_lines

    # Reinforce: every new army onto the territory we attack from (the prompt's default).
    reinforcements = game.reinforcements
    before = game.armies[source]
    driver.select(source)
    assert isinstance(app.scenes.top, NumberDialogScene)
    driver.set_number(reinforcements)
    driver.step()
    assert game.armies[source] == before + reinforcements
    assert game.phase == Phase.ATTACK

    # Attack until the target falls; each battle asks for the dice (the default: the most).
    driver.select(source)
    assert scene.mode == "attack_to" and scene.source == source
    for _ in range(40):
        if game.owner[target] == me or game.phase == Phase.OCCUPY:
            break
        driver.select(target)
        if isinstance(app.scenes.top, ChoiceDialogScene):
            driver.confirm()
        driver.step(3)  # the computer defends
    assert game.phase == Phase.OCCUPY, "the attack should have won with all the reinforcements"

    # Occupy with the fewest armies allowed (not the default, so the prompt must change).
    driver.step()
    lo, hi = game.occupy_range()
    assert lo < hi
    driver.set_number(lo)
    driver.step()
    assert game.owner[target] == me and game.armies[target] == lo

    # Free move: one army fewer than the most.
    driver.free_move()
    assert scene.mode == "move_from"
    move_from, move_to, lo, hi = fortify_pair(game)
    driver.select(move_from)
    driver.select(move_to)
    amount = max(lo, hi - 1)
    was = game.armies[move_to]
    driver.set_number(amount)
    driver.step()
    assert game.armies[move_to] == was + amount
    assert game.phase == Phase.FORTIFY and game.current == me

    # Save from the FILE menu.
    driver.save()
    assert scene.save_name is not None
    saved_name = scene.save_name
    saved = game.to_dict()

    # End the turn; the computer plays; then resume the saved game from the menus.
    driver.end_turn()
    assert game.current != me or game.turn > 1
    for _ in range(600):
        if scene.is_human(game.to_move) and game.phase == Phase.REINFORCE:
            break
        driver.step()
    assert game.to_dict() != saved
    while app.scenes.top is not scene:  # e.g. a card offer at the start of the new turn
        driver.confirm()
    driver.resume(saved_name)
    resumed = app.scenes.top
    assert isinstance(resumed, PlayScene) and resumed is not scene
    assert resumed.game.to_dict() == saved
    assert resumed.save_name == saved_name


@pytest.mark.parametrize("kind", ["keyboard", "joystick", "mouse"])
def test_one_device_alone_plays_a_turn_then_saves_and_resumes(device_app: Any, kind: str) -> None:
    driver: DeviceDriver
    if kind == "keyboard":
        driver = KeyboardDriver(device_app)
    elif kind == "joystick":
        pad = PadDriver(device_app)
        pad.plug_in()
        driver = pad
    else:
        driver = MouseDriver(device_app)
    play_turn_and_save_and_resume(driver, device_app)
