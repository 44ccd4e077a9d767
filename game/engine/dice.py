"""Dice: rolling from the game's own RNG and comparing a battle. No pygame."""

from __future__ import annotations

import random


def roll(rng: random.Random, count: int) -> tuple[int, ...]:
    """`count` dice, highest first (that is the order they are compared in)."""
    return tuple(sorted((rng.randint(1, 6) for _ in range(count)), reverse=True))


def compare(attacker: tuple[int, ...], defender: tuple[int, ...]) -> tuple[int, int]:
    """(attacker losses, defender losses): highest against highest; ties go to the defender."""
    attacker_losses = defender_losses = 0
    for a, d in zip(sorted(attacker, reverse=True), sorted(defender, reverse=True), strict=False):
        if a > d:
            defender_losses += 1
        else:
            attacker_losses += 1
    return attacker_losses, defender_losses
