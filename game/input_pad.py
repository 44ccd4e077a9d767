"""Gamepads for `game.input.Input`: hot-plug, SDL game controllers and raw joysticks.

Split from game/input.py by job (the keyboard, mouse and pointer stay there): `PadInput` is a
mixin `Input` inherits from, so the pad handlers share the one pointer, repeat table and
command stream. Like game/input.py it is part of the input layer, the only place that reads
pygame events; scenes see `CommandEvent`s only. What the buttons do is described in the
docstring of game/input.py.

game/input.py imports this module after it has defined `Command`, `Device`, the navigation
tables and `_Repeat` (this module imports those from it), so import `game.input`, not this.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

import pygame

from game.input_commands import (
    NAVIGATION,
    STICK_ACCEL_SECONDS,
    STICK_DEAD_ZONE,
    STICK_NAV_THRESHOLD,
    STICK_SCROLL_SPEED,
    Command,
    Device,
    _Repeat,
)

if TYPE_CHECKING:
    from game.settings import Settings

try:  # the game-controller layer; absent on very old pygame builds
    from pygame._sdl2 import controller as sdl_controller
except ImportError:  # pragma: no cover - pygame-ce always has it
    sdl_controller = None

# SDL game-controller buttons -> the command name they give (the same on every known pad).
CONTROLLER_BUTTONS: Mapping[int, str] = MappingProxyType({
    pygame.CONTROLLER_BUTTON_A: "PRESS",
    pygame.CONTROLLER_BUTTON_B: "SCROLL_HOLD",
    pygame.CONTROLLER_BUTTON_X: "FREE_MOVE",
    pygame.CONTROLLER_BUTTON_Y: "SHOW_CARDS",
    pygame.CONTROLLER_BUTTON_BACK: "CANCEL",
    pygame.CONTROLLER_BUTTON_START: "MENU",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "PREVIOUS",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "NEXT",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "HELP",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "CONTINENTS",
})
# The triggers page the message history (the pad's Page Up / Page Down).
CONTROLLER_TRIGGERS: Mapping[int, Command] = MappingProxyType({
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: Command.PAGE_UP,
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: Command.PAGE_DOWN})
# Hysteresis well clear of the middle: a trigger read from a stick axis resting at 0 reports
# half-way (SDL maps -32768..32767 to 0..32767), which must not page on its own.
TRIGGER_PRESSED, TRIGGER_RELEASED = 0.75, 0.6
CONTROLLER_DPAD: Mapping[int, tuple[int, int]] = MappingProxyType({
    pygame.CONTROLLER_BUTTON_DPAD_UP: (0, -1), pygame.CONTROLLER_BUTTON_DPAD_DOWN: (0, 1),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (-1, 0), pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (1, 0)})
CONTROLLER_AXIS_SCALE = 32767.0


@dataclass
class _PadState:
    """What one joystick is doing; lost harmlessly when it is unplugged.

    `mapped` pads come through the game-controller layer (CONTROLLER* events, buttons by
    meaning); the others through the joystick layer (JOY* events, buttons by number).
    """

    joystick: object | None = None
    mapped: bool = False
    dpad: set[tuple[int, int]] = field(default_factory=set)
    axes: dict[int, float] = field(default_factory=dict)
    hat: tuple[int, int] = (0, 0)
    buttons: set[int] = field(default_factory=set)
    held_time: float = 0.0
    nav_dir: tuple[int, int] = (0, 0)


class PadInput:
    """The gamepad half of `Input`: every JOY* and CONTROLLER* event, and the sticks' and
    hats' share of the continuous movement. Uses `Input`'s `_pads`, `_pad_map`, `_repeats`,
    `_emit`, `settings` and `navigation_mode`."""

    if TYPE_CHECKING:
        settings: Settings
        navigation_mode: bool
        _pads: dict[int, _PadState]
        _pad_map: dict[int, str]
        _repeats: dict[object, _Repeat]
        last_pad_mapped: bool

        def _emit(self, kind: Command, device: Device, **extra: object) -> None: ...

    @staticmethod
    def _init_controllers() -> None:
        if sdl_controller is not None:
            with contextlib.suppress(pygame.error):  # no controller layer: pads read as sticks
                sdl_controller.init()

    def _pad(self, instance_id: int) -> _PadState:
        # Events may name a pad never opened (the dummy driver cannot open one): track it anyway.
        return self._pads.setdefault(instance_id, _PadState())

    def _pad_added(self, event: pygame.event.Event) -> None:
        """JOYDEVICEADDED: open the pad as a game controller if SDL knows it, else as a stick."""
        device_index = getattr(event, "device_index", 0)
        instance_id = getattr(event, "instance_id", None)
        device: object | None = None
        mapped = False
        try:
            if sdl_controller is not None and sdl_controller.is_controller(device_index):
                device = sdl_controller.Controller(device_index)
                instance_id = device.as_joystick().get_instance_id()
                mapped = True
            else:
                device = pygame.joystick.Joystick(device_index)
                instance_id = device.get_instance_id()
        except (pygame.error, AttributeError, IndexError, ValueError, TypeError):
            device = None
            if instance_id is None:
                instance_id = -1 - int(device_index or 0)
        self._track(int(instance_id), device, mapped)

    def _controller_added(self, event: pygame.event.Event) -> None:
        """CONTROLLERDEVICEADDED: the same pad as its JOYDEVICEADDED, now known to be mapped."""
        instance_id = getattr(event, "instance_id", None)
        device: object | None = None
        try:
            if sdl_controller is not None:
                device = sdl_controller.Controller(getattr(event, "device_index", 0))
                instance_id = device.as_joystick().get_instance_id()
        except (pygame.error, AttributeError, IndexError, ValueError, TypeError):
            device = None
        if instance_id is None:
            instance_id = -1 - int(getattr(event, "device_index", 0) or 0)
        self._track(int(instance_id), device, True)

    def _track(self, instance_id: int, device: object | None, mapped: bool) -> None:
        known = instance_id in self._pads
        state = self._pad(instance_id)
        if device is not None:
            state.joystick = device
        state.mapped = state.mapped or mapped
        if not known:
            self._emit(Command.PAD_ADDED, Device.PAD, value=instance_id)

    def _pad_removed(self, event: pygame.event.Event) -> None:
        instance_id = int(getattr(event, "instance_id", -1))
        if self._pads.pop(instance_id, None) is None:
            return  # the second of JOYDEVICEREMOVED / CONTROLLERDEVICEREMOVED
        for key in [k for k in self._repeats
                    if isinstance(k, tuple) and k[0] in ("stick", "hat") and k[1] == instance_id]:
            del self._repeats[key]
        self._emit(Command.PAD_REMOVED, Device.PAD, value=instance_id)

    def _raw_pad(self, event: pygame.event.Event) -> _PadState | None:
        """The pad of a JOY* event, or None when the pad is read as a game controller."""
        pad = self._pad(int(getattr(event, "instance_id", -1)))
        return None if pad.mapped else pad

    def _pad_axis(self, event: pygame.event.Event) -> None:
        pad = self._raw_pad(event)
        if pad is not None:
            self._stick(pad, int(event.instance_id), int(event.axis), float(event.value))

    def _controller_axis(self, event: pygame.event.Event) -> None:
        pad = self._pad(int(event.instance_id))
        pad.mapped = True
        value = max(-1.0, min(1.0, float(event.value) / CONTROLLER_AXIS_SCALE))
        if int(event.axis) in CONTROLLER_TRIGGERS:
            self._trigger(int(event.instance_id), int(event.axis), value)
            return
        self._stick(pad, int(event.instance_id), int(event.axis), value)

    def _trigger(self, instance_id: int, axis: int, value: float) -> None:
        """LT / RT page the message history (older / newer), repeating while held: the pad's
        Page Up / Page Down. Pressed past three quarters, released below 0.6 (no chatter)."""
        key = ("trigger", instance_id * 16 + axis)
        if value >= TRIGGER_PRESSED and key not in self._repeats:
            command = CONTROLLER_TRIGGERS[axis]
            self._emit(command, Device.PAD)
            self._repeats[key] = _Repeat(command, Device.PAD)
        elif value < TRIGGER_RELEASED:
            self._repeats.pop(key, None)

    def _stick(self, pad: _PadState, instance_id: int, axis: int, value: float) -> None:
        pad.axes[axis] = value
        if axis in (0, 1) and self.navigation_mode and not self._pad_scroll_held(pad):
            x, y = pad.axes.get(0, 0.0), pad.axes.get(1, 0.0)
            direction = (0, 0)
            if math.hypot(x, y) >= STICK_NAV_THRESHOLD:
                direction = (1 if x > 0 else -1, 0) if abs(x) >= abs(y) else (0, 1 if y > 0 else -1)
            self._pad_nav(("stick", instance_id), pad, direction)

    def _pad_hat(self, event: pygame.event.Event) -> None:
        pad = self._raw_pad(event)
        if pad is None:
            return
        hx, hy = event.value
        self._set_hat(pad, int(event.instance_id), (int(hx), -int(hy)))  # hats count up as +1

    def _set_hat(self, pad: _PadState, instance_id: int, hat: tuple[int, int]) -> None:
        pad.hat = hat
        if self.navigation_mode:
            direction = (pad.hat[0], 0) if pad.hat[0] else (0, pad.hat[1])
            self._pad_nav(("hat", instance_id), pad, direction)

    def _pad_nav(self, key: tuple[str, int], pad: _PadState, direction: tuple[int, int]) -> None:
        if direction == (0, 0):
            self._repeats.pop(key, None)
            return
        command = NAVIGATION[direction]
        current = self._repeats.get(key)
        if current is None or current.command is not command:
            self._emit(command, Device.PAD)
            self._repeats[key] = _Repeat(command, Device.PAD)

    def _pad_scroll_held(self, pad: _PadState) -> bool:
        if pad.mapped:
            return pygame.CONTROLLER_BUTTON_B in pad.buttons
        return any(self._pad_map.get(b) == "SCROLL_HOLD" for b in pad.buttons)

    def _pad_button_down(self, event: pygame.event.Event) -> None:
        pad = self._raw_pad(event)
        if pad is None:
            return
        button = int(event.button)
        pad.buttons.add(button)
        self.last_pad_mapped = False
        self._emit(Command.PAD_BUTTON, Device.PAD, value=button)
        self._pad_command(self._pad_map.get(button), mapped=False)

    def _pad_button_up(self, event: pygame.event.Event) -> None:
        pad = self._raw_pad(event)
        if pad is None:
            return
        button = int(event.button)
        pad.buttons.discard(button)
        if self._pad_map.get(button) == "PRESS":
            self._emit(Command.RELEASE, Device.PAD)

    def _controller_button_down(self, event: pygame.event.Event) -> None:
        instance_id = int(event.instance_id)
        pad = self._pad(instance_id)
        pad.mapped = True
        self.last_pad_mapped = True
        button = int(event.button)
        pad.buttons.add(button)
        if button in CONTROLLER_DPAD:
            pad.dpad.add(CONTROLLER_DPAD[button])
            self._set_hat(pad, instance_id, _dpad_vector(pad.dpad))
            self._emit(Command.SKIP, Device.PAD)
            return
        self._pad_command(CONTROLLER_BUTTONS.get(button), mapped=True)

    def _controller_button_up(self, event: pygame.event.Event) -> None:
        instance_id = int(event.instance_id)
        pad = self._pad(instance_id)
        button = int(event.button)
        pad.buttons.discard(button)
        if button in CONTROLLER_DPAD:
            pad.dpad.discard(CONTROLLER_DPAD[button])
            self._set_hat(pad, instance_id, _dpad_vector(pad.dpad))
        elif CONTROLLER_BUTTONS.get(button) == "PRESS":
            self._emit(Command.RELEASE, Device.PAD)

    def _pad_command(self, name: str | None, *, mapped: bool) -> None:
        """The command of a pad button's name; a controller's B (scroll hold on the map)
        cancels inside windows, as on every console (a raw stick cancels with its Back)."""
        if name == "SCROLL_HOLD" and mapped and self.navigation_mode:
            name = "CANCEL"
        command = Command.__members__.get(name) if name else None
        if command is not None:
            self._emit(command, Device.PAD)
        self._emit(Command.SKIP, Device.PAD)

    def _pads_continuous(self, dt: float, speed: float, move_x: float, move_y: float,
                         scroll_x: float, scroll_y: float) -> tuple[float, float, float, float]:
        """Add the sticks' and hats' pointer movement and map scrolling of `dt` seconds."""
        for pad in self._pads.values():
            vx, vy = _radial(pad.axes.get(0, 0.0), pad.axes.get(1, 0.0))
            if (vx, vy) != (0.0, 0.0) or pad.hat != (0, 0):
                pad.held_time += dt
            else:
                pad.held_time = 0.0
            accel = 1.0 + min(pad.held_time / STICK_ACCEL_SECONDS, 1.0)
            if pad.mapped:  # the right stick always scrolls the map
                rx, ry = _radial(pad.axes.get(2, 0.0), pad.axes.get(3, 0.0))
                scroll_x += rx * STICK_SCROLL_SPEED * dt
                scroll_y += ry * STICK_SCROLL_SPEED * dt
            if self._pad_scroll_held(pad):
                scroll_x += (vx + pad.hat[0]) * STICK_SCROLL_SPEED * dt
                scroll_y += (vy + pad.hat[1]) * STICK_SCROLL_SPEED * dt
            elif not self.navigation_mode:
                move_x += (vx * 2 + pad.hat[0]) * speed * accel * dt
                move_y += (vy * 2 + pad.hat[1]) * speed * accel * dt
        return move_x, move_y, scroll_x, scroll_y


def _radial(x: float, y: float) -> tuple[float, float]:
    """Apply a radial dead zone and a square response curve (fine aim near the centre)."""
    magnitude = math.hypot(x, y)
    if magnitude < STICK_DEAD_ZONE:
        return 0.0, 0.0
    scaled = min((magnitude - STICK_DEAD_ZONE) / (1.0 - STICK_DEAD_ZONE), 1.0)
    factor = scaled * scaled / magnitude
    return x * factor, y * factor


def _dpad_vector(held: set[tuple[int, int]]) -> tuple[int, int]:
    x = sum(d[0] for d in held)
    y = sum(d[1] for d in held)
    return (max(-1, min(1, x)), max(-1, min(1, y)))
