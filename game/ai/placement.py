"""Where armies go: claiming territories, initial placement, reinforcements, headquarters. No pygame.

One plan serves the set-up and every turn: first hold the borders of the continents we own
(and our HQ), then mass the rest on the one front that promises the best attack.
"""

from __future__ import annotations

import math
import random

from game.ai import draft, draft_multi
from game.ai.draft import near_best as _near_best
from game.ai.evaluate import Situation
from game.ai.plan import best_chain
from game.engine import actions as act
from game.engine.board import TerritoryId


def claim_preferences(sit: Situation, rng: random.Random) -> dict[str, float]:
    """This game's liking for each continent (a factor on its worth), drawn once per general
    before its first claim: the same seed always claims alike, another seed plays another
    opening. Empty (and no draw from the RNG) when the profile has no `claim_bias`."""
    sigma = sit.profile.claim_bias
    if sigma <= 0:
        return {}
    return {c: math.exp(rng.gauss(0.0, sigma)) for c in sorted(sit.info.members)}


def choose_claim(sit: Situation, rng: random.Random,
                 preferences: dict[str, float] | None = None) -> act.ClaimTerritory:
    """Claim where a continent can still be ours (small ones first), next to our own, or where
    a rival is about to have one. `preferences` (claim_preferences) scale the continents' worth;
    the claim is drawn among those within `claim_noise` of the best score, the best likeliest."""
    info, owner, me = sit.info, sit.owner, sit.me
    free = [t for t in info.territories if owner[t] is None]
    if sit.profile.careless and rng.random() < sit.profile.careless:
        return act.ClaimTerritory(rng.choice(free))
    prefs = preferences or {}
    if sit.profile.draft_deny:
        deny = _denying_claim(sit, free)
        if deny is not None:
            return act.ClaimTerritory(deny)
    if sit.profile.draft_rollouts > 0:  # among three or four: rollouts (draft_multi.py)
        pick = draft_multi.claim_for(sit, rng, prefs)
        if pick is not None:
            return act.ClaimTerritory(pick)
    scored: list[tuple[float, TerritoryId]] = []
    focus, scale = sit.profile.claim_focus, sit.profile.claim_scale
    for t in free:
        c = info.continent_of[t]
        members = info.members[c]
        ours = sum(1 for m in members if owner[m] == me)
        by_rival: dict[int, int] = {}
        for m in members:
            o = owner[m]
            if o is not None and o != me:
                by_rival[o] = by_rival.get(o, 0) + 1
        theirs = sum(by_rival.values())
        worth = info.weight[c]
        if focus != 1.0:
            worth = scale * worth ** focus
        worth *= prefs.get(c, 1.0)
        score = worth * (1.0 + 2.0 * ours / len(members)) / (1.0 + theirs)
        if sit.profile.plan_continent and len(by_rival) == 1 and ours == 0:
            # one rival alone there: take a foothold before they have it all
            share = theirs / len(members)
            if share >= 0.5:
                score += info.weight[c] * share
        near = info.neighbours[t]
        score += 0.08 * sum(1 for n in near if owner[n] == me)
        score -= 0.03 * sum(1 for n in near if owner[n] is not None and owner[n] != me)
        scored.append((score, t))
    if sit.profile.draft_iterations > 0 and len(free) > 1 and len(sit.active) >= 2:
        return act.ClaimTerritory(_draft_claim(sit, scored, rng))
    return act.ClaimTerritory(_near_best(scored, sit.profile.claim_noise, rng))


def _denying_claim(sit: Situation, free: list[TerritoryId]) -> TerritoryId | None:
    """The last free territory of the most valuable continent a rival holds all the rest of
    (claiming it denies them the continent), if any."""
    info, owner, me = sit.info, sit.owner, sit.me
    best: tuple[int, TerritoryId] | None = None
    for c, members in info.members.items():
        left = [t for t in members if owner[t] is None]
        if len(left) != 1:
            continue
        holders = {owner[t] for t in members if owner[t] is not None}
        if len(holders) == 1 and me not in holders and (best is None or info.bonus[c] > best[0]):
            best = (info.bonus[c], left[0])
    return None if best is None else best[1]


