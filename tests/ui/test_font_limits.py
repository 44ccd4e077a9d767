"""Text layout stays linear in the text's length, agrees with the plain definition, and caps
what it draws: a damaged file's huge value cannot freeze a dialog or the Resume list."""

from __future__ import annotations

import random
import time

import pytest

from game.ui.font import ELLIPSIS, MAX_DRAWN_CHARS, BitmapFont, FontStyle

pytestmark = pytest.mark.usefixtures("pg")


def _reference_wrap(font: BitmapFont, text: str, max_width: int) -> list[str]:
    """Word wrapping by its definition (quadratic, for short texts only)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = word if not line else f"{line} {word}"
            if font.width(candidate) <= max_width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.width(word) > max_width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.width(word[:cut]) > max_width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _reference_ellipsize(font: BitmapFont, text: str, max_width: int) -> str:
    if font.width(text) <= max_width:
        return text
    for end in range(len(text), -1, -1):
        candidate = text[:end].rstrip() + ELLIPSIS
        if font.width(candidate) <= max_width:
            return candidate
    return ""


@pytest.mark.parametrize("style", [FontStyle(), FontStyle(bold=True), FontStyle(scale=2)])
def test_wrap_and_ellipsize_agree_with_their_definition_on_random_texts(style: FontStyle) -> None:
    font = BitmapFont(style)
    rng = random.Random(5)
    alphabet = "aW il.mM  \n-" + "x" * 3
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        width = rng.randint(1, 120)
        assert font.wrap(text, width) == _reference_wrap(font, text, width), (text, width)
        one_line = text.replace("\n", " ")
        assert font.ellipsize(one_line, width) == _reference_ellipsize(font, one_line, width)


def test_a_100000_character_text_is_laid_out_quickly_and_drawn_capped() -> None:
    font = BitmapFont()
    word = "x" * 100_000
    prose = "word " * 20_000
    started = time.perf_counter()
    assert font.ellipsize(word, 300).endswith(ELLIPSIS)
    assert font.ellipsize(prose, 300).endswith(ELLIPSIS)
    lines = font.wrap(word, 300) + font.wrap(prose, 300)
    surface = font.render(word, (255, 255, 255))
    elapsed = time.perf_counter() - started
    assert elapsed < 1.0, f"layout of 100,000 characters took {elapsed:.2f} s"
    assert lines and all(font.width(line) <= 300 for line in lines)
    assert surface.get_width() <= font.width("x" * MAX_DRAWN_CHARS)
