"""Widgets driven by abstract commands: menus, buttons, dialogs, text box, number prompt, lists."""

from __future__ import annotations

import pygame
import pytest

from game.input import Command, CommandEvent, Device
from game.ui import palette
from game.ui.font import Fonts
from game.ui.menubar import Menu, MenuBar, MenuItem, separator
from game.ui.messages import HISTORY_LINES, MessageArea
from game.ui.panels import OddsBar, TextPanel
from game.ui.dialog import Dialog
from game.ui.listbox import ListBox
from game.ui.widgets import Button, NumberPrompt, TextBox

pytestmark = pytest.mark.usefixtures("pg")


def cmd(kind: Command, pos: tuple[int, int] = (0, 0), device: Device = Device.KEYBOARD,
        **extra: object) -> CommandEvent:
    return CommandEvent(kind, pos, device, **extra)  # type: ignore[arg-type]


@pytest.fixture
def fonts() -> Fonts:
    return Fonts()


def _menus(log: list[str]) -> list[Menu]:
    return [
        Menu("RISK", [MenuItem("About", lambda: log.append("about")), separator(),
                      MenuItem("Quit", lambda: log.append("quit"))]),
        Menu("PLAY", [MenuItem("New Attack", lambda: log.append("attack"), hotkey="N",
                               command=Command.NEW_ATTACK, enabled=lambda: "can" in log),
                      MenuItem("Sound", lambda: log.append("sound"), checked=True)]),
    ]


def test_menu_opens_with_menu_key_and_navigates_with_arrows(fonts: Fonts) -> None:
    log: list[str] = []
    bar = MenuBar(fonts, _menus(log))
    assert bar.handle(cmd(Command.MENU))
    assert bar.open_index == 0 and bar.highlight == 0
    bar.handle(cmd(Command.DOWN))  # skips the separator
    assert bar.highlight == 2
    bar.handle(cmd(Command.CONFIRM))
    assert log == ["quit"] and not bar.is_open


def test_menu_left_right_switch_menus_and_cancel_closes(fonts: Fonts) -> None:
    bar = MenuBar(fonts, _menus([]))
    bar.handle(cmd(Command.MENU))
    bar.handle(cmd(Command.RIGHT))
    assert bar.open_index == 1
    bar.handle(cmd(Command.RIGHT))
    assert bar.open_index == 0
    bar.handle(cmd(Command.CANCEL))
    assert not bar.is_open


def test_dimmed_item_refuses_and_enabled_hot_key_chooses(fonts: Fonts) -> None:
    log: list[str] = []
    refused: list[object] = []
    bar = MenuBar(fonts, _menus(log), on_refuse=refused.append)
    assert bar.handle(cmd(Command.NEW_ATTACK))
    assert log == [] and len(refused) == 1
    log.append("can")
    bar.handle(cmd(Command.NEW_ATTACK))
    assert log == ["can", "attack"]


def test_menu_opens_and_chooses_with_the_pointer(fonts: Fonts) -> None:
    log: list[str] = []
    bar = MenuBar(fonts, _menus(log))
    title = bar.title_rects[1]
    bar.handle(cmd(Command.PRESS, title.center, Device.MOUSE))
    assert bar.open_index == 1
    sound = bar.item_rects(1)[1]
    bar.handle(cmd(Command.POINTER_MOVED, sound.center, Device.MOUSE))
    assert bar.highlight == 1
    bar.handle(cmd(Command.PRESS, sound.center, Device.MOUSE))
    assert log == ["sound"]


def test_open_menu_draws_title_highlight_and_check_mark(fonts: Fonts) -> None:
    bar = MenuBar(fonts, _menus([]))
    bar.open(1)
    surface = pygame.Surface((640, 400))
    bar.draw(surface)
    title = bar.title_rects[1]
    assert tuple(surface.get_at((title.x + 1, title.y + 1)))[:3] == palette.SELECT_BLUE
    assert tuple(surface.get_at((0, 5)))[:3] == palette.LIGHT
    item = bar.item_rects(1)[1]
    check = [surface.get_at((x, y)) for x in range(item.x, item.x + 10)
             for y in range(item.y, item.bottom)]
    assert any(tuple(p)[:3] == palette.INK for p in check)


def test_return_presses_the_default_button_and_escape_the_cancel(fonts: Fonts) -> None:
    log: list[str] = []
    ok = Button(fonts, (100, 100, 50, 15), "OK", lambda: log.append("ok"), is_default=True)
    cancel = Button(fonts, (40, 100, 50, 15), "CANCEL", lambda: log.append("cancel"))
    dialog = Dialog(fonts, (20, 20, 200, 120), "TEST", [cancel, ok], default=ok, cancel=cancel)
    dialog.handle(cmd(Command.CONFIRM))
    dialog.handle(cmd(Command.CANCEL))
    dialog.handle(cmd(Command.PRESS, (60, 105), Device.MOUSE))
    assert log == ["ok", "cancel", "cancel"]


def test_default_button_has_the_thick_border(fonts: Fonts) -> None:
    surface = pygame.Surface((200, 100))
    surface.fill(palette.FACE)
    Button(fonts, (50, 40, 50, 15), "OK", is_default=True).draw(surface)
    Button(fonts, (120, 40, 50, 15), "NO").draw(surface)
    assert tuple(surface.get_at((48, 45)))[:3] == palette.INK
    assert tuple(surface.get_at((118, 45)))[:3] == palette.FACE


