"""The committed map art agrees with the board: hit testing, anchors, sea lines, sizes."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.mapart import MapArt, load_map_art

BOARD = json.loads(
    (Path(__file__).resolve().parents[2] / "assets" / "maps" / "classic.json").read_text("utf-8")
)
IDS = [t["id"] for t in BOARD["territories"]]
BORDERS = {frozenset(b) for b in BOARD["borders"]}


@pytest.fixture(scope="module")
def art() -> MapArt:
    return load_map_art()


@pytest.mark.parametrize("tid", IDS)
def test_anchor_pixel_belongs_to_its_territory(art: MapArt, tid: str) -> None:
    assert art.territory_at(*art.anchor(tid)) == tid


@pytest.mark.parametrize("tid", IDS)
def test_full_map_anchor_pixel_belongs_to_its_territory(art: MapArt, tid: str) -> None:
    assert art.territory_at(*art.anchor(tid, full=True), full=True) == tid


def test_territory_ids_follow_board_order(art: MapArt) -> None:
    assert list(art.ids) == IDS


@pytest.mark.parametrize("point", [(0, 0), (5, 5), (-1, 10), (10, -1), (100000, 3), (3, 100000)])
def test_sea_and_off_image_points_hold_no_territory(art: MapArt, point: tuple[int, int]) -> None:
    assert art.territory_at(*point) is None


def test_mid_atlantic_and_great_lakes_are_water(art: MapArt) -> None:
    brazil = art.anchor("brazil")
    north_africa = art.anchor("north_africa")
    mid = ((brazil[0] + north_africa[0]) // 2, (brazil[1] + north_africa[1]) // 2)
    assert art.territory_at(*mid) is None
    ontario, eastern_us = art.boxes["ontario"], art.boxes["eastern_united_states"]
    overlap = ontario.clip(eastern_us)
    lake_pixels = sum(
        art.territory_at(x, y) is None
        for x in range(overlap.left, overlap.right)
        for y in range(overlap.top, overlap.bottom)
    )
    assert lake_pixels > 40  # the Great Lakes are water between Ontario and the Eastern US


def test_world_image_is_about_twice_the_map_window(art: MapArt) -> None:
    w, h = art.size
    assert 1000 <= w <= 1150 and 600 <= h <= 720
    assert art.world_surface.get_size() == (w, h)


def test_full_map_fits_the_screen(art: MapArt) -> None:
    fw, fh = art.full_size
    assert fw <= 640 and fh <= 400 and fw >= 600
    assert art.full_map_surface.get_size() == (fw, fh)


def test_every_territory_has_room_for_a_badge(art: MapArt) -> None:
    layout = json.loads(
        (Path(__file__).resolve().parents[2] / "assets/maps/classic/layout.json").read_text("utf-8")
    )
    for tid in IDS:
        x, y = art.anchor(tid)
        for dx in range(-7, 8):
            for dy in range(-7, 8):
                assert art.territory_at(x + dx, y + dy) == tid, (tid, dx, dy)
        assert layout["territories"][tid]["room"] >= 8
        assert art.bounding_box(tid).collidepoint(x, y)
        assert art.area(tid) >= 300


def test_touching_territories_share_a_board_border(art: MapArt) -> None:
    w, h = art.size
    data = art.world.mask_bytes
    seen: set[frozenset[str]] = set()
    for y in range(h - 1):
        row, below = data[y * w : (y + 1) * w], data[(y + 1) * w : (y + 2) * w]
        for x in range(w - 1):
            a = row[x]
            if not a:
                continue
            for b in (row[x + 1], below[x], below[x + 1]):
                if b and b != a:
                    seen.add(frozenset((IDS[a - 1], IDS[b - 1])))
    assert seen <= BORDERS, sorted(map(sorted, seen - BORDERS))
    sea = {frozenset((s.a, s.b)) for s in art.sea_lines}
    assert not (seen & sea)
    assert seen | sea == BORDERS  # every border is visible: shared edge or dashed line


def test_alaska_kamchatka_line_wraps_round_the_map_edge(art: MapArt) -> None:
    (line,) = [s for s in art.sea_lines if {s.a, s.b} == {"alaska", "kamchatka"}]
    assert line.wraps and len(line.segments) == 2
    w = art.size[0]
    xs = sorted(c for seg in line.segments for c in (seg[0], seg[2]))
    assert xs[0] == 0 and xs[-1] == w - 1


def test_territory_surface_is_cropped_to_the_box_and_opaque_at_the_anchor(art: MapArt) -> None:
    surf, topleft = art.territory_surface("iceland", (255, 0, 0, 128))
    assert pygame.Rect(topleft, surf.get_size()) == art.bounding_box("iceland")
    ax, ay = art.anchor("iceland")
    assert surf.get_at((ax - topleft[0], ay - topleft[1])) == pygame.Color(255, 0, 0, 128)
    assert art.territory_surface("iceland", (255, 0, 0, 128))[0] is surf  # cached


def test_territory_mask_on_the_full_map_matches_the_full_mask(art: MapArt) -> None:
    mask, (x0, y0) = art.territory_mask("japan", full=True)
    assert mask.count() > 20
    w, h = mask.get_size()
    for y in range(h):
        for x in range(w):
            if mask.get_at((x, y)):
                assert art.territory_at(x0 + x, y0 + y, full=True) == "japan"


def test_territory_pattern_leaves_the_outside_transparent(art: MapArt) -> None:
    tile = pygame.Surface((6, 8), pygame.SRCALPHA)
    tile.fill((255, 255, 255, 255))
    surf, (_x0, _y0) = art.territory_pattern("madagascar", tile)
    mask, _ = art.territory_mask("madagascar")
    assert surf.get_size() == mask.get_size()
    assert surf.get_at((0, 0)).a == (255 if mask.get_at((0, 0)) else 0)


def test_recoloured_full_map_changes_only_the_named_territory_fill(art: MapArt) -> None:
    img = art.recoloured({"brazil": (255, 0, 0)})
    fill = art.palette_bases[0] + IDS.index("brazil")
    assert tuple(img.get_palette_at(fill))[:3] == (255, 0, 0)
    other = art.palette_bases[0] + IDS.index("peru")
    assert img.get_palette_at(other) == art.full.image.get_palette_at(other)


def test_loading_with_a_display_converts_the_images_but_keeps_the_palette_originals() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 40))
        art = load_map_art()
        assert art.world_surface.get_bitsize() == pygame.display.get_surface().get_bitsize()
        assert art.world.image.get_bitsize() == 8
        assert art.territory_at(*art.anchor("egypt")) == "egypt"
        assert art.recoloured({"egypt": (1, 2, 3)}).get_size() == art.full_size
    finally:
        pygame.display.quit()
