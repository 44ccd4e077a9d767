"""Computer generals (Easy, Standard, Good) that see only what their seat may see. No pygame.

For the screens::

    from game.ai import make_general
    generals = {seat: make_general(level, seat, game.seed) for seat, level in ...}
    action = generals[game.to_move].choose(game)   # one action, well under 50 ms
    events = game.apply(action)

`choose_action(game, level, rng)` is the same without keeping a general between calls.
"""

from __future__ import annotations

import random

from game.ai.base import Controller, General, general_rng
from game.ai.baseline import BaselineGeneral
from game.ai.baseline2 import Baseline2General
from game.ai.easy import EasyGeneral
from game.ai.good import GoodGeneral
from game.ai.standard import StandardGeneral
from game.engine import Action, Game

GENERALS: dict[str, type[General]] = {
    "easy": EasyGeneral,
    "standard": StandardGeneral,
    "good": GoodGeneral,
}
LEVELS = tuple(GENERALS)
# Levels for benchmarks only (the simulator, bench/league.py), never offered on the setup
# screen: `baseline` is the Good of issue 14's start, frozen in game/ai/baseline/, and
# `baseline2` the Good of issue 27's start, frozen in game/ai/baseline2/.
BENCH_GENERALS: dict[str, type[Controller]] = {"baseline": BaselineGeneral,
                                               "baseline2": Baseline2General}
# What each bench level is, in words for whoever runs the simulator (its --help).
BENCH_HELP: dict[str, str] = {
    "baseline": "a frozen copy of an early Good",
    "baseline2": "a frozen copy of a later Good",
}
ALL_LEVELS = LEVELS + tuple(BENCH_GENERALS)


def make_general(level: str, seat: int, seed: int, rng: random.Random | None = None) -> General:
    """The general of `level` for `seat`; its RNG comes from the game seed and the seat."""
    cls = GENERALS.get(level) or BENCH_GENERALS.get(level)
    if cls is None:
        raise ValueError(f"no computer general called {level!r}; one of {', '.join(ALL_LEVELS)}")
    general: General = cls(seat, seed, rng)  # type: ignore[call-arg]
    return general


def choose_action(game: Game, level: str, rng: random.Random | None = None) -> Action:
    """One action for `game.to_move` by a fresh general of `level` (stateless convenience).

    A kept general (make_general) is a little faster while an attack rolls on, and gives the
    same decisions as a simulator run; this one is for one-off questions ("what would Good do").
    """
    seat = game.to_move
    return make_general(level, seat, game.seed, rng).choose(game)


__all__ = ["Controller", "General", "EasyGeneral", "StandardGeneral", "GoodGeneral", "GENERALS",
           "LEVELS", "ALL_LEVELS", "BENCH_GENERALS", "BENCH_HELP", "BaselineGeneral",
           "Baseline2General", "make_general",
           "choose_action", "general_rng"]
