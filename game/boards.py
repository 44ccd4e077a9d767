"""Reads board data files from assets/maps; the engine itself does no file I/O."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from game.engine.board import WorldMap

MAPS_DIR = Path(__file__).resolve().parent.parent / "assets" / "maps"


@cache
def load_board(name: str = "classic") -> WorldMap:
    """The named board, read once: boards are frozen, so one copy serves every game."""
    with open(MAPS_DIR / f"{name}.json", encoding="utf-8") as handle:
        return WorldMap.from_dict(json.load(handle))
