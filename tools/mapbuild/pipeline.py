"""The whole build: read sources, rasterise, check, measure, paint, write the outputs."""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import classic
from .analysis import (
    best_anchor,
    chessboard_distance,
    coast_pixels,
    nearest_coast,
    nearest_pair,
    RegionStats,
    region_stats,
    touching_pairs,
)
from .checks import MapCheckError, check_map
from .geometry import Frame, label_raster, make_frame
from .paint import (
    BORDER_BASE,
    CONTINENT_SHADES,
    EDGE_BASE,
    FILL_BASE,
    FULL_STYLE,
    RGB,
    WORLD_STYLE,
    make_palette,
    paint,
)
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
    return sum(math.hypot(x1 - x0, y1 - y0) for x0, y0, x1, y1 in segments)


def _downsample(labels: bytearray, w: int, h: int, fw: int, fh: int) -> bytearray:
    """Nearest-pixel downscale of the mask for the Full Map (keeps values exact)."""
    out = bytearray(fw * fh)
    for y in range(fh):
        sy = min(h - 1, int((y + 0.5) * h / fh))
        row = sy * w
        for x in range(fw):
            out[y * fw + x] = labels[row + min(w - 1, int((x + 0.5) * w / fw))]
    return out


@dataclass(frozen=True)
class Board:
    """The parts of the board data the art needs (adjacency only ever comes from here)."""

    id: str
    ids: list[str]
    continent: dict[str, str]
    borders: list[tuple[str, str]]

    @property
    def border_set(self) -> set[frozenset[str]]:
        """Borders as unordered pairs."""
        return {frozenset(b) for b in self.borders}

    def value(self, tid: str) -> int:
        """The territory's mask value: board index + 1 (0 is sea)."""
        return self.ids.index(tid) + 1


@dataclass
class Measures:
    """What the checks and the layout need to know about the label raster."""

    stats: dict[int, RegionStats]
    anchors: dict[str, tuple[int, int, int]]
    anchor_owner: dict[str, str | None]
    touching: set[frozenset[str]]


