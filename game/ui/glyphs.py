"""Pad button glyphs drawn in code, and text that mixes words with them.

A prompt for a pad says "{A} chooses, {B} goes back": each `{NAME}` marker is drawn as a small
button picture (a round face button with its letter, a shoulder tab, Start/Back pills, a d-pad
cross), so a player sees the button itself rather than a key name. `plain` turns the markers
into words for places that cannot draw pictures (the message history, window titles, tests).
Everything is drawn with pygame primitives and the project's bitmap font: no image files.
"""

from __future__ import annotations

import re

import pygame

from game.ui import palette
from game.ui.font import BitmapFont

GLYPH_HEIGHT = 9
MARKER = re.compile(r"\{([A-Z0-9]+)\}")

# Face buttons take the colours of the usual Xbox-style letters, dark enough for white text.
FACE_COLOURS: dict[str, tuple[int, int, int]] = {
    "A": (40, 140, 56), "B": (184, 40, 32), "X": (40, 88, 184), "Y": (176, 140, 24)}
# Marker -> what `plain` writes for it.
WORDS: dict[str, str] = {
    "A": "A", "B": "B", "X": "X", "Y": "Y", "START": "Start", "BACK": "Back", "LB": "LB",
    "RB": "RB", "DPAD": "D-pad", "LS": "left stick", "RS": "right stick", "L3": "L3", "R3": "R3",
    "LT": "LT", "RT": "RT"}
PILL_LABELS = {"START": "START", "BACK": "BACK", "LB": "LB", "RB": "RB", "L3": "L3", "R3": "R3",
               "LT": "LT", "RT": "RT"}


def is_glyph(name: str) -> bool:
    return name in WORDS or name.startswith("BTN")


def plain(text: str) -> str:
    """`text` with every glyph marker written as a word ("{A}" -> "A", "{BTN3}" -> "button 3")."""
    def word(match: re.Match[str]) -> str:
        name = match.group(1)
        if name.startswith("BTN"):
            return f"button {name[3:]}"
        return WORDS.get(name, match.group(0))
    return MARKER.sub(word, text)


def glyph_width(font: BitmapFont, name: str) -> int:
    if name in FACE_COLOURS:
        return GLYPH_HEIGHT
    if name == "DPAD" or name in ("LS", "RS"):
        return GLYPH_HEIGHT
    label = PILL_LABELS.get(name) or (name[3:] if name.startswith("BTN") else name)
    return font.width(label) + 6


def draw_glyph(surface: pygame.Surface, font: BitmapFont, name: str,
               pos: tuple[int, int]) -> int:
    """Draw one button picture with its top-left at `pos`; returns its width."""
    x, y = pos
    h = GLYPH_HEIGHT
    if name in FACE_COLOURS:
        centre = (x + h // 2, y + h // 2)
        pygame.draw.circle(surface, palette.INK, centre, h // 2 + 1)
        pygame.draw.circle(surface, FACE_COLOURS[name], centre, h // 2)
        font.draw(surface, name, (centre[0] + 1, y + 1), palette.WHITE, align="center")
        return h
    if name == "DPAD":
        arm = h // 3
        pygame.draw.rect(surface, palette.INK, (x + arm, y, arm + 1, h))
        pygame.draw.rect(surface, palette.INK, (x, y + arm, h, arm + 1))
        pygame.draw.rect(surface, palette.FACE_LIGHT, (x + arm + 1, y + 1, arm - 1, h - 2))
        pygame.draw.rect(surface, palette.FACE_LIGHT, (x + 1, y + arm + 1, h - 2, arm - 1))
        return h
    if name in ("LS", "RS"):
        centre = (x + h // 2, y + h // 2)
        pygame.draw.circle(surface, palette.INK, centre, h // 2 + 1)
        pygame.draw.circle(surface, palette.DARK, centre, h // 2)
        pygame.draw.circle(surface, palette.FACE_LIGHT, centre, h // 4)
        return h
    label = PILL_LABELS.get(name) or (name[3:] if name.startswith("BTN") else name)
    w = font.width(label) + 6
    rect = pygame.Rect(x, y, w, h)
    radius = h // 2 if name in ("START", "BACK") or name.startswith("BTN") else 2
    pygame.draw.rect(surface, palette.INK, rect.inflate(2, 2), border_radius=radius)
    pygame.draw.rect(surface, palette.DARK, rect, border_radius=radius)
    font.draw(surface, label, (rect.centerx, y + 1), palette.WHITE, align="center")
    return w


def _parts(text: str) -> list[tuple[bool, str]]:
    out: list[tuple[bool, str]] = []
    last = 0
    for match in MARKER.finditer(text):
        if not is_glyph(match.group(1)):
            continue
        if match.start() > last:
            out.append((False, text[last:match.start()]))
        out.append((True, match.group(1)))
        last = match.end()
    if last < len(text):
        out.append((False, text[last:]))
    return out


def text_width(font: BitmapFont, text: str) -> int:
    """The drawn width of `text` with its glyphs."""
    return sum(glyph_width(font, s) + 2 if g else font.width(s) for g, s in _parts(text))


def draw_text(surface: pygame.Surface, font: BitmapFont, text: str, pos: tuple[int, int],
              colour: tuple[int, int, int], align: str = "left") -> pygame.Rect:
    """Draw `text` like `font.draw`, with each `{NAME}` marker drawn as its button picture."""
    x, y = pos
    width = text_width(font, text)
    if align == "center":
        x -= width // 2
    elif align == "right":
        x -= width
    start = x
    for is_picture, part in _parts(text):
        if is_picture:
            x += draw_glyph(surface, font, part, (x + 1, y - 1)) + 2
        else:
            font.draw(surface, part, (x, y), colour)
            x += font.width(part)
    return pygame.Rect(start, y - 1, width, GLYPH_HEIGHT + 1)
