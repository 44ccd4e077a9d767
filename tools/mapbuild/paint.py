"""Paint a label raster into a palette image in the look of a late-80s Amiga war game.

Palette layout (the game relies on it to recolour territories by owner):
  0-15      sea, glow, grid, shadow, coast, dashed lines
  16+i      fill of territory i (board order)
  64+i      light inner coast edge of territory i
  112+i     dark inner border line of territory i
"""

from __future__ import annotations

from dataclasses import dataclass

from .analysis import chamfer_to_targets

RGB = tuple[int, int, int]

SEA, GLOW_OUTER, GLOW_INNER, GRID, SHADOW, COAST, DASH, DASH_EDGE = range(8)
FILL_BASE, EDGE_BASE, BORDER_BASE = 16, 64, 112

BASE_PALETTE: dict[int, RGB] = {
    SEA: (20, 36, 96),
    GLOW_OUTER: (34, 62, 142),
    GLOW_INNER: (60, 104, 188),
    GRID: (44, 66, 136),
    SHADOW: (8, 14, 46),
    COAST: (10, 10, 18),
    DASH: (236, 236, 228),
    DASH_EDGE: (12, 20, 60),
}

# One hue per continent, three shades each (light, middle, dark), so neighbours differ.
CONTINENT_SHADES: dict[str, tuple[RGB, RGB, RGB]] = {
    "north_america": ((236, 206, 96), (216, 176, 60), (184, 144, 40)),
    "south_america": ((232, 116, 84), (208, 84, 56), (172, 60, 42)),
    "europe": ((176, 160, 228), (140, 124, 204), (108, 94, 174)),
    "africa": ((228, 156, 88), (198, 124, 62), (160, 96, 46)),
    "asia": ((138, 200, 96), (98, 168, 70), (66, 134, 54)),
    "australia": ((228, 128, 200), (200, 90, 172), (164, 64, 144)),
}


@dataclass(frozen=True)
class Style:
    """Sizes that change between the full-size world image and the small full map."""

    shadow: int  # drop-shadow offset in pixels (down and right)
    glow: tuple[int, int, int, int]  # chamfer limits (thirds of a px) for the four glow bands
    grid: int  # grid spacing in pixels; 0 for none
    dash: tuple[int, int]  # dash on / off lengths


WORLD_STYLE = Style(shadow=3, glow=(6, 12, 18, 24), grid=80, dash=(4, 3))
FULL_STYLE = Style(shadow=2, glow=(3, 6, 9, 12), grid=40, dash=(2, 2))


def lighten(c: RGB, t: float) -> RGB:
    """Blend toward white by t."""
    return (
        round(c[0] + (255 - c[0]) * t),
        round(c[1] + (255 - c[1]) * t),
        round(c[2] + (255 - c[2]) * t),
    )


def darken(c: RGB, t: float) -> RGB:
    """Scale toward black by t."""
    return (round(c[0] * (1 - t)), round(c[1] * (1 - t)), round(c[2] * (1 - t)))


def make_palette(fills: list[RGB]) -> list[RGB]:
    """The 256-entry palette from the per-territory fill colours (board order)."""
    pal: list[RGB] = [(0, 0, 0)] * 256
    for k, c in BASE_PALETTE.items():
        pal[k] = c
    for i, c in enumerate(fills):
        pal[FILL_BASE + i] = c
        pal[EDGE_BASE + i] = lighten(c, 0.45)
        pal[BORDER_BASE + i] = darken(c, 0.62)
    return pal


def paint(
    labels: bytes | bytearray,
    width: int,
    height: int,
    style: Style,
    dashes: list[tuple[float, float, float, float]],
) -> bytearray:
    """Palette indices for the whole image: sea effects, land with coasts and borders, dashes."""
    n = width * height
    land = bytes(1 if v else 0 for v in labels)
    dist = chamfer_to_targets(land, width, height)
    out = bytearray(n)
    g1, g2, g3, g4 = style.glow
    s = style.shadow
    for y in range(height):
        base = y * width
        for x in range(width):
            i = base + x
            v = labels[i]
            if v:
                continue
            d = dist[i]
            odd = (x + y) & 1
            if x >= s and y >= s and labels[i - s * width - s]:
                out[i] = SHADOW
            elif d <= g1:
                out[i] = GLOW_INNER
            elif d <= g2:
                out[i] = GLOW_INNER if odd else GLOW_OUTER
            elif d <= g3:
                out[i] = GLOW_OUTER
            elif d <= g4:
                out[i] = GLOW_OUTER if odd else SEA
            elif style.grid and (
                (x % style.grid == 0 and y % 3 == 0) or (y % style.grid == 0 and x % 3 == 0)
            ):
                out[i] = GRID
            else:
                out[i] = SEA
    # land: coast outline, light inner edge, dark borders between territories
    coast = bytearray(n)
    for y in range(height):
        base = y * width
        for x in range(width):
            i = base + x
            if labels[i] and (
                x == 0
                or y == 0
                or x == width - 1
                or y == height - 1
                or not labels[i - 1]
                or not labels[i + 1]
                or not labels[i - width]
                or not labels[i + width]
            ):
                coast[i] = 1
    for y in range(height):
        base = y * width
        for x in range(width):
            i = base + x
            v = labels[i]
            if not v:
                continue
            t = v - 1
            if coast[i]:
                out[i] = COAST
            elif (x < width - 1 and labels[i + 1] not in (0, v)) or (
                y < height - 1 and labels[i + width] not in (0, v)
            ):
                out[i] = BORDER_BASE + t
            elif coast[i - 1] or coast[i + 1] or coast[i - width] or coast[i + width]:
                out[i] = EDGE_BASE + t
            else:
                out[i] = FILL_BASE + t
    for x0, y0, x1, y1 in dashes:
        _dashed(out, labels, width, height, x0, y0, x1, y1, style.dash)
    return out


def _dashed(
    out: bytearray,
    labels: bytes | bytearray,
    width: int,
    height: int,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    pattern: tuple[int, int],
) -> None:
    """A dashed white line over water only, with a dark pixel under each dash for contrast."""
    steps = max(1, int(max(abs(x1 - x0), abs(y1 - y0))))
    on, off = pattern
    for k in range(steps + 1):
        if k % (on + off) >= on:
            continue
        x = round(x0 + (x1 - x0) * k / steps)
        y = round(y0 + (y1 - y0) * k / steps)
        if 0 <= x < width and 0 <= y < height and not labels[y * width + x]:
            out[y * width + x] = DASH
            if y + 1 < height and not labels[(y + 1) * width + x] and out[(y + 1) * width + x] != DASH:
                out[(y + 1) * width + x] = DASH_EDGE
