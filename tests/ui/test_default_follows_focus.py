"""One button looks like Return's: the default's thick border follows the focus.

QA saw the ATTACK dice question with the focus ring on 2 DICE and the thick default border
still on 3 DICE: two buttons looked chosen, and Return pressed the focused one. The border is
now drawn on the button Return (Space, pad A) presses: the focused button, else the default.
"""

from __future__ import annotations

import pygame

from game.app import App
from game.engine import Game, GameConfig
from game.scenes.dialogs.boxes import ChoiceDialogScene
from game.scenes.play.gameover import GameOverScene
from game.scenes.setup.missions import MissionRevealScene
from game.ui import palette
from game.ui.widgets import Button
from tests.scenes.screens_support import key, played_game, players, show, step


def _thick(app: App, button: Button) -> bool:
    """The default's outer ring is drawn two pixels outside the button's left edge."""
    return tuple(app.screen.get_at((button.rect.x - 2, button.rect.centery)))[:3] == palette.INK


def _dice(app: App, pressed: list[int]) -> ChoiceDialogScene:
    scene = show(app, ChoiceDialogScene(app, "ATTACK", "Attack Ural with how many dice?",
                                        ["1 die", "2 dice", "3 dice", "Cancel"], pressed.append,
                                        default=2, cancel=3))
    assert isinstance(scene, ChoiceDialogScene)
    return scene


def test_the_thick_border_moves_to_the_focused_dice_button_and_return_presses_it(app: App
                                                                                 ) -> None:
    pressed: list[int] = []
    scene = _dice(app, pressed)
    one, two, three, cancel = scene.buttons
    assert _thick(app, three) and not any(_thick(app, b) for b in (one, two, cancel))
    key(app, pygame.K_LEFT)  # the focus: 3 DICE -> 2 DICE
    step(app)
    assert scene.dialog.focused is two
    assert _thick(app, two) and not _thick(app, three), "two buttons look like Return's"
    assert [b.shows_default_border for b in scene.buttons] == [False, True, False, False]
    key(app, pygame.K_RETURN)
    assert pressed == [1]  # 2 DICE: the one that looked it


def test_walking_the_focus_always_leaves_exactly_one_thick_border(app: App) -> None:
    scene = _dice(app, [])
    for _ in range(6):
        key(app, pygame.K_TAB)
        step(app)
        assert sum(_thick(app, b) for b in scene.buttons) == 1
        assert _thick(app, scene.dialog.armed_button())  # type: ignore[arg-type]


def test_the_game_over_row_marks_the_focused_button_not_new_game(app: App) -> None:
    scene = show(app, GameOverScene(app, played_game("uk_short", 3, turns=2)), frames=100)
    assert isinstance(scene, GameOverScene)
    assert _thick(app, scene.new_game)
    key(app, pygame.K_LEFT)  # the focus walks left from NEW GAME: TITLE
    step(app)
    assert scene.title.focused
    assert _thick(app, scene.title) and not _thick(app, scene.new_game)


def test_the_missions_question_marks_yes_once_the_focus_is_on_it(app: App) -> None:
    game = Game.new(GameConfig.preset("uk_short", players(3, humans=1)), 2)
    scene = show(app, MissionRevealScene(app, game, lambda: None))
    assert isinstance(scene, MissionRevealScene)
    key(app, pygame.K_TAB)  # the keyboard in hand; TAB moves the focus NO -> YES
    step(app)
    assert scene.ask_focus is scene.yes
    assert scene.ask_hint().startswith("Return = Yes;")
    assert scene.yes.shows_default_border and not scene.no.shows_default_border
    assert not _thick(app, scene.no)
    outline = scene.yes.rect.inflate(8, 8)
    assert tuple(app.screen.get_at((outline.x, outline.centery)))[:3] == palette.LIGHT
