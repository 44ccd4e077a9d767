"""The frozen `baseline2` general still decides exactly as the Good of its freeze did.

tests/ai/fixtures/baseline2_positions.json was recorded from Good before issue 27 changed it
(tests/ai/fixtures/record_baseline.py --fixture baseline2): positions from every game type,
two to six players, a neutral, variants, and Good's choice in each.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai import ALL_LEVELS, LEVELS, make_general
from game.engine.actions import action_from_dict
from tests.ai.positions import recorded_position

FIXTURE = Path(__file__).parent / "fixtures" / "baseline2_positions.json"
CASES: list[dict[str, Any]] = json.loads(FIXTURE.read_text())


def test_the_fixture_covers_every_game_type_player_count_and_phase() -> None:
    assert {c["game_type"] for c in CASES} == {"us_full", "uk_full", "uk_short", "us_short"}
    assert {len(c["state"]["players"]) for c in CASES} == {2, 3, 4, 5, 6}
    assert any(p["is_neutral"] for c in CASES for p in c["state"]["players"])
    phases = {c["phase"] for c in CASES}
    assert {"CLAIM", "PLACE", "REINFORCE", "ATTACK", "OCCUPY", "DEFEND", "ADVANTAGE"} <= phases


@pytest.mark.parametrize("index", range(len(CASES)))
def test_baseline2_decides_as_the_good_of_its_freeze(index: int) -> None:
    case = CASES[index]
    game = recorded_position(case)
    assert game.to_move == case["seat"]
    chosen = make_general("baseline2", case["seat"], case["seed"]).choose(game)
    assert chosen == action_from_dict(case["action"])


def test_baseline2_is_a_bench_level_not_a_setup_screen_level() -> None:
    assert "baseline2" in ALL_LEVELS and "baseline2" not in LEVELS
