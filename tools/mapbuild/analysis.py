"""Measurements on the label raster: distances, touching pairs, anchors, boxes, areas."""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass


def chessboard_distance(labels: bytes | bytearray, width: int, height: int) -> list[int]:
    """Per pixel: steps to the nearest pixel with another label (the image edge counts as other).

    Two raster passes; the value is how big a square around the pixel stays inside its region,
    which is what an army badge needs.
    """
    big = width + height
    d = [0] * (width * height)
    for y in range(height):
        base = y * width
        for x in range(width):
            i = base + x
            v = labels[i]
            if x == 0 or y == 0 or x == width - 1 or y == height - 1:
                d[i] = 1
                continue
            best = big
            for j in (i - 1, i - width - 1, i - width, i - width + 1):
                if labels[j] != v:
                    best = 1
                    break
                best = min(best, d[j] + 1)
            d[i] = best
    for y in range(height - 2, 0, -1):
        base = y * width
        for x in range(width - 2, 0, -1):
            i = base + x
            best = d[i]
            if best == 1:
                continue
            v = labels[i]
            for j in (i + 1, i + width - 1, i + width, i + width + 1):
                if labels[j] != v:
                    best = 1
                    break
                best = min(best, d[j] + 1)
            d[i] = best
    return d


def touching_pairs(labels: bytes | bytearray, width: int, height: int) -> set[tuple[int, int]]:
    """Pairs of land values that meet, counting diagonal contact (it looks like touching)."""
    pairs: set[tuple[int, int]] = set()
    for y in range(height - 1):
        base = y * width
        for x in range(width):
            a = labels[base + x]
            if not a:
                continue
            for j in (base + x + 1, base + x + width, base + x + width + 1, base + x + width - 1):
                if x == width - 1 and j in (base + x + 1, base + x + width + 1):
                    continue
                if x == 0 and j == base + x + width - 1:
                    continue
                b = labels[j]
                if b and b != a:
                    pairs.add((min(a, b), max(a, b)))
    return pairs


@dataclass
class RegionStats:
    """Pixel count, bounding box (x0, y0, x1, y1 inclusive) and centroid of one label."""

    area: int
    box: tuple[int, int, int, int]
    cx: float
    cy: float


def region_stats(labels: bytes | bytearray, width: int, height: int) -> dict[int, RegionStats]:
    """Area, box and centroid for every non-zero label."""
    acc: dict[int, list[int]] = {}
    for y in range(height):
        row = labels[y * width : (y + 1) * width]
        for x, v in enumerate(row):
            if v:
                a = acc.get(v)
                if a is None:
                    acc[v] = [1, x, y, x, y, x, y]
                else:
                    a[0] += 1
                    a[1] = min(a[1], x)
                    a[3] = max(a[3], x)
                    a[4] = y
                    a[5] += x
                    a[6] += y
    return {
        v: RegionStats(a[0], (a[1], a[2], a[3], a[4]), a[5] / a[0], a[6] / a[0])
        for v, a in sorted(acc.items())
    }


def best_anchor(
    labels: bytes | bytearray, dist: list[int], width: int, value: int, stats: RegionStats
) -> tuple[int, int, int]:
    """The badge point: among the roomiest pixels, the one nearest the territory's centroid.

    Returns (x, y, room) where room is the chessboard distance at that point.
    """
    x0, y0, x1, y1 = stats.box
    top = 0
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            i = y * width + x
            if labels[i] == value and dist[i] > top:
                top = dist[i]
    # Room beyond a badge's half-width (12 px) matters less than being central.
    floor = min(top, 12)
    best: tuple[float, int, int] | None = None
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            i = y * width + x
            if labels[i] == value and dist[i] >= floor:
                key = ((x - stats.cx) ** 2 + (y - stats.cy) ** 2, y, x)
                if best is None or key < best:
                    best = key
    assert best is not None
    return best[2], best[1], dist[best[1] * width + best[2]]


