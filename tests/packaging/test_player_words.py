"""`conquest --help` speaks to players: no tracker numbers, commits or library internals."""

from __future__ import annotations

import re

from game.cli import build_parser

INTERNAL = re.compile(r"\bissue\b|#\d+|\bcommit\b|\bSDL\b|game/|\.py\b", re.IGNORECASE)


def test_help_has_no_tracker_numbers_or_internal_names() -> None:
    text = build_parser().format_help()
    assert INTERNAL.findall(text) == []
    assert "baseline" in text  # the measuring levels are still named, in words a player reads