def _draft_claim(sit: Situation, scored: list[tuple[float, TerritoryId]],
                 rng: random.Random) -> TerritoryId:
    """A claim chosen by the draft search (draft.py) among the rule of thumb's best
    `draft_candidates` claims (all of them if 0): in a duel the first mover against the second
    (draft.search), among several rivals us against the others together (draft.search_multi)."""
    db = draft.draft_board(sit.view.board)
    duel = len(sit.active) == 2
    side_zero = sit.view.first_player if duel else sit.me
    owner = [draft.FREE if sit.owner[t] is None else int(sit.owner[t] != side_zero)
             for t in db.names]
    ranked = sorted(scored, key=lambda item: (-item[0], item[1]))
    k = sit.profile.draft_candidates
    candidates = [db.index[t] for _, t in (ranked[:k] if k > 0 else ranked)]
    model = draft.shipped_model(db, sit.profile.duel_draft_model)
    iterations = sit.profile.draft_iterations
    seeded = random.Random(rng.random())
    if duel:
        pick = draft.search(db, model, owner, int(sit.me != side_zero), iterations, seeded,
                            candidates)
    else:
        pick = draft.search_multi(db, model, owner, len(sit.active), iterations, seeded,
                                  candidates)
    return db.names[pick]


def defence_needs(sit: Situation) -> list[tuple[float, TerritoryId, int]]:
    """(priority, territory, armies wanted) for the borders of our continents and our HQ."""
    p, info, armies = sit.profile, sit.info, sit.armies
    needs: list[tuple[float, TerritoryId, int]] = []
    for c, o in sit.continent_owner.items():
        if o != sit.me:
            continue
        for b in info.borders[c]:
            threat = sit.threat(b)
            if threat <= 0:
                continue
            need = math.ceil(threat * p.defend_ratio) + 1 - armies[b]
            if need > 0:
                needs.append((info.bonus[c] / (1.0 + need), b, need))
    view = sit.view
    if p.objectives and view.objective == "headquarters":
        hq = view.headquarters(sit.me)
        if hq is not None and sit.owner[hq] == sit.me:
            need = math.ceil(sit.threat(hq) * p.defend_ratio * 1.3) + 2 - armies[hq]
            if need > 0:
                needs.append((20.0, hq, need))
    needs.sort(key=lambda item: (-item[0], item[1]))
    return needs


def best_front(sit: Situation, extra: int, alloc: dict[TerritoryId, int],
               room: dict[TerritoryId, int]) -> TerritoryId | None:
    """The territory from which `extra` more armies would make the most valuable attack."""
    ranked = ranked_fronts(sit, extra, alloc, room)
    return ranked[0][1] if ranked else None


def ranked_fronts(sit: Situation, extra: int, alloc: dict[TerritoryId, int],
                  room: dict[TerritoryId, int]) -> list[tuple[float, TerritoryId]]:
    """(worth, territory) of every territory `extra` more armies could attack from, the most
    valuable attack first (ties: the first in the board's order)."""
    owner, me, neighbours = sit.owner, sit.me, sit.info.neighbours
    scored: list[tuple[float, int, TerritoryId]] = []
    for i, s in enumerate(sit.mine):
        if room[s] - alloc.get(s, 0) <= 0:
            continue
        targets = [x for x in neighbours[s] if owner[x] != me]
        if not targets:
            continue
        add = alloc.get(s, 0) + extra
        if sit.profile.chain_depth > 0:
            score = best_chain(sit, s, sit.armies[s] + add)[0] \
                + sit.profile.front_bonus * sit.armies[s]
        else:
            # the best attack from s, and 0.3 of the second best (a second target ready)
            first, second = sit.top_two_gains(s, targets, add)
            score = first + (0.3 * second if len(targets) > 1 else 0.0) + 0.02 * sit.armies[s]
        scored.append((score, i, s))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [(score, s) for score, _, s in scored]


def plan_placement(sit: Situation, total: int, rng: random.Random,
                   front: TerritoryId | None = None) -> list[tuple[TerritoryId, int]]:
    """Splits `total` armies over our territories: borders first, then the attack front
    (`front` when given and still ours, else the best one)."""
    view, p = sit.view, sit.profile
    room = view.rooms(sit.mine)
    alloc: dict[TerritoryId, int] = {}

    def give(t: TerritoryId, n: int) -> int:
        n = min(n, room[t] - alloc.get(t, 0))
        if n > 0:
            alloc[t] = alloc.get(t, 0) + n
            return n
        return 0

    remaining = total
    if sit.kill is not None:
        for t, n in sit.kill.stages:  # the armies a kill this turn needs come first
            remaining -= give(t, min(n, remaining))
    if p.defend_share > 0:
        # rounding at random keeps the share right on average when placing one army at a time
        budget = min(remaining, int(total * p.defend_share + rng.random()))
        for _, t, need in defence_needs(sit):
            if budget <= 0:
                break
            given = give(t, min(need, budget))
            budget -= given
            remaining -= given
    if remaining > 0 and p.front_defence > 0:
        # spread part of the rest over the most outmatched borders, one army at a time
        spread = int(remaining * p.front_defence + rng.random())
        pressure = [(sit.threat(t), t) for t in sit.mine]
        pressure = [(th, t) for th, t in pressure if th > 0]
        for _ in range(spread):
            open_ = [(th / (sit.armies[t] + alloc.get(t, 0) + 1.0), t) for th, t in pressure
                     if room[t] > alloc.get(t, 0)]
            if not open_:
                break
            remaining -= give(max(open_)[1], 1)
    if remaining > 0 and p.careless and rng.random() < p.careless:
        frontier = [t for t in sit.frontier() if room[t] > alloc.get(t, 0)]
        if frontier:
            remaining -= give(rng.choice(frontier), remaining)
    if remaining > 0:
        if front is None or sit.owner[front] != sit.me or room[front] <= alloc.get(front, 0):
            front = best_front(sit, remaining, alloc, room)
        if front is not None:
            remaining -= give(front, remaining)
    if remaining > 0:
        order = sorted(sit.mine, key=lambda t: (-sit.threat(t), t))
        for t in order:
            if remaining <= 0:
                break
            remaining -= give(t, remaining)
    return sorted(alloc.items(), key=lambda item: (-item[1], item[0]))


