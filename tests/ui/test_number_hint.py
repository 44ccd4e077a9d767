"""The number box's hint names the number a confirm takes now, not the default it opened with.

QA: the occupy box said "3 to 23, (A) = 23"; after the d-pad lowered the number to 10 it still
said 23, yet A moved 10.
"""

from __future__ import annotations


import pygame

from game.app import App
from game.scenes.dialogs.boxes import NumberDialogScene
from game.ui import glyphs
from tests.scenes.screens_support import app, click, keep_frame, key, show

__all__ = ["app"]


def _pad(app: App, button: int) -> None:
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, instance_id=6, button=button))
        app.step(1 / 60)


def _occupy(app: App, results: list[int | None]) -> NumberDialogScene:
    dialog = show(app, NumberDialogScene(app, "OCCUPY", "How many armies move into Egypt?",
                                         3, 23, 23, results.append, can_cancel=False))
    assert isinstance(dialog, NumberDialogScene)
    return dialog


def test_the_pad_hint_follows_the_number_the_dpad_sets(app: App) -> None:
    results: list[int | None] = []
    dialog = _occupy(app, results)
    _pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert glyphs.plain(dialog.range_label.text).endswith("= 22")
    for _ in range(12):
        _pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert dialog.prompt.value == 10
    assert dialog.range_label.text == "3 to 23, {A} = 10"
    keep_frame(app, "occupy_pad_10")
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert results == [10]  # the number the hint named


def test_typed_digits_and_the_mouse_arrows_update_the_hint_too(app: App) -> None:
    results: list[int | None] = []
    dialog = _occupy(app, results)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_7, "7")
    assert dialog.range_label.text == "3 to 23, Return = 7"
    key(app, pygame.K_BACKSPACE)
    assert dialog.range_label.text == "3 to 23"  # 0 is out of range: Return would refuse it
    key(app, pygame.K_9, "9")
    click(app, dialog.prompt.up_rect.center)
    assert dialog.range_label.text == "3 to 23, OK = 10"
    keep_frame(app, "occupy_mouse_10")
