"""Knock-out planning (game/ai/hunt.py) and the free move that shores up a threatened border."""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.evaluate import Situation
from game.ai.good import PROFILES
from game.ai.hunt import best_kill, plan_kill
from game.ai.manoeuvre import choose_fortify
from game.ai.placement import plan_placement
from game.ai.view import SeatView
from game.engine import Phase
from tests.ai.positions import three_players


def test_a_weak_player_beside_our_stack_can_be_knocked_out() -> None:
    game = three_players({"indonesia": 2, "new_guinea": 1}, {"siam": 10})
    sit = Situation(SeatView(game, 0), PROFILES["base"])
    plan = plan_kill(sit, 1, 0)
    assert plan is not None and plan.victim == 1
    assert plan.stages == ()  # Siam's ten are enough without new armies
    assert best_kill(sit, 0) == plan


def test_new_armies_make_up_what_the_stack_lacks_and_go_there_first() -> None:
    game = three_players({"indonesia": 6, "new_guinea": 5}, {"siam": 4, "alaska": 2})
    sit = Situation(SeatView(game, 0), PROFILES["base"])
    assert plan_kill(sit, 1, 0) is None
    plan = plan_kill(sit, 1, 20)
    assert plan is not None
    (stage, lack), = plan.stages
    assert stage == "siam" and 0 < lack <= 20
    sit.kill = plan
    placed = dict(plan_placement(sit, 20, random.Random(1)))
    assert placed.get("siam", 0) >= lack


def test_a_player_out_of_reach_is_not_hunted() -> None:
    # the victim's land touches none of ours
    game = three_players({"indonesia": 1}, {"alaska": 30})
    sit = Situation(SeatView(game, 0), PROFILES["base"])
    assert plan_kill(sit, 1, 50) is None
    assert best_kill(sit, 50) is None


def test_each_territory_of_a_player_we_can_finish_is_worth_more() -> None:
    armies = {"indonesia": 2, "new_guinea": 1}
    game = three_players(armies, {"siam": 12})
    sit = Situation(SeatView(game, 0), PROFILES["base"])
    assert sit.kill is not None
    game_far = three_players(armies, {"siam": 2})
    far = Situation(SeatView(game_far, 0), PROFILES["base"])
    assert far.kill is None
    assert sit.target_value("indonesia") > far.target_value("indonesia")


def test_the_free_move_shores_up_a_threatened_border() -> None:
    """Kamchatka and Irkutsk face big stacks; Yakutsk beside them has spare armies; a stack
    of two in quiet Australia could also walk a step. With fortify_threat a border comes
    first."""
    australia = {"eastern_australia": 2, "western_australia": 1, "new_guinea": 1,
                 "indonesia": 1}
    game = three_players({"alaska": 12, "siberia": 1},
                          {"kamchatka": 2, "yakutsk": 9, "irkutsk": 1, "japan": 1, **australia})
    game.phase = Phase.FORTIFY
    sit = Situation(SeatView(game, 0), PROFILES["base"])
    assert sit.profile.fortify_threat > 0
    move = choose_fortify(sit, random.Random(1), 0)
    assert move is not None and move.source == "yakutsk"  # spare armies, to a border short
    assert move.target in ("kamchatka", "irkutsk") and sit.threat(move.target) > 5
    rear_first = Situation(SeatView(game, 0), replace(PROFILES["base"], fortify_threat=0.0))
    move = choose_fortify(rear_first, random.Random(1), 0)
    assert move is not None and move.source == "eastern_australia"
