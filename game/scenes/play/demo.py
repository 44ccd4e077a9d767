"""The attract mode's games: computer generals in every seat, a new game after each victory.

(`start_demo`, which opens the play screen on one, is in screen.py.)
"""

from __future__ import annotations

import random
from game.engine import Game, GameConfig, PlayerSpec

DEMO_NAMES = ("Napoleon", "Hannibal", "Genghis", "Caesar", "Alexander", "Boudicca")
DEMO_TYPES = ("uk_full", "us_full", "uk_short", "us_short")


def demo_game(seed: int) -> Game:
    """A 4-6 player game with computer generals in every seat, all chosen from the seed."""
    rng = random.Random(seed)
    count = rng.randint(4, 6)
    levels = ("easy", "standard", "good")
    from game.engine.config import COLOURS  # noqa: PLC0415

    players = [PlayerSpec(DEMO_NAMES[i], COLOURS[i], rng.choice(levels)) for i in range(count)]
    config = GameConfig.preset(rng.choice(DEMO_TYPES), players)
    return Game.new(config, seed)


def next_demo_seed(seed: int) -> int:
    return random.Random(seed).randrange(1, 2**31)
