"""The NEW GAME window with one device alone: a pad's A and the keys' Space press the focus,
never what the pointer rests on; arrows move the focus; digits set counts; names are entered
on the on-screen keyboard; the attack mode and the neutral rules."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.engine import Game
from game.scenes.setup import new_game as setup_screen
from game.scenes.dialogs.boxes import TextEntryScene
from game.scenes.setup.new_game import SetupScene
from game.scenes.setup.offers import NEUTRAL_RULES
from tests.scenes.screens_support import app, key, show

__all__ = ["app"]
PAD = 5


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Game, object]]:
    opened: list[tuple[Game, object]] = []

    def fake_open(_app: App, game: Game, options: object = None) -> bool:
        opened.append((game, options))
        return True

    monkeypatch.setattr(setup_screen, "open_game", fake_open)
    return opened


def pad(app: App, button: int) -> None:
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, instance_id=PAD, button=button))
        app.step(1 / 60)


UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
A = pygame.CONTROLLER_BUTTON_A


def walk_to(app: App, scene: SetupScene, widget: object, press: object) -> None:
    """Move the focus onto `widget` with direction presses only (as a player would)."""
    for _ in range(40):
        focused = scene.dialog.focused
        if focused is widget:
            return
        if focused is None:
            press("down")
            continue
        fx, fy = focused.rect.center
        tx, ty = widget.rect.center  # type: ignore[attr-defined]
        if abs(ty - fy) > 4:
            press("down" if ty > fy else "up")
        else:
            press("right" if tx > fx else "left")
    raise AssertionError(f"focus never reached {widget}: {scene.dialog.focused}")


def pad_walk(app: App, scene: SetupScene, widget: object) -> None:
    moves = {"up": UP, "down": DOWN, "left": LEFT, "right": RIGHT}
    walk_to(app, scene, widget, lambda d: pad(app, moves[d]))


def key_walk(app: App, scene: SetupScene, widget: object) -> None:
    moves = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
             "right": pygame.K_RIGHT}
    walk_to(app, scene, widget, lambda d: key(app, moves[d]))


def test_a_presses_the_focused_no_whatever_the_pointer_rests_on(
        app: App, started: list) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    pad_walk(app, scene, scene.type_row.buttons[0])
    pad(app, A)  # UK full: no missions to show before the game
    pad_walk(app, scene, scene.count_row.buttons[0])
    pad(app, A)  # two players
    assert scene.count == 2
    no = scene.neutral_row.buttons[1]
    app.input.warp(scene.ok.rect.center)  # the pointer rests on OK, then on "2": it must not count
    pad_walk(app, scene, no)
    app.input.warp(scene.count_row.buttons[0].rect.center)
    pad(app, A)
    assert scene.neutral is False and started == [] and scene.picker is None
    pad_walk(app, scene, scene.ok)
    pad(app, A)
    assert len(started) == 1
    game, options = started[0]
    assert not game.config.neutral and len(game.config.players) == 2
    assert options == {"attack_mode": "single"}


def test_arrows_move_the_focus_and_space_presses_it(app: App, started: list) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    pointer = app.input.pointer
    key(app, pygame.K_DOWN)
    assert app.input.pointer == pointer  # the arrows move the focus, not the pointer
    target = scene.level_rows[0].buttons[2]  # player 1: Standard
    key_walk(app, scene, target)
    key(app, pygame.K_SPACE)
    assert scene.levels[0] == "standard"


def test_digits_set_the_number_of_players_and_of_hqs(app: App) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    key(app, pygame.K_TAB)  # off the name box: there a digit is part of the name
    key(app, pygame.K_3, "3")
    assert scene.count == 3
    key(app, pygame.K_9, "9")  # refused: no nine-player game
    assert scene.count == 3
    scene._set_game_type("us_short")
    key(app, pygame.K_5, "5")
    assert scene.count == 5
    key_walk(app, scene, scene.hq_row.buttons[0])
    key(app, pygame.K_3, "3")
    assert scene.hq_to_win == 3 and scene.count == 5


def test_a_name_is_entered_on_the_on_screen_keyboard_with_the_pad(
        app: App, started: list) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    pad_walk(app, scene, scene.names[1])
    pad(app, A)
    osk_scene = app.scenes.top
    assert isinstance(osk_scene, TextEntryScene)
    osk = osk_scene.keyboard
    for letter in "ZOE":
        target = next((r, c) for r, line in enumerate(osk.keys)
                      for c, (k, _) in enumerate(line) if k == letter)
        while osk.row != target[0]:
            pad(app, DOWN if osk.row < target[0] else UP)
        while osk.col != target[1]:
            pad(app, RIGHT if osk.col < target[1] else LEFT)
        pad(app, A)
    assert osk.text == "ZOE"  # the first letter replaced the offered name
    pad(app, pygame.CONTROLLER_BUTTON_X)  # X deletes
    pad(app, pygame.CONTROLLER_BUTTON_START)  # Start is DONE
    assert app.scenes.top is scene
    assert scene.names[1].text == "ZO"


def test_the_colour_list_is_walked_and_chosen_with_the_pad(app: App) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    pad_walk(app, scene, scene.swatches[0])
    pad(app, A)
    assert scene.picker == 0
    was = scene.colours[0]
    pad(app, RIGHT)
    pad(app, A)
    assert scene.picker is None and scene.colours[0] != was


def test_the_attack_mode_is_chosen_before_the_game_and_kept(app: App, started: list) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    scene._set_game_type("us_full")
    pad_walk(app, scene, scene.attack_row.buttons[2])
    pad(app, A)
    assert scene.attack_mode == "do_or_die"
    scene.confirm()
    assert started and started[0][1] == {"attack_mode": "do_or_die"}
    assert app.settings.last_setup["attack_mode"] == "do_or_die"
    again = show(app, SetupScene(app))
    assert isinstance(again, SetupScene) and again.attack_mode == "do_or_die"


@pytest.mark.parametrize(("game_type", "flavour"), [("uk_full", "uk"), ("us_full", "us")])
def test_the_setup_names_the_neutral_rules_that_apply(app: App, game_type: str,
                                                      flavour: str) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    scene._set_count(2)
    scene._set_game_type(game_type)
    assert scene.flavour == flavour
    assert NEUTRAL_RULES[flavour].startswith(flavour.upper())
    before = pygame.Surface((640, 400))
    scene.draw(before)
    scene._set_game_type("us_full" if flavour == "uk" else "uk_full")
    after = pygame.Surface((640, 400))
    scene.draw(after)
    x = scene.neutral_row.right + 12
    strip = pygame.Rect(x, 316, 300, 9)
    assert any(before.get_at((px, py)) != after.get_at((px, py))
               for px in range(strip.left, strip.right) for py in range(strip.top, strip.bottom))
