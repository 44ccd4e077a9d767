"""OPTIONS > Pad Buttons: a raw stick's buttons are assigned with the stick itself and saved."""

from __future__ import annotations

import pygame

from game.app import App
from game.input import Command
from game.scenes.dialogs.padbuttons import PadButtonsScene
from game.settings import SettingsStore
from tests.scenes.screens_support import app, key, show

__all__ = ["app"]
STICK = 12


def raw(app: App, button: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=STICK, joy=0,
                                         button=button))
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONUP, instance_id=STICK, joy=0,
                                         button=button))
    app.step(1 / 60)


def test_a_stick_assigns_its_own_buttons_and_the_map_is_saved(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=0,
                                         instance_id=STICK))
    app.step(1 / 60)
    scene = show(app, PadButtonsScene(app))
    assert isinstance(scene, PadButtonsScene)
    raw(app, 0)  # button 0 presses the focused row (PRESS): wait for a button
    assert scene.waiting == "PRESS"
    raw(app, 11)  # the stick's own fire button is number 11
    assert scene.waiting is None and scene.bindings["PRESS"][0] == 11
    assert app.scenes.top is scene  # that press did not also press a row or a button
    raw(app, 0)  # the old map works until OK keeps the new one: the row waits again
    assert scene.waiting == "PRESS"
    key(app, pygame.K_ESCAPE)  # ESC stops waiting, nothing changes
    assert scene.waiting is None and scene.bindings["PRESS"][0] == 11
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.waiting == "SCROLL_HOLD"
    raw(app, 11)  # a number moves from one command to another
    assert scene.bindings["SCROLL_HOLD"] == (11,) and 11 not in scene.bindings["PRESS"]
    scene.keep()
    assert app.settings.pad_bindings["SCROLL_HOLD"] == (11,)
    loaded, problem = SettingsStore(app.store.path).load()
    assert problem is None and loaded.pad_bindings["SCROLL_HOLD"] == (11,)


def test_the_assigned_map_drives_the_stick_and_defaults_restore_it(app: App) -> None:
    scene = show(app, PadButtonsScene(app))
    assert isinstance(scene, PadButtonsScene)
    scene.assign("CANCEL", 10)
    scene.keep()
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=STICK, joy=0,
                                         button=10))
    kinds = [c.kind for c in app.input.poll(0.0)]
    assert Command.CANCEL in kinds
    again = show(app, PadButtonsScene(app))
    assert isinstance(again, PadButtonsScene)
    again.restore()
    assert again.bindings["CANCEL"] == (6, 8)
