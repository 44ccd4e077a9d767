"""The seat-by-seat paired runner (tools/paired.py): the candidate sits where it is asked to."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import paired  # noqa: E402

from game.ai.good import load_weights  # noqa: E402
from game.ai.simulate import seating  # noqa: E402


@pytest.mark.parametrize(("seat", "players", "position"),
                         [("first", 2, 0), ("second", 2, 1), ("3", 4, 2), ("second", 4, 1)])
def test_the_candidate_moves_at_the_position_asked(seat: str, players: int,
                                                   position: int) -> None:
    levels = ("candidate",) + ("baseline2",) * (players - 1)
    for game in range(6):
        for first in range(players):
            seated = seating(levels, paired.rotation(seat, game, players), first)
            assert seated[(first + position) % players] == "candidate"


def test_all_seats_take_turns_at_moving_first() -> None:
    firsts = {paired.rotation("all", game, 4) for game in range(4)}
    assert len(firsts) == 4


def test_neutral_types_are_full_games_with_a_neutral_army() -> None:
    assert paired._engine_type("uk_neutral") == ("uk_full", True)
    assert paired._engine_type("us_short") == ("us_short", False)


def test_the_same_deal_gives_the_same_game_for_the_same_weights() -> None:
    blob = json.dumps(load_weights(), sort_keys=True)
    task = ("us_full", blob, ("candidate", "easy"), paired.rotation("second", 0, 2), 107_990_001)
    assert paired.play(task) == paired.play(task)
    assert paired.play(task)[0] == "us_full"
