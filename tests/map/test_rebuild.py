"""Rebuilding the art from the committed sources gives the committed bytes (slow: needs pyshp)."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "assets" / "maps" / "classic"


def _digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


@pytest.mark.slow
def test_rebuild_is_byte_identical_to_the_committed_art(tmp_path: Path) -> None:
    pytest.importorskip("shapefile")
    sys.path.insert(0, str(ROOT / "tools"))
    from mapbuild.pipeline import build

    assert build(tmp_path) == []
    assert _digests(tmp_path) == _digests(COMMITTED)