def chamfer_to_targets(is_target: bytes | bytearray, width: int, height: int) -> list[int]:
    """Chamfer (3-4) distance from every pixel to the nearest target pixel, in thirds of a pixel.

    Rounder than chessboard distance, so the sea glow hugs coasts like a soft halo.
    """
    inf = 3 * (width + height)
    d = [0 if t else inf for t in is_target]
    for y in range(height):
        base = y * width
        for x in range(width):
            i = base + x
            v = d[i]
            if v == 0:
                continue
            if x > 0 and d[i - 1] + 3 < v:
                v = d[i - 1] + 3
            if y > 0:
                j = i - width
                v = min(v, d[j] + 3)
                if x > 0 and d[j - 1] + 4 < v:
                    v = d[j - 1] + 4
                if x < width - 1 and d[j + 1] + 4 < v:
                    v = d[j + 1] + 4
            d[i] = v
    for y in range(height - 1, -1, -1):
        base = y * width
        for x in range(width - 1, -1, -1):
            i = base + x
            v = d[i]
            if v == 0:
                continue
            if x < width - 1 and d[i + 1] + 3 < v:
                v = d[i + 1] + 3
            if y < height - 1:
                j = i + width
                v = min(v, d[j] + 3)
                if x < width - 1 and d[j + 1] + 4 < v:
                    v = d[j + 1] + 4
                if x > 0 and d[j - 1] + 4 < v:
                    v = d[j - 1] + 4
            d[i] = v
    return d


def coast_pixels(labels: bytes | bytearray, width: int, height: int) -> dict[int, list[tuple[int, int]]]:
    """Land pixels next to sea (4-neighbours), grouped by label, in raster order."""
    out: dict[int, list[tuple[int, int]]] = {}
    for y in range(height):
        base = y * width
        for x in range(width):
            v = labels[base + x]
            if not v:
                continue
            if (
                (x > 0 and not labels[base + x - 1])
                or (x < width - 1 and not labels[base + x + 1])
                or (y > 0 and not labels[base + x - width])
                or (y < height - 1 and not labels[base + x + width])
            ):
                out.setdefault(v, []).append((x, y))
    return out


def _crossings(
    labels: bytes | bytearray,
    width: int,
    height: int,
    pa: tuple[int, int],
    pb: tuple[int, int],
    wrap: int,
) -> int:
    """Land pixels strictly between two coast points (wrapping east-west); 0 = all water."""
    ax, ay = pa
    bx, by = pb[0] + wrap * width, pb[1]
    n = max(abs(bx - ax), abs(by - ay))
    hits = 0
    for k in range(2, n - 1):
        x = round(ax + (bx - ax) * k / n) % width
        y = round(ay + (by - ay) * k / n)
        if 0 <= y < height and labels[y * width + x]:
            hits += 1
    return hits


def nearest_pair(
    a: list[tuple[int, int]],
    b: list[tuple[int, int]],
    labels: bytes | bytearray,
    width: int,
    height: int,
) -> tuple[tuple[int, int], tuple[int, int], int]:
    """The shortest all-water line between two territories' coasts; the map wraps east-west.

    Candidates are tried shortest first, and the first that crosses no land wins (a dashed
    line drawn over a third territory would read as a border with it); failing that, the
    shortest. Returns (pa, pb, wrap) where pb's x should be read as x + wrap * width.
    """

    def all_pairs() -> Iterator[tuple[int, tuple[int, int], tuple[int, int], int]]:
        for ax, ay in a[::2]:
            for bx, by in b[::2]:
                dy = by - ay
                for wrap in (0, -1, 1):
                    dx = bx + wrap * width - ax
                    yield dx * dx + dy * dy, (ax, ay), (bx, by), wrap

    cands = heapq.nsmallest(2000, all_pairs())
    best = cands[0]
    for cand in cands:
        if _crossings(labels, width, height, cand[1], cand[2], cand[3]) == 0:
            best = cand
            break
    # refine around the chosen pair at full resolution, keeping the line on water
    _, pa, pb, wrap = best
    near_a = [p for p in a if abs(p[0] - pa[0]) <= 3 and abs(p[1] - pa[1]) <= 3]
    near_b = [p for p in b if abs(p[0] - pb[0]) <= 3 and abs(p[1] - pb[1]) <= 3]
    clean = _crossings(labels, width, height, pa, pb, wrap) == 0
    for ax, ay in near_a:
        for bx, by in near_b:
            dx = bx + wrap * width - ax
            dy = by - ay
            d = dx * dx + dy * dy
            if d < best[0] and (
                not clean or _crossings(labels, width, height, (ax, ay), (bx, by), wrap) == 0
            ):
                best = (d, (ax, ay), (bx, by), wrap)
    return best[1], best[2], best[3]


def nearest_coast(points: list[tuple[int, int]], x: float, y: float) -> tuple[int, int]:
    """The coast pixel closest to (x, y), first in raster order on ties."""
    return min(points, key=lambda p: ((p[0] - x) ** 2 + (p[1] - y) ** 2, p[1], p[0]))
