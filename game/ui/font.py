"""The project's own proportional bitmap font, drawn in code: crisp at 1x on the 640x400 screen.

Glyphs are bit rows in a 9-row cell (7 rows of capitals, 2 of descenders). `BitmapFont` renders
text to Surfaces (cached per text and colour), measures, clips with an ellipsis and wraps words.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import pygame

Colour = tuple[int, int, int]

CELL_HEIGHT = 9
CAP_HEIGHT = 7
LETTER_SPACING = 1
CACHE_SIZE = 768
ELLIPSIS = "..."
# The narrowest glyph advances 2 pixels: no line of the 640-pixel screen shows more than 320.
MAX_DRAWN_CHARS = 400
MAX_WRAPPED_CHARS = 4000

# char -> (top row, rows separated by spaces); '#' is ink. The width is the row length.
_GLYPH_SOURCE: dict[str, tuple[int, str]] = {
    " ": (0, "..."),
    "!": (0, "# # # # # . #"),
    '"': (0, "#.# #.#"),
    "#": (0, ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#."),
    "$": (0, "..#.. .#### #.#.. .###. ..#.# ####. ..#.."),
    "%": (0, "##..# ##..# ...#. ..#.. .#... #..## #..##"),
    "&": (0, ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#"),
    "'": (0, "# #"),
    "(": (0, ".# #. #. #. #. #. .#"),
    ")": (0, "#. .# .# .# .# .# #."),
    "*": (1, "..#.. #.#.# .###. #.#.# ..#.."),
    "+": (1, "..#.. ..#.. ##### ..#.. ..#.."),
    ",": (6, ".# #."),
    "-": (3, "####"),
    ".": (6, "#"),
    "/": (0, "....# ....# ...#. ..#.. .#... #.... #...."),
    "0": (0, ".###. #...# #..## #.#.# ##..# #...# .###."),
    "1": (0, "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###."),
    "2": (0, ".###. #...# ....# ...#. ..#.. .#... #####"),
    "3": (0, ".###. #...# ....# ..##. ....# #...# .###."),
    "4": (0, "...#. ..##. .#.#. #..#. ##### ...#. ...#."),
    "5": (0, "##### #.... ####. ....# ....# #...# .###."),
    "6": (0, "..##. .#... #.... ####. #...# #...# .###."),
    "7": (0, "##### ....# ...#. ..#.. .#... .#... .#..."),
    "8": (0, ".###. #...# #...# .###. #...# #...# .###."),
    "9": (0, ".###. #...# #...# .#### ....# ...#. .##.."),
    ":": (2, "# . . . #"),
    ";": (2, ".# .. .. .. .# #."),
    "<": (0, "...# ..#. .#.. #... .#.. ..#. ...#"),
    "=": (2, "#### .... ####"),
    ">": (0, "#... .#.. ..#. ...# ..#. .#.. #..."),
    "?": (0, ".###. #...# ....# ...#. ..#.. ..... ..#.."),
    "@": (0, ".###. #...# #.### #.#.# #.### #.... .####"),
    "A": (0, ".###. #...# #...# ##### #...# #...# #...#"),
    "B": (0, "####. #...# #...# ####. #...# #...# ####."),
    "C": (0, ".###. #...# #.... #.... #.... #...# .###."),
    "D": (0, "####. #...# #...# #...# #...# #...# ####."),
    "E": (0, "##### #.... #.... ####. #.... #.... #####"),
    "F": (0, "##### #.... #.... ####. #.... #.... #...."),
    "G": (0, ".###. #...# #.... #.### #...# #...# .####"),
    "H": (0, "#...# #...# #...# ##### #...# #...# #...#"),
    "I": (0, "### .#. .#. .#. .#. .#. ###"),
    "J": (0, "..## ...# ...# ...# #..# #..# .##."),
    "K": (0, "#...# #..#. #.#.. ##... #.#.. #..#. #...#"),
    "L": (0, "#... #... #... #... #... #... ####"),
    "M": (0, "#...# ##.## #.#.# #.#.# #...# #...# #...#"),
    "N": (0, "#...# ##..# ##..# #.#.# #..## #..## #...#"),
    "O": (0, ".###. #...# #...# #...# #...# #...# .###."),
    "P": (0, "####. #...# #...# ####. #.... #.... #...."),
    "Q": (0, ".###. #...# #...# #...# #.#.# #..#. .##.#"),
    "R": (0, "####. #...# #...# ####. #.#.. #..#. #...#"),
    "S": (0, ".###. #...# #.... .###. ....# #...# .###."),
    "T": (0, "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#.."),
    "U": (0, "#...# #...# #...# #...# #...# #...# .###."),
    "V": (0, "#...# #...# #...# #...# .#.#. .#.#. ..#.."),
    "W": (0, "#...# #...# #...# #.#.# #.#.# ##.## #...#"),
    "X": (0, "#...# #...# .#.#. ..#.. .#.#. #...# #...#"),
    "Y": (0, "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#.."),
    "Z": (0, "##### ....# ...#. ..#.. .#... #.... #####"),
    "[": (0, "## #. #. #. #. #. ##"),
    "\\": (0, "#.... #.... .#... ..#.. ...#. ....# ....#"),
    "]": (0, "## .# .# .# .# .# ##"),
    "^": (0, "..#.. .#.#. #...#"),
    "_": (7, "#####"),
    "`": (0, "#. .#"),
    "a": (2, ".##. ...# .### #..# .###"),
    "b": (0, "#... #... ###. #..# #..# #..# ###."),
    "c": (2, ".### #... #... #... .###"),
    "d": (0, "...# ...# .### #..# #..# #..# .###"),
    "e": (2, ".##. #..# #### #... .###"),
    "f": (0, "..## .#.. ###. .#.. .#.. .#.. .#.."),
    "g": (2, ".### #..# #..# #..# .### ...# .##."),
    "h": (0, "#... #... ###. #..# #..# #..# #..#"),
    "i": (0, "# . # # # # #"),
    "j": (0, "..# ... ..# ..# ..# ..# ..# ..# ##."),
    "k": (0, "#... #... #..# #.#. ##.. #.#. #..#"),
    "l": (0, "#. #. #. #. #. #. .#"),
    "m": (2, "####. #.#.# #.#.# #.#.# #.#.#"),
    "n": (2, "###. #..# #..# #..# #..#"),
    "o": (2, ".##. #..# #..# #..# .##."),
    "p": (2, "###. #..# #..# #..# ###. #... #..."),
    "q": (2, ".### #..# #..# #..# .### ...# ...#"),
    "r": (2, "#.## ##.. #... #... #..."),
    "s": (2, ".### #... .##. ...# ###."),
    "t": (1, ".#. ### .#. .#. .#. ..#"),
    "u": (2, "#..# #..# #..# #..# .###"),
    "v": (2, "#...# #...# .#.#. .#.#. ..#.."),
    "w": (2, "#...# #...# #.#.# #.#.# .#.#."),
    "x": (2, "#...# .#.#. ..#.. .#.#. #...#"),
    "y": (2, "#..# #..# #..# #..# .### ...# .##."),
    "z": (2, "#### ...# .##. #... ####"),
    "{": (0, ".## .#. .#. #.. .#. .#. .##"),
    "|": (0, "# # # # # # # # #"),
    "}": (0, "##. .#. .#. ..# .#. .#. ##."),
    "~": (2, ".#... #.#.# ...#."),
}
_FALLBACK = "?"


def _parse_glyphs(source: Mapping[str, tuple[int, str]]) -> dict[str, tuple[str, ...]]:
    """Expand each glyph to a full 9-row cell of equal-width rows."""
    glyphs: dict[str, tuple[str, ...]] = {}
    for char, (top, spec) in source.items():
        rows = spec.split(" ")
        width = max(len(r) for r in rows)
        blank = "." * width
        cell = [blank] * top + [r.ljust(width, ".") for r in rows]
        cell += [blank] * (CELL_HEIGHT - len(cell))
        glyphs[char] = tuple(cell[:CELL_HEIGHT])
    return glyphs


GLYPHS: Mapping[str, tuple[str, ...]] = MappingProxyType(_parse_glyphs(_GLYPH_SOURCE))


@dataclass(frozen=True, slots=True)
class FontStyle:
    """How a glyph is drawn: `bold` smears ink one pixel right, `scale` enlarges whole pixels."""

    bold: bool = False
    scale: int = 1


class BitmapFont:
    """Renders, measures, clips and wraps text in the built-in pixel font.

    Rendering happens once per (text, colour); the Surfaces are kept in a bounded LRU so a
    frame that draws the same labels again costs only blits.
    """

    def __init__(self, style: FontStyle = FontStyle()) -> None:
        self.style = style
        self.height = CELL_HEIGHT * style.scale
        self.cap_height = CAP_HEIGHT * style.scale
        self.line_height = (CELL_HEIGHT + 2) * style.scale
        self._masks: dict[str, pygame.Surface] = {}
        self._advance: dict[str, int] = {}
        self._cache: OrderedDict[tuple[str, Colour], pygame.Surface] = OrderedDict()
        for char, rows in GLYPHS.items():
            self._masks[char] = self._make_mask(rows)
            self._advance[char] = self._masks[char].get_width() + LETTER_SPACING * style.scale

    def _make_mask(self, rows: tuple[str, ...]) -> pygame.Surface:
        bold = 1 if self.style.bold else 0
        width = len(rows[0]) + bold
        surf = pygame.Surface((width, CELL_HEIGHT), pygame.SRCALPHA)
        for y, row in enumerate(rows):
            for x, bit in enumerate(row):
                if bit == "#":
                    surf.set_at((x, y), (255, 255, 255, 255))
                    if bold:
                        surf.set_at((x + 1, y), (255, 255, 255, 255))
        if self.style.scale != 1:
            surf = pygame.transform.scale_by(surf, self.style.scale)
        return surf

    def _glyph(self, char: str) -> str:
        return char if char in self._masks else _FALLBACK

    def _advances(self, text: str) -> int:
        """Sum of the advances of `text` (its width plus one trailing letter spacing)."""
        advance, masks = self._advance, self._masks
        return sum(advance[c if c in masks else _FALLBACK] for c in text)

    def width(self, text: str) -> int:
        """Width in pixels of `text` on one line (no trailing letter spacing)."""
        if not text:
            return 0
        return self._advances(text) - LETTER_SPACING * self.style.scale

    def size(self, text: str) -> tuple[int, int]:
        """(width, height) of the rendered Surface for `text`."""
        return self.width(text), self.height

    def render(self, text: str, colour: Colour) -> pygame.Surface:
        """A transparent Surface with `text` in `colour`; cached, so do not draw on it.

        Text longer than any line the screen can show is cut (MAX_DRAWN_CHARS), so a damaged
        file's 100,000-character value costs no more than a full line."""
        text = capped(text)
        key = (text, tuple(colour)[:3])
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        surf = pygame.Surface((max(1, self.width(text)), self.height), pygame.SRCALPHA)
        x = 0
        for char in text:
            g = self._glyph(char)
            surf.blit(self._masks[g], (x, 0))
            x += self._advance[g]
        surf.fill((*key[1], 255), special_flags=pygame.BLEND_RGBA_MULT)
        self._cache[key] = surf
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return surf

    def draw(self, surface: pygame.Surface, text: str, pos: tuple[int, int], colour: Colour,
             align: str = "left") -> pygame.Rect:
        """Blit `text` with its top at pos[1]; `align` is left, center or right of pos[0]."""
        text = capped(text)
        img = self.render(text, colour)
        x, y = pos
        w = self.width(text)
        if align == "center":
            x -= w // 2
        elif align == "right":
            x -= w
        return surface.blit(img, (x, y))

    def ellipsize(self, text: str, max_width: int) -> str:
        """`text` itself if it fits in `max_width`, else its longest prefix that fits plus '...'.

        One pass over the text (prefix widths add up), so a long text costs linear time."""
        text = capped(text)
        if self.width(text) <= max_width:
            return text
        room = max_width - self._advances(ELLIPSIS) + LETTER_SPACING * self.style.scale
        used, end = 0, 0
        for char in text:
            step = self._advance[self._glyph(char)]
            if used + step > room:
                break
            used += step
            end += 1
        candidate = text[:end].rstrip() + ELLIPSIS
        return candidate if self.width(candidate) <= max_width else ""

    def wrap(self, text: str, max_width: int) -> list[str]:
        """Break `text` into lines no wider than `max_width`, at spaces; newlines are kept.

        A single word wider than the line is cut where it must be, so nothing is lost. Widths
        are added up word by word (linear in the text's length); a text longer than
        MAX_WRAPPED_CHARS is cut first, with an ellipsis."""
        if len(text) > MAX_WRAPPED_CHARS:
            text = text[:MAX_WRAPPED_CHARS] + ELLIPSIS
        spacing = LETTER_SPACING * self.style.scale
        space = self._advance[" "]
        limit = max_width + spacing  # in advances: a line's width plus its trailing spacing
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line, line_adv = "", 0
            for word in paragraph.split(" "):
                word_adv = self._advances(word)
                joined = word_adv if not line else line_adv + space + word_adv
                if joined <= limit or (not line and not word):
                    line, line_adv = (word if not line else f"{line} {word}"), joined
                    continue
                if line:
                    lines.append(line)
                if word_adv > limit and len(word) > 1:
                    piece, piece_adv = "", 0
                    for char in word:
                        step = self._advance[self._glyph(char)]
                        if piece and piece_adv + step > limit:
                            lines.append(piece)
                            piece, piece_adv = "", 0
                        piece += char
                        piece_adv += step
                    word, word_adv = piece, piece_adv
                line, line_adv = word, word_adv
            lines.append(line)
        return lines


def capped(text: str) -> str:
    """`text` cut to the most characters a line of the screen can show."""
    return text if len(text) <= MAX_DRAWN_CHARS else text[:MAX_DRAWN_CHARS]


class Fonts:
    """The font set every screen uses: body text, bold headings, and 2x titles."""

    def __init__(self) -> None:
        self.body = BitmapFont(FontStyle())
        self.bold = BitmapFont(FontStyle(bold=True))
        self.large = BitmapFont(FontStyle(bold=True, scale=2))
