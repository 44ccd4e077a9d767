"""Positions for the generals' unit tests, built straight on the engine's state."""

from __future__ import annotations

import random
from typing import Any

from game.ai.simulate import make_config
from game.engine import Game


def three_players(victim: dict[str, int], mine: dict[str, int], rest: int = 3) -> Game:
    """A US full game of three Goods: seat 2 holds everything except `mine` (seat 0) and
    `victim` (seat 1), armies as given."""
    game = Game.new(make_config(["good", "good", "good"], "us_full"), 1)
    for t in game.board.territories:
        game.owner[t] = 2
        game.armies[t] = rest
    for owner, armies in ((0, mine), (1, victim)):
        for t, n in armies.items():
            game.owner[t] = owner
            game.armies[t] = n
    return game


def recorded_position(case: dict[str, Any]) -> Game:
    """A position of a recorded-decisions fixture (tests/ai/fixtures/record_baseline.py): its
    state with a fresh dice RNG from its seed put back (the fixture leaves the RNG out)."""
    state = dict(case["state"])
    version, internal, gauss = random.Random(case["seed"]).getstate()
    state["rng"] = {"version": version, "state": list(internal), "gauss": gauss}
    return Game.from_dict(state)
