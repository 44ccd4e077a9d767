"""Exact battle odds: one roll, and a whole attack fought to the end (a Markov chain). No pygame.

Both the computer generals and the battle panel use these numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, cache
from itertools import product

from game.engine.dice import compare


@cache
def roll_outcomes(attacker_dice: int, defender_dice: int) -> dict[tuple[int, int], Fraction]:
    """Exact chance of each (attacker losses, defender losses) for one roll.

    Enumerates every face combination (at most 6**5 = 7776), so the numbers are exact:
    3 dice against 2 give 2890/7776 defender loses two, 2611/7776 one each, 2275/7776
    attacker loses two.
    """
    if not 1 <= attacker_dice <= 3 or not 1 <= defender_dice <= 2:
        raise ValueError("attacker rolls 1-3 dice, defender 1-2")
    counts: dict[tuple[int, int], int] = {}
    for faces in product(range(1, 7), repeat=attacker_dice + defender_dice):
        outcome = compare(faces[:attacker_dice], faces[attacker_dice:])
        counts[outcome] = counts.get(outcome, 0) + 1
    total = 6 ** (attacker_dice + defender_dice)
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


@cache
def _float_outcomes(attacker_dice: int, defender_dice: int) -> tuple[tuple[int, int, float], ...]:
    return tuple((a, d, float(p)) for (a, d), p in roll_outcomes(attacker_dice, defender_dice).items())


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """What fighting to the end (max dice each roll, until conquest or one army left) gives."""

    attacker_armies: int
    defender_armies: int
    win_probability: float
    expected_attacker_losses: float
    expected_defender_losses: float
    # survivors[k]: chance the attack conquers with k armies left in the source territory
    # before moving in (k >= 1); sums to win_probability.
    survivors: tuple[float, ...]


def attack_odds(attacker_armies: int, defender_armies: int) -> AttackOdds:
    """Exact odds of an attack from a territory holding `attacker_armies` (one must stay behind)
    on one holding `defender_armies`, each side rolling as many dice as it may every time."""
    if attacker_armies < 1 or defender_armies < 0:
        raise ValueError("armies must be positive")
    return _attack_odds(attacker_armies, defender_armies)


@lru_cache(maxsize=65536)
def _attack_odds(attacker_armies: int, defender_armies: int) -> AttackOdds:
    A, D = attacker_armies, defender_armies
    if D == 0:
        survivors = [0.0] * (A + 1)
        survivors[A] = 1.0
        return AttackOdds(A, D, 1.0, 0.0, 0.0, tuple(survivors))
    # mass[a][d]: chance the fight passes through (a attacker armies, d defenders).
    mass = [[0.0] * (D + 1) for _ in range(A + 1)]
    mass[A][D] = 1.0
    tables = {(ad, dd): _float_outcomes(ad, dd) for ad in (1, 2, 3) for dd in (1, 2)}
    win = 0.0
    exp_att_left = 0.0
    exp_def_left = 0.0
    survivors = [0.0] * (A + 1)
    # Every roll lowers a + d, so visiting states by falling total sees each one complete.
    for total in range(A + D, 1, -1):
        lo = max(1, total - D)
        hi = min(A, total)
        for a in range(hi, lo - 1, -1):
            d = total - a
            row = mass[a]
            p = row[d]
            if p == 0.0:
                continue
            if d == 0:
                win += p
                survivors[a] += p
                exp_att_left += p * a
                continue
            if a == 1:
                exp_att_left += p
                exp_def_left += p * d
                continue
            for la, ld, q in tables[(3 if a > 3 else a - 1, 2 if d > 1 else 1)]:
                mass[a - la][d - ld] += p * q
    return AttackOdds(
        A, D, win, A - exp_att_left, D - exp_def_left, tuple(survivors)
    )
