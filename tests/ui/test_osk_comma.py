"""The comma is on the on-screen keyboard's first page: the Host and Join forms ask for
"NAMES, SEPARATED BY COMMAS", and a pad player had to find it on the third (#+=)."""

from __future__ import annotations


import pygame

from game.app import App
from game.scenes.dialogs.boxes import TextEntryScene
from game.ui import palette
from game.ui.osk import OnScreenKeyboard
from tests.scenes.screens_support import app, keep_frame, show

__all__ = ["app"]


def _pad(app: App, button: int) -> None:
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, instance_id=6, button=button))
        app.step(1 / 60)


def _walk_to(app: App, osk: OnScreenKeyboard, key: str) -> None:
    """Move the focus to `key` with the d-pad only, as a pad player does."""
    row = next(r for r, line in enumerate(osk.keys) if any(k == key for k, _ in line))
    for _ in range(len(osk.keys)):
        if osk.row == row:
            break
        _pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN if osk.row < row
             else pygame.CONTROLLER_BUTTON_DPAD_UP)
    for _ in range(len(osk.keys[row])):
        if osk.focused_key == key:
            break
        _pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert osk.focused_key == key


def test_the_comma_is_a_key_of_the_first_page() -> None:
    assert OnScreenKeyboard.key_for(",") == ("upper", ",")
    for char in "._'-":  # the punctuation of names and addresses stays reachable
        OnScreenKeyboard.key_for(char)


def test_a_pad_types_two_names_with_a_comma_without_leaving_the_first_page(app: App) -> None:
    results: list[str | None] = []
    scene = show(app, TextEntryScene(app, "YOUR NAMES", "", 24, results.append))
    assert isinstance(scene, TextEntryScene)
    osk = scene.keyboard
    for char in "ANN, BOB":
        _walk_to(app, osk, "SPACE" if char == " " else char)
        _pad(app, pygame.CONTROLLER_BUTTON_A)
        assert osk.layer == "upper"  # SHIFT never needed
    keep_frame(app, "osk_comma")
    keys = {k: r for line in osk.keys for k, r in line}
    face = app.screen.subsurface(keys[","].inflate(-4, -4))  # its label, in ink on the face
    assert any(face.get_at((x, y))[:3] == palette.INK
               for x in range(face.get_width()) for y in range(face.get_height()))
    _pad(app, pygame.CONTROLLER_BUTTON_START)  # DONE
    assert results == ["ANN, BOB"]
