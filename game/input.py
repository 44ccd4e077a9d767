"""The only reader of pygame events: mouse, keyboard and joysticks become one stream of commands.

Scenes and widgets see `CommandEvent`s and the logical pointer (640x400 coordinates), never
pygame events, so each device can play the whole game alone and tests can drive any of them.

Keyboard: cursor keys (or keypad 8/2/4/6 with Num Lock off) move the pointer, F3..F10 set its
speed; Return confirms, Space or keypad 5 press at the pointer; ESC cancels. The map scrolls
with Shift + cursor keys, or keypad 8/2/4/6 with Num Lock on (Num Lock is awkward headless and
on laptops, hence Shift). Alt+Return or F11 toggles fullscreen.

Pads are read through SDL's game-controller layer (`pygame._sdl2.controller`, with the mapping
database SDL ships) whenever SDL knows the pad, so the buttons mean the same on Xbox,
PlayStation, Switch and generic pads: the left stick or d-pad move the pointer (or the focus in
windows), A presses, B held turns the stick into map scrolling (and B cancels in a window), the
right stick scrolls the map, X is free move, Y shows the cards, Back cancels (ends the turn),
Start opens the menu, RB / LB (like Tab / Shift+Tab) snap to the next / previous territory,
the stick clicks are F1 and F2. A stick SDL cannot map is read through the plain joystick API
with the button map of the settings (`pad_bindings`, set in OPTIONS > Pad Buttons).
Plugging and unplugging never raises: a vanished pad is forgotten and PAD_REMOVED is sent.
Mouse: left presses, right held and moved drags the map, the wheel scrolls lists.

`last_device` says which device gave the last command a player made, so prompts can name its
controls (see game/ui/controlnames.py).

The command vocabulary is in game/input_commands.py (re-exported here); this module holds the
keyboard, mouse and pointer handling; the
gamepads (hot-plug, game-controller and raw-joystick buttons, axes, hats, triggers) live in
game/input_pad.py as the `PadInput` mixin of `Input`, to keep each module a readable size.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

import pygame

from game.input_commands import (
    DIRECTION_OF as DIRECTION_OF,
    NAVIGATION as NAVIGATION,
    REPEAT_DELAY as REPEAT_DELAY,
    STICK_ACCEL_SECONDS as STICK_ACCEL_SECONDS,
    STICK_DEAD_ZONE as STICK_DEAD_ZONE,
    STICK_NAV_THRESHOLD as STICK_NAV_THRESHOLD,
    STICK_SCROLL_SPEED as STICK_SCROLL_SPEED,
    Command as Command,
    CommandEvent as CommandEvent,
    Device as Device,
    _Repeat as _Repeat,
)
from game.input_pad import (
    CONTROLLER_AXIS_SCALE as CONTROLLER_AXIS_SCALE,
    CONTROLLER_BUTTONS as CONTROLLER_BUTTONS,
    CONTROLLER_DPAD as CONTROLLER_DPAD,
    CONTROLLER_TRIGGERS as CONTROLLER_TRIGGERS,
    TRIGGER_PRESSED as TRIGGER_PRESSED,
    TRIGGER_RELEASED as TRIGGER_RELEASED,
    PadInput,
    _PadState,
    sdl_controller as sdl_controller,
)
from game.input_pad import _dpad_vector as _dpad_vector
from game.input_pad import _radial as _radial
from game.settings import Settings

LOGICAL_SIZE = (640, 400)
# Pointer speed in logical pixels per second for the steps F3..F10.
POINTER_SPEEDS = (40, 70, 110, 160, 220, 300, 400, 520)
KEY_SCROLL_SPEED = 360.0
RIGHT_CLICK_SLOP = 4.0  # pixels a right button may travel and still be a click, not a drag
REPEAT_INTERVAL = 0.08
SPEED_KEYS = (pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6,
              pygame.K_F7, pygame.K_F8, pygame.K_F9, pygame.K_F10)
KEYPAD_DIRECTIONS = MappingProxyType({pygame.K_KP8: (0, -1), pygame.K_KP2: (0, 1),
                     pygame.K_KP4: (-1, 0), pygame.K_KP6: (1, 0)})
ARROW_DIRECTIONS = MappingProxyType({pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
                    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)})




class Input(PadInput):
    """Turns pygame events into `CommandEvent`s and keeps the logical pointer.

    Call `poll(dt)` once a frame (or `process(events, dt)` with your own events). The App
    sets the mode from the top scene: `text_mode` routes typing to TEXT commands,
    `navigation_mode` makes cursor keys, d-pad and stick send UP/DOWN/LEFT/RIGHT (with key
    repeat) instead of moving the pointer.
    """

    def __init__(self, settings: Settings, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        self.size = size
        self.text_mode = False
        self.navigation_mode = False
        self._x = size[0] / 2
        self._y = size[1] / 2
        self._keys_held: set[int] = set()
        self._scroll_keys: dict[int, tuple[int, int]] = {}
        self._mouse_held: set[int] = set()
        self._dragging = False
        self._drag_travel = 0.0  # how far a right-button drag has scrolled
        self._pads: dict[int, _PadState] = {}
        self._repeats: dict[object, _Repeat] = {}
        self._scroll_acc = [0.0, 0.0]
        self._out: list[CommandEvent] = []
        self.last_device = Device.MOUSE
        self.last_pad_mapped = True  # the last pad used speaks A/B/X/Y (else button numbers)
        self.keys_typed = False  # a real keyboard has typed text in this run
        self._init_controllers()
        self.apply_settings(settings)

    # -- configuration -------------------------------------------------------------------
    def apply_settings(self, settings: Settings) -> None:
        """Take bindings, pointer speed and map direction from `settings`."""
        self.settings = settings
        self.pointer_speed = settings.pointer_speed
        self._key_map: dict[int, Command] = {}
        for name, keys in settings.key_bindings.items():
            command = Command.__members__.get(name)
            for key_name in keys:
                try:
                    code = pygame.key.key_code(key_name)
                except ValueError:
                    continue
                if command is not None and code not in self._key_map:
                    self._key_map[code] = command
        self._pad_map: dict[int, str] = {}
        for name, buttons in settings.pad_bindings.items():
            for button in buttons:
                self._pad_map.setdefault(button, name)

    def set_mode(self, *, text: bool, navigation: bool) -> None:
        """Switch typing and navigation routing; held movement stops when the mode changes."""
        if navigation != self.navigation_mode:
            self._repeats.clear()
        if text != self.text_mode:
            if text:
                pygame.key.start_text_input()
            else:
                pygame.key.stop_text_input()
        self.text_mode = text
        self.navigation_mode = navigation

    # -- state ---------------------------------------------------------------------------
    @property
    def pointer(self) -> tuple[int, int]:
        """The logical pointer in 640x400 coordinates."""
        return int(self._x), int(self._y)

    def warp(self, pos: tuple[int, int]) -> None:
        """Put the pointer at `pos` (e.g. snapping to a territory for keys and pads)."""
        self._x, self._y = self._clamp(pos[0], pos[1])

    @property
    def is_hurrying(self) -> bool:
        """True while any key, mouse button or pad button is held (speeds computer turns)."""
        return bool(self._keys_held or self._mouse_held
                    or any(p.buttons for p in self._pads.values()))

    @property
    def pad_count(self) -> int:
        return len(self._pads)

    # -- processing ----------------------------------------------------------------------
    def poll(self, dt: float) -> list[CommandEvent]:
        """Read this frame's pygame events and held devices; return the commands in order."""
        return self.process(pygame.event.get(), dt)

    def process(self, events: Iterable[pygame.event.Event], dt: float) -> list[CommandEvent]:
        self._out = []
        start = self.pointer
        for event in events:
            self._event(event)
        self._continuous(dt)
        if self.pointer != start and not any(
                c.kind is Command.POINTER_MOVED and c.pos == self.pointer for c in self._out):
            self._emit(Command.POINTER_MOVED, Device.SYSTEM)
        return self._out

    def _emit(self, kind: Command, device: Device, **extra: object) -> None:
        if device is not Device.SYSTEM and kind not in _NOT_A_CHOICE:
            self.last_device = device
        if kind is Command.TEXT and device is Device.KEYBOARD:
            self.keys_typed = True
        self._out.append(CommandEvent(kind, self.pointer, device,  # type: ignore[arg-type]
                                      keys_typing=self.keys_typed, **extra))

    def _clamp(self, x: float, y: float) -> tuple[float, float]:
        return (min(max(x, 0.0), self.size[0] - 1.0), min(max(y, 0.0), self.size[1] - 1.0))

    def _event(self, event: pygame.event.Event) -> None:
        handler = {
            pygame.QUIT: self._quit,
            pygame.KEYDOWN: self._key_down,
            pygame.KEYUP: self._key_up,
            pygame.MOUSEMOTION: self._mouse_motion,
            pygame.MOUSEBUTTONDOWN: self._mouse_down,
            pygame.MOUSEBUTTONUP: self._mouse_up,
            pygame.MOUSEWHEEL: self._mouse_wheel,
            pygame.JOYDEVICEADDED: self._pad_added,
            pygame.JOYDEVICEREMOVED: self._pad_removed,
            pygame.JOYAXISMOTION: self._pad_axis,
            pygame.JOYHATMOTION: self._pad_hat,
            pygame.JOYBUTTONDOWN: self._pad_button_down,
            pygame.JOYBUTTONUP: self._pad_button_up,
            pygame.CONTROLLERDEVICEADDED: self._controller_added,
            pygame.CONTROLLERDEVICEREMOVED: self._pad_removed,
            pygame.CONTROLLERBUTTONDOWN: self._controller_button_down,
            pygame.CONTROLLERBUTTONUP: self._controller_button_up,
            pygame.CONTROLLERAXISMOTION: self._controller_axis,
            pygame.WINDOWFOCUSLOST: self._focus_lost,
        }.get(event.type)
        if handler is not None:
            handler(event)

    def _quit(self, event: pygame.event.Event) -> None:
        self._emit(Command.QUIT, Device.SYSTEM)

    def _focus_lost(self, event: pygame.event.Event) -> None:
        # Keys released while another window had focus never send KEYUP: forget them.
        self._keys_held.clear()
        self._scroll_keys.clear()
        self._mouse_held.clear()
        self._dragging = False
        self._repeats.clear()

    # -- keyboard ------------------------------------------------------------------------
    def _key_down(self, event: pygame.event.Event) -> None:
        key = getattr(event, "key", 0)
        mod = getattr(event, "mod", 0)
        self._keys_held.add(key)
        kb = Device.KEYBOARD
        if key == pygame.K_F11 or (key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                                   and mod & pygame.KMOD_ALT):
            self._emit(Command.FULLSCREEN, kb)
            return
        if key in SPEED_KEYS:
            self.pointer_speed = SPEED_KEYS.index(key)
            self._emit(Command.POINTER_SPEED, kb, value=self.pointer_speed)
            return
        command = self._key_map.get(key)
        if command is Command.NEXT and mod & pygame.KMOD_SHIFT:
            command = Command.PREVIOUS
        if self.text_mode and command not in _TEXT_MODE_KEYS:
            char = _typed_char(event)
            if char:
                self._emit(Command.TEXT, kb, text=char)
                return
        scroll = self._scroll_direction(key, mod)
        if scroll is not None:
            # The modifier counts when the key goes down, so releasing Shift first does not
            # turn a held scroll into pointer movement.
            self._scroll_keys[key] = scroll
            self._emit(Command.SKIP, kb)
            return
        if command is None and not self.text_mode:
            char = _typed_char(event)
            if char.isdigit():  # digits set counts in windows (the setup's number of players)
                self._emit(Command.TEXT, kb, text=char)
        if command in DIRECTION_OF:
            if self.navigation_mode:
                self._emit(command, kb)
                self._repeats[("key", key)] = _Repeat(command, kb)
            else:
                dx, dy = DIRECTION_OF[command]
                self._x, self._y = self._clamp(self._x + dx, self._y + dy)  # a 1-pixel nudge
        elif command is not None:
            self._emit(command, kb)
            if command in _REPEATING:
                self._repeats[("key", key)] = _Repeat(command, kb)
        self._emit(Command.SKIP, kb)

    def _key_up(self, event: pygame.event.Event) -> None:
        key = getattr(event, "key", 0)
        self._keys_held.discard(key)
        self._scroll_keys.pop(key, None)
        self._repeats.pop(("key", key), None)
        if self._key_map.get(key) is Command.PRESS and not self.text_mode:
            self._emit(Command.RELEASE, Device.KEYBOARD)

    def _scroll_direction(self, key: int, mod: int) -> tuple[int, int] | None:
        if key in ARROW_DIRECTIONS and mod & pygame.KMOD_SHIFT:
            return ARROW_DIRECTIONS[key]
        if key in KEYPAD_DIRECTIONS and mod & pygame.KMOD_NUM:
            return KEYPAD_DIRECTIONS[key]
        return None

    def _held_key_vector(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """(pointer direction, scroll direction) of the cursor keys held now."""
        move = [0.0, 0.0]
        scroll = [0.0, 0.0]
        for key in self._keys_held:
            if key in self._scroll_keys:
                dx, dy = self._scroll_keys[key]
                scroll[0] += dx
                scroll[1] += dy
                continue
            command = self._key_map.get(key)
            if command in DIRECTION_OF and not self.navigation_mode:
                dx, dy = DIRECTION_OF[command]
                move[0] += dx
                move[1] += dy
        return (move[0], move[1]), (scroll[0], scroll[1])

    # -- mouse ---------------------------------------------------------------------------
    def _mouse_motion(self, event: pygame.event.Event) -> None:
        old = self.pointer
        x, y = event.pos
        self._x, self._y = self._clamp(float(x), float(y))
        if self._dragging:
            rel = getattr(event, "rel", None) or (x - old[0], y - old[1])
            self._add_scroll(-float(rel[0]), -float(rel[1]))
            self._drag_travel += abs(float(rel[0])) + abs(float(rel[1]))
        self._emit(Command.POINTER_MOVED, Device.MOUSE)

    def _mouse_down(self, event: pygame.event.Event) -> None:
        if hasattr(event, "pos"):
            self._x, self._y = self._clamp(float(event.pos[0]), float(event.pos[1]))
        button = getattr(event, "button", 1)
        if button in (4, 5):  # legacy wheel buttons; MOUSEWHEEL carries the wheel
            return
        self._mouse_held.add(button)
        if button == 1:
            self._emit(Command.PRESS, Device.MOUSE)
        elif button == 3:
            self._dragging = True
            self._drag_travel = 0.0
        self._emit(Command.SKIP, Device.MOUSE)

    def _mouse_up(self, event: pygame.event.Event) -> None:
        if hasattr(event, "pos"):
            self._x, self._y = self._clamp(float(event.pos[0]), float(event.pos[1]))
        button = getattr(event, "button", 1)
        self._mouse_held.discard(button)
        if button == 1:
            self._emit(Command.RELEASE, Device.MOUSE)
        elif button == 3:
            self._dragging = False
            if self._drag_travel < RIGHT_CLICK_SLOP and not self.navigation_mode:
                # A right click that did not drag the map: the mouse's ESC on the map
                # (drop the selection); windows keep their own CANCEL buttons.
                self._emit(Command.CANCEL, Device.MOUSE)

    def _mouse_wheel(self, event: pygame.event.Event) -> None:
        dy = int(getattr(event, "y", 0))
        if dy:
            self._emit(Command.WHEEL, Device.MOUSE, value=dy)

    # -- continuous movement ---------------------------------------------------------------
    def _continuous(self, dt: float) -> None:
        if dt <= 0:
            return
        speed = POINTER_SPEEDS[self.pointer_speed]
        (kx, ky), (sx, sy) = self._held_key_vector()
        move_x, move_y = kx * speed * dt, ky * speed * dt
        scroll_x, scroll_y = sx * KEY_SCROLL_SPEED * dt, sy * KEY_SCROLL_SPEED * dt
        move_x, move_y, scroll_x, scroll_y = self._pads_continuous(
            dt, speed, move_x, move_y, scroll_x, scroll_y)
        if move_x or move_y:
            self._x, self._y = self._clamp(self._x + move_x, self._y + move_y)
        if scroll_x or scroll_y:
            self._add_scroll(scroll_x, scroll_y)
        self._flush_scroll()
        for repeat in self._repeats.values():
            repeat.wait -= dt
            if repeat.wait <= 0:
                repeat.wait += REPEAT_INTERVAL
                self._emit(repeat.command, repeat.device)

    def _add_scroll(self, dx: float, dy: float) -> None:
        sign = -1.0 if self.settings.map_reversed else 1.0
        self._scroll_acc[0] += dx * sign
        self._scroll_acc[1] += dy * sign
        self._flush_scroll()

    def _flush_scroll(self) -> None:
        dx, dy = int(self._scroll_acc[0]), int(self._scroll_acc[1])
        if dx or dy:
            self._scroll_acc[0] -= dx
            self._scroll_acc[1] -= dy
            self._emit(Command.SCROLL, Device.SYSTEM, delta=(dx, dy))


_TEXT_MODE_KEYS = frozenset({Command.CONFIRM, Command.CANCEL, Command.BACKSPACE, Command.DELETE,
                             Command.LEFT, Command.RIGHT, Command.HOME, Command.END,
                             Command.NEXT, Command.PREVIOUS, Command.UP, Command.DOWN})
# Commands that do not show which device the player is using.
_NOT_A_CHOICE = frozenset({Command.SKIP, Command.RELEASE, Command.PAD_ADDED, Command.PAD_REMOVED,
                           Command.QUIT, Command.SCROLL})
_REPEATING = frozenset({Command.BACKSPACE, Command.DELETE, Command.PAGE_UP, Command.PAGE_DOWN})


def _typed_char(event: pygame.event.Event) -> str:
    """The printable character a KEYDOWN types, also for posted events without `unicode`."""
    char = getattr(event, "unicode", "") or ""
    if len(char) == 1 and char.isprintable():
        return char
    key = getattr(event, "key", 0)
    if 32 <= key < 127:
        char = chr(key)
        if getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            char = char.upper()
        return char if char.isprintable() else ""
    return ""


def key_names(bindings: Mapping[str, tuple[str, ...]], command: Command) -> tuple[str, ...]:
    """The key names bound to `command`, for help screens."""
    return bindings.get(command.name, ())
