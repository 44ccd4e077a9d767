"""A menu never stays open under a window (a real-window pass): an INFO menu opened during a
computer's turn stayed drawn under the DEFEND question that came next, its items dead, ESC
not closing it, still open at the next human's turn; M over a dialog opened the menu bar over
it. The rule is the scene stack's: a screen covered by another closes its menus, and a
window's keys never reach the menu bar of the screen below."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Phase
from game.engine import actions as act
from game.scenes.dialogs.boxes import ChoiceDialogScene
from game.scenes.play.screen import PlayScene
from game.ui import palette
from tests.scenes.driver import key, new_game, play_app, start, step

__all__ = ["play_app"]

HUMAN, COMPUTER = 0, 1


def _computer_to_attack_the_human(play_app: Any) -> tuple[PlayScene, str, str]:
    """The computer's attack step, a territory of its (5 armies) beside one of the human's (3)."""
    from game.ai import make_general

    game = new_game(("human", "easy", "easy"), "us_full", seed=4)
    generals = {p: make_general("easy", p, 4) for p in (1, 2)}
    while not (game.phase == Phase.ATTACK and game.current == COMPUTER):
        if game.to_move == HUMAN:
            choice = next(iter(game.legal_actions()))
            action = choice.make(choice.hi) if hasattr(choice, "make") else choice
            game.apply(action)
        else:
            game.apply(generals[game.to_move].choose(game))
    source, target = next((s, t) for s in sorted(game.territories_of(COMPUTER))
                          for t in sorted(game.board.neighbours[s]) if game.owner[t] == HUMAN)
    game.armies[source], game.armies[target] = 5, 3
    scene = start(play_app, game)
    return scene, source, target


def _menu_pixels_drawn(app: Any, scene: PlayScene, index: int) -> bool:
    box = scene.menubar.menu_rect(index)
    return tuple(app.screen.get_at((box.x + 2, box.bottom - 2)))[:3] == palette.WHITE


def test_a_menu_open_when_the_defend_question_comes_closes_and_is_not_left_under_it(
        play_app: Any) -> None:
    scene, source, target = _computer_to_attack_the_human(play_app)
    key(play_app, pygame.K_m)
    for _ in range(3):
        key(play_app, pygame.K_RIGHT)  # RISK, FILE, PLAY, INFO
    info = next(i for i, m in enumerate(scene.menubar.menus) if m.title == "INFO")
    assert scene.menubar.open_index == info
    scene.announce(source, target)  # the computer attacks, as its step does
    scene.perform(act.Attack(source, target, 3))
    for _ in range(600):
        step(play_app)
        if isinstance(play_app.scenes.top, ChoiceDialogScene):
            break
    dialog = play_app.scenes.top
    assert isinstance(dialog, ChoiceDialogScene) and dialog.dialog.title == "DEFEND"
    assert not scene.menubar.is_open, "the INFO menu stays open under the question"
    play_app.draw()
    assert not _menu_pixels_drawn(play_app, scene, info)
    key(play_app, pygame.K_RETURN)  # defend: the question goes, no menu is left behind
    step(play_app, 2)
    assert not scene.menubar.is_open


def test_m_and_start_over_a_question_never_open_the_menu_bar_below(play_app: Any) -> None:
    scene, source, target = _computer_to_attack_the_human(play_app)
    scene.perform(act.Attack(source, target, 3))
    for _ in range(600):
        step(play_app)
        if isinstance(play_app.scenes.top, ChoiceDialogScene):
            break
    dialog = play_app.scenes.top
    assert isinstance(dialog, ChoiceDialogScene)
    key(play_app, pygame.K_m)
    step(play_app)
    assert not scene.menubar.is_open and play_app.scenes.top is dialog
    play_app.draw()
    assert not any(_menu_pixels_drawn(play_app, scene, i) for i in range(len(scene.menubar.menus)))
