"""Scanline polygon filling into row spans, in pure Python so output never depends on a library.

A pixel belongs to a polygon when its centre is inside (even-odd rule). Spans are half-open
(x0, x1) column ranges per row; intersecting span lists is how board splits clip countries.
"""

from __future__ import annotations

import math

Spans = list[list[tuple[int, int]]]
PixelRing = list[tuple[float, float]]


def fill_spans(rings: list[PixelRing], width: int, height: int) -> Spans:
    """Rasterise rings (pixel coordinates) with the even-odd rule into per-row spans."""
    crossings: list[list[float]] = [[] for _ in range(height)]
    for ring in rings:
        n = len(ring)
        for i in range(n):
            x0, y0 = ring[i]
            x1, y1 = ring[(i + 1) % n]
            if y0 == y1:
                continue
            if y0 > y1:
                x0, y0, x1, y1 = x1, y1, x0, y0
            first = max(0, math.ceil(y0 - 0.5))
            last = min(height - 1, math.ceil(y1 - 0.5) - 1)
            slope = (x1 - x0) / (y1 - y0)
            for row in range(first, last + 1):
                crossings[row].append(x0 + (row + 0.5 - y0) * slope)
    spans: Spans = []
    for xs in crossings:
        xs.sort()
        row_spans: list[tuple[int, int]] = []
        for a, b in zip(xs[0::2], xs[1::2], strict=True):
            start = max(0, math.ceil(a - 0.5))
            end = min(width, math.ceil(b - 0.5))
            if end > start:
                row_spans.append((start, end))
        spans.append(row_spans)
    return spans


def intersect_spans(a: Spans, b: Spans) -> Spans:
    """Row-wise intersection of two span lists (both sorted, non-overlapping per row)."""
    out: Spans = []
    for ra, rb in zip(a, b, strict=True):
        row: list[tuple[int, int]] = []
        i = j = 0
        while i < len(ra) and j < len(rb):
            s = max(ra[i][0], rb[j][0])
            e = min(ra[i][1], rb[j][1])
            if e > s:
                row.append((s, e))
            if ra[i][1] < rb[j][1]:
                i += 1
            else:
                j += 1
        out.append(row)
    return out


def paint_spans(buf: bytearray, width: int, spans: Spans, value: int) -> None:
    """Write 'value' into every pixel covered by the spans."""
    for y, row in enumerate(spans):
        base = y * width
        for s, e in row:
            buf[base + s : base + e] = bytes((value,)) * (e - s)
