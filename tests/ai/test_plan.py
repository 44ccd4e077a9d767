"""Turn planning (chains of conquests) and Good's weights kept as data."""

from __future__ import annotations

import pytest

from game.ai.easy import EASY
from game.ai.evaluate import Situation
from game.ai.good import PROFILES, build_profiles, good_with, load_weights
from game.ai.plan import best_chain, chain_value, expected_survivors
from game.ai.simulate import make_config
from game.ai.standard import STANDARD
from game.ai.view import SeatView
from game.engine import Game

AUSTRALIA = ("indonesia", "new_guinea", "western_australia", "eastern_australia")


def _position(armies: dict[str, int], rest: int = 1) -> Game:
    """A duel where seat 0 holds Siam and seat 1 everything else (armies as given)."""
    game = Game.new(make_config(["good", "good"]), 1)
    for t in game.board.territories:
        game.owner[t] = 1
        game.armies[t] = rest
    game.owner["siam"] = 0
    for t, n in armies.items():
        game.armies[t] = n
    return game


def test_a_chain_through_a_thin_continent_is_worth_more_than_its_first_step() -> None:
    game = _position({"siam": 12, "china": 8, "india": 8})
    sit = Situation(SeatView(game, 0), PROFILES["duel"])
    value, first, onward = best_chain(sit, "siam", 12)
    assert first == "indonesia"  # the way into Australia, not the thick China or India
    alone = best_chain(sit, "siam", 12, depth=1)[0]
    assert value > alone  # the continent two steps on counts
    assert onward > sit.target_value("indonesia")


def test_the_last_territory_of_a_continent_completes_it_in_a_chain() -> None:
    game = _position({"siam": 12})
    sit = Situation(SeatView(game, 0), PROFILES["duel"])
    bonus = sit.info.bonus["australia"] * sit.profile.complete_weight
    taken = AUSTRALIA[:3]
    later = chain_value(sit, AUSTRALIA[3], taken)
    alone = sit.target_value(AUSTRALIA[3])
    card = sit.card_value * sit.profile.card_weight
    broken = sit.info.bonus["australia"] * sit.profile.break_weight  # seat 1 held it all
    # the card came with the first conquest, and so did breaking seat 1's continent
    assert later == pytest.approx(alone - card - broken + bonus)


def test_no_chain_against_a_wall() -> None:
    game = _position({"siam": 3}, rest=20)
    sit = Situation(SeatView(game, 0), PROFILES["duel"])
    assert best_chain(sit, "siam", 3) == (0.0, None, 0.0)


def test_moving_second_in_a_duel_good_plans_sweeps_far_enough_to_see_a_continent() -> None:
    """From Brazil, South America completes three conquests on and Africa (Madagascar
    already ours) five on. The first mover's search stops at four steps and goes for South
    America; moving second, Good searches six steps and wider, and sees Africa's bigger
    bonus (behind in tempo, the second mover gains by sweeping deep; see good.json)."""
    game = _position({}, rest=1)
    game.owner["siam"] = 1
    game.owner["brazil"] = 0
    game.armies["brazil"] = 25
    for t in ("iceland", "japan", "eastern_australia", "greenland", "madagascar"):
        game.owner[t] = 0  # no continent wholly the rival's: no break to chase
    short, deep = PROFILES["duel"], PROFILES["duel_second"]
    assert deep.chain_depth > short.chain_depth and deep.chain_beam > short.chain_beam
    view = SeatView(game, 0)
    assert best_chain(Situation(view, short), "brazil", 25)[1] == "argentina"
    assert best_chain(Situation(view, deep), "brazil", 25)[1] == "north_africa"


def test_expected_survivors_fall_with_the_defence() -> None:
    assert expected_survivors(10, 1) > expected_survivors(10, 5) > 1.0


def test_shipped_weights_load_and_a_typo_is_loud() -> None:
    weights = load_weights()
    assert set(build_profiles(weights)) == set(PROFILES)
    bad = {**weights, "duel": {**weights["duel"], "chain_deph": 2}}
    with pytest.raises(ValueError, match="chain_deph"):
        build_profiles(bad)
    tuned = good_with({**weights, "duel": {**weights["duel"], "chain_depth": 1}})
    assert tuned.profiles["duel"].chain_depth == 1
    assert PROFILES["duel"].chain_depth != 1


def test_standard_and_easy_do_not_plan_turns() -> None:
    assert STANDARD.chain_depth == 0 and EASY.chain_depth == 0
    assert PROFILES["duel"].chain_depth >= 2
