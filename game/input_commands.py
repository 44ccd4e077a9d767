"""The input layer's vocabulary: the commands every device is turned into, where a command came
from, and the constants the keyboard, mouse and pad halves share.

It is its own module so game/input.py (keyboard, mouse, pointer) and game/input_pad.py
(gamepads) can both use it without importing each other. No pygame here: scenes and tests may
import it freely.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto
from types import MappingProxyType

STICK_SCROLL_SPEED = 480.0
STICK_DEAD_ZONE = 0.25
STICK_NAV_THRESHOLD = 0.6
STICK_ACCEL_SECONDS = 1.0  # holding the stick this long doubles its speed
REPEAT_DELAY = 0.35


class Command(Enum):
    """Everything a player can ask for, whatever the device."""

    CONFIRM = auto()        # Return: accept the default (scenes without one treat it as PRESS)
    PRESS = auto()          # left button, Space, keypad 5, pad A: press at the pointer
    RELEASE = auto()        # the end of a PRESS
    CANCEL = auto()         # ESC, pad Back: cancel, or end the turn
    UP = auto()             # navigation in menus, lists and prompts (navigation mode only)
    DOWN = auto()
    LEFT = auto()
    RIGHT = auto()
    NEXT = auto()           # Tab, pad RB: next field; on the map, snap to the next territory
    PREVIOUS = auto()       # Shift+Tab, pad LB: previous field or territory
    MENU = auto()           # open the menu bar from keys or pad
    HELP = auto()           # F1
    CONTINENTS = auto()     # F2
    NEW_ATTACK = auto()     # N
    REPEAT_ATTACK = auto()  # R
    SHOW_CARDS = auto()     # C
    FREE_MOVE = auto()      # F
    FULLSCREEN = auto()     # F11, Alt+Return (handled by the App)
    SCROLL = auto()         # move the map camera by `delta` logical pixels
    WHEEL = auto()          # mouse wheel; `value` > 0 is up
    TEXT = auto()           # one typed character in `text` (text mode only)
    BACKSPACE = auto()
    DELETE = auto()
    PAGE_UP = auto()
    PAGE_DOWN = auto()
    HOME = auto()
    END = auto()
    QUIT = auto()           # the window was closed
    SKIP = auto()           # any key or button went down: skip the current animation
    POINTER_MOVED = auto()  # the logical pointer moved to `pos`
    POINTER_SPEED = auto()  # F3..F10: `value` is the new step, 0..7
    PAD_ADDED = auto()      # a joystick was plugged in (`value` is its instance id)
    PAD_REMOVED = auto()    # a joystick was unplugged; nothing else changes
    PAD_BUTTON = auto()     # a raw joystick button went down: `value` is its number (for the
                            # button-assignment screen; sent besides the mapped command)


class Device(Enum):
    """Where a command came from (for messages such as 'press A' versus 'press Return')."""

    KEYBOARD = auto()
    MOUSE = auto()
    PAD = auto()
    SYSTEM = auto()


@dataclass(frozen=True, slots=True)
class CommandEvent:
    """One command, with the pointer position at the time it was given.

    `keys_typing` says a real keyboard has typed text in this run: a click on a text box then
    only puts the cursor there, for the keys to type (the on-screen keyboard it opened for a
    mouse player took the typing of a player with a keyboard into the box just clicked).
    """

    kind: Command
    pos: tuple[int, int]
    device: Device = Device.SYSTEM
    text: str = ""
    value: int = 0
    delta: tuple[int, int] = (0, 0)
    keys_typing: bool = False


NAVIGATION = MappingProxyType({(0, -1): Command.UP, (0, 1): Command.DOWN,
              (-1, 0): Command.LEFT, (1, 0): Command.RIGHT})
DIRECTION_OF = MappingProxyType({c: d for d, c in NAVIGATION.items()})


@dataclass
class _Repeat:
    command: Command
    device: Device
    wait: float = REPEAT_DELAY
