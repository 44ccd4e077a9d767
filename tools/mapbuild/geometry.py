"""From (lon, lat) outlines to the territory label raster: projection, growth, splits, lakes."""

from __future__ import annotations

from dataclasses import dataclass

from . import classic
from .project import Grow, densify, project_point
from .raster import Spans, fill_spans, intersect_spans, paint_spans
from .source import Country

# Long straight edges (the 49th parallel) must bend with the warps, so outlines are densified.
DENSIFY_DEG = 1.0
# Islands smaller than this (in square pixels) would be a black speck of coastline that no
# pointer can hit, so they are left out.
MIN_RING_AREA_PX = 12.0
# Rounding projected points to 1/64 px keeps a last-bit libm difference from moving a pixel.
QUANT = 64.0


@dataclass(frozen=True)
class Frame:
    """Where warped (u, v) degree units land in the image."""

    u0: float
    v0: float
    scale: float
    width: int
    height: int

    def to_px(self, u: float, v: float) -> tuple[float, float]:
        """Warped units to pixel coordinates, quantised for determinism."""
        x = (u - self.u0) * self.scale
        y = (self.v0 - v) * self.scale * classic.VERTICAL_STRETCH
        return round(x * QUANT) / QUANT, round(y * QUANT) / QUANT


def _centroid(ring: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    n = len(ring)
    return sum(p[0] for p in ring) / n, sum(p[1] for p in ring) / n


def _area(pts: list[tuple[float, float]]) -> float:
    n = len(pts)
    return abs(sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))) / 2


def _in_box(p: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _grow_for(ring: tuple[tuple[float, float], ...]) -> Grow | None:
    c = _centroid(ring)
    for g in classic.GROW:
        if _in_box(c, g.box):
            return g
    return None


def project_ring(ring: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """Project one (lon, lat) ring to warped units, growing it if it belongs to an island group."""
    pts = [project_point(x, y, classic.WARPS, classic.SQUEEZE) for x, y in densify(list(ring), DENSIFY_DEG)]
    g = _grow_for(ring)
    if g is None:
        return pts
    cu, cv = project_point(g.lon, g.lat, classic.WARPS, classic.SQUEEZE)
    mu, mv = g.move
    fu, fv = g.factor, g.factor * g.aspect
    return [(cu + (u - cu) * fu + mu, cv + (v - cv) * fv + mv) for u, v in pts]


def ring_rules(country: Country, ring: tuple[tuple[float, float], ...]) -> list[classic.Rule]:
    """The rules that may claim this ring, highest priority first (stops at the catch-all)."""
    if country.name in classic.DROPPED:
        return []
    rules = classic.RULES.get(country.name)
    if rules is None:
        raise ValueError(f"country {country.name!r} has no rule in mapbuild/classic.py")
    c = _centroid(ring)
    out = []
    for rule in rules:
        if rule.ring_in is not None and not _in_box(c, rule.ring_in):
            continue
        out.append(rule)
        if rule.region is None:
            break
    return out


def make_frame(countries: list[Country], margin_px: int) -> Frame:
    """Fit the image around every kept ring, with a sea margin for shadows and glow."""
    us: list[float] = []
    vs: list[float] = []
    for c in countries:
        for ring in c.rings:
            rules = ring_rules(c, ring)
            if not rules or rules[0].territory is None and rules[0].region is None:
                continue
            for u, v in project_ring(ring):
                us.append(u)
                vs.append(v)
    s = classic.PIXELS_PER_DEGREE
    m = margin_px / s
    u0, u1 = min(us) - m, max(us) + m
    v0, v1 = max(vs) + m, min(vs) - m
    return Frame(u0, v0, s, int((u1 - u0) * s), int((v0 - v1) * s * classic.VERTICAL_STRETCH))


def label_raster(countries: list[Country], frame: Frame, index: dict[str, int]) -> bytearray:
    """Paint every kept country ring with its territory's mask value (index + 1); 0 is sea."""
    w, h = frame.width, frame.height
    buf = bytearray(w * h)
    region_cache: dict[int, Spans] = {}

    def region_spans(poly: classic.Polygon) -> Spans:
        key = id(poly)
        if key not in region_cache:
            pts = [project_point(x, y, classic.WARPS, classic.SQUEEZE) for x, y in densify(list(poly), 0.5)]
            region_cache[key] = fill_spans([[frame.to_px(u, v) for u, v in pts]], w, h)
        return region_cache[key]

    for c in countries:
        for ring in c.rings:
            rules = ring_rules(c, ring)
            if not rules or rules[0].region is None and rules[0].territory is None:
                continue
            px = [frame.to_px(u, v) for u, v in project_ring(ring)]
            if _area(px) < MIN_RING_AREA_PX:
                continue
            spans = fill_spans([px], w, h)
            for rule in reversed(rules):  # lowest priority first, so the first rule ends on top
                if rule.territory is None:
                    raise ValueError("a dropping rule may not have a region")
                part = spans if rule.region is None else intersect_spans(spans, region_spans(rule.region))
                paint_spans(buf, w, part, index[rule.territory] + 1)
    for lake in classic.LAKES:
        pts = [
            frame.to_px(*project_point(x, y, classic.WARPS, classic.SQUEEZE))
            for x, y in densify(list(lake), 0.3)
        ]
        paint_spans(buf, w, fill_spans([pts], w, h), 0)
    return buf
