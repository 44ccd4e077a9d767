"""Dialog buttons are sized by the label they draw, so every label shows whole.

The START AGAIN question on the New Game form showed "START AGA...": its buttons were
measured by "Start again" though they draw "START AGAIN", which is wider.
"""

from __future__ import annotations

import pygame

from game.app import App
from game.scenes.dialogs.boxes import ChoiceDialogScene, ConfirmDialogScene
from game.scenes.setup.new_game import SetupScene
from game.ui.font import Fonts
from game.ui.widgets import Button
from tests.scenes.screens_support import key, show


def test_a_button_one_pixel_too_narrow_does_not_fit_its_label(app: App) -> None:
    fonts: Fonts = app.fonts
    need = Button.width_for(fonts, "START AGAIN")
    assert need > fonts.body.width("Start again") + 6  # the old measure was short
    assert Button(fonts, (0, 0, need, 15), "START AGAIN").label_fits
    assert not Button(fonts, (0, 0, need - 1, 15), "START AGAIN").label_fits


def test_escape_on_the_new_game_form_asks_with_whole_labels(app: App) -> None:
    show(app, SetupScene(app))
    key(app, pygame.K_ESCAPE)  # the first ESC leaves the name box the focus starts in
    key(app, pygame.K_ESCAPE)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialogScene)
    assert [b.label for b in dialog.buttons] == ["KEEP", "START AGAIN"]
    assert all(b.label_fits for b in dialog.buttons), [b.rect for b in dialog.buttons]
    assert all(dialog.dialog.rect.contains(b.rect) for b in dialog.buttons)


def test_a_row_too_long_for_the_window_widens_it_instead_of_cutting_labels(app: App) -> None:
    options = ["Change places with Napoleon", "Change places with Hannibal", "Cancel"]
    scene = show(app, ChoiceDialogScene(app, "CHANGE SIDES", "With whom?", options, width=300))
    assert isinstance(scene, ChoiceDialogScene)
    window = scene.dialog.rect
    assert window.width > 300
    assert all(b.label_fits and window.contains(b.rect) for b in scene.buttons)
    left, right = scene.buttons[0].rect, scene.buttons[-1].rect
    assert left.left - window.left == window.right - right.right  # the row sits in the margins


def test_six_long_names_get_buttons_each_as_wide_as_its_name_within_the_screen(app: App
                                                                              ) -> None:
    names = ["Napoleon Bonaparte"[:16], "Hannibal Barca", "Genghis Khan", "Julius Caesar",
             "Joan of Arc", "Cancel"]
    scene = show(app, ChoiceDialogScene(app, "CHANGE SIDES", "Change places with whom?",
                                        names, width=300))
    assert isinstance(scene, ChoiceDialogScene)
    window = scene.dialog.rect
    assert pygame.Rect(0, 0, 640, 400).contains(window)
    assert all(b.label_fits and window.contains(b.rect) for b in scene.buttons)
    widths = [b.rect.width for b in scene.buttons]
    assert widths[-1] < widths[0]  # too many for one width: CANCEL is not as wide as a name