def test_text_box_typing_backspace_and_max_length(fonts: Fonts) -> None:
    box = TextBox(fonts, (0, 0, 100, 14), "Ale", max_length=5)
    box.handle(cmd(Command.PRESS, (5, 5), Device.MOUSE))
    for ch in "xander":
        box.handle(cmd(Command.TEXT, text=ch))
    assert box.text == "Alexa"
    box.handle(cmd(Command.BACKSPACE))
    box.handle(cmd(Command.LEFT))
    box.handle(cmd(Command.TEXT, text="!"))
    assert box.text == "Ale!x"


def test_text_box_cursor_blinks_with_time(fonts: Fonts) -> None:
    box = TextBox(fonts, (0, 0, 100, 14), "Joan")
    box.focused = True
    assert box.is_cursor_shown
    box.update(0.6)
    assert not box.is_cursor_shown
    box.update(0.5)
    assert box.is_cursor_shown


def test_number_prompt_return_accepts_the_default(fonts: Fonts) -> None:
    got: list[int] = []
    prompt = NumberPrompt(fonts, (0, 0, 60, 16), minimum=1, maximum=9, default=3,
                          on_accept=got.append)
    prompt.handle(cmd(Command.CONFIRM))
    assert got == [3]


def test_number_prompt_arrows_and_typing_change_the_value_within_limits(fonts: Fonts) -> None:
    prompt = NumberPrompt(fonts, (0, 0, 60, 16), minimum=5, maximum=750, default=12)
    prompt.handle(cmd(Command.UP))
    prompt.handle(cmd(Command.UP))
    assert prompt.value == 14
    prompt.handle(cmd(Command.DOWN, device=Device.PAD))
    assert prompt.value == 13
    for _ in range(800):
        prompt.handle(cmd(Command.UP))
    assert prompt.value == 750  # the arrows stop at the maximum
    for _ in range(800):
        prompt.handle(cmd(Command.DOWN))
    assert prompt.value == 5  # and at the minimum
    for ch in "999":
        prompt.handle(cmd(Command.TEXT, text=ch))
    assert prompt.accept() is None  # typed beyond the maximum: refused, not clamped
    assert prompt.error == "Enter 5 to 750"
    prompt.handle(cmd(Command.PAGE_DOWN))
    assert prompt.value == 750 and prompt.error is None  # the keys bring it back in range
    prompt.handle(cmd(Command.PAGE_DOWN))
    assert prompt.value == 740


def test_number_prompt_refuses_a_typed_number_out_of_range(fonts: Fonts) -> None:
    got: list[int] = []
    refused: list[str] = []
    prompt = NumberPrompt(fonts, (0, 0, 60, 16), minimum=5, maximum=750, default=12,
                          on_accept=got.append, on_refuse=refused.append)
    prompt.handle(cmd(Command.TEXT, text="3"))
    prompt.handle(cmd(Command.CONFIRM))
    assert got == [] and refused == ["Enter 5 to 750"]
    assert prompt.error == "Enter 5 to 750" and prompt.value == 3  # kept to be corrected
    prompt.handle(cmd(Command.TEXT, text="0"))
    assert prompt.error is None and prompt.value == 30
    prompt.handle(cmd(Command.CONFIRM))
    assert got == [30]


def test_number_prompt_pad_fire_accepts(fonts: Fonts) -> None:
    got: list[int] = []
    prompt = NumberPrompt(fonts, (0, 0, 60, 16), minimum=1, maximum=3, default=2,
                          on_accept=got.append)
    prompt.handle(cmd(Command.PRESS, (300, 300), Device.PAD))
    assert got == [2]


def test_list_box_moves_scrolls_and_activates(fonts: Fonts) -> None:
    chosen: list[int] = []
    items = [f"save{i}" for i in range(30)]
    box = ListBox(fonts, (0, 0, 120, 48), items, on_activate=chosen.append)
    rows = box.visible_rows
    box.handle(cmd(Command.PAGE_DOWN))
    assert box.selected == rows
    assert box.top <= box.selected < box.top + rows
    box.handle(cmd(Command.END))
    assert box.selected == 29
    box.handle(cmd(Command.CONFIRM))
    assert chosen == [29]


def test_message_area_keeps_200_lines_and_scrolls_back(fonts: Fonts) -> None:
    area = MessageArea(fonts)
    for i in range(250):
        area.add(f"line {i}")
    assert len(area.log) == HISTORY_LINES
    assert area.log.latest == "line 249"
    area.handle(cmd(Command.PAGE_UP))
    assert area.back == 2
    area.add("new")
    assert area.back == 0
    surface = pygame.Surface((640, 400))
    area.draw(surface)
    assert tuple(surface.get_at((300, 390)))[:3] == palette.MESSAGE_BG


def test_odds_bar_fills_in_proportion(fonts: Fonts) -> None:
    bar = OddsBar(fonts, (0, 0, 120, 22))
    bar.set(0.5, "12 v 4")
    assert bar.label == "Win 50%"
    bar.set(0.9996)
    assert bar.label == "Win 99%"  # never rounded up to a certainty
    surface = pygame.Surface((120, 22))
    bar.set(0.5)
    bar.draw(surface)
    assert tuple(surface.get_at((20, 16)))[:3] == palette.ALERT_RED
    assert tuple(surface.get_at((100, 16)))[:3] == palette.SHADOW


def test_text_panel_scrolls_within_its_lines(fonts: Fonts) -> None:
    panel = TextPanel(fonts, (0, 0, 200, 60), "\n".join(f"# Part {i}\ntext" for i in range(20)))
    panel.handle(cmd(Command.END))
    assert panel.top == len(panel.lines) - panel.visible_lines
    panel.handle(cmd(Command.HOME))
    assert panel.top == 0
