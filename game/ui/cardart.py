"""RISK cards drawn by code: territory cards in the English (UK) or American (US) style,
wild cards, and the RISK card (mission or headquarters). No image files are needed.

UK cards: cream with a red double border, the name on a red banner and a large soldier.
US cards: white, the name at the top, the territory's outline from the map and a small
soldier at the foot, as on the American board game's cards.
"""

from __future__ import annotations

import pygame

from game.ui import palette
from game.ui.font import Fonts

Colour = tuple[int, int, int]

# 16x12 pixel pictures: '#' ink, 'o' accent (the card's colour), '.' paper.
UNIT_PICTURES: dict[str, tuple[str, ...]] = {
    "infantry": (
        "......##........",
        ".....####.....#.",
        "......##......#.",
        ".....####....#..",
        "....#.##.#..#...",
        "....#.##..##....",
        "......##........",
        "......##........",
        ".....#..#.......",
        ".....#..#.......",
        "....##..##......",
        "................",
    ),
    "cavalry": (
        "......#.........",
        ".....###........",
        "......#.....##..",
        ".....###...###..",
        "......#######...",
        ".....########...",
        "....##.######...",
        "...#...#....#...",
        "......#.#..#.#..",
        "......#..#.#..#.",
        ".....#...#.#...#",
        "................",
    ),
    "artillery": (
        "................",
        "................",
        "..........####..",
        "......######....",
        "...#######......",
        "..######........",
        "..####..........",
        ".#.##.#.........",
        "#..##..#........",
        "#.####.#........",
        ".#....#.........",
        "................",
    ),
}
KIND_NAMES = {"infantry": "INFANTRY", "cavalry": "CAVALRY", "artillery": "ARTILLERY",
              "wild": "WILD CARD"}
UK_RED: Colour = (176, 32, 24)
UK_PAPER: Colour = (236, 224, 190)
US_PAPER: Colour = (246, 244, 236)
US_GREEN: Colour = (40, 104, 56)


def unit_picture(kind: str, colour: Colour, scale: int = 1) -> pygame.Surface:
    """The infantry, cavalry or artillery picture, transparent around the ink."""
    rows = UNIT_PICTURES[kind]
    surf = pygame.Surface((len(rows[0]), len(rows)), pygame.SRCALPHA)
    for y, row in enumerate(rows):
        for x, bit in enumerate(row):
            if bit == "#":
                surf.set_at((x, y), (*colour, 255))
    return pygame.transform.scale_by(surf, scale) if scale != 1 else surf


def _blit_centred(surface: pygame.Surface, image: pygame.Surface, centre: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=centre))


def draw_territory_card(surface: pygame.Surface, rect: pygame.Rect, fonts: Fonts, name: str,
                        kind: str, flavour: str, *, outline: pygame.mask.Mask | None = None,
                        selected: bool = False, order: int | None = None) -> None:
    """One card of the deck; `selected` lifts it in blue with its choice number `order`."""
    r = pygame.Rect(rect)
    pygame.draw.rect(surface, palette.INK, r.move(2, 2))
    if flavour == "uk":
        _uk_card(surface, r, fonts, name, kind)
    else:
        _us_card(surface, r, fonts, name, kind, outline)
    if selected:
        pygame.draw.rect(surface, palette.SELECT_BLUE, r.inflate(4, 4), 2)
        pygame.draw.rect(surface, palette.AMBER, r.inflate(8, 8), 2)
        if order is not None:
            badge = pygame.Rect(r.right - 9, r.y - 5, 13, 13)
            pygame.draw.rect(surface, palette.SELECT_BLUE, badge)
            pygame.draw.rect(surface, palette.WHITE, badge, 1)
            fonts.bold.draw(surface, str(order), (badge.centerx + 1, badge.y + 3), palette.WHITE,
                            align="center")


def _name_lines(fonts: Fonts, name: str, width: int) -> list[str]:
    lines = fonts.body.wrap(name, width)
    if len(lines) > 2:
        lines = [lines[0], fonts.body.ellipsize(" ".join(lines[1:]), width)]
    return lines or [""]


