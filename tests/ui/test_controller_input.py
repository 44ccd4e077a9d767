"""Pads SDL knows come through the game-controller layer: buttons by meaning, not number."""

from __future__ import annotations

import pygame
import pytest

from game.input import Command, Device, Input
from game.settings import Settings

pytestmark = pytest.mark.usefixtures("pg")
PAD = 3


def _post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def _button(button: int) -> None:
    _post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=button)
    _post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=button)


def _commands(inp: Input, dt: float = 0.0) -> list[Command]:
    return [c.kind for c in inp.poll(dt) if c.kind not in (Command.SKIP, Command.RELEASE)]


def _plugged() -> Input:
    inp = Input(Settings())
    _post(pygame.CONTROLLERDEVICEADDED, device_index=0, instance_id=PAD)
    assert _commands(inp) == [Command.PAD_ADDED]
    return inp


@pytest.mark.parametrize(("button", "command"), [
    (pygame.CONTROLLER_BUTTON_A, Command.PRESS),
    (pygame.CONTROLLER_BUTTON_X, Command.FREE_MOVE),
    (pygame.CONTROLLER_BUTTON_Y, Command.SHOW_CARDS),
    (pygame.CONTROLLER_BUTTON_BACK, Command.CANCEL),
    (pygame.CONTROLLER_BUTTON_START, Command.MENU),
    (pygame.CONTROLLER_BUTTON_LEFTSHOULDER, Command.PREVIOUS),
    (pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, Command.NEXT),
    (pygame.CONTROLLER_BUTTON_LEFTSTICK, Command.HELP),
])
def test_each_controller_button_has_one_meaning(button: int, command: Command) -> None:
    inp = _plugged()
    _button(button)
    cmds = inp.poll(0.0)
    assert [c.kind for c in cmds if c.kind not in (Command.SKIP, Command.RELEASE)] == [command]
    assert inp.last_device is Device.PAD and inp.last_pad_mapped


def test_b_cancels_in_a_window_and_holds_scrolling_on_the_map() -> None:
    inp = _plugged()
    inp.set_mode(text=False, navigation=True)
    _button(pygame.CONTROLLER_BUTTON_B)
    assert _commands(inp) == [Command.CANCEL]
    inp.set_mode(text=False, navigation=False)
    start = inp.pointer
    _post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=pygame.CONTROLLER_BUTTON_B)
    _post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=0, value=32767)
    cmds = inp.poll(0.1)
    assert Command.CANCEL not in [c.kind for c in cmds]
    assert sum(c.delta[0] for c in cmds if c.kind is Command.SCROLL) > 0
    assert inp.pointer == start


def test_dpad_buttons_navigate_in_windows_and_move_the_pointer_on_the_map() -> None:
    inp = _plugged()
    inp.set_mode(text=False, navigation=True)
    _button(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    _button(pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert _commands(inp) == [Command.DOWN, Command.LEFT]
    inp.set_mode(text=False, navigation=False)
    start = inp.pointer
    _post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    inp.poll(0.0)
    inp.poll(0.2)
    assert inp.pointer[0] > start[0]


def test_right_stick_scrolls_the_map_and_left_stick_moves_the_pointer() -> None:
    inp = _plugged()
    start = inp.pointer
    _post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_RIGHTY,
          value=32767)
    cmds = inp.poll(0.1)
    assert sum(c.delta[1] for c in cmds if c.kind is Command.SCROLL) > 0
    assert inp.pointer == start
    _post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_RIGHTY,
          value=0)
    _post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_LEFTY,
          value=-32768)
    inp.poll(0.2)
    assert inp.pointer[1] < start[1]


def test_joystick_events_of_a_mapped_pad_are_not_read_twice() -> None:
    """SDL sends JOY* events besides CONTROLLER* ones for a controller: one press, one PRESS."""
    inp = _plugged()
    _post(pygame.JOYBUTTONDOWN, instance_id=PAD, button=0, joy=0)
    _post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=pygame.CONTROLLER_BUTTON_A)
    assert _commands(inp) == [Command.PRESS]


def test_unplugging_twice_or_an_unknown_pad_never_raises_and_tells_once() -> None:
    inp = _plugged()
    _post(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)
    _post(pygame.JOYDEVICEREMOVED, instance_id=PAD)
    _post(pygame.JOYDEVICEREMOVED, instance_id=99)
    assert _commands(inp) == [Command.PAD_REMOVED]
    assert inp.pad_count == 0
    _button(pygame.CONTROLLER_BUTTON_A)  # a late event of the gone pad is still harmless
    assert Command.PRESS in _commands(inp)


def test_raw_stick_buttons_follow_the_settings_map_and_report_their_number() -> None:
    bindings = dict(Settings().pad_bindings)
    bindings["PRESS"] = (3,)
    from dataclasses import replace
    inp = Input(replace(Settings(), pad_bindings=bindings))
    _post(pygame.JOYDEVICEADDED, device_index=0, instance_id=9)
    inp.poll(0.0)
    _post(pygame.JOYBUTTONDOWN, instance_id=9, button=3, joy=0)
    cmds = [c for c in inp.poll(0.0) if c.kind is not Command.SKIP]
    assert [(c.kind, c.value) for c in cmds] == [(Command.PAD_BUTTON, 3), (Command.PRESS, 0)]
    assert not inp.last_pad_mapped


def test_last_device_follows_the_player_not_the_system() -> None:
    inp = _plugged()
    _button(pygame.CONTROLLER_BUTTON_A)
    inp.poll(0.0)
    assert inp.last_device is Device.PAD
    _post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    inp.poll(0.0)
    assert inp.last_device is Device.KEYBOARD
    _post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    inp.poll(0.0)
    assert inp.last_device is Device.MOUSE
