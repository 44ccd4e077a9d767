"""The map projection: Miller-like latitudes, then smooth local warps, then island growth.

Why warps: the board game is not a true projection. Europe needs room for seven
territories, oceans are squeezed and small islands must be big enough to click. Every
warp is a smooth, fold-free displacement, so countries that share a border keep
sharing it after warping.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass


def miller_deg(lat: float) -> float:
    """Miller cylindrical ordinate in degree units: stretches the inhabited north like the board."""
    rad = math.radians(lat)
    return math.degrees(1.25 * math.log(math.tan(math.pi / 4 + 0.4 * rad)))


@dataclass(frozen=True)
class Lens:
    """Radial magnification around a (lon, lat) centre; 'strength' 0.6 means +60 % at the centre.

    The profile r' = r * (1 + a * exp(-r^2 / s^2)) stays monotonic for a < 2.2, so it never folds.
    """

    lon: float
    lat: float
    radius: float
    strength: float

    @property
    def cu(self) -> float:
        return self.lon

    @property
    def cv(self) -> float:
        return miller_deg(self.lat)


@dataclass(frozen=True)
class Shift:
    """Gaussian-weighted translation (du, dv in degree units) around a (lon, lat) centre."""

    lon: float
    lat: float
    radius_u: float
    radius_v: float
    du: float
    dv: float

    @property
    def cu(self) -> float:
        return self.lon

    @property
    def cv(self) -> float:
        return miller_deg(self.lat)


@dataclass(frozen=True)
class Grow:
    """Scale an island group about its centre: rings whose centroid falls in the box move."""

    box: tuple[float, float, float, float]  # lon0, lat0, lon1, lat1 of ring centroids
    lon: float
    lat: float
    factor: float
    move: tuple[float, float] = (0.0, 0.0)  # then shift by (du, dv) units, to keep straits open
    aspect: float = 1.0  # extra vertical factor: Miller and the Europe lens stretch islands tall


@dataclass(frozen=True)
class OceanSqueeze:
    """Shift everything west of an ocean east by 'shift' degrees, ramping across the ocean.

    'ramps' lists (lat, west_lon, east_lon) rows, sorted north to south; between rows the ramp
    ends are interpolated. West of the ramp the shift is constant, so the Americas move as one
    rigid piece (no shear), and the squeeze only lands on water where the rows are chosen well.
    """

    shift: float
    ramps: tuple[tuple[float, float, float], ...]

    def apply(self, lon: float, lat: float) -> float:
        """The squeezed longitude."""
        rows = self.ramps
        if lat >= rows[0][0]:
            w, e = rows[0][1], rows[0][2]
        elif lat <= rows[-1][0]:
            w, e = rows[-1][1], rows[-1][2]
        else:
            for (la0, w0, e0), (la1, w1, e1) in itertools.pairwise(rows):
                if la1 <= lat <= la0:
                    t = (la0 - lat) / (la0 - la1)
                    w, e = w0 + (w1 - w0) * t, e0 + (e1 - e0) * t
                    break
        if lon <= w:
            return lon + self.shift
        if lon >= e:
            return lon
        return lon + self.shift * (e - lon) / (e - w)


Warp = Lens | Shift


def warp_point(u: float, v: float, warps: tuple[Warp, ...]) -> tuple[float, float]:
    """Apply the warps in order to a point in (lon, miller-lat) degree units."""
    for w in warps:
        cu, cv = w.cu, w.cv
        du, dv = u - cu, v - cv
        if isinstance(w, Lens):
            k = 1.0 + w.strength * math.exp(-(du * du + dv * dv) / (w.radius * w.radius))
            u, v = cu + du * k, cv + dv * k
        else:
            g = math.exp(-(du * du) / (w.radius_u**2) - (dv * dv) / (w.radius_v**2))
            u, v = u + w.du * g, v + w.dv * g
    return u, v


def project_point(
    lon: float, lat: float, warps: tuple[Warp, ...], squeeze: OceanSqueeze | None = None
) -> tuple[float, float]:
    """(lon, lat) degrees to warped (u, v) degree units, v pointing north."""
    if squeeze is not None:
        lon = squeeze.apply(lon, lat)
    return warp_point(lon, miller_deg(lat), warps)


def densify(ring: list[tuple[float, float]], step: float) -> list[tuple[float, float]]:
    """Insert points so no edge is longer than 'step' degrees, so straight lines bend with warps."""
    out: list[tuple[float, float]] = []
    n = len(ring)
    for i in range(n):
        x0, y0 = ring[i]
        x1, y1 = ring[(i + 1) % n]
        out.append((x0, y0))
        d = max(abs(x1 - x0), abs(y1 - y0))
        k = int(d / step)
        for j in range(1, k + 1):
            t = j / (k + 1)
            out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
    return out


def _smooth_noise(knots: list[float], d: float, spacing: float) -> float:
    """Value noise: random knot heights every 'spacing' units, joined by smoothstep."""
    i = int(d / spacing)
    t = d / spacing - i
    t = t * t * (3 - 2 * t)
    return knots[i] * (1 - t) + knots[i + 1] * t


def meander(
    line: tuple[tuple[float, float], ...], amp: float = 0.45, step: float = 0.3
) -> tuple[tuple[float, float], ...]:
    """Resample a hand-drawn split line and bend it like a river, keeping both ends fixed.

    The bend is two octaves of value noise along the arc length. Its seed comes from the
    line's first point through random.Random, whose sequence Python guarantees for a given
    integer seed, so the wiggle is deterministic and differs from line to line. Straight
    cuts through a country read as ruler lines; this makes them read as borders.
    """
    total = sum(math.dist(a, b) for a, b in itertools.pairwise(line))
    rng = random.Random(int(round(line[0][0] * 1000)) * 100003 + int(round(line[0][1] * 1000)))
    coarse = [rng.uniform(-1.0, 1.0) for _ in range(int(total / 1.6) + 3)]
    fine = [rng.uniform(-1.0, 1.0) for _ in range(int(total / 0.55) + 3)]
    pts: list[tuple[float, float]] = []
    s = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(line):
        seg = math.dist((x0, y0), (x1, y1))
        n = max(1, int(seg / step))
        nx, ny = (-(y1 - y0) / seg, (x1 - x0) / seg) if seg else (0.0, 0.0)
        for k in range(n):
            t = k / n
            d = s + seg * t
            taper = min(1.0, d / 1.2, (total - d) / 1.2)
            wiggle = 0.75 * _smooth_noise(coarse, d, 1.6) + 0.35 * _smooth_noise(fine, d, 0.55)
            off = amp * taper * wiggle
            pts.append((x0 + (x1 - x0) * t + nx * off, y0 + (y1 - y0) * t + ny * off))
        s += seg
    pts.append(line[-1])
    return tuple(pts)
