"""The build's checks reject maps that disagree with the board (pure Python, no pyshp)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from mapbuild.checks import MIN_ROOM, check_map

IDS = ["a", "b", "c"]
BORDERS = {frozenset(("a", "b")), frozenset(("b", "c"))}
GOOD = {
    "areas": {"a": 900, "b": 900, "c": 900},
    "anchors": {t: (10, 10, MIN_ROOM) for t in IDS},
    "anchor_owner": {t: t for t in IDS},
    "touching": {frozenset(("a", "b"))},
}


def _problems(**changes: object) -> list[str]:
    args = {**GOOD, **changes}
    return check_map(IDS, BORDERS, **args)  # type: ignore[arg-type]


def test_a_map_that_matches_the_board_passes() -> None:
    assert _problems() == []


def test_a_territory_missing_from_the_mask_fails() -> None:
    assert _problems(areas={"a": 900, "b": 900}) == ["c: missing from the mask"]


def test_an_anchor_on_another_territory_fails() -> None:
    assert "lies on b" in _problems(anchor_owner={"a": "b", "b": "b", "c": "c"})[0]


def test_a_territory_too_small_to_hold_a_badge_fails() -> None:
    anchors = {**GOOD["anchors"], "c": (10, 10, MIN_ROOM - 1)}  # type: ignore[dict-item]
    assert "room" in _problems(anchors=anchors)[0]


def test_touching_without_a_board_border_fails() -> None:
    found = _problems(touching={frozenset(("a", "c"))})
    assert found == ["a and c touch on the mask but share no border on the board"]