def _uk_card(surface: pygame.Surface, r: pygame.Rect, fonts: Fonts, name: str, kind: str) -> None:
    pygame.draw.rect(surface, UK_PAPER, r)
    pygame.draw.rect(surface, UK_RED, r, 1)
    pygame.draw.rect(surface, UK_RED, r.inflate(-4, -4), 1)
    banner = pygame.Rect(r.x + 4, r.y + 4, r.width - 8, 22 if kind != "wild" else 12)
    pygame.draw.rect(surface, UK_RED, banner)
    if kind == "wild":
        fonts.bold.draw(surface, "WILD", (banner.centerx, banner.y + 3), UK_PAPER, align="center")
        _wild_pictures(surface, r, UK_RED, top=banner.bottom + 4)
        return
    lines = _name_lines(fonts, name.upper() if len(name) < 9 else name, banner.width - 4)
    top = banner.y + (banner.height - len(lines) * 10) // 2 + 1
    for i, line in enumerate(lines):
        fonts.body.draw(surface, line, (banner.centerx, top + i * 10), UK_PAPER, align="center")
    scale = 3 if r.width >= 60 else 2
    picture = unit_picture(kind, palette.INK, scale)
    _blit_centred(surface, picture, (r.centerx, (banner.bottom + r.bottom - 14) // 2 + 1))
    fonts.body.draw(surface, fonts.body.ellipsize(KIND_NAMES[kind], r.width - 8),
                    (r.centerx, r.bottom - 14), UK_RED, align="center")


def _us_card(surface: pygame.Surface, r: pygame.Rect, fonts: Fonts, name: str, kind: str,
             outline: pygame.mask.Mask | None) -> None:
    pygame.draw.rect(surface, US_PAPER, r)
    pygame.draw.rect(surface, palette.INK, r, 1)
    pygame.draw.rect(surface, palette.FACE_LIGHT, r.inflate(-4, -4), 1)
    if kind == "wild":
        fonts.bold.draw(surface, "WILD", (r.centerx, r.y + 6), palette.INK, align="center")
        _wild_pictures(surface, r, US_GREEN, top=r.y + 20)
        return
    lines = _name_lines(fonts, name, r.width - 8)
    for i, line in enumerate(lines):
        fonts.body.draw(surface, line, (r.centerx, r.y + 5 + i * 10), palette.INK, align="center")
    art = pygame.Rect(r.x + 6, r.y + 26, r.width - 12, r.height - 26 - 26)
    if outline is not None and art.width > 4 and art.height > 4:
        w, h = outline.get_size()
        k = min(art.width / max(1, w), art.height / max(1, h))
        size = (max(1, int(w * k)), max(1, int(h * k)))
        shape = outline.scale(size).to_surface(setcolor=(*US_GREEN, 255),
                                               unsetcolor=(0, 0, 0, 0))
        _blit_centred(surface, shape, art.center)
    else:
        pygame.draw.rect(surface, palette.FACE_LIGHT, art, 1)
    picture = unit_picture(kind, palette.INK, 2 if r.width >= 60 else 1)
    _blit_centred(surface, picture, (r.centerx, r.bottom - 14))


def _wild_pictures(surface: pygame.Surface, r: pygame.Rect, colour: Colour, top: int) -> None:
    step = max(14, (r.bottom - 6 - top) // 3)
    scale = 2 if r.width >= 60 and step >= 24 else 1
    for i, kind in enumerate(("infantry", "cavalry", "artillery")):
        _blit_centred(surface, unit_picture(kind, colour, scale),
                      (r.centerx, top + step * i + step // 2))


def draw_risk_card(surface: pygame.Surface, rect: pygame.Rect, fonts: Fonts, text: str,
                   footer: str = "MISSION", *, accent: Colour = palette.ALERT_RED) -> None:
    """The big RISK card: a red 'RISK' head, the text in the middle, the footer at the foot."""
    r = pygame.Rect(rect)
    pygame.draw.rect(surface, palette.INK, r.move(3, 3))
    pygame.draw.rect(surface, palette.CREAM, r)
    pygame.draw.rect(surface, palette.INK, r, 1)
    pygame.draw.rect(surface, accent, r.inflate(-6, -6), 1)
    head = pygame.Rect(r.x + 6, r.y + 6, r.width - 12, 22)
    pygame.draw.rect(surface, accent, head)
    fonts.large.draw(surface, "RISK", (head.centerx, head.y + 3), palette.WHITE, align="center")
    lines = []
    for paragraph in text.split("\n"):
        lines.extend(fonts.bold.wrap(paragraph, r.width - 20) or [""])
    body_top = head.bottom + 8
    body_h = r.bottom - 26 - body_top
    y = body_top + max(0, (body_h - len(lines) * 11) // 2)
    for line in lines:
        fonts.bold.draw(surface, line, (r.centerx, y), palette.INK, align="center")
        y += 11
    pygame.draw.line(surface, accent, (r.x + 10, r.bottom - 22), (r.right - 11, r.bottom - 22))
    fonts.bold.draw(surface, footer, (r.centerx, r.bottom - 17), accent, align="center")
