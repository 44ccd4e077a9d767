# FROZEN on purpose: game/ai/hunt.py as of commit 72faedd (the Good of issue 27's start). Never edit.
"""Knocking a player out this turn: who can be finished, from where, and with how many. No pygame.

With rising card sets, the cards are most of the armies in the game after a few rounds, and a
player knocked out hands over all their cards (with six or more the winner trades again at
once). Finishing a weak player whose cards pay is how strong players snowball. A turn plan of
single attacks sees the prize only on the last territory; `kill_plan` looks at the whole
player: every group of their territories, the stack of ours that can reach it, and whether
this turn's armies make up what the stacks lack. Estimates only (the attack itself is still
priced with the exact odds): each defending army costs about one of ours, and every conquest
leaves one army behind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.baseline2.view import PlayerId
from game.engine.board import TerritoryId

# A Situation (evaluate.py), typed loosely here so this module does not import evaluate.py,
# which imports it (no import circle, not even for type checking).
Situation = Any

# Armies of ours lost per defending army, with a margin for bad dice (3 dice against 2 lose
# about 0.9 an army per army killed on average).
LOSS_PER_DEFENDER = 1.15
MARGIN = 2


@dataclass(frozen=True, slots=True)
class KillPlan:
    """A rival we can knock out this turn and how: `stages` (our territory, armies to add
    there) in order of need, and the value of doing it (in armies, the losses taken off)."""

    victim: PlayerId
    value: float
    cost: float
    stages: tuple[tuple[TerritoryId, int], ...]


def _groups(sit: Situation, victim: PlayerId) -> list[list[TerritoryId]]:
    """The victim's territories in groups connected through the victim's own land."""
    info = sit.info
    left = set(sit.held_by(victim))
    groups: list[list[TerritoryId]] = []
    while left:
        start = min(left)
        left.discard(start)
        group, todo = [start], [start]
        while todo:
            t = todo.pop()
            for n in info.neighbours[t]:
                if n in left:
                    left.discard(n)
                    group.append(n)
                    todo.append(n)
        groups.append(group)
    return groups


def plan_kill(sit: Situation, victim: PlayerId, extra: int) -> KillPlan | None:
    """How to knock `victim` out this turn with our stacks and `extra` new armies, or None if
    it looks out of reach. Each group of the victim's territories is taken by the biggest
    stack of ours beside it; new armies make up what that stack lacks."""
    owner, armies, me, info = sit.owner, sit.armies, sit.me, sit.info
    stages: list[tuple[TerritoryId, int]] = []
    used: set[TerritoryId] = set()
    cost = 0.0
    spare = extra
    for group in sorted(_groups(sit, victim), key=lambda g: (-sum(armies[t] for t in g), g)):
        defenders = sum(armies[t] for t in group)
        need = LOSS_PER_DEFENDER * defenders + len(group) + MARGIN
        cost += LOSS_PER_DEFENDER * defenders
        stacks = {n for t in group for n in info.neighbours[t] if owner[n] == me} - used
        if not stacks:
            return None
        stack = max(stacks, key=lambda s: (armies[s], s))
        used.add(stack)
        lack = max(0, int(need + 0.999) - (armies[stack] - 1))
        if lack > spare:
            return None
        spare -= lack
        if lack:
            stages.append((stack, lack))
    value = sit.elimination_value(victim)
    return KillPlan(victim, value - sit.loss_weight * cost, cost, tuple(stages))


def best_kill(sit: Situation, extra: int) -> KillPlan | None:
    """The most valuable rival to knock out this turn with `extra` new armies, if any pays."""
    best: KillPlan | None = None
    for q in sit.rivals:
        if q == sit.neutral:
            continue
        plan = plan_kill(sit, q, extra)
        if plan is not None and plan.value > 0 and (best is None or plan.value > best.value):
            best = plan
    return best
