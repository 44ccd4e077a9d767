"""A pad unplugged on a screen with no message line (the Join form, its on-screen keyboard)
is told in a banner; on the play screen, even under a dialog, on its message line, over any
refusal still standing there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import PAD_REMOVED_TEXT, App
from game.ui.banner import SECONDS
from tests.scenes.screens_support import DT, app

__all__ = ["app"]  # the fixture


def _post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def _steps(app: App, seconds: float) -> None:
    for _ in range(int(seconds / DT) + 1):
        app.step(DT)


def _foot(app: App) -> pygame.Surface:
    """The strip at the foot of the screen where the banner shows."""
    return app.screen.subsurface((0, 370, 640, 30)).copy()


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return bytes(pygame.image.tobytes(a, "RGB")) == bytes(pygame.image.tobytes(b, "RGB"))


def test_unplugging_on_the_join_form_and_its_keyboard_shows_a_banner(app: App) -> None:
    from game.scenes.network.join import JoinAnswers, JoinNetworkScene

    form = JoinNetworkScene(app, JoinAnswers())
    app.scenes.push(form)
    app.scenes.apply_pending()
    _post(pygame.JOYDEVICEADDED, device_index=0, instance_id=7)
    _steps(app, 0.1)
    assert not app.banner.showing  # the pad found at start-up needs no word
    _post(pygame.JOYBUTTONDOWN, instance_id=7, button=0, joy=0)  # A on the address box
    _post(pygame.JOYBUTTONUP, instance_id=7, button=0, joy=0)
    _steps(app, 0.1)
    assert app.scenes.top is not form  # the on-screen keyboard is up
    quiet = _foot(app)

    _post(pygame.JOYDEVICEREMOVED, instance_id=7)
    _steps(app, 0.1)
    assert app.banner.text == PAD_REMOVED_TEXT
    assert not _same(_foot(app), quiet)  # drawn: the foot of the screen changed
    red = sum(1 for x in range(640) for y in range(30)
              if _foot(app).get_at((x, y))[:3] == (216, 40, 32))
    assert red > 200  # the banner's red band

    _steps(app, SECONDS + 0.2)
    assert not app.banner.showing
    assert _same(_foot(app), quiet)  # and gone again

    _post(pygame.JOYDEVICEADDED, device_index=0, instance_id=8)  # plugged back in
    _steps(app, 0.1)
    assert app.banner.text == "Joystick connected."


def test_unplugging_under_a_dialog_on_the_play_screen_is_told_in_its_message_line(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes.dialogs.boxes import MessageDialogScene
    from game.scenes.play.screen import PlayScene
    from tests.scenes.driver import new_game, start

    monkeypatch.setattr(PlayScene, "saves_dir", tmp_path / "saves")
    play = start(app, new_game(("human", "human")))
    _post(pygame.JOYDEVICEADDED, device_index=0, instance_id=7)
    _steps(app, 0.1)
    play.refuse("Not possible now.")  # a refusal stands until the next action...
    app.scenes.push(MessageDialogScene(app, "A DIALOG", "Something to read."))
    app.scenes.apply_pending()
    _steps(app, 0.1)
    assert play.messages.alerting == "Not possible now."

    _post(pygame.JOYDEVICEREMOVED, instance_id=7)
    _steps(app, 0.1)
    assert any(PAD_REMOVED_TEXT in text for text, _ in play.messages.log.lines)
    assert play.messages.alerting == PAD_REMOVED_TEXT  # ...and would have hidden it
    assert not app.banner.showing  # said once, where the player reads the game's news
