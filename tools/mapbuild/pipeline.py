"""The whole build: read sources, rasterise, check, measure, paint, write the outputs."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from . import classic
from .analysis import (
    best_anchor,
    chessboard_distance,
    coast_pixels,
    nearest_coast,
    nearest_pair,
    region_stats,
    touching_pairs,
)
from .checks import MapCheckError, check_map
from .geometry import label_raster, make_frame
from .paint import CONTINENT_SHADES, FULL_STYLE, WORLD_STYLE, make_palette, paint
from .png import write_png
from .project import project_point
from .shades import assign_shades
from .source import read_countries

TOOLS_DIR = Path(__file__).resolve().parent.parent
REPO_DIR = TOOLS_DIR.parent
SHAPEFILE = TOOLS_DIR / "data" / "naturalearth_lowres" / "naturalearth_lowres.shp"
BOARD = REPO_DIR / "assets" / "maps" / "classic.json"
DEFAULT_OUT = REPO_DIR / "assets" / "maps" / "classic"

MARGIN_PX = 14
# The Full Map fills the screen between the 12 px menu bar and the 28 px message area.
FULL_FIT = (640, 360)
LAYOUT_FORMAT = "conquest-map-layout"
LAYOUT_VERSION = 1

Segment = tuple[float, float, float, float]


def _sea_line(pa: tuple[int, int], pb: tuple[int, int], wrap: int, width: int) -> list[Segment]:
    """One straight line, or two pieces when it leaves one map edge and enters the other."""
    ax, ay = pa
    bx, by = pb[0] + wrap * width, pb[1]
    if wrap == 0:
        return [(ax, ay, bx, by)]
    edge = 0.0 if wrap < 0 else float(width - 1)
    t = (edge - ax) / (bx - ax)
    ey = round(ay + (by - ay) * t, 1)
    other = float(width - 1) - edge
    return [(ax, ay, edge, ey), (other, ey, pb[0], pb[1])]


def _length(segments: list[Segment]) -> float:
    return sum(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 for x0, y0, x1, y1 in segments)


def _downsample(labels: bytearray, w: int, h: int, fw: int, fh: int) -> bytearray:
    """Nearest-pixel downscale of the mask for the Full Map (keeps values exact)."""
    out = bytearray(fw * fh)
    for y in range(fh):
        sy = min(h - 1, int((y + 0.5) * h / fh))
        row = sy * w
        for x in range(fw):
            out[y * fw + x] = labels[row + min(w - 1, int((x + 0.5) * w / fw))]
    return out


def build(out_dir: Path, force: bool = False) -> list[str]:
    """Build every output into out_dir; returns the check problems (empty when all is well).

    With problems and force=False nothing is written and MapCheckError is raised.
    """
    board = json.loads(BOARD.read_text(encoding="utf-8"))
    ids = [t["id"] for t in board["territories"]]
    index = {tid: i for i, tid in enumerate(ids)}
    continent = {t["id"]: t["continent"] for t in board["territories"]}
    borders = {frozenset(b) for b in board["borders"]}

    countries = read_countries(SHAPEFILE)
    frame = make_frame(countries, MARGIN_PX)
    w, h = frame.width, frame.height
    labels = label_raster(countries, frame, index)

    stats = region_stats(labels, w, h)
    dist = chessboard_distance(labels, w, h)
    anchors: dict[str, tuple[int, int, int]] = {}
    owner: dict[str, str | None] = {}
    for tid in ids:
        st = stats.get(index[tid] + 1)
        if st is None:
            continue
        anchors[tid] = best_anchor(labels, dist, w, index[tid] + 1, st)
        v = labels[anchors[tid][1] * w + anchors[tid][0]]
        owner[tid] = ids[v - 1] if v else None
    touching = {frozenset((ids[a - 1], ids[b - 1])) for a, b in touching_pairs(labels, w, h)}
    areas = {ids[v - 1]: st.area for v, st in stats.items()}
    problems = check_map(ids, borders, areas, anchors, owner, touching)
    if problems and not force:
        raise MapCheckError("map checks failed:\n  " + "\n  ".join(problems))

    coasts = coast_pixels(labels, w, h)
    sea_lines = []
    for a, b in board["borders"]:
        if (
            frozenset((a, b)) in touching
            or index[a] + 1 not in coasts
            or index[b] + 1 not in coasts
        ):
            continue
        ca, cb = coasts[index[a] + 1], coasts[index[b] + 1]
        via = classic.SEA_LINE_VIA.get((a, b))
        if via:
            pts = [
                frame.to_px(*project_point(lon, lat, classic.WARPS, classic.SQUEEZE))
                for lon, lat in via
            ]
            path = [nearest_coast(ca, *pts[0]), *pts, nearest_coast(cb, *pts[-1])]
            segs = [(p[0], p[1], q[0], q[1]) for p, q in itertools.pairwise(path)]
            sea_lines.append({"a": a, "b": b, "wraps": False, "segments": segs})
            continue
        pa, pb, wrap = nearest_pair(ca, cb, labels, w, h)
        sea_lines.append(
            {"a": a, "b": b, "wraps": wrap != 0, "segments": _sea_line(pa, pb, wrap, w)}
        )
    dashes = [seg for line in sea_lines for seg in line["segments"]]

    # Territories across a short strait read as neighbours too, so try to shade them apart.
    short = {frozenset((ln["a"], ln["b"])) for ln in sea_lines if _length(ln["segments"]) < 16}
    try:
        shade = assign_shades(ids, continent, touching | short)
    except ValueError:
        shade = assign_shades(ids, continent, touching)
    fills = [CONTINENT_SHADES[continent[tid]][shade[tid]] for tid in ids]
    palette = make_palette(fills)

    out_dir.mkdir(parents=True, exist_ok=True)
    write_png(out_dir / "world.png", w, h, paint(labels, w, h, WORLD_STYLE, dashes), palette)
    write_png(out_dir / "mask.png", w, h, labels)

    k = min(FULL_FIT[0] / w, FULL_FIT[1] / h)
    fw, fh = int(w * k), int(h * k)
    small = _downsample(labels, w, h, fw, fh)
    small_dashes = [tuple(c * k for c in seg) for seg in dashes]
    write_png(
        out_dir / "full_map.png", fw, fh, paint(small, fw, fh, FULL_STYLE, small_dashes), palette
    )
    write_png(out_dir / "full_mask.png", fw, fh, small)

    layout = {
        "format": LAYOUT_FORMAT,
        "version": LAYOUT_VERSION,
        "board": board["id"],
        "world": {"image": "world.png", "mask": "mask.png", "width": w, "height": h},
        "full": {
            "image": "full_map.png",
            "mask": "full_mask.png",
            "width": fw,
            "height": fh,
            "scale": round(k, 6),
        },
        "palette": {"fill": 16, "edge": 64, "border": 112},
        "territories": {
            tid: {
                "mask_value": index[tid] + 1,
                "anchor": [anchors[tid][0], anchors[tid][1]],
                "room": anchors[tid][2],
                "box": list(stats[index[tid] + 1].box),
                "area": stats[index[tid] + 1].area,
            }
            for tid in ids
            if tid in anchors
        },
        "sea_lines": [
            {**line, "segments": [[round(c, 1) for c in seg] for seg in line["segments"]]}
            for line in sea_lines
        ],
    }
    (out_dir / "layout.json").write_text(json.dumps(layout, indent=1) + "\n", encoding="utf-8")
    return problems
