# FROZEN on purpose: game/ai/draft_multi.py as of commit 72faedd (the Good of issue 27's start). Never edit.
"""The territory draft among several rivals: rollouts scored by a learned evaluation. No pygame.

With three or more players the duel's search (draft.py) does not carry over: whose pick hurts
us is unknowable, and a search that takes the rivals as one side against us claimed worse
than the rule of thumb (good.json `_about`). What does carry over is the idea of scoring a
finished draft by what it leads to. So each claim here is chosen among the rule of thumb's few
best (placement.choose_claim's scoring, rebuilt on small integers): for each, the rest of the
draft is played out with every player claiming by that same rule of thumb (the rivals are
mostly Goods and baselines, which do claim that way), and the finished draft is scored for us
by a logistic model of P(this seat wins) learned from four-player games (tools/tune_draft4.py,
weights/draft4.json): continent shares and leads, continents held or one or two short, how
clumped and exposed our territories are, how many rivals border us, our place in the order.

Bounded by the number of rollouts, not by the clock; chance comes from the RNG it is given.
"""

from __future__ import annotations

import json
import math
import random
from importlib import resources
from typing import TYPE_CHECKING, Any

from game.ai.baseline2.draft import FREE, DraftBoard, draft_board
from game.ai.baseline2.mapinfo import MapInfo

if TYPE_CHECKING:
    from game.ai.baseline2.evaluate import Situation
    from game.engine.board import TerritoryId

CONTINENT_FEATURES = ("share", "lead", "holds")
# The model is learned from four-player drafts: it helps three and four players, but five
# claimed no better with it (US full, one Good against four baselines: 38.0% against 39.5%).
MAX_PLAYERS = 4
NAMES = ("africa", "asia", "australia", "europe", "north_america", "south_america")


def feature_names() -> list[str]:
    """The names of `seat_features`' entries, in order (the weights file keys them by name).
    The continents are the US board's (the model is learned there)."""
    names = [f"{kind}:{c}" for kind in CONTINENT_FEATURES for c in NAMES]
    names += ["pos1", "pos2", "pos3", "short1", "short2", "rival_holds", "rival_short1",
              "inner_edges", "frontier", "components", "largest", "rivals_beside", "count"]
    return names


