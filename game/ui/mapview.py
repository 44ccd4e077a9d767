"""The scrolling map window of the play screen: camera, army badges, highlights, hit testing.

The world image is larger than its 508x356 window; a clamped camera picks the part shown.
Everything drawn per frame is a cached surface (badges by number and colour, highlights by
territory), so a frame costs a few dozen blits.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from game.mapart import MapArt
from game.ui import palette
from game.ui.draw import pattern_tile
from game.ui.font import Fonts
from game.ui.hqflag import FLAG_H, flag_surface
from game.ui.palette import PlayerColour

FRAME_RECT = pygame.Rect(0, 12, 512, 360)
VIEW_RECT = pygame.Rect(2, 14, 508, 356)
BADGE_HEIGHT = 11
SCROLL_SPEED = 900.0      # px/s at least, when the computer scrolls to a territory
SCROLL_EASE = 6.0         # and faster when far away: distance * ease per second
SHOW_MARGIN = 48          # a territory this far inside the window needs no scrolling
EDGE_INSET = 10           # how far inside the window's edge an arrow to an unseen move stands
ARROW_SPACING = 16        # arrows closer than this on the edge step aside

# Small letters tiled over the attacker ('a') and defender ('d'), as in 001's screens.
LETTER_A = ("........", "........", ".####...", ".....#..", "..####..", ".#...#..",
            "..####..", "........", "........")
LETTER_D = ("........", ".....#..", ".....#..", "..####..", ".#...#..", ".#...#..",
            "..####..", "........", "........")
HATCH = ("#...", ".#..", "..#.", "...#")


@dataclass
class MapMarks:
    """What the map should show besides owners and armies; built by the scene each frame."""

    hover: str | None = None
    attacker: str | None = None
    defender: str | None = None
    selected: frozenset[str] = frozenset()
    choosable: frozenset[str] = frozenset()
    headquarters: Mapping[str, PlayerColour] = field(default_factory=dict)
    # Territories others took or reinforced while the map was elsewhere, out of view now: an
    # arrow in the mover's colour at the window's edge points to each.
    beyond: tuple[tuple[str, PlayerColour], ...] = ()
    # The territory under the pointer and where the pointer is drawn: a badge the pointer
    # covers is drawn again just above it, so its number is read.
    pointed: str | None = None
    pointer: pygame.Rect | None = None


class MapView:
    """The map window: a camera over the world image and the drawing of the game on it."""

    def __init__(self, art: MapArt, fonts: Fonts, rect: pygame.Rect = VIEW_RECT,
                 overlays: dict[tuple[str, str], tuple[pygame.Surface, tuple[int, int]]]
                 | None = None) -> None:
        """`overlays` may be a cache shared between views of the same art (one per App)."""
        self.art = art
        self.fonts = fonts
        self.rect = pygame.Rect(rect)
        self.frame = FRAME_RECT if rect == VIEW_RECT else self.rect.inflate(4, 4)
        w, h = art.size
        self.max_x = max(0, w - self.rect.width)
        self.max_y = max(0, h - self.rect.height)
        self.x = self.max_x / 2
        self.y = self.max_y / 2
        self.target: tuple[float, float] | None = None
        self._badges: dict[tuple[int, str, bool, bool], pygame.Surface] = {}
        self._overlays = overlays if overlays is not None else {}
        self._tiles = {
            "a": pattern_tile(LETTER_A, (24, 20, 28)),
            "d": pattern_tile(LETTER_D, (24, 20, 28)),
            "hatch": pattern_tile(HATCH, palette.WHITE),
        }

    # -- camera ------------------------------------------------------------------------
    @property
    def camera(self) -> tuple[int, int]:
        return int(self.x), int(self.y)

    def _clamp(self, x: float, y: float) -> tuple[float, float]:
        return min(max(x, 0.0), float(self.max_x)), min(max(y, 0.0), float(self.max_y))

    def scroll_by(self, dx: float, dy: float) -> None:
        """Move the camera (a player's scroll: it also stops any scroll the computer began)."""
        self.target = None
        self.x, self.y = self._clamp(self.x + dx, self.y + dy)

    def centre_on(self, point: tuple[int, int]) -> None:
        self.target = None
        self.x, self.y = self._clamp(point[0] - self.rect.width / 2,
                                     point[1] - self.rect.height / 2)

    def is_in_view(self, tid: str, margin: int = SHOW_MARGIN) -> bool:
        ax, ay = self.art.anchor(tid)
        return (self.x + margin <= ax <= self.x + self.rect.width - margin
                and self.y + margin <= ay <= self.y + self.rect.height - margin)

    def show(self, *tids: str, smooth: bool = True) -> None:
        """Bring territories into view: scroll smoothly, or jump (the Map Scroll option)."""
        tids = tuple(t for t in tids if t)
        if not tids or all(self.is_in_view(t) for t in tids):
            return
        points = [self.art.anchor(t) for t in tids]
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        goal = self._clamp(cx - self.rect.width / 2, cy - self.rect.height / 2)
        if smooth:
            self.target = goal
        else:
            self.target = None
            self.x, self.y = goal

    @property
    def is_scrolling(self) -> bool:
        return self.target is not None

    def update(self, dt: float) -> None:
        if self.target is None:
            return
        tx, ty = self.target
        dx, dy = tx - self.x, ty - self.y
        dist = math.hypot(dx, dy)
        step = max(SCROLL_SPEED, dist * SCROLL_EASE) * dt
        if dist <= step or dist < 0.5:
            self.x, self.y = tx, ty
            self.target = None
        else:
            self.x += dx / dist * step
            self.y += dy / dist * step

    # -- coordinates -------------------------------------------------------------------
    def to_world(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """World-image pixel under a screen point, or None outside the window."""
        if not self.rect.collidepoint(pos):
            return None
        return int(pos[0] - self.rect.x + self.x), int(pos[1] - self.rect.y + self.y)

    def to_screen(self, point: tuple[int, int]) -> tuple[int, int]:
        return (int(point[0] - self.x + self.rect.x), int(point[1] - self.y + self.rect.y))

    def territory_at(self, pos: tuple[int, int]) -> str | None:
        world = self.to_world(pos)
        return self.art.territory_at(*world) if world is not None else None

    def anchor_on_screen(self, tid: str) -> tuple[int, int]:
        return self.to_screen(self.art.anchor(tid))

    # -- cached pictures ---------------------------------------------------------------
    def badge(self, armies: int, colour: PlayerColour, patterned: bool = False,
              headquarters: bool = False) -> pygame.Surface:
        """An army badge 11 px high in the owner's colour (cached by what it shows).

        A headquarters' badge carries a flag on a pole rising from its left end (the surface
        is then taller: the badge is its bottom BADGE_HEIGHT rows)."""
        key = (armies, colour.name, patterned, headquarters)
        surf = self._badges.get(key)
        if surf is not None:
            return surf
        text = str(armies)
        body = self.fonts.body
        swatch = 6 if patterned else 0
        width = max(BADGE_HEIGHT, body.width(text) + 5 + swatch)
        surf = pygame.Surface((width, BADGE_HEIGHT))
        surf.fill(palette.INK)
        inner = pygame.Rect(1, 1, width - 2, BADGE_HEIGHT - 2)
        pygame.draw.rect(surf, colour.rgb, inner)
        light = tuple(min(255, c + 70) for c in colour.rgb)
        pygame.draw.line(surf, light, inner.topleft, (inner.right - 1, inner.top))
        pygame.draw.line(surf, light, inner.topleft, (inner.left, inner.bottom - 1))
        pygame.draw.line(surf, colour.shade, (inner.left + 1, inner.bottom - 1),
                         (inner.right - 1, inner.bottom - 1))
        if patterned:
            tile = pattern_tile(colour.pattern, colour.shade, palette.WHITE)
            box = pygame.Rect(2, 2, swatch - 1, BADGE_HEIGHT - 4)
            for y in range(box.top, box.bottom, tile.get_height()):
                for x in range(box.left, box.right, tile.get_width()):
                    surf.blit(tile, (x, y), pygame.Rect(0, 0, box.right - x, box.bottom - y))
        body.draw(surf, text, (swatch + (width - swatch) // 2 - body.width(text) // 2 + 1, 1),
                  colour.text)
        if headquarters:
            pygame.draw.rect(surf, palette.GOLD, surf.get_rect(), 1)
            flag = flag_surface(colour.rgb)
            rise = FLAG_H - 3
            tall = pygame.Surface((max(width, flag.get_width()), BADGE_HEIGHT + rise),
                                  pygame.SRCALPHA)
            tall.blit(surf, (0, rise))
            tall.blit(flag, (0, 0))
            surf = tall
        self._badges[key] = surf
        return surf

    def _outline(self, tid: str, colour: tuple[int, int, int]) -> pygame.Surface:
        mask, _ = self.art.territory_mask(tid)
        w, h = mask.get_size()
        big = pygame.mask.Mask((w + 2, h + 2))
        big.draw(mask, (1, 1))
        outside = big.copy()
        outside.invert()
        near = pygame.mask.Mask((w + 2, h + 2))
        for offset in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            near.draw(outside, offset)
        edge = big.overlap_mask(near, (0, 0))
        return edge.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))

    def overlay(self, tid: str, kind: str) -> tuple[pygame.Surface, tuple[int, int]]:
        """A highlight ('a', 'd', 'hatch', 'hover', 'choose') and its world position."""
        key = (tid, kind)
        found = self._overlays.get(key)
        if found is not None:
            return found
        _, (x0, y0) = self.art.territory_mask(tid)
        if kind in ("a", "d", "hatch"):
            fill, _ = self.art.territory_surface(tid, (255, 255, 255, 80 if kind != "hatch" else 40))
            surf = fill.copy()
            letters, _ = self.art.territory_pattern(tid, self._tiles[kind])
            surf.blit(letters, (0, 0))
            edge_colour = palette.WHITE if kind in ("a", "d") else palette.AMBER
        elif kind == "choose":
            fill, _ = self.art.territory_surface(tid, (255, 255, 255, 36))
            surf = fill.copy()
            edge_colour = palette.CREAM
        else:
            surf = pygame.Surface(self.art.territory_mask(tid)[0].get_size(), pygame.SRCALPHA)
            edge_colour = palette.CREAM
        big = pygame.Surface((surf.get_width() + 2, surf.get_height() + 2), pygame.SRCALPHA)
        big.blit(surf, (1, 1))
        big.blit(self._outline(tid, edge_colour), (0, 0))
        found = (big, (x0 - 1, y0 - 1))
        self._overlays[key] = found
        return found

    def prepare(self) -> None:
        """Build every hover outline now, so moving the pointer never builds one mid-game."""
        for tid in self.art.ids:
            self.overlay(tid, "hover")

    # -- drawing -----------------------------------------------------------------------
    def draw_frame(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, palette.FACE, self.frame)
        pygame.draw.rect(surface, palette.INK, self.frame.inflate(-2, -2), 1)

    def draw(self, surface: pygame.Surface, owners: Mapping[str, int | None],
             armies: Mapping[str, int], colours: Mapping[int, PlayerColour],
             marks: MapMarks, *, patterned: bool = False) -> None:
        """The visible map, highlights and badges (reads only; changes nothing)."""
        self.draw_frame(surface)
        cam = self.camera
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.blit(self.art.world_surface, self.rect.topleft,
                     pygame.Rect(cam, self.rect.size))
        view = pygame.Rect(cam, self.rect.size)
        shown: list[tuple[str, str]] = [(t, "choose") for t in marks.choosable]
        shown += [(t, "hatch") for t in marks.selected]
        if marks.attacker:
            shown.append((marks.attacker, "a"))
        if marks.defender:
            shown.append((marks.defender, "d"))
        if marks.hover and marks.hover not in (marks.attacker, marks.defender):
            shown.append((marks.hover, "hover"))
        for tid, kind in shown:
            if not view.colliderect(self.art.boxes[tid].inflate(2, 2)):
                continue
            surf, (wx, wy) = self.overlay(tid, kind)
            surface.blit(surf, self.to_screen((wx, wy)))
        for tid, owner in owners.items():
            if owner is None:
                continue
            ax, ay = self.art.anchor(tid)
            if not (view.x - 20 <= ax <= view.right + 20 and view.y - 8 <= ay <= view.bottom + 8):
                continue
            badge = self.badge(armies[tid], colours[owner], patterned, tid in marks.headquarters)
            sx, sy = self.to_screen((ax, ay))
            rise = badge.get_height() - BADGE_HEIGHT  # a headquarters' flag stands above
            surface.blit(badge, (sx - badge.get_width() // 2, sy - BADGE_HEIGHT // 2 - rise))
        self._lift_badge(surface, owners, armies, colours, marks, patterned)
        placed: list[tuple[float, float]] = []
        for tid, colour in marks.beyond:
            self._edge_arrow(surface, tid, colour, placed)
        surface.set_clip(clip)

    def lifted_badge_rect(self, tid: str, badge: pygame.Surface, pointer: pygame.Rect
                          ) -> pygame.Rect | None:
        """Where the badge of `tid` is drawn again when the pointer covers it: just above
        the pointer (below it at the window's top); None when the pointer leaves it clear."""
        sx, sy = self.anchor_on_screen(tid)
        w = badge.get_width()
        spot = pygame.Rect(sx - w // 2, sy - BADGE_HEIGHT // 2, w, BADGE_HEIGHT)
        if not spot.inflate(-2, -2).colliderect(pointer.inflate(-2, -2)):
            return None  # (a pointer parked beside the badge only touches its frame)
        lifted = pygame.Rect(pointer.centerx - w // 2, pointer.top - BADGE_HEIGHT - 2, w,
                             BADGE_HEIGHT)
        if lifted.top < self.rect.top:
            lifted.top = pointer.bottom + 2
        return lifted.clamp(self.rect)

    def _lift_badge(self, surface: pygame.Surface, owners: Mapping[str, int | None],
                    armies: Mapping[str, int], colours: Mapping[int, PlayerColour],
                    marks: MapMarks, patterned: bool) -> None:
        tid, pointer = marks.pointed, marks.pointer
        owner = owners.get(tid) if tid is not None else None
        if tid is None or pointer is None or owner is None:
            return
        badge = self.badge(armies[tid], colours[owner], patterned)
        where = self.lifted_badge_rect(tid, badge, pointer)
        if where is not None:
            surface.blit(badge, where.topleft)

    def edge_point(self, tid: str, inset: int = EDGE_INSET) -> tuple[float, float, float, float]:
        """Where the arrow to an out-of-view territory stands on the window's edge (x, y) and
        the unit direction to the territory (ux, uy)."""
        cx, cy = self.rect.center
        sx, sy = self.anchor_on_screen(tid)
        dx, dy = sx - cx, sy - cy
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        half_w, half_h = self.rect.width / 2 - inset, self.rect.height / 2 - inset
        reach = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
        return cx + dx * reach, cy + dy * reach, ux, uy

    def _edge_arrow(self, surface: pygame.Surface, tid: str, colour: PlayerColour,
                    placed: list[tuple[float, float]]) -> None:
        """An arrow in `colour` on the edge, pointing at `tid`; arrows that would cover one
        already drawn (`placed`) step aside along the edge."""
        x, y, ux, uy = self.edge_point(tid)
        nx, ny = -uy, ux
        for _ in range(8):
            if all(math.hypot(x - px, y - py) >= ARROW_SPACING for px, py in placed):
                break
            x, y = self._along_edge(x, y, ARROW_SPACING)
        placed.append((x, y))

        def shape(grow: float) -> list[tuple[float, float]]:
            back, side = 6 + grow, 7 + grow
            return [(x + ux * (7 + grow * 1.5), y + uy * (7 + grow * 1.5)),
                    (x - ux * back + nx * side, y - uy * back + ny * side),
                    (x - ux * back - nx * side, y - uy * back - ny * side)]

        pygame.draw.polygon(surface, palette.WHITE, shape(1.5))  # seen on sea and land alike
        pygame.draw.polygon(surface, colour.rgb, shape(0))
        pygame.draw.polygon(surface, palette.INK, shape(0), 1)

    def _along_edge(self, x: float, y: float, step: float) -> tuple[float, float]:
        """`step` pixels further along the window's edge (clockwise) from an arrow at x, y."""
        inner = self.rect.inflate(-2 * EDGE_INSET, -2 * EDGE_INSET)
        if y <= inner.top + 0.5 and x < inner.right:
            return min(x + step, inner.right), y
        if x >= inner.right - 0.5 and y < inner.bottom:
            return x, min(y + step, inner.bottom)
        if y >= inner.bottom - 0.5 and x > inner.left:
            return max(x - step, inner.left), y
        return x, max(y - step, inner.top)
