"""One focus per window: directions move it to the nearest widget in line, then off to a side;
Space and a pad's A press the focus, never the widget under a resting pointer."""

from __future__ import annotations

import pytest

from game.input import Command, CommandEvent, Device
from game.ui.font import Fonts
from game.ui.dialog import Dialog
from game.ui.widgets import Button

pytestmark = pytest.mark.usefixtures("pg")


def _cmd(kind: Command, device: Device = Device.PAD, pos: tuple[int, int] = (0, 0)
         ) -> CommandEvent:
    return CommandEvent(kind, pos, device)


def _window() -> tuple[Dialog, dict[str, Button], list[str]]:
    fonts = Fonts()
    pressed: list[str] = []
    spots = {"top": (100, 50, 30, 13), "row_a": (40, 120, 80, 15), "row_b": (130, 120, 90, 15),
             "far": (110, 200, 40, 15), "ok": (300, 260, 60, 15)}
    buttons = {name: Button(fonts, rect, name, lambda name=name: pressed.append(name))
               for name, rect in spots.items()}
    dialog = Dialog(fonts, (0, 0, 400, 300), "T", list(buttons.values()), default=buttons["ok"])
    return dialog, buttons, pressed


def test_down_goes_to_the_nearest_row_in_line_not_a_farther_one_better_centred() -> None:
    dialog, b, _ = _window()
    dialog.focus(b["top"])
    dialog.handle(_cmd(Command.DOWN))
    assert dialog.focused is b["row_b"] or dialog.focused is b["row_a"]
    dialog.handle(_cmd(Command.DOWN))
    assert dialog.focused is b["far"]
    dialog.handle(_cmd(Command.DOWN))
    assert dialog.focused is b["ok"]  # nothing in line below: the lone button off to a side


def test_a_and_space_press_the_focus_whatever_the_pointer_rests_on() -> None:
    dialog, b, pressed = _window()
    dialog.focus(b["far"])
    resting = b["row_a"].rect.center
    dialog.handle(_cmd(Command.PRESS, Device.PAD, resting))
    dialog.handle(_cmd(Command.PRESS, Device.KEYBOARD, resting))
    assert pressed == ["far", "far"]
    dialog.handle(_cmd(Command.PRESS, Device.MOUSE, resting))  # a click is where it is
    assert pressed[-1] == "row_a"


def test_no_focus_yet_moves_from_the_default_and_dimmed_buttons_are_skipped() -> None:
    dialog, b, _ = _window()
    b["row_b"].enabled = False
    dialog.handle(_cmd(Command.UP))
    assert dialog.focused is b["far"]  # from OK, the default
    dialog.handle(_cmd(Command.UP))
    assert dialog.focused is b["row_a"]
    dialog.handle(_cmd(Command.RIGHT))
    assert dialog.focused is not b["row_b"]
