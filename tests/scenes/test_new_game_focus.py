"""The NEW GAME window with each device, and the rules every window shares (a real-window pass):
the pad's Start opened the menu bar over the window instead of starting the game; Left and
Right at a row's end threw the focus onto another row (from the game types up to the sixth
player's level, from OK to the top); Tab and Shift+Tab stopped on every option of every row;
ESC in a name asked "Start again?"; a click on a text box opened the on-screen keyboard while
real keys were typing, which then typed into the box clicked."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.input import Command, CommandEvent, Device
from game.scenes.dialogs.boxes import ChoiceDialogScene, ConfirmDialogScene, TextEntryScene
from game.scenes.setup.new_game import SetupScene
from game.ui.widgets import TextBox
from tests.scenes.screens_support import app, click, key, show, step, type_text
from tests.scenes.test_setup_devices import pad

__all__ = ["app"]

LAYOUTS = [(count, game_type) for count in (2, 3, 6)
           for game_type in ("uk_full", "us_short", "custom")]
DIRECTIONS = {Command.UP: (0, -1), Command.DOWN: (0, 1), Command.LEFT: (-1, 0),
              Command.RIGHT: (1, 0)}


def shift_tab(app: App) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT,
                                             unicode="", scancode=0))
        app.step(1 / 60)


def _setup(app: App) -> SetupScene:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    return scene


@pytest.mark.parametrize(("count", "game_type"), LAYOUTS)
def test_up_and_down_never_go_back_and_left_and_right_never_leave_the_row(
        app: App, count: int, game_type: str) -> None:
    scene = _setup(app)
    scene._set_count(count)
    scene.game_type = game_type
    scene._sync()
    for widget in scene.dialog.focus_chain():
        for kind, (_dx, dy) in DIRECTIONS.items():
            scene.dialog.focus(widget)
            scene.dialog.handle(CommandEvent(kind, (0, 0), Device.PAD))
            moved = scene.dialog.focused
            assert moved is not None
            if dy:  # up and down go that way, or stay
                assert (moved.rect.centery - widget.rect.centery) * dy >= 0, (
                    kind, widget.rect, moved.rect)
            else:  # left and right stay in the row (round to its other end at the last)
                assert moved.rect.top < widget.rect.bottom and widget.rect.top < moved.rect.bottom, (
                    kind, widget.rect, moved.rect)


def test_start_on_a_pad_starts_the_game_and_never_opens_the_menus_over_the_window(
        app: App) -> None:
    scene = _setup(app)
    pad(app, pygame.CONTROLLER_BUTTON_START)
    step(app, 2)
    assert not scene.menubar.is_open
    assert scene.started is not None, "Start did not start the game"


def test_up_from_the_top_row_opens_the_menus_for_a_pad(app: App) -> None:
    scene = _setup(app)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)  # the first name: up to the number of players
    assert scene.dialog.focused in scene.count_row.buttons
    assert "up again: the menus" in scene.hint.text
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert scene.menubar.is_open and scene.menubar.highlight is not None
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert not scene.menubar.is_open


def test_tab_walks_the_fields_in_reading_order_each_row_of_options_once(app: App) -> None:
    scene = _setup(app)
    assert scene.dialog.focused is scene.names[0]
    seen = []
    for _ in range(4):
        shift_tab(app)
        seen.append(scene.dialog.focused)
    attack = scene.attack_row.buttons[0]  # Single, the chosen attack
    six = scene.count_row.buttons[-1]  # 6, the chosen number of players
    assert seen == [attack, six, scene.ok, scene.cancel], [getattr(w, "label", w) for w in seen]
    for _ in range(4):
        key(app, pygame.K_TAB)
    assert scene.dialog.focused is scene.names[0]
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    level = scene.level_rows[0]
    assert scene.dialog.focused is level.buttons[level.values.index(scene.levels[0])]
    key(app, pygame.K_TAB)
    assert scene.dialog.focused is scene.names[1]


def test_escape_in_a_name_cancels_the_typing_and_a_second_asks_to_start_again(
        app: App) -> None:
    scene = _setup(app)
    type_text(app, "Zed")
    assert scene.names[0].text == "Zed"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene, "ESC in the name asked to start the set-up again"
    assert scene.names[0].text == "Alex" and scene.dialog.focused is scene.ok  # as Return
    click(app, scene.names[0].rect.center)  # (a click puts the cursor in the name again)
    assert scene.dialog.focused is scene.names[0]
    type_text(app, "Ann")  # typing still replaces the offered name
    assert scene.names[0].text == "Ann"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ConfirmDialogScene)


def test_start_presses_a_windows_default_wherever_the_focus_is(app: App) -> None:
    chosen: list[int] = []
    scene = show(app, ChoiceDialogScene(app, "DEFEND", "Defend with how many dice?",
                                        ["1 die", "2 dice"], chosen.append, default=1))
    key(app, pygame.K_LEFT)  # the focus on 1 DIE
    assert scene.dialog.focused is scene.buttons[0]
    pad(app, pygame.CONTROLLER_BUTTON_START)
    assert chosen == [1]


def test_a_click_on_a_box_while_keys_type_puts_the_cursor_there_not_the_osk(app: App) -> None:
    from game.scenes.network.join import JoinNetworkScene

    scene = show(app, JoinNetworkScene(app))
    assert isinstance(scene, JoinNetworkScene)
    scene.dialog.focus(scene.name)
    type_text(app, "Ann")  # real keys type the name
    click(app, scene.port.rect.center)
    assert not isinstance(app.scenes.top, TextEntryScene), "the on-screen keyboard opened"
    assert scene.dialog.focused is scene.port
    key(app, pygame.K_END)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "6")
    assert scene.port.text.endswith("6") and scene.name.text.endswith("Ann")
    click(app, scene.port.rect.center)  # a second click: the on-screen keyboard
    assert isinstance(app.scenes.top, TextEntryScene)


def test_a_mouse_player_who_never_typed_gets_the_osk_at_the_first_click(app: App) -> None:
    from game.scenes.network.join import JoinNetworkScene

    scene = show(app, JoinNetworkScene(app))
    assert isinstance(scene, JoinNetworkScene)
    click(app, scene.port.rect.center)
    assert isinstance(app.scenes.top, TextEntryScene)


def test_the_name_box_of_new_game_follows_the_same_rule(app: App) -> None:
    scene = _setup(app)
    type_text(app, "Zed")  # the first name, typed
    box: TextBox = scene.names[1]
    click(app, box.rect.center)
    assert app.scenes.top is scene and scene.dialog.focused is box
    assert "click it again" in scene.hint.text
    click(app, box.rect.center)
    assert isinstance(app.scenes.top, TextEntryScene)
