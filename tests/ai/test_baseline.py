"""The frozen `baseline` general still decides exactly as the original Good did.

tests/ai/fixtures/baseline_positions.json was recorded from Good before issue 14 changed it
(tests/ai/fixtures/record_baseline.py): positions from every game type, and Good's choice.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai import ALL_LEVELS, LEVELS, make_general
from game.engine.actions import action_from_dict
from tests.ai.positions import recorded_position

FIXTURE = Path(__file__).parent / "fixtures" / "baseline_positions.json"
CASES: list[dict[str, Any]] = json.loads(FIXTURE.read_text())


def test_the_fixture_covers_every_game_type_and_the_main_phases() -> None:
    assert {c["game_type"] for c in CASES} == {"us_full", "uk_full", "uk_short", "us_short"}
    phases = {c["phase"] for c in CASES}
    assert {"CLAIM", "PLACE", "REINFORCE", "ATTACK", "OCCUPY", "DEFEND"} <= phases


@pytest.mark.parametrize("index", range(len(CASES)))
def test_baseline_decides_as_the_original_good(index: int) -> None:
    case = CASES[index]
    game = recorded_position(case)
    assert game.to_move == case["seat"]
    chosen = make_general("baseline", case["seat"], case["seed"]).choose(game)
    assert chosen == action_from_dict(case["action"])


def test_baseline_is_a_bench_level_not_a_setup_screen_level() -> None:
    assert "baseline" in ALL_LEVELS and "baseline" not in LEVELS
