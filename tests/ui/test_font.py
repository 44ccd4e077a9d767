"""The bitmap font: every printable character, measurement, pixels, clipping and wrapping."""

from __future__ import annotations

import pygame
import pytest

from game.ui.font import CAP_HEIGHT, GLYPHS, BitmapFont, FontStyle, Fonts

pytestmark = pytest.mark.usefixtures("pg")


def test_every_printable_ascii_character_has_a_glyph() -> None:
    assert {chr(c) for c in range(32, 127)} <= set(GLYPHS)


def test_width_is_the_sum_of_glyphs_and_spacing() -> None:
    font = BitmapFont()
    assert font.width("") == 0
    assert font.width("I") == 3
    assert font.width("II") == 3 + 1 + 3
    assert font.width("i") < font.width("m")  # proportional


def test_rendered_text_has_ink_in_its_colour_and_transparent_paper() -> None:
    font = BitmapFont()
    surf = font.render("T", (216, 40, 32))
    assert surf.get_size() == (5, 9)
    assert tuple(surf.get_at((2, 3))) == (216, 40, 32, 255)  # the stem of the T
    assert surf.get_at((0, 3)).a == 0
    assert surf.get_at((0, 0)).a == 255  # the bar is on the top row
    assert all(surf.get_at((x, CAP_HEIGHT)).a == 0 for x in range(5))  # nothing below baseline


def test_descenders_go_below_the_baseline() -> None:
    surf = BitmapFont().render("g", (255, 255, 255))
    assert any(surf.get_at((x, CAP_HEIGHT + 1)).a for x in range(surf.get_width()))


def test_render_is_cached_per_text_and_colour() -> None:
    font = BitmapFont()
    assert font.render("Alex", (1, 2, 3)) is font.render("Alex", (1, 2, 3))
    assert font.render("Alex", (1, 2, 3)) is not font.render("Alex", (3, 2, 1))


def test_bold_is_wider_and_large_is_twice_the_size() -> None:
    fonts = Fonts()
    assert fonts.bold.width("RISK") > fonts.body.width("RISK")
    assert fonts.large.height == 2 * fonts.body.height
    assert fonts.large.width("A") == 2 * BitmapFont(FontStyle(bold=True)).width("A")


def test_drawing_onto_a_surface_puts_pixels_where_asked() -> None:
    surface = pygame.Surface((40, 12))
    surface.fill((0, 0, 0))
    BitmapFont().draw(surface, "L", (10, 2), (240, 240, 240))
    assert tuple(surface.get_at((10, 2)))[:3] == (240, 240, 240)
    assert tuple(surface.get_at((13, 8)))[:3] == (240, 240, 240)  # the foot of the L
    assert tuple(surface.get_at((13, 2)))[:3] == (0, 0, 0)


def test_ellipsize_keeps_text_that_fits_and_cuts_text_that_does_not() -> None:
    font = BitmapFont()
    assert font.ellipsize("Siam", 100) == "Siam"
    cut = font.ellipsize("Eastern United States", 60)
    assert cut.endswith("...") and font.width(cut) <= 60


def test_wrap_breaks_at_spaces_within_the_width() -> None:
    font = BitmapFont()
    text = "UK short game: English cards, random territory selection, fixed set values."
    lines = font.wrap(text, 120)
    assert len(lines) > 1
    assert all(font.width(line) <= 120 for line in lines)
    assert " ".join(lines) == text


def test_wrap_cuts_a_word_longer_than_the_line() -> None:
    font = BitmapFont()
    lines = font.wrap("Kamchatkakamchatkakamchatka", 40)
    assert "".join(lines) == "Kamchatkakamchatkakamchatka"
    assert all(font.width(line) <= 40 for line in lines)
