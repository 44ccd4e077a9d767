# FROZEN on purpose: game/ai/battle.py as of commit 72faedd (the Good of issue 27's start). Never edit.
"""Attacking, rolling on, moving in, defending and using advantages. No pygame.

Attacks are priced with the engine's exact odds (see evaluate.Situation.attack_score); an
attack is fought one roll at a time so the general can stop when the odds turn.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from game.ai.baseline2.evaluate import Situation, advantage_gain, odds
from game.ai.baseline2.plan import best_chain
from game.ai.baseline2.profile import Profile
from game.ai.baseline2.view import SeatView
from game.engine import actions as act
from game.engine.board import TerritoryId


class AttackPlan(NamedTuple):
    """The attack a general has started this turn, so rolling on is a cheap decision.
    (A NamedTuple: one is made at every attack, and a frozen dataclass is slow to make.)"""

    turn: int
    source: TerritoryId
    target: TerritoryId
    value: float
    loss_weight: float
    kill_weight: float


def choose_attack(sit: Situation, rng: random.Random) -> tuple[act.Attack, AttackPlan] | None:
    """The best attack now, or None to stop attacking."""
    p, owner, armies, me = sit.profile, sit.owner, sit.armies, sit.me
    if p.chain_depth > 0 and not (p.careless and rng.random() < p.careless):
        return _choose_chain_attack(sit)
    candidates: list[tuple[float, TerritoryId, TerritoryId]] = []
    min_p, neighbours = sit.min_attack_p, sit.info.neighbours
    for s in sit.mine:
        a = armies[s]
        if a < 2:
            continue
        for x in neighbours[s]:
            # the odds first: a target too thin to attack is never priced
            if owner[x] == me or odds(a, armies[x])[0] < min_p:
                continue
            candidates.append((sit.attack_score(s, x)[1], s, x))
    if not candidates:
        return None
    if p.careless and rng.random() < p.careless:
        gain, s, x = rng.choice(candidates)
    else:
        gain, s, x = max(candidates)
        if gain < p.min_gain:
            return None
    dice = min(3, armies[s] - 1)
    plan = AttackPlan(sit.view.turn, s, x, sit.target_value(x), sit.loss_weight,
                      sit.kill_weight_against(owner[x]))
    return act.Attack(s, x, dice, "single"), plan


def _choose_chain_attack(sit: Situation) -> tuple[act.Attack, AttackPlan] | None:
    """The first attack of the best chain of conquests from any of our stacks (plan.py)."""
    armies = sit.armies
    best: tuple[float, TerritoryId, TerritoryId, float] | None = None
    for s in sit.mine:
        if armies[s] < 2:
            continue
        value, x, onward = best_chain(sit, s, armies[s])
        if x is not None and (best is None or value > best[0]):
            best = (value, s, x, onward)
    if best is None or best[0] < sit.profile.min_gain:
        return None
    _, s, x, onward = best
    plan = AttackPlan(sit.view.turn, s, x, onward, sit.loss_weight_against(sit.owner[x]),
                      sit.kill_weight_against(sit.owner[x]))
    return act.Attack(s, x, min(3, armies[s] - 1), "single"), plan


def should_roll_on(view: SeatView, profile: Profile, plan: AttackPlan) -> bool:
    """Whether to fight on in the attack under way: the odds from here still pay."""
    a, d = view.armies[plan.source], view.armies[plan.target]
    if a < 2 or view.owner[plan.target] == view.seat:
        return False
    prob, lost, killed = odds(a, d)
    if prob < roll_on_threshold(view, profile):
        return False
    return prob * plan.value - plan.loss_weight * lost + plan.kill_weight * killed > 0


def roll_on_threshold(view: SeatView, profile: Profile) -> float:
    """Least chance of conquest to roll on with, without a fresh look: `continue_p`, or among
    several rivals `multi_continue_p` (eased like the other thresholds from round 30 on).
    Below it the general stops rolling blindly and prices the turn again from the position
    on the table: the planner may go on with the same attack, switch to a better one, or stop
    before a battle gone wrong bleeds the stack (the other rivals profit from every army we
    lose)."""
    threshold = profile.continue_p
    if profile.multi_continue_p > 0 and len(view.active_players()) > 2:
        patience = max(0.3, 1.0 - max(0, view.round - 30) / 40)
        threshold = max(threshold, profile.multi_continue_p * patience)
    return threshold


def choose_occupy(sit: Situation, rng: random.Random) -> act.Occupy:
    """How many armies end up in the conquered territory."""
    view, p = sit.view, sit.profile
    lo, hi = view.occupy_range()
    battle = view.battle
    if lo == hi or battle is None:
        return act.Occupy(lo)
    if p.careless and rng.random() < p.careless:
        return act.Occupy(rng.choice((lo, hi)))
    s, x = battle.source, battle.target
    source_threat = sit.threat(s)
    source_open = sit.has_foreign_neighbour(s)
    target_open = sit.has_foreign_neighbour(x)
    if not source_open:
        return act.Occupy(hi)
    if not target_open:
        return act.Occupy(lo)
    total = sit.armies[s] + sit.armies[x]
    if p.chain_depth > 0:
        return act.Occupy(max(lo, min(hi, total - _chain_keep(sit, s, x, total))))
    if not p.smart_occupy:
        return act.Occupy(max(lo, min(hi, (lo + hi + 1) // 2)))
    ratio = p.defend_ratio
    guards_bonus = sit.continent_owner[sit.info.continent_of[s]] == sit.me and \
        sit.continent_owner[sit.info.continent_of[x]] != sit.me
    if not guards_bonus:
        # away from our continents, the stack keeps moving: the front is where x is
        ratio *= 0.5
    keep = 1 + math.ceil(source_threat * ratio)
    onward = max((sit.target_value(n) for n in sit.info.neighbours[x]
                  if sit.owner[n] != sit.me), default=0.0)
    if onward < 1.5 and source_threat > sit.threat(x):
        keep = max(keep, total // 2)
    return act.Occupy(max(lo, min(hi, total - keep)))


def _chain_keep(sit: Situation, s: TerritoryId, x: TerritoryId, total: int) -> int:
    """Armies to leave in `s` after taking `x` from it, when the turn is planned as chains:
    a guard for a continent border of ours, the rest on with the stack while the chain still
    pays from `x`, otherwise shared by how hard each side will be hit."""
    p, info = sit.profile, sit.info
    threat = sit.threat(s)
    c = info.continent_of[s]
    guards = sit.continent_owner[c] == sit.me and s in info.borders[c]
    view = sit.view
    if view.objective == "headquarters" and view.headquarters(sit.me) == s:
        guards = True
    keep = 1 + math.ceil(threat * (p.defend_ratio if guards else p.occupy_keep))
    keep = min(keep, total - 1)
    onward, _, _ = best_chain(sit, x, total - keep)
    if onward > 0:
        return keep
    tx = sit.threat(x)
    if threat + tx <= 0:
        return keep
    return max(keep, round(total * threat / (threat + tx)))


def choose_defence(view: SeatView, profile: Profile, rng: random.Random) -> act.Defend:
    """Two dice whenever allowed: they lose more per roll but trade far better."""
    battle = view.battle
    most = 1
    if battle is not None:
        most = min(2, view.armies[battle.target])
    if profile.careless and most == 2 and rng.random() < profile.careless * 0.3:
        return act.Defend(1)
    return act.Defend(most)


def choose_advantage(view: SeatView, profile: Profile,
                     rng: random.Random) -> act.UseAdvantage | act.DeclineAdvantage:
    """Use an advantage when it improves the roll on the table; Computer Advantage (once a
    turn) only when it changes the outcome by a whole army."""
    battle = view.battle
    if battle is None:
        return act.DeclineAdvantage()
    if profile.careless and rng.random() < profile.careless:
        if battle.advantages and rng.random() < 0.5:
            return act.UseAdvantage(rng.choice(battle.advantages))
        return act.DeclineAdvantage()
    best: str | None = None
    best_gain = 0.0
    for kind in battle.advantages:
        gain = advantage_gain(kind, battle.attacker_roll, battle.defender_roll)
        needed = 0.99 if kind == "six" else 0.01
        if gain >= needed and gain > best_gain:
            best, best_gain = kind, gain
    if best is None:
        return act.DeclineAdvantage()
    return act.UseAdvantage(best)
