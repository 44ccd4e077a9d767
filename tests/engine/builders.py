"""Builds games from literals for rule tests, with dice that the test scripts."""

from __future__ import annotations

import random
from collections.abc import Iterable

from game.boards import load_board
from game.engine import Game, GameConfig, Phase, PlayerSpec, Variants

BOARD = load_board()
COLOURS = ("red", "blue", "green", "yellow", "black", "pink")
NAMES = ("Alex", "Napoleon", "Hannibal", "Genghis", "Caesar", "Joan")


class ScriptedRng(random.Random):
    """Dice come from a list the test writes; anything else is seeded chance."""

    def __init__(self, dice: Iterable[int] = (), seed: int = 0) -> None:
        super().__init__(seed)
        self.dice = list(dice)

    def randint(self, a: int, b: int) -> int:
        if self.dice:
            value = self.dice.pop(0)
            assert a <= value <= b
            return value
        return super().randint(a, b)


def players(count: int) -> list[PlayerSpec]:
    return [PlayerSpec(NAMES[i], COLOURS[i]) for i in range(count)]


def config(preset: str = "us_full", count: int = 3, **changes: object) -> GameConfig:
    """A standard game, or with `changes` (game_type="custom", ...) one of your own design."""
    base = GameConfig.preset("us_full" if preset == "custom" else preset, players(count))
    if preset == "custom":
        changes = {"game_type": "custom", **changes}
    return base.with_changes(**changes) if changes else base


def build(
    owners: dict[str, int] | None = None,
    armies: dict[str, int] | None = None,
    *,
    count: int = 3,
    game_type: str = "us_full",
    phase: Phase = Phase.ATTACK,
    current: int = 0,
    dice: Iterable[int] = (),
    variants: Variants | None = None,
    reinforcements: int = 0,
    **config_changes: object,
) -> Game:
    """A game mid-turn: territories not named go round-robin to the players, 1 army each.

    The named owners and armies override that; the phase and player are set as asked.
    """
    cfg = config(game_type, count, **config_changes)
    game = Game.new(cfg, seed=1, board=BOARD)
    order = list(BOARD.territories)
    for index, t in enumerate(order):
        game.owner[t] = index % count
        game.armies[t] = 1
    for t, o in (owners or {}).items():
        game.owner[t] = o
    for t, n in (armies or {}).items():
        game.armies[t] = n
    for p in game.players:
        p.hand.clear()
    game.deck = list(BOARD.card_ids)
    game.discard, game.removed = [], []
    game.setup_pool = [0] * len(game.players)
    game.quota = game.neutral_quota = 0
    game.phase = phase
    game.current = current
    game.first_player = 0
    game.turn, game.round = 1, 1
    game.reinforcements = reinforcements
    if variants is not None:
        game.variants = variants
    game.rng = ScriptedRng(dice)
    return game


def give_cards(game: Game, player: int, cards: Iterable[str]) -> None:
    for card in cards:
        game.deck.remove(card)
        game.players[player].hand.append(card)


def events_of(events: list[object], kind: type) -> list[object]:
    return [e for e in events if isinstance(e, kind)]
