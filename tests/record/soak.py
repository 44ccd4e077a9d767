"""Seeded computer-only games of every type, shared by the record, log and luck tests."""

from __future__ import annotations

from collections.abc import Iterator

from game.ai.simulate import GAME_TYPES, make_config, play_game
from game.engine import Game, Variants

VARIANTS = (
    Variants(),
    Variants(attack_advantage=True, computer_advantage=True, supply_lines=True),
    Variants(army_limit=12, low_exchange_rate=True),
)
LEVEL_SETS = (("good", "standard"), ("easy", "standard", "good"),
              ("standard", "easy", "easy", "good", "standard", "easy"))


def soak_games(seeds: int, max_turns: int = 120) -> Iterator[tuple[str, Game]]:
    """(label, finished game) for every game type, with and without neutral and variants."""
    for game_type in GAME_TYPES:
        for s in range(seeds):
            levels = LEVEL_SETS[s % len(LEVEL_SETS)]
            variants = VARIANTS[s % len(VARIANTS)]
            neutral = False
            if s % 4 == 3:
                levels, neutral = ("good", "easy"), True
            if game_type.endswith("short") or variants.low_exchange_rate:
                # low exchange rate needs increasing sets; short UK games use fixed values
                variants = Variants(attack_advantage=variants.attack_advantage,
                                    computer_advantage=variants.computer_advantage)
            config = make_config(levels, game_type, neutral=neutral, variants=variants)
            seed = 1000 + 17 * s
            result = play_game(config, seed, max_turns)
            assert result.final is not None
            yield f"{game_type}/{'-'.join(levels)}/seed{seed}", result.final