def seat_features(db: DraftBoard, owner: list[int], seat: int, position: int,
                  players: int) -> list[float]:
    """Features of a finished draft for `seat` (`owner[i]` is a seat), moving `position`-th
    (0 first) among `players`."""
    counts = [[0] * players for _ in db.continents]
    cont = db.continent_of
    for i, o in enumerate(owner):
        if 0 <= o < players:
            counts[cont[i]][o] += 1
    share, lead, holds = [], [], []
    short1 = short2 = rival_holds = rival_short1 = 0.0
    for k, members in enumerate(db.continents):
        n = len(members)
        mine = counts[k][seat]
        best_other = max(c for q, c in enumerate(counts[k]) if q != seat)
        share.append(mine / n)
        lead.append((mine - best_other) / n)
        holds.append(float(mine == n))
        b = db.bonus[k]
        if mine == n - 1:
            short1 += b
        elif mine == n - 2:
            short2 += b
        if best_other == n:
            rival_holds += b
        elif best_other == n - 1:
            rival_short1 += b
    inner = frontier = 0
    touching: set[int] = set()
    seen: set[int] = set()
    ours = [i for i, o in enumerate(owner) if o == seat]
    for i in ours:
        foreign = False
        for j in db.neighbours[i]:
            oj = owner[j]
            if oj == seat:
                inner += 1
            else:
                foreign = True
                touching.add(oj)
        frontier += foreign
    components = largest = 0
    for start in ours:
        if start in seen:
            continue
        components += 1
        size, todo = 0, [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            size += 1
            for j in db.neighbours[i]:
                if owner[j] == seat and j not in seen:
                    seen.add(j)
                    todo.append(j)
        largest = max(largest, size)
    out = share + lead + holds
    out += [float(position == 1), float(position == 2), float(position == 3), short1, short2,
            rival_holds, rival_short1, inner / 2.0, float(frontier), float(components),
            float(largest), float(len(touching)), float(len(ours))]
    return out


class SeatModel:
    """P(seat wins) = logistic(bias + weights . seat_features)."""

    def __init__(self, data: dict[str, Any]) -> None:
        table = data.get("weights", {})
        self.bias = float(data.get("bias", 0.0))
        self.weights = tuple(float(table.get(name, 0.0)) for name in feature_names())

    def wins(self, db: DraftBoard, owner: list[int], seat: int, position: int,
             players: int) -> float:
        x = seat_features(db, owner, seat, position, players)
        z = self.bias + sum(w * v for w, v in zip(self.weights, x, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


_MODELS: dict[str, SeatModel] = {}


def shipped_model(name: str = "draft4") -> SeatModel:
    """The model shipped in weights/`name`.json (draft4.json unless a profile names another,
    to compare models)."""
    model = _MODELS.get(name)
    if model is None:
        text = resources.files("game.ai.baseline2").joinpath(f"weights/{name}.json").read_text(
            encoding="utf-8")
        model = _MODELS[name] = SeatModel(json.loads(text))
    return model


class RuleOfThumb:
    """placement.choose_claim's scoring on small integers, for every seat at once: a
    continent's worth (focused and scaled as the profile says) times how much of it the
    claimer holds over how much others do, a foothold where one rival alone is taking a
    continent, and a little for neighbours of one's own."""

    def __init__(self, db: DraftBoard, info: MapInfo, focus: float, scale: float,
                 players: int, plan_continent: bool = True) -> None:
        self.db = db
        self.players = players
        self.plan_continent = plan_continent
        self.weight = [info.weight[c] for c in db.continent_names]
        self.worth = [scale * w ** focus if focus != 1.0 else w for w in self.weight]
        self.size = [len(m) for m in db.continents]

    def scores(self, owner: list[int], counts: list[list[int]], seat: int,
               worth: list[float] | None = None) -> list[tuple[float, int]]:
        """(score, territory) of every free territory for `seat` to claim."""
        worth = worth or self.worth
        db, weight, size = self.db, self.weight, self.size
        out = []
        for t, o in enumerate(owner):
            if o != FREE:
                continue
            k = db.continent_of[t]
            row = counts[k]
            ours = row[seat]
            claimed = sum(row)
            theirs = claimed - ours
            n = size[k]
            score = worth[k] * (1.0 + 2.0 * ours / n) / (1.0 + theirs)
            if self.plan_continent and ours == 0 and theirs and max(row) == theirs:
                share = theirs / n
                if share >= 0.5:
                    score += weight[k] * share
            near = 0.0
            for j in db.neighbours[t]:
                oj = owner[j]
                if oj == seat:
                    near += 0.08
                elif oj != FREE:
                    near -= 0.03
            out.append((score + near, t))
        return out

    def nearness(self, owner: list[int]) -> list[list[float]]:
        """[seat][territory] -> the neighbours' part of the rule's score (0.08 for each of
        the seat's own beside it, less 0.03 for each of someone else's)."""
        near = [[0.0] * len(owner) for _ in range(self.players)]
        for t, o in enumerate(owner):
            if o == FREE:
                continue
            for j in self.db.neighbours[t]:
                for q in range(self.players):
                    near[q][j] += 0.08 if q == o else -0.03
        return near

    def counts(self, owner: list[int]) -> list[list[int]]:
        counts = [[0] * self.players for _ in self.db.continents]
        for t, o in enumerate(owner):
            if o != FREE:
                counts[self.db.continent_of[t]][o] += 1
        return counts


def rollout(rule: RuleOfThumb, owner: list[int], order: list[int], noise: float,
            rng: random.Random, worth_of: dict[int, list[float]],
            near: list[list[float]] | None = None) -> list[int]:
    """The draft finished from `owner` with `order` (seats, cycled) claiming by the rule of
    thumb; `worth_of` gives a seat its own continent worths (default the rule's). `near`
    (rule.nearness(owner), copied here) saves working it out again.

    The rule's score of a territory is its continent's part (the same for every territory of
    the continent) plus its neighbours' part, so a claim works out six continent figures and
    updates the neighbours' parts of the claimed territory's neighbours only."""
    state = owner[:]
    db = rule.db
    cont, neighbours = db.continent_of, db.neighbours
    counts = rule.counts(state)
    claimed = [sum(row) for row in counts]
    near = [row[:] for row in (near if near is not None else rule.nearness(state))]
    free = [t for t, o in enumerate(state) if o == FREE]
    size, weight, plan = rule.size, rule.weight, rule.plan_continent
    seats = range(rule.players)
    random_ = rng.random
    continents = range(len(counts))
    for step in range(len(free)):
        seat = order[step % len(order)]
        worth = worth_of.get(seat) or rule.worth
        parts = []
        for k in continents:
            row = counts[k]
            ours = row[seat]
            theirs = claimed[k] - ours
            n = size[k]
            part = worth[k] * (1.0 + 2.0 * ours / n) / (1.0 + theirs)
            if plan and not ours and theirs * 2 >= n and max(row) == theirs:
                part += weight[k] * theirs / n
            parts.append(part)
        mine = near[seat]
        scored = [parts[cont[t]] + mine[t] for t in free]
        best = max(scored)
        band = noise * abs(best) + 1e-9
        floor = best - band
        close = [i for i, sc in enumerate(scored) if sc > floor]
        pick_at = close[0]
        if len(close) > 1:
            weights = [1.0 - (best - scored[i]) / band for i in close]
            draw = random_() * sum(weights)
            pick_at = close[-1]
            for w, i in zip(weights, close, strict=True):
                draw -= w
                if draw < 0:
                    pick_at = i
                    break
        t = free.pop(pick_at)
        state[t] = seat
        k = cont[t]
        counts[k][seat] += 1
        claimed[k] += 1
        for j in neighbours[t]:
            for q in seats:
                near[q][j] += 0.08 if q == seat else -0.03
    return state


def choose(db: DraftBoard, rule: RuleOfThumb, model: SeatModel, owner: list[int], me: int,
           order: list[int], position: int, candidates: int, rollouts: int, noise: float,
           rng: random.Random, my_worth: list[float] | None = None) -> int:
    """The claim (a territory index) among the rule of thumb's `candidates` best whose
    rollouts score best for `me` by the model. `order` is the claiming order from us on
    (us first); `position` is our place in the game's order (0: the first mover)."""
    counts = rule.counts(owner)
    scored = sorted(rule.scores(owner, counts, me, my_worth), key=lambda st: (-st[0], st[1]))
    shortlist = [t for _, t in scored[:max(1, candidates)]]
    if len(shortlist) == 1:
        return shortlist[0]
    worth_of = {me: my_worth} if my_worth else {}
    rest = order[1:] + order[:1]  # after our claim, the next seat claims
    best, best_value = shortlist[0], -1.0
    players = rule.players
    for t in shortlist:
        owner[t] = me
        near = rule.nearness(owner)
        total = 0.0
        for _ in range(rollouts):
            final = rollout(rule, owner, rest, noise, rng, worth_of, near)
            total += model.wins(db, final, me, position, players)
        owner[t] = FREE
        if total > best_value + 1e-12:
            best, best_value = t, total
    return best


def claim_for(sit: Situation, rng: random.Random,
              preferences: dict[str, float]) -> TerritoryId | None:
    """The claim by rollouts when the profile asks for them and three or four players draft
    the US board (the board the model is learned on); None leaves it to the rule of thumb.
    `preferences` are this game's liking per continent (placement.claim_preferences)."""
    profile, view = sit.profile, sit.view
    active = sit.active
    if profile.draft_rollouts <= 0 or not 3 <= len(active) <= MAX_PLAYERS or profile.careless:
        return None
    db = draft_board(view.board)
    if db.continent_names != NAMES:
        return None
    owner = [FREE if sit.owner[t] is None else int(sit.owner[t]) for t in db.names]
    if sum(1 for o in owner if o == FREE) <= 1:
        return None
    rule = _rule_for(db, sit)
    mine = [w * preferences.get(c, 1.0)
            for w, c in zip(rule.worth, db.continent_names, strict=True)]
    start = active.index(sit.me)
    order = active[start:] + active[:start]
    position = (sit.me - view.first_player) % view.player_count
    pick = choose(db, rule, shipped_model(profile.draft_model), owner, sit.me, order, position,
                  profile.draft_rollout_candidates, profile.draft_rollouts, profile.claim_noise,
                  random.Random(rng.random()), mine)
    return db.names[pick]


_RULES: dict[tuple[int, float, float, int], RuleOfThumb] = {}


def _rule_for(db: DraftBoard, sit: Situation) -> RuleOfThumb:
    """The rule of thumb for this board and profile (made once: it is the same every claim)."""
    profile = sit.profile
    key = (id(db), profile.claim_focus, profile.claim_scale, sit.view.player_count)
    rule = _RULES.get(key)
    if rule is None or rule.db is not db:
        rule = RuleOfThumb(db, sit.info, profile.claim_focus, profile.claim_scale,
                           sit.view.player_count, profile.plan_continent)
        _RULES[key] = rule
    return rule
