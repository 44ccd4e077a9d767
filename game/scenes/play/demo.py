"""The attract mode: computer generals in every seat, a new game after each victory."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.engine import Game, GameConfig, PlayerSpec

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene

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


def start_demo(app: App, seed: int, fast: bool) -> Scene:
    """The attract mode: computers play every seat; a new game follows each victory."""
    from game.scenes.play.screen import PlayScene  # noqa: PLC0415 - the play screen imports this

    scene = PlayScene(app, demo_game(seed), demo=True)
    scene.demo_fast = fast
    return scene


def next_demo_seed(seed: int) -> int:
    return random.Random(seed).randrange(1, 2**31)
