"""Prompts name the controls of the device used last; a pad prompt never names a key."""

from __future__ import annotations

import re

import pygame
import pytest

from game.input import Device
from game.settings import DEFAULT_KEY_BINDINGS
from game.ui import glyphs
from game.ui.controlnames import Control, control_name, describe

KEY_WORDS = re.compile(r"\b(ESC|Return|Space|Tab|F\d+|Shift|keypad|arrow keys|digits)\b")
ALL = "".join(f"{{{c.name}}} " for c in Control)


def test_a_pad_prompt_never_names_a_key_and_draws_only_known_glyphs() -> None:
    for mapped in (True, False):
        text = describe(ALL, Device.PAD, mapped_pad=mapped)
        assert not KEY_WORDS.search(glyphs.plain(text)), text
        assert "click" not in text
        for name in glyphs.MARKER.findall(text):
            assert glyphs.is_glyph(name), name


def test_keyboard_prompts_name_the_bound_keys() -> None:
    assert control_name(Control.END_TURN, Device.KEYBOARD) == "ESC"
    assert control_name(Control.FREE_MOVE, Device.KEYBOARD) == "F"
    assert control_name(Control.HELP, Device.KEYBOARD) == "F1"
    rebound = {**DEFAULT_KEY_BINDINGS, "FREE_MOVE": ("g",)}
    assert control_name(Control.FREE_MOVE, Device.KEYBOARD, key_bindings=rebound) == "G"
    assert "{" not in describe(ALL, Device.KEYBOARD)


def test_mouse_prompts_say_click_and_name_no_key_or_button() -> None:
    text = describe(ALL, Device.MOUSE)
    assert control_name(Control.PRESS, Device.MOUSE) == "click"
    assert not KEY_WORDS.search(text) and "{" not in text


def test_a_raw_stick_is_named_by_its_assigned_button_numbers() -> None:
    bindings = {"PRESS": (3,), "CANCEL": (9,)}
    assert control_name(Control.PRESS, Device.PAD, pad_bindings=bindings,
                        mapped_pad=False) == "{BTN3}"
    assert glyphs.plain("{BTN9} ends") == "button 9 ends"


@pytest.mark.usefixtures("pg")
def test_glyph_text_draws_button_pictures_where_the_marker_was() -> None:
    from game.ui.font import Fonts

    font = Fonts().body
    surface = pygame.Surface((120, 12))
    surface.fill((0, 0, 0))
    rect = glyphs.draw_text(surface, font, "{A} go", (2, 2), (255, 255, 255))
    assert rect.width == glyphs.text_width(font, "{A} go")
    green = glyphs.FACE_COLOURS["A"]
    assert any(surface.get_at((x, y))[:3] == green for x in range(2, 12) for y in range(1, 11))
