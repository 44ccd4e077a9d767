"""The Join and Host forms filled with one device alone: keys, the mouse, or a pad (through the
on-screen keyboard), and the password box that shows stars, not the password."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.input import Command, CommandEvent, Device
from tests.network.support import free_port
from tests.scenes.screens_support import keep_frame

DT = 1 / 60


def _open(app: Any, cls: type) -> Any:
    scene = cls(app)
    app.scenes.push(scene)
    app.scenes.apply_pending()
    app.step(DT)
    return scene


def _send(app: Any, kind: Command, device: Device, pos: tuple[int, int] = (0, 0),
          text: str = "") -> None:
    app.scenes.top.handle(CommandEvent(kind, pos, device, text=text))
    app.scenes.apply_pending()


def _connect_fails_plainly(app: Any) -> None:
    """OK led to CONNECTING; nobody listens on that port, which is told plainly."""
    import time

    assert type(app.scenes.top).__name__ == "ConnectingScene"
    for _ in range(600):
        app.step(DT)
        if type(app.scenes.top).__name__ == "MessageDialogScene":
            break
        time.sleep(0.002)
    assert type(app.scenes.top).__name__ == "MessageDialogScene"


def _osk_type(app: Any, device: Device, keys: list[str]) -> None:
    """Press keys of the on-screen keyboard on top: the mouse clicks them, a pad walks to them."""
    from game.scenes.dialogs.boxes import TextEntryScene

    entry = app.scenes.top
    assert isinstance(entry, TextEntryScene)
    for key in keys:
        if device is Device.MOUSE:
            rect = next(r for line in entry.keyboard.keys for k, r in line if k == key)
            _send(app, Command.PRESS, Device.MOUSE, rect.center)
        else:
            entry.keyboard.focus_key(key)  # (the d-pad walk itself is tested with the OSK)
            _send(app, Command.PRESS, Device.PAD)


@pytest.mark.parametrize("device", [Device.PAD, Device.MOUSE])
def test_the_join_form_is_filled_on_the_on_screen_keyboard(app: Any, device: Device) -> None:
    from game.scenes.dialogs.boxes import TextEntryScene
    from game.scenes.network.join import JoinNetworkScene

    scene = _open(app, JoinNetworkScene)
    port = str(free_port())  # nobody listens there
    fields = [(scene.address, ["CLEAR", *"127.0.0.1", "DONE"]),
              (scene.port, ["CLEAR", *port, "DONE"]),
              (scene.name, ["CLEAR", *"ZOE", "DONE"]),
              (scene.password, ["CLEAR", "SHIFT", *"PW", "DONE"])]
    for box, keys in fields:
        if device is Device.PAD:
            assert scene.dialog.focused is box  # DONE went on to the next box by itself
            _send(app, Command.PRESS, Device.PAD)  # A on the box
        else:
            _send(app, Command.PRESS, Device.MOUSE, box.rect.center)
        assert isinstance(app.scenes.top, TextEntryScene)
        assert app.scenes.top.keyboard.masked is (box is scene.password)
        _osk_type(app, device, keys)
        assert app.scenes.top is scene
    assert scene.answers() == scene.answers().__class__("127.0.0.1", port, "ZOE", "pw")
    assert scene.dialog.focused is scene.ok  # after the last box: OK, which A presses
    if device is Device.PAD:
        _send(app, Command.PRESS, Device.PAD)
    else:
        _send(app, Command.PRESS, Device.MOUSE, scene.ok.rect.center)
    _connect_fails_plainly(app)


def test_the_join_form_is_filled_with_keys_and_return_never_reaches_cancel(app: Any) -> None:
    from game.scenes.network.join import JoinNetworkScene

    scene = _open(app, JoinNetworkScene)
    assert scene.dialog.focused is scene.address
    for box, text in ((scene.address, "127.0.0.1"), (scene.port, str(free_port())),
                      (scene.name, "Kay"),
                      (scene.password, "pw")):
        assert scene.dialog.focused is box
        for _ in range(20):
            _send(app, Command.BACKSPACE, Device.KEYBOARD)
        _send(app, Command.TEXT, Device.KEYBOARD, text=text)
        _send(app, Command.CONFIRM, Device.KEYBOARD)  # Return: the next box
    assert scene.dialog.focused is scene.ok
    assert scene.answers().password == "pw" and scene.answers().name == "Kay"
    _send(app, Command.CONFIRM, Device.KEYBOARD)
    _connect_fails_plainly(app)


def test_the_password_shows_stars_until_show_is_pressed(app: Any) -> None:
    from game.scenes.network.join import JoinNetworkScene

    scene = _open(app, JoinNetworkScene)
    box = scene.password
    box.set_text("secret")
    assert box.shown_text == "******"
    region = box.rect

    def pixels() -> bytes:
        app.step(DT)
        return pygame.image.tobytes(app.screen.subsurface(region), "RGB")

    masked = pixels()
    box.set_text("******")
    box.masked = False
    stars = pixels()
    assert masked == stars  # what is drawn is only stars, one per letter
    box.set_text("secret")
    assert scene.reveal is not None and scene.reveal.label == "SHOW"
    box.masked = True
    _send(app, Command.PRESS, Device.MOUSE, scene.reveal.rect.center)
    assert not box.masked and scene.reveal.label == "HIDE"
    assert pixels() != masked  # the password itself, now
    _send(app, Command.PRESS, Device.MOUSE, scene.reveal.rect.center)
    assert box.masked and pixels() == masked


def test_the_on_screen_keyboard_of_a_password_draws_stars(app: Any) -> None:
    from game.ui.osk import OnScreenKeyboard

    surface = pygame.Surface((300, 200))
    shots = []
    for text, masked in (("abc", True), ("***", False), ("abc", False)):
        kb = OnScreenKeyboard(app.fonts, (10, 10), text, max_length=8, on_done=lambda t: None,
                              on_cancel=lambda: None, masked=masked)
        surface.fill((0, 0, 0))
        kb.draw(surface)
        shots.append(pygame.image.tobytes(surface.subsurface(kb.field), "RGB"))
    assert shots[0] == shots[1] and shots[0] != shots[2]


def test_up_and_down_move_by_rows_on_the_host_form(app: Any) -> None:
    from game.scenes.network.host import HostNetworkScene

    scene = _open(app, HostNetworkScene)
    assert scene.dialog.focused is scene.count_row.buttons[1]  # "3": the first question
    scene.dialog.focus(scene.type_row.buttons[-1])  # US Short, right above CANCEL's column
    _send(app, Command.DOWN, Device.PAD)
    assert scene.dialog.focused in scene.away_row.buttons  # the next row, not CANCEL below
    _send(app, Command.DOWN, Device.PAD)
    assert scene.dialog.focused is scene.port
    _send(app, Command.DOWN, Device.KEYBOARD)
    assert scene.dialog.focused is scene.password
    _send(app, Command.DOWN, Device.KEYBOARD)
    assert scene.dialog.focused is scene.name
    _send(app, Command.DOWN, Device.PAD)
    assert scene.dialog.focused is scene.ok  # the bottom row: OK, never CANCEL
    _send(app, Command.UP, Device.PAD)
    assert scene.dialog.focused is scene.name


@pytest.mark.parametrize("device", [Device.MOUSE, Device.PAD, Device.KEYBOARD])
def test_the_lobby_is_left_with_any_one_device(app: Any, device: Device) -> None:
    from game.net.bridge import NetBridge
    from game.scenes.dialogs.boxes import ConfirmDialogScene
    from game.scenes.network.lobby import GUARD_SECONDS, LobbyScene

    bridge = NetBridge()
    lobby = LobbyScene(app, bridge, {"seat": 0})
    app.scenes.push(lobby)
    app.scenes.apply_pending()
    app.step(DT)
    if device is not Device.KEYBOARD:  # the press that joined, made twice, does not leave
        _send(app, Command.PRESS, device, lobby.leave_button.rect.center)
        assert app.scenes.top is lobby
    for _ in range(int(GUARD_SECONDS / DT) + 1):
        app.step(DT)
    if device is Device.MOUSE:
        _send(app, Command.PRESS, Device.MOUSE, (5, 5))  # not on LEAVE: nothing happens
        assert app.scenes.top is lobby
        _send(app, Command.PRESS, Device.MOUSE, lobby.leave_button.rect.center)
    elif device is Device.PAD:
        _send(app, Command.PRESS, Device.PAD)
    else:
        _send(app, Command.CANCEL, Device.KEYBOARD)
    assert isinstance(app.scenes.top, ConfirmDialogScene)
    leave = next(b for b in app.scenes.top.buttons if b.label == "LEAVE")
    _send(app, Command.PRESS, Device.MOUSE, leave.rect.center)
    assert type(app.scenes.top).__name__ == "TitleScene"


def test_connecting_is_cancelled_by_a_pad_wherever_the_pointer_rests(app: Any) -> None:
    from game.scenes.network.join import JoinNetworkScene

    scene = _open(app, JoinNetworkScene)
    scene.port.set_text(str(free_port()))
    scene.dialog.focus(scene.ok)
    _send(app, Command.PRESS, Device.PAD)
    assert type(app.scenes.top).__name__ == "ConnectingScene"
    connecting = app.scenes.top
    _send(app, Command.PRESS, Device.PAD)  # A pressed twice on OK does not cancel at once
    _send(app, Command.CONFIRM, Device.KEYBOARD)  # nor Return
    assert app.scenes.top is connecting
    connecting.guard = 0.0  # (the guard's time is over; the server is not reached meanwhile)
    assert not connecting.cancel_button.rect.collidepoint((5, 5))
    _send(app, Command.PRESS, Device.PAD, (5, 5))  # A, the pointer far from CANCEL
    assert isinstance(app.scenes.top, JoinNetworkScene)


def test_an_address_with_a_path_is_refused_on_the_form_with_the_reason(app: Any) -> None:
    from game.scenes.network.join import JoinNetworkScene

    scene = _open(app, JoinNetworkScene)
    said: list[str] = []
    refuse = scene.refuse
    scene.refuse = lambda text: (said.append(text), refuse(text))  # type: ignore[method-assign]
    for _ in range(40):
        _send(app, Command.BACKSPACE, Device.KEYBOARD)
    _send(app, Command.TEXT, Device.KEYBOARD, text="wss://games.example.org/conquest")
    scene.confirm()
    app.scenes.apply_pending()
    assert type(app.scenes.top).__name__ == "MessageDialogScene"  # said here: no CONNECTING
    assert len(said) == 1 and "not a server's address" in said[0] and "path" in said[0]
    app.step(DT)
    keep_frame(app, "join_bad_address")
