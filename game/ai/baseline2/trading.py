# FROZEN on purpose: game/ai/trading.py as of commit 72faedd (the Good of issue 27's start). Never edit.
"""When to trade RISK cards and which set, in which order (the order picks the bonus card). No pygame."""

from __future__ import annotations

import random

from game.ai.baseline2.evaluate import Situation
from game.ai.baseline2.hunt import best_kill
from game.engine import actions as act


def choose_trade(sit: Situation, rng: random.Random) -> act.TradeCards | None:
    """A set to trade now, or None to hold.

    Rising sets are traded at once (the armies are worth most now), except with
    `hold_rising` among several rivals: every set anyone trades raises the next, so a held set
    grows; it is traded when it makes a kill this turn or when the hand is full.
    Fixed sets (UK) are held, when allowed, until a set is worth 8 or the hand is nearly full.
    """
    view, p = sit.view, sit.profile
    sets = view.tradeable_sets()
    if not sets:
        return None
    must = view.must_trade()
    owner, me = sit.owner, sit.me
    flavour_us = view.config.flavour == "us"

    def bonus_cards(cards: tuple[str, str, str]) -> int:
        owned = sum(1 for c in cards if owner.get(c) == me)
        if flavour_us:
            return 0 if view.card_bonus_used else min(1, owned)
        return owned

    def worth(cards: tuple[str, str, str]) -> tuple[int, tuple[str, str, str]]:
        return view.set_value(cards) + 2 * bonus_cards(cards), cards

    value, best = max(worth(s) for s in sets)
    if not must:
        if p.careless and rng.random() < p.careless:
            return None
        if view.capacity(me) < value:
            return None  # the army limit would swallow the armies
        if (p.hold_cards and view.upcoming_set_value() is None
                and view.set_value(best) < 8 and len(view.hand) < 4):
            return None
        if (p.hold_rising and view.upcoming_set_value() is not None and len(sit.rivals) > 1
                and best_kill(sit, view.reinforcements + value) is None):
            return None
    # the first card showing a territory we hold earns the bonus: put the most useful first
    ordered = sorted(best, key=lambda c: (owner.get(c) != me, -sit.threat(c)
                                          if owner.get(c) == me else 0.0, c))
    return act.TradeCards((ordered[0], ordered[1], ordered[2]))
