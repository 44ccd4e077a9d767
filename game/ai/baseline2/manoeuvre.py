# FROZEN on purpose: game/ai/manoeuvre.py as of commit 72faedd (the Good of issue 27's start). Never edit.
"""Free moves: bring idle armies from the rear to the front, and even out the front. No pygame."""

from __future__ import annotations

import math
import random

from game.ai.baseline2.evaluate import Situation
from game.engine import actions as act
from game.engine.board import TerritoryId


def choose_fortify(sit: Situation, rng: random.Random, moves_done: int) -> act.Fortify | None:
    """One free move, or None when no move is worth making.

    Armies in territories with no foreign neighbour do nothing, so they walk one step nearer
    the front each move (which also ends: every move shortens their way). After that, a
    smart general moves surplus from a quiet border to a threatened one beside it.
    """
    p, view, armies = sit.profile, sit.view, sit.armies
    neighbours = sit.info.neighbours
    if p.careless and rng.random() < p.careless:
        return None
    mine = set(sit.mine)
    frontier = [t for t in sit.mine if sit.has_foreign_neighbour(t)]
    if not frontier:
        return None
    dist = sit.info.distances_from(frontier, mine)
    best: tuple[int, TerritoryId, TerritoryId] | None = None
    for s in sit.mine:
        d = dist.get(s, 0)
        if d == 0 or armies[s] < 2:
            continue
        steps = [n for n in neighbours[s] if n in mine and dist.get(n, 99) == d - 1
                 and view.room(n) > 0]
        if not steps:
            continue
        n = max(steps, key=lambda t: (sit.threat(t), armies[t], t))
        if best is None or armies[s] > best[0]:
            best = (armies[s], s, n)
    if best is not None and p.smart_fortify and p.fortify_threat > 0:
        rebalance = _rebalance(sit, frontier, mine)
        if rebalance is not None and rebalance[0] * p.fortify_threat > best[0] - 1:
            return rebalance[1]
    if best is not None:
        _, s, n = best
        return act.Fortify(s, n, min(armies[s] - 1, view.room(n)))
    if not p.smart_fortify or moves_done > 0:
        return None
    rebalance = _rebalance(sit, frontier, mine)
    return rebalance[1] if rebalance is not None else None


def _rebalance(sit: Situation, frontier: list[TerritoryId],
               mine: set[TerritoryId]) -> tuple[float, act.Fortify] | None:
    """(worth, move): surplus of one border to a short neighbour; the move never creates a
    new shortage."""
    p, view, armies = sit.profile, sit.view, sit.armies
    need = {t: 1 + math.ceil(sit.threat(t) * p.defend_ratio) for t in frontier}
    best: tuple[float, TerritoryId, TerritoryId, int] | None = None
    for a in frontier:
        surplus = armies[a] - need[a]
        if surplus < 2:
            continue
        for b in sit.info.neighbours[a]:
            if b not in need:
                continue
            deficit = need[b] - armies[b]
            count = min(surplus, deficit, view.room(b))
            if count < 1:
                continue
            worth = count * (1.0 + sit.threat(b) / (1.0 + armies[b]))
            if best is None or worth > best[0]:
                best = (worth, a, b, count)
    if best is None:
        return None
    worth, a, b, count = best
    return worth, act.Fortify(a, b, count)
