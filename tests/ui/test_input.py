"""Real pygame events (posted) become abstract commands and a logical pointer."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.input import Command, Device, Input
from game.settings import Settings

pytestmark = pytest.mark.usefixtures("pg")


def _post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def _key(key: int, mod: int = 0, unicode: str = "") -> None:
    _post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
    _post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)


def _kinds(inp: Input, dt: float = 0.0) -> list[Command]:
    return [c.kind for c in inp.poll(dt)]


def test_return_confirms_and_escape_cancels() -> None:
    inp = Input(Settings())
    _key(pygame.K_RETURN)
    _key(pygame.K_ESCAPE)
    kinds = _kinds(inp)
    assert Command.CONFIRM in kinds and Command.CANCEL in kinds
    assert kinds.index(Command.CONFIRM) < kinds.index(Command.CANCEL)


def test_space_and_keypad_5_press_at_the_pointer() -> None:
    inp = Input(Settings())
    inp.warp((100, 50))
    _key(pygame.K_SPACE)
    _key(pygame.K_KP5)
    presses = [c for c in inp.poll(0) if c.kind is Command.PRESS]
    assert [c.pos for c in presses] == [(100, 50), (100, 50)]
    assert all(c.device is Device.KEYBOARD for c in presses)


def test_hot_keys_map_to_game_commands() -> None:
    inp = Input(Settings())
    for key in (pygame.K_n, pygame.K_r, pygame.K_c, pygame.K_f, pygame.K_F1, pygame.K_F2):
        _key(key)
    kinds = [k for k in _kinds(inp) if k is not Command.SKIP]
    assert kinds == [Command.NEW_ATTACK, Command.REPEAT_ATTACK, Command.SHOW_CARDS,
                     Command.FREE_MOVE, Command.HELP, Command.CONTINENTS]


def test_f11_and_alt_return_ask_for_fullscreen() -> None:
    inp = Input(Settings())
    _key(pygame.K_F11)
    _key(pygame.K_RETURN, mod=pygame.KMOD_LALT)
    kinds = _kinds(inp)
    assert kinds.count(Command.FULLSCREEN) == 2
    assert Command.CONFIRM not in kinds


def test_held_cursor_key_moves_the_pointer_by_speed_times_time() -> None:
    inp = Input(replace(Settings(), pointer_speed=3))
    inp.warp((100, 100))
    _post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    inp.poll(0.5)
    x, y = inp.pointer
    assert y == 100
    assert x == 100 + 1 + 80  # a one-pixel nudge, then 160 px/s for half a second
    _post(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    inp.poll(0.5)
    assert inp.pointer == (x, y)


def test_speed_keys_f3_to_f10_set_the_pointer_speed() -> None:
    inp = Input(Settings())
    _key(pygame.K_F10)
    speeds = [c.value for c in inp.poll(0) if c.kind is Command.POINTER_SPEED]
    assert speeds == [7]
    assert inp.pointer_speed == 7


def test_cursor_keys_navigate_instead_of_moving_in_navigation_mode() -> None:
    inp = Input(Settings())
    inp.set_mode(text=False, navigation=True)
    start = inp.pointer
    _post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    kinds = _kinds(inp, 0.0)
    assert Command.DOWN in kinds
    assert inp.pointer == start
    repeated = _kinds(inp, 0.5)  # held past the repeat delay
    assert Command.DOWN in repeated


def test_shift_cursor_scrolls_the_map_and_map_direction_reverses_it() -> None:
    inp = Input(Settings())
    _post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=pygame.KMOD_SHIFT, unicode="", scancode=0)
    deltas = [c.delta for c in inp.poll(0.1) if c.kind is Command.SCROLL]
    assert sum(d[0] for d in deltas) > 0
    reversed_input = Input(replace(Settings(), map_reversed=True))
    pygame.event.clear()
    _post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=pygame.KMOD_SHIFT, unicode="", scancode=0)
    deltas = [c.delta for c in reversed_input.poll(0.1) if c.kind is Command.SCROLL]
    assert sum(d[0] for d in deltas) < 0


def test_numlock_keypad_scrolls_the_map() -> None:
    inp = Input(Settings())
    start = inp.pointer
    _post(pygame.KEYDOWN, key=pygame.K_KP2, mod=pygame.KMOD_NUM, unicode="2", scancode=0)
    deltas = [c.delta for c in inp.poll(0.1) if c.kind is Command.SCROLL]
    assert sum(d[1] for d in deltas) > 0
    assert inp.pointer == start


def test_text_mode_turns_keys_into_characters_but_keeps_editing_keys() -> None:
    inp = Input(Settings())
    inp.set_mode(text=True, navigation=True)
    _key(pygame.K_a, mod=pygame.KMOD_SHIFT, unicode="A")
    _key(pygame.K_n)  # no unicode given: derived from the key
    _key(pygame.K_SPACE, unicode=" ")
    _key(pygame.K_BACKSPACE)
    _key(pygame.K_RETURN, unicode="\r")
    cmds = [c for c in inp.poll(0) if c.kind is not Command.SKIP]
    assert [(c.kind, c.text) for c in cmds] == [
        (Command.TEXT, "A"), (Command.TEXT, "n"), (Command.TEXT, " "),
        (Command.BACKSPACE, ""), (Command.CONFIRM, "")]


def test_mouse_moves_the_pointer_and_left_button_presses() -> None:
    inp = Input(Settings())
    _post(pygame.MOUSEMOTION, pos=(300, 200), rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=(301, 202), button=1)
    assert inp.is_hurrying is False
    cmds = inp.poll(0)
    assert inp.is_hurrying is True
    _post(pygame.MOUSEBUTTONUP, pos=(301, 202), button=1)
    cmds += inp.poll(0)
    kinds = [c.kind for c in cmds]
    assert Command.POINTER_MOVED in kinds
    press = next(c for c in cmds if c.kind is Command.PRESS)
    assert press.pos == (301, 202) and press.device is Device.MOUSE
    assert Command.RELEASE in kinds
    assert inp.pointer == (301, 202)
    assert inp.is_hurrying is False


def test_right_drag_scrolls_the_map_like_grabbing_it() -> None:
    inp = Input(Settings())
    _post(pygame.MOUSEMOTION, pos=(300, 200), rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=(300, 200), button=3)
    _post(pygame.MOUSEMOTION, pos=(290, 205), rel=(-10, 5), buttons=(0, 0, 1))
    _post(pygame.MOUSEBUTTONUP, pos=(290, 205), button=3)
    _post(pygame.MOUSEMOTION, pos=(280, 205), rel=(-10, 0), buttons=(0, 0, 0))
    scrolls = [c.delta for c in inp.poll(0) if c.kind is Command.SCROLL]
    assert scrolls == [(10, -5)]


def test_window_close_becomes_quit() -> None:
    inp = Input(Settings())
    _post(pygame.QUIT)
    assert _kinds(inp) == [Command.QUIT]


def test_pad_events_work_without_an_opened_device_and_unplugging_loses_nothing() -> None:
    inp = Input(Settings())
    inp.warp((320, 200))
    _post(pygame.JOYDEVICEADDED, device_index=0, instance_id=7)
    kinds = _kinds(inp)
    assert Command.PAD_ADDED in kinds
    _post(pygame.JOYAXISMOTION, instance_id=7, axis=0, value=1.0, joy=0)
    inp.poll(0.0)
    inp.poll(0.25)
    moved_x = inp.pointer[0]
    assert moved_x > 320
    _post(pygame.JOYBUTTONDOWN, instance_id=7, button=0, joy=0)
    cmds = inp.poll(0)
    assert any(c.kind is Command.PRESS and c.device is Device.PAD for c in cmds)
    assert inp.is_hurrying
    _post(pygame.JOYDEVICEREMOVED, instance_id=7)
    assert Command.PAD_REMOVED in _kinds(inp)
    assert not inp.is_hurrying
    here = inp.pointer
    inp.poll(1.0)
    assert inp.pointer == here  # the unplugged stick no longer drives the pointer
    _key(pygame.K_RETURN)
    assert Command.CONFIRM in _kinds(inp)  # the keyboard carries on


def test_stick_inside_the_dead_zone_does_not_move() -> None:
    inp = Input(Settings())
    start = inp.pointer
    _post(pygame.JOYAXISMOTION, instance_id=3, axis=0, value=0.15, joy=0)
    _post(pygame.JOYAXISMOTION, instance_id=3, axis=1, value=-0.15, joy=0)
    inp.poll(0.0)
    inp.poll(1.0)
    assert inp.pointer == start


def test_hat_navigates_in_navigation_mode_and_b_held_with_stick_scrolls() -> None:
    inp = Input(Settings())
    inp.set_mode(text=False, navigation=True)
    _post(pygame.JOYHATMOTION, instance_id=2, hat=0, value=(0, 1), joy=0)
    assert Command.UP in _kinds(inp)
    inp.set_mode(text=False, navigation=False)
    start = inp.pointer
    _post(pygame.JOYBUTTONDOWN, instance_id=2, button=1, joy=0)
    _post(pygame.JOYHATMOTION, instance_id=2, hat=0, value=(0, 0), joy=0)
    _post(pygame.JOYAXISMOTION, instance_id=2, axis=0, value=-1.0, joy=0)
    cmds = inp.poll(0.1)
    assert sum(c.delta[0] for c in cmds if c.kind is Command.SCROLL) < 0
    assert inp.pointer == start


def test_back_button_cancels_and_start_opens_the_menu() -> None:
    inp = Input(Settings())
    _post(pygame.JOYBUTTONDOWN, instance_id=1, button=6, joy=0)
    _post(pygame.JOYBUTTONDOWN, instance_id=1, button=7, joy=0)
    kinds = [k for k in _kinds(inp) if k not in (Command.SKIP, Command.PAD_BUTTON)]
    assert kinds == [Command.CANCEL, Command.MENU]


def test_bindings_are_remappable_from_settings() -> None:
    bindings = dict(Settings().key_bindings)
    bindings["NEW_ATTACK"] = ("a",)
    inp = Input(replace(Settings(), key_bindings=bindings))
    _key(pygame.K_a)
    assert Command.NEW_ATTACK in _kinds(inp)