def choose_setup_place(sit: Situation, rng: random.Random,
                       front: TerritoryId | None = None) -> act.PlaceArmies | None:
    """A placement turn of the set-up: our armies first (the stack on `front` when given),
    then the neutral one (US neutral)."""
    view = sit.view
    if view.quota > 0 and sit.profile.setup_spread > 0 and rng.random() < sit.profile.setup_spread:
        spot = _weakest_front(sit)
        if spot is not None:
            return act.PlaceArmies(spot, 1)
    if view.quota > 0:
        plan = plan_placement(sit, view.quota, rng, front)
        if plan:
            t, n = plan[0]
            return act.PlaceArmies(t, n)
    if view.neutral_quota > 0:
        return act.PlaceArmies(choose_neutral_block(sit, rng), view.neutral_quota)
    return None


def _weakest_front(sit: Situation) -> TerritoryId | None:
    """The border territory most outmatched by the enemy stacks beside it."""
    best, best_score = None, 0.0
    for t in sit.mine:
        if sit.view.room(t) <= 0:
            continue
        threat = sit.threat(t)
        if threat <= 0:
            continue
        score = threat / (sit.armies[t] + 1.0)
        if score > best_score:
            best, best_score = t, score
    return best


def choose_neutral_block(sit: Situation, rng: random.Random) -> TerritoryId:
    """The neutral territory where an extra neutral army hinders the rival most: in the way of
    a continent the rival nearly holds, and away from our own fronts."""
    info, owner, me = sit.info, sit.owner, sit.me
    neutral = [t for t in info.territories if owner[t] == sit.neutral]
    if sit.profile.careless and rng.random() < sit.profile.careless:
        return rng.choice(neutral)
    best, best_score = neutral[0], -math.inf
    for t in neutral:
        c = info.continent_of[t]
        score = 0.0
        for rival in sit.rivals:
            share = sum(1 for m in info.members[c] if owner[m] == rival) / len(info.members[c])
            score += share * info.bonus[c]
            score += 0.3 * sum(1 for n in info.neighbours[t] if owner[n] == rival)
        ours = sum(1 for m in info.members[c] if owner[m] == me) / len(info.members[c])
        score -= ours * info.bonus[c]
        score -= 0.02 * sit.armies[t]
        if score > best_score:
            best, best_score = t, score
    return best


def choose_reinforcement(sit: Situation, rng: random.Random) -> act.PlaceArmies | None:
    plan = plan_placement(sit, sit.view.reinforcements, rng)
    if not plan:
        return None
    t, n = plan[0]
    return act.PlaceArmies(t, n)


def choose_headquarters(sit: Situation, rng: random.Random) -> act.ChooseHeadquarters:
    """The safest strong territory: many armies, few enemies around, deep in our own land."""
    mine = sit.mine
    if sit.profile.careless and rng.random() < sit.profile.careless:
        return act.ChooseHeadquarters(rng.choice(mine))
    owner, armies, neighbours = sit.owner, sit.armies, sit.info.neighbours

    def safety(t: TerritoryId) -> float:
        friends = sum(1 for n in neighbours[t] if owner[n] == sit.me)
        score = armies[t] - 0.8 * sit.threat(t) + 1.5 * friends / len(neighbours[t])
        if not sit.has_foreign_neighbour(t):
            score += 3.0
        if sit.continent_owner[sit.info.continent_of[t]] == sit.me:
            score += 1.0
        return score

    if not sit.profile.objectives:
        return act.ChooseHeadquarters(max(mine, key=lambda t: (armies[t], t)))
    return act.ChooseHeadquarters(max(mine, key=lambda t: (safety(t), t)))
