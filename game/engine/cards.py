"""Card sets and their values (rising and fixed). No pygame."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from game.engine.board import CARD_KINDS, WILD

RISING_VALUES = (4, 6, 8, 10, 12, 15)
RISING_STEP = 5
FIXED_VALUES = {"artillery": 4, "infantry": 6, "cavalry": 8}
FIXED_MIXED_VALUE = 10


def rising_value(sets_traded_before: int) -> int:
    """Value of the (n+1)-th set traded in the game: 4, 6, 8, 10, 12, 15, then +5 each."""
    if sets_traded_before < len(RISING_VALUES):
        return RISING_VALUES[sets_traded_before]
    return RISING_VALUES[-1] + RISING_STEP * (sets_traded_before - len(RISING_VALUES) + 1)


def _resolutions(kinds: Sequence[str]) -> list[tuple[str, ...]]:
    """Every way the wild cards among `kinds` can stand in for a suit."""
    options = [CARD_KINDS if k == WILD else (k,) for k in kinds]
    return list(product(*options))


def is_valid_set(kinds: Sequence[str]) -> bool:
    """Three of a suit, one of each, or any two with a wild."""
    if len(kinds) != 3:
        return False
    return any(len(set(r)) in (1, 3) for r in _resolutions(kinds))


def fixed_value(kinds: Sequence[str]) -> int:
    """The UK fixed value of a set; a wild counts as whatever makes the set worth most."""
    best = 0
    for resolved in _resolutions(kinds):
        suits = set(resolved)
        if len(suits) == 3:
            best = max(best, FIXED_MIXED_VALUE)
        elif len(suits) == 1:
            best = max(best, FIXED_VALUES[resolved[0]])
    if best == 0:
        raise ValueError("not a valid set")
    return best


def valid_sets(hand: Sequence[str], kind_of: dict[str, str]) -> list[tuple[str, str, str]]:
    """All valid sets in a hand, in hand order (a hand holds at most a dozen cards)."""
    found = []
    for trio in combinations(hand, 3):
        if is_valid_set([kind_of[c] for c in trio]):
            found.append((trio[0], trio[1], trio[2]))
    return found