def read_board(path: Path = BOARD) -> Board:
    """Load the board JSON (read-only input of the build)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    terr = data["territories"]
    return Board(
        id=data["id"],
        ids=[t["id"] for t in terr],
        continent={t["id"]: t["continent"] for t in terr},
        borders=[(a, b) for a, b in data["borders"]],
    )


def measure(labels: bytearray, w: int, h: int, board: Board) -> Measures:
    """Boxes, areas, badge anchors and touching pairs of the label raster."""
    stats = region_stats(labels, w, h)
    dist = chessboard_distance(labels, w, h)
    anchors: dict[str, tuple[int, int, int]] = {}
    owner: dict[str, str | None] = {}
    for tid in board.ids:
        st = stats.get(board.value(tid))
        if st is None:
            continue
        anchors[tid] = best_anchor(labels, dist, w, board.value(tid), st)
        v = labels[anchors[tid][1] * w + anchors[tid][0]]
        owner[tid] = board.ids[v - 1] if v else None
    touching = {frozenset((board.ids[a - 1], board.ids[b - 1])) for a, b in touching_pairs(labels, w, h)}
    return Measures(stats, anchors, owner, touching)


def sea_lines(
    labels: bytearray, frame: Frame, board: Board, touching: set[frozenset[str]]
) -> list[dict[str, Any]]:
    """A dashed line for every board border whose territories do not touch on the mask."""
    w, h = frame.width, frame.height
    coasts = coast_pixels(labels, w, h)
    lines: list[dict[str, Any]] = []
    for a, b in board.borders:
        if frozenset((a, b)) in touching:
            continue
        ca, cb = coasts[board.value(a)], coasts[board.value(b)]
        via = classic.SEA_LINE_VIA.get((a, b))
        if via:
            pts = [frame.to_px(*project_point(lon, lat, classic.WARPS, classic.SQUEEZE)) for lon, lat in via]
            path = [nearest_coast(ca, *pts[0]), *pts, nearest_coast(cb, *pts[-1])]
            segs = [(p[0], p[1], q[0], q[1]) for p, q in itertools.pairwise(path)]
            lines.append({"a": a, "b": b, "wraps": False, "segments": segs})
            continue
        pa, pb, wrap = nearest_pair(ca, cb, labels, w, h)
        segs = _sea_line(pa, pb, wrap, w)
        lines.append({"a": a, "b": b, "wraps": wrap != 0, "segments": segs})
    return lines


def territory_fills(board: Board, touching: set[frozenset[str]], lines: list[dict[str, Any]]) -> list[RGB]:
    """Continent shade per territory, neighbours apart; a short strait counts as touching."""
    short = {frozenset((ln["a"], ln["b"])) for ln in lines if _length(ln["segments"]) < 16}
    try:
        shade = assign_shades(board.ids, board.continent, touching | short)
    except ValueError:
        shade = assign_shades(board.ids, board.continent, touching)
    return [CONTINENT_SHADES[board.continent[t]][shade[t]] for t in board.ids]


def build(out_dir: Path, force: bool = False) -> list[str]:
    """Build every output into out_dir; returns the check problems (empty when all is well).

    With problems and force=False nothing is written and MapCheckError is raised.
    """
    board = read_board()
    countries = read_countries(SHAPEFILE)
    frame = make_frame(countries, MARGIN_PX)
    w, h = frame.width, frame.height
    labels = label_raster(countries, frame, {t: i for i, t in enumerate(board.ids)})

    m = measure(labels, w, h, board)
    areas = {board.ids[v - 1]: st.area for v, st in m.stats.items()}
    problems = check_map(board.ids, board.border_set, areas, m.anchors, m.anchor_owner, m.touching)
    if problems and not force:
        raise MapCheckError("map checks failed:\n  " + "\n  ".join(problems))

    lines = sea_lines(labels, frame, board, m.touching)
    dashes = [seg for line in lines for seg in line["segments"]]
    palette = make_palette(territory_fills(board, m.touching, lines))

    out_dir.mkdir(parents=True, exist_ok=True)
    write_png(out_dir / "world.png", w, h, paint(labels, w, h, WORLD_STYLE, dashes), palette)
    write_png(out_dir / "mask.png", w, h, labels)

    k = min(FULL_FIT[0] / w, FULL_FIT[1] / h)
    fw, fh = int(w * k), int(h * k)
    small = _downsample(labels, w, h, fw, fh)
    small_dashes = [(x0 * k, y0 * k, x1 * k, y1 * k) for x0, y0, x1, y1 in dashes]
    full_anchors = measure(small, fw, fh, board).anchors
    full_pixels = paint(small, fw, fh, FULL_STYLE, small_dashes)
    write_png(out_dir / "full_map.png", fw, fh, full_pixels, palette)
    write_png(out_dir / "full_mask.png", fw, fh, small)

    layout = {
        "format": LAYOUT_FORMAT,
        "version": LAYOUT_VERSION,
        "board": board.id,
        "world": {"image": "world.png", "mask": "mask.png", "width": w, "height": h},
        "full": {
            "image": "full_map.png",
            "mask": "full_mask.png",
            "width": fw,
            "height": fh,
            "scale": round(k, 6),
        },
        "palette": {"fill": FILL_BASE, "edge": EDGE_BASE, "border": BORDER_BASE},
        "territories": {
            tid: {
                "mask_value": board.value(tid),
                "anchor": [m.anchors[tid][0], m.anchors[tid][1]],
                "full_anchor": [full_anchors[tid][0], full_anchors[tid][1]],
                "room": m.anchors[tid][2],
                "box": list(m.stats[board.value(tid)].box),
                "area": m.stats[board.value(tid)].area,
            }
            for tid in board.ids
            if tid in m.anchors
        },
        "sea_lines": [
            {**line, "segments": [[round(c, 1) for c in seg] for seg in line["segments"]]} for line in lines
        ],
    }
    (out_dir / "layout.json").write_text(json.dumps(layout, indent=1) + "\n", encoding="utf-8")
    return problems
