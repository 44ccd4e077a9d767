"""Words that went stale or wrong (a real-window pass): the odds of another seat's attack kept
on the panel once it was over (a network game's watching window kept them for the rest of
the mover's turn); Cheat chosen while reinforcing, the prompt line still saying "place 4
armies"; a pad player told to use Page Up / Page Down or the wheel for the message history."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Phase
from game.engine import actions as act
from game.scenes.play.screen import PlayScene
from tests.scenes.driver import choose_menu, new_game, play_app, start, step, to_human_attack
from tests.scenes.test_menus_and_dialogs import _computer_to_attack_the_human

__all__ = ["play_app"]


def test_another_seats_attack_leaves_no_odds_once_it_has_been_shown(play_app: Any) -> None:
    from game.scenes.dialogs.boxes import ChoiceDialogScene
    from tests.scenes.driver import key

    scene, source, target = _computer_to_attack_the_human(play_app)
    scene.game.armies[target] = 4  # one battle cannot take it
    scene.computer_step = lambda: None  # the computer thinks on: nothing more happens
    scene.announce(source, target)
    scene.source, scene.target = source, target  # as the computer's step (or an update) sets
    scene.perform(act.Attack(source, target, 1))
    step(play_app)
    assert scene.panel.odds.label.startswith("Win"), "the attack's odds show while it is shown"
    for _ in range(600):
        step(play_app)
        if isinstance(play_app.scenes.top, ChoiceDialogScene):
            key(play_app, pygame.K_RETURN)  # the human defends with the dice offered
        elif not scene.is_showing_battle and scene.wait <= 0 and scene.game.battle is None:
            break
    step(play_app)
    game = scene.game
    assert game.current == 1 and game.phase == Phase.ATTACK
    assert not scene.panel.odds.label.startswith("Win"), scene.panel.odds.label


def test_a_humans_own_attack_keeps_its_odds_to_repeat_it(play_app: Any) -> None:
    scene = start(play_app, new_game(("human", "easy"), "us_full", seed=5))
    to_human_attack(play_app, scene)
    game = scene.game
    source, target = next((s, t) for s in sorted(game.territories_of(0))
                          for t in sorted(game.board.neighbours[s]) if game.owner[t] == 1)
    game.armies[source], game.armies[target] = 9, 9
    scene.board.sync(game)
    scene.source, scene.target = source, target
    step(play_app)
    assert scene.panel.odds.label.startswith("Win")


def test_cheat_while_reinforcing_says_the_cheat_not_the_armies_to_place(play_app: Any) -> None:
    scene = start(play_app, new_game(("human", "easy"), "us_full", seed=5))
    game = scene.game
    while not (game.phase == Phase.REINFORCE and game.current == 0):
        if game.to_move == 0:
            choice = next(iter(game.legal_actions()))
            scene.perform(choice.make(choice.hi) if hasattr(choice, "make") else choice)
        else:
            step(play_app)
    while scene.wait > 0 or scene.is_showing_battle:  # the human's step has begun
        step(play_app)
    step(play_app, 3)
    assert "place" in scene.messages.shown(scene.messages.prompt[0])  # type: ignore[index]
    choose_menu(play_app, scene, "OPTIONS", "Cheat")
    step(play_app, 30)
    first_line = (scene.messages.prompt[0] if scene.messages.prompt
                  else scene.messages.log.latest)
    assert first_line.startswith("Cheat: select any territory"), first_line
    assert scene.mode == "cheat"


def test_the_history_hint_names_the_pads_triggers_to_a_pad_player(play_app: Any) -> None:
    from tests.devices.players import ControllerDriver

    scene = start(play_app, new_game(("human", "easy")))
    pad = ControllerDriver(play_app)
    pad.plug_in()
    pad.button(pad.RB)  # the pad is the device in hand
    play_app.input.warp((300, scene.messages.rect.y + 20))
    step(play_app)
    status = scene.messages.shown(scene.messages.status)
    assert status.startswith("Messages:"), status
    assert "Page" not in status and "wheel" not in status, status
    assert "{LT}" in status and "{RT}" in status
    play_app.draw()  # the triggers are drawn as pictures, not as their markers
    assert isinstance(play_app.scenes.top, PlayScene)


def test_the_history_hint_names_page_keys_to_keys_and_the_wheel_to_the_mouse(play_app: Any
                                                                           ) -> None:
    from tests.scenes.driver import key

    scene = start(play_app, new_game(("human", "easy")))
    key(play_app, pygame.K_F5)  # a key: the keyboard is in hand
    play_app.input.warp((300, scene.messages.rect.y + 20))
    step(play_app)
    assert scene.messages.shown(scene.messages.status) == (
        "Messages: Page Up / Page Down show earlier ones")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 395), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(play_app)
    assert scene.messages.shown(scene.messages.status) == (
        "Messages: the wheel over them shows earlier ones")
