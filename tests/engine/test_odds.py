"""Exact odds."""

from fractions import Fraction

import pytest

from game.engine.odds import attack_odds, roll_outcomes


def test_three_dice_against_two_give_the_classic_exact_fractions():
    outcomes = roll_outcomes(3, 2)
    assert outcomes[(0, 2)] == Fraction(2890, 7776)
    assert outcomes[(1, 1)] == Fraction(2611, 7776)
    assert outcomes[(2, 0)] == Fraction(2275, 7776)


def test_one_die_against_one_the_attacker_wins_15_in_36():
    assert roll_outcomes(1, 1) == {(0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)}


@pytest.mark.parametrize("a,d", [(a, d) for a in (1, 2, 3) for d in (1, 2)])
def test_each_roll_distribution_sums_to_one(a, d):
    assert sum(roll_outcomes(a, d).values()) == 1


def test_attack_from_two_armies_on_one_is_a_single_die():
    assert attack_odds(2, 1).win_probability == pytest.approx(15 / 36)


def test_attack_from_three_on_one_is_two_dice_then_one():
    p2 = 125 / 216  # two dice beat one die
    assert attack_odds(3, 1).win_probability == pytest.approx(p2 + (1 - p2) * 15 / 36)


def test_attack_from_one_army_never_wins_and_nothing_to_conquer_always_wins():
    assert attack_odds(1, 3).win_probability == 0
    assert attack_odds(5, 0).win_probability == 1


def test_survivor_distribution_sums_to_the_win_probability_and_losses_are_consistent():
    odds = attack_odds(12, 4)
    assert sum(odds.survivors) == pytest.approx(odds.win_probability)
    assert odds.win_probability == pytest.approx(0.972, abs=0.001)
    assert 0 < odds.expected_attacker_losses < 11
    assert 0 < odds.expected_defender_losses <= 4


def test_hundred_against_hundred_is_computed_exactly_and_quickly_enough_to_be_used():
    odds = attack_odds(100, 100)
    assert 0.7 < odds.win_probability < 0.9


def test_more_attackers_never_lower_the_odds():
    values = [attack_odds(a, 5).win_probability for a in range(2, 30)]
    assert values == sorted(values)
