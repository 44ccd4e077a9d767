"""The committed world-map art: images, hit mask and layout, loaded once for the map view.

The art is made offline by ``tools/build_map.py``; nothing is rebuilt at start-up. Adjacency
never comes from here: the board data (``game.boards``) is the only source of borders.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.jsonfile import FileRefused, read_json
from game.resources import asset_path

TerritoryId = str
Point = tuple[int, int]
Segment = tuple[float, float, float, float]
RGB = tuple[int, int, int]

MAX_LAYOUT_BYTES = 1024 * 1024
LAYOUT_FORMAT = "conquest-map-layout"
LAYOUT_VERSION = 1


@dataclass(frozen=True)
class SeaLine:
    """A board border drawn as a dashed line over water (the two territories do not touch).

    A line that wraps round the map's east-west edge (Alaska-Kamchatka) has two segments,
    each ending on an image edge.
    """

    a: TerritoryId
    b: TerritoryId
    wraps: bool
    segments: tuple[Segment, ...]


@dataclass(frozen=True)
class _Layer:
    """One scale of the art (the world image or the Full Map) with its raw mask bytes."""

    image: pygame.Surface  # 8-bit palette original, kept so territories can be recoloured
    shown: pygame.Surface  # what to blit: converted when a display exists
    mask: pygame.Surface
    mask_bytes: bytes
    size: Point


def _lighten(c: RGB, t: float) -> RGB:
    # Same blend as tools/mapbuild/paint.py, so recoloured territories keep their bevel.
    return (
        round(c[0] + (255 - c[0]) * t),
        round(c[1] + (255 - c[1]) * t),
        round(c[2] + (255 - c[2]) * t),
    )


def _darken(c: RGB, t: float) -> RGB:
    return (round(c[0] * (1 - t)), round(c[1] * (1 - t)), round(c[2] * (1 - t)))


@dataclass
class MapArt:
    """The world map's art and geometry; ask it what lies under a map pixel.

    Coordinates are world-image pixels unless a method takes ``full=True``, which means the
    downscaled Full Map (``full_scale`` times the world size).
    """

    ids: tuple[TerritoryId, ...]
    world: _Layer
    full: _Layer
    full_scale: float
    anchors: dict[TerritoryId, Point]
    full_anchors: dict[TerritoryId, Point]
    boxes: dict[TerritoryId, pygame.Rect]
    areas: dict[TerritoryId, int]
    sea_lines: tuple[SeaLine, ...]
    palette_bases: tuple[int, int, int]  # fill, light edge, dark border: base + board index
    _masks: dict[tuple[TerritoryId, bool], tuple[pygame.mask.Mask, Point]] = field(
        default_factory=dict, repr=False
    )
    _surfaces: dict[tuple[TerritoryId, tuple[int, ...], bool], pygame.Surface] = field(
        default_factory=dict, repr=False
    )

    @property
    def size(self) -> Point:
        """Width and height of the world image (the scrolling map)."""
        return self.world.size

    @property
    def full_size(self) -> Point:
        """Width and height of the Full Map image (fits 640x360, the screen between the bars)."""
        return self.full.size

    @property
    def world_surface(self) -> pygame.Surface:
        """The world image, ready to blit (continent colours, no badges or names)."""
        return self.world.shown

    @property
    def full_map_surface(self) -> pygame.Surface:
        """The whole world, downscaled, in neutral continent colours."""
        return self.full.shown

    def territory_at(self, x: int, y: int, full: bool = False) -> TerritoryId | None:
        """The territory under a pixel, or None for sea, lakes and points off the image."""
        layer = self.full if full else self.world
        w, h = layer.size
        if not (0 <= x < w and 0 <= y < h):
            return None
        v = layer.mask_bytes[y * w + x]
        return self.ids[v - 1] if v else None

    def anchor(self, tid: TerritoryId, full: bool = False) -> Point:
        """Where the army badge goes (its centre); the name goes under it.

        The point is the roomiest spot near the territory's middle: the build guarantees at
        least a 15x15 square of the territory around it at full size. The Full Map has its
        own anchors, measured on its own mask, so they always hit their territory.
        """
        return self.full_anchors[tid] if full else self.anchors[tid]

    def bounding_box(self, tid: TerritoryId, full: bool = False) -> pygame.Rect:
        """The territory's bounding box, e.g. to scroll it into view or to crop overlays."""
        if not full:
            return self.boxes[tid].copy()
        mask, (x, y) = self.territory_mask(tid, full=True)
        return pygame.Rect((x, y), mask.get_size())

    def area(self, tid: TerritoryId) -> int:
        """Pixel count at full size (a rough measure of how big a territory looks)."""
        return self.areas[tid]

    def territory_mask(self, tid: TerritoryId, full: bool = False) -> tuple[pygame.mask.Mask, Point]:
        """A bit mask of the territory cropped to its box, and the box's top-left corner.

        Built on first use from the mask bytes and cached, so hover and selection
        highlights cost nothing after the first frame.
        """
        key = (tid, full)
        found = self._masks.get(key)
        if found is not None:
            return found
        v = self.ids.index(tid) + 1
        if full:
            layer = self.full
            b = self.boxes[tid]
            s = self.full_scale
            # the downscaled territory lies inside the scaled box, give or take a pixel
            rect = pygame.Rect(int(b.x * s) - 1, int(b.y * s) - 1, int(b.w * s) + 3, int(b.h * s) + 3)
            rect = rect.clip(layer.mask.get_rect())
        else:
            layer = self.world
            rect = self.boxes[tid]
        mask = pygame.mask.Mask(rect.size)
        w = layer.size[0]
        data = layer.mask_bytes
        for y in range(rect.height):
            start = (rect.y + y) * w + rect.x
            row = data[start : start + rect.width]
            x = row.find(v)
            while x != -1:
                mask.set_at((x, y))
                x = row.find(v, x + 1)
        if full:
            tight = mask.get_bounding_rects()
            if tight:
                box = tight[0].unionall(tight[1:])
                cropped = pygame.mask.Mask(box.size)
                cropped.draw(mask, (-box.x, -box.y))
                mask, rect = cropped, box.move(rect.topleft)
        found = (mask, (rect.x, rect.y))
        self._masks[key] = found
        return found

    def territory_surface(
        self,
        tid: TerritoryId,
        color: tuple[int, int, int] | tuple[int, int, int, int] = (255, 255, 255, 255),
        full: bool = False,
    ) -> tuple[pygame.Surface, Point]:
        """A per-pixel-alpha surface of the territory in one colour, and where to blit it.

        For hover, attacker/defender highlights and owner colours. Cached per colour; treat
        the returned surface as read-only.
        """
        key = (tid, tuple(color), full)
        mask, topleft = self.territory_mask(tid, full)
        surf = self._surfaces.get(key)
        if surf is None:
            surf = mask.to_surface(setcolor=color, unsetcolor=(0, 0, 0, 0))
            self._surfaces[key] = surf
        return surf, topleft

    def territory_pattern(
        self, tid: TerritoryId, tile: pygame.Surface, full: bool = False
    ) -> tuple[pygame.Surface, Point]:
        """The territory filled with a repeated tile (e.g. small 'a' or 'd' letters).

        The tile is aligned to the image origin, so neighbouring patterns line up. Not
        cached: the tile (owner colour) changes; build it when the selection changes.
        """
        mask, (x0, y0) = self.territory_mask(tid, full)
        w, h = mask.get_size()
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        tw, th = tile.get_size()
        for ty in range(-(y0 % th), h, th):
            for tx in range(-(x0 % tw), w, tw):
                out.blit(tile, (tx, ty))
        stencil = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
        out.blit(stencil, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return out, (x0, y0)

    def recoloured(self, fills: Mapping[TerritoryId, RGB], full: bool = True) -> pygame.Surface:
        """A copy of the art with the given territories filled in new colours (e.g. owners).

        The images are palette images with one fill, light-edge and border entry per
        territory, so recolouring is a palette change, not a redraw, and coastlines, borders
        and sea lines stay exactly as built.
        """
        layer = self.full if full else self.world
        img = layer.image.copy()
        fill, edge, border = self.palette_bases
        for tid, c in fills.items():
            i = self.ids.index(tid)
            rgb = (int(c[0]), int(c[1]), int(c[2]))
            img.set_palette_at(fill + i, rgb)
            img.set_palette_at(edge + i, _lighten(rgb, 0.45))
            img.set_palette_at(border + i, _darken(rgb, 0.62))
        return img.convert() if pygame.display.get_surface() is not None else img


def _load_layer(folder: Path, image: str, mask: str) -> _Layer:
    img = pygame.image.load(folder / image)
    mask_surf = pygame.image.load(folder / mask)
    shown = img.convert() if pygame.display.get_surface() is not None else img
    return _Layer(img, shown, mask_surf, pygame.image.tobytes(mask_surf, "P"), img.get_size())


def load_map_art(assets_dir: Path | None = None) -> MapArt:
    """Load the committed art once (call after the display is set, so images get converted).

    Raises ValueError when the layout file has another format or a newer version.
    """
    folder = assets_dir or asset_path("maps", "classic")
    try:
        layout = read_json(folder / "layout.json", MAX_LAYOUT_BYTES, "map layout")
    except (OSError, FileRefused) as exc:  # (the game's own file: damaged only by a bad copy)
        raise ValueError(f"the map's layout cannot be read: {exc}") from exc
    if not isinstance(layout, dict) or layout.get("format") != LAYOUT_FORMAT \
            or layout.get("version") != LAYOUT_VERSION:
        raise ValueError(f"{folder / 'layout.json'} is not a version {LAYOUT_VERSION} map layout")
    terr = layout["territories"]
    ids = tuple(sorted(terr, key=lambda t: terr[t]["mask_value"]))
    world = _load_layer(folder, layout["world"]["image"], layout["world"]["mask"])
    full = _load_layer(folder, layout["full"]["image"], layout["full"]["mask"])
    pal = layout["palette"]
    return MapArt(
        ids=ids,
        world=world,
        full=full,
        full_scale=float(layout["full"]["scale"]),
        anchors={t: (terr[t]["anchor"][0], terr[t]["anchor"][1]) for t in ids},
        full_anchors={t: (terr[t]["full_anchor"][0], terr[t]["full_anchor"][1]) for t in ids},
        boxes={
            t: pygame.Rect(b[0], b[1], b[2] - b[0] + 1, b[3] - b[1] + 1)
            for t in ids
            for b in [terr[t]["box"]]
        },
        areas={t: int(terr[t]["area"]) for t in ids},
        sea_lines=tuple(
            SeaLine(s["a"], s["b"], bool(s["wraps"]), tuple(tuple(seg) for seg in s["segments"]))
            for s in layout["sea_lines"]
        ),
        palette_bases=(int(pal["fill"]), int(pal["edge"]), int(pal["border"])),
    )
