"""A search over the territory draft of a duel: which territory to claim next. No pygame.

When territories are claimed by hand, the draft decides much of a duel (Gibson, Desai and
Zhao, "An Automated Technique for Drafting Territories in the Board Game Risk", AIIDE 2010).
As they did, we search the rest of the draft with UCT (the two players alternate picks to the
end; playouts finish the draft at random) and score each finished allocation with an
evaluation learned from games: the chance that the first mover wins, a logistic function of
features of the allocation (continent shares and holdings, continents one or two territories
short, how clumped and how exposed each side's territories are). The weights live in
weights/draft.json (tools/tune_draft.py makes them from self-play games).

The search is bounded by a number of iterations, not by the clock, and draws its chance from
an RNG it is given, so the same seed always claims alike.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from typing import Any, TypeVar

from game.engine.board import TerritoryId, WorldMap
from game.resources import package_path

FREE = -1


@dataclass(frozen=True)
class DraftBoard:
    """The map as small integers, for fast playouts: territory i's neighbours, continents."""

    names: tuple[TerritoryId, ...]
    index: dict[TerritoryId, int]
    neighbours: tuple[tuple[int, ...], ...]
    edges: tuple[tuple[int, int], ...]
    continent_of: tuple[int, ...]
    continents: tuple[tuple[int, ...], ...]
    continent_names: tuple[str, ...]
    bonus: tuple[int, ...]


_BOARDS: dict[int, tuple[WorldMap, DraftBoard]] = {}


def draft_board(board: WorldMap) -> DraftBoard:
    """The DraftBoard of `board`, built on first use (boards are frozen, so caching is safe)."""
    cached = _BOARDS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    names = tuple(sorted(board.territories))
    index = {t: i for i, t in enumerate(names)}
    neighbours = tuple(tuple(sorted(index[n] for n in board.neighbours[t])) for t in names)
    edges = tuple((i, j) for i, ns in enumerate(neighbours) for j in ns if i < j)
    continent_names = tuple(sorted(board.continents))
    cindex = {c: k for k, c in enumerate(continent_names)}
    continent_of = tuple(cindex[board.territories[t].continent] for t in names)
    continents = tuple(tuple(i for i in range(len(names)) if continent_of[i] == k)
                       for k in range(len(continent_names)))
    bonus = tuple(board.continents[c].bonus for c in continent_names)
    info = DraftBoard(names, index, neighbours, edges, continent_of, continents, continent_names,
                      bonus)
    _BOARDS[id(board)] = (board, info)
    return info


def feature_names(db: DraftBoard) -> list[str]:
    """The names of `features`' entries, in order (the weights file keys them by name)."""
    names = [f"share:{c}" for c in db.continent_names]
    names += [f"holds:{c}" for c in db.continent_names]
    names += ["short1_first", "short1_second", "short2_first", "short2_second",
              "inner_edges", "frontier"]
    return names


def features(db: DraftBoard, owner: list[int]) -> list[float]:
    """Features of a finished draft; `owner[i]` is 0 for the first mover, 1 for the second.
    Each feature is the first mover's figure less the second's (or one side's alone)."""
    counts = [[0, 0] for _ in db.continents]
    cont = db.continent_of
    for i, o in enumerate(owner):
        if o >= 0:
            counts[cont[i]][o] += 1
    out: list[float] = []
    holds: list[float] = []
    short1 = [0.0, 0.0]  # bonus-weighted: continents one territory short, per side
    short2 = [0.0, 0.0]
    for k, members in enumerate(db.continents):
        n = len(members)
        first, second = counts[k]
        out.append((first - second) / n)
        holds.append(float(first == n) - float(second == n))
        b = db.bonus[k]
        if first == n - 1:
            short1[0] += b
        elif first == n - 2:
            short2[0] += b
        if second == n - 1:
            short1[1] += b
        elif second == n - 2:
            short2[1] += b
    out += holds
    out += [short1[0], short1[1], short2[0], short2[1]]
    inner = [0, 0, 0]
    border = [False] * len(owner)
    for i, j in db.edges:
        oi = owner[i]
        if oi == owner[j]:
            inner[oi] += 1
        else:
            border[i] = border[j] = True
    frontier = [0, 0, 0]
    for i, b in enumerate(border):
        if b:
            frontier[owner[i]] += 1
    out += [float(inner[0] - inner[1]), float(frontier[0] - frontier[1])]
    return out


@dataclass(frozen=True)
class DraftModel:
    """A learned evaluation: P(first mover wins) = logistic(bias + weights . features)."""

    bias: float
    weights: tuple[float, ...]

    def first_wins(self, db: DraftBoard, owner: list[int]) -> float:
        z = self.bias + sum(w * x for w, x in zip(self.weights, features(db, owner), strict=True))
        if z < -30:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))


def model_from(data: dict[str, Any], db: DraftBoard) -> DraftModel:
    """The model in `data` ({"bias", "weights": {feature name: weight}}); missing names are 0."""
    table = data.get("weights", {})
    return DraftModel(float(data.get("bias", 0.0)),
                      tuple(float(table.get(name, 0.0)) for name in feature_names(db)))


_MODELS: dict[tuple[int, str], tuple[DraftBoard, DraftModel]] = {}


def shipped_model(db: DraftBoard, name: str = "draft") -> DraftModel:
    """The model shipped in weights/`name`.json (draft.json unless a profile names another, to
    compare models), for this board."""
    cached = _MODELS.get((id(db), name))
    if cached is not None and cached[0] is db:
        return cached[1]
    text = package_path("ai", "weights", f"{name}.json").read_text(encoding="utf-8")
    model = model_from(json.loads(text), db)
    _MODELS[(id(db), name)] = (db, model)
    return model


_CHUNK = 7  # territories per lookup-table chunk of an ownership bit mask


class FastModel:
    """The same evaluation as a DraftModel on ownership bit masks (bit i: territory i), with
    per-chunk tables for neighbourhoods and degrees: about ten times faster, for playouts.
    Valid for finished drafts only (every territory owned)."""

    def __init__(self, db: DraftBoard, model: DraftModel) -> None:
        names = feature_names(db)
        w = dict(zip(names, model.weights, strict=True))
        self.bias = model.bias
        self.continents = [
            (sum(1 << i for i in members), len(members),
             w[f"share:{c}"] / len(members), w[f"holds:{c}"], db.bonus[k])
            for k, (c, members) in enumerate(zip(db.continent_names, db.continents,
                                                 strict=True))]
        self.short = (w["short1_first"], w["short1_second"], w["short2_first"],
                      w["short2_second"])
        # inner edges: 2 * inner(side) + cross edges = the degrees of the side's territories,
        # so inner(first) - inner(second) = (degrees(first) - degrees(second)) / 2
        self.inner = w["inner_edges"] / 2.0
        self.frontier = w["frontier"]
        count = len(db.names)
        self.chunks = range(0, count, _CHUNK)
        self.reach: list[list[int]] = []  # [chunk][pattern] -> union of the neighbours' bits
        self.degree: list[list[int]] = []  # [chunk][pattern] -> sum of the degrees
        for start in self.chunks:
            width = min(_CHUNK, count - start)
            reach, degree = [], []
            for pattern in range(1 << width):
                union = total = 0
                for b in range(width):
                    if pattern >> b & 1:
                        for j in db.neighbours[start + b]:
                            union |= 1 << j
                        total += len(db.neighbours[start + b])
                reach.append(union)
                degree.append(total)
            self.reach.append(reach)
            self.degree.append(degree)

    def first_wins(self, first: int, second: int) -> float:
        """P(first mover wins) for the finished draft where `first` and `second` are the two
        sides' bit masks."""
        z = self.bias
        s1f, s1s, s2f, s2s = self.short
        for cmask, n, w_share, w_holds, bonus in self.continents:
            a = (first & cmask).bit_count()
            b = (second & cmask).bit_count()
            z += w_share * (a - b)
            if a == n:
                z += w_holds
            elif a == n - 1:
                z += s1f * bonus
            elif a == n - 2:
                z += s2f * bonus
            if b == n:
                z -= w_holds
            elif b == n - 1:
                z += s1s * bonus
            elif b == n - 2:
                z += s2s * bonus
        near_first = near_second = deg_first = deg_second = 0
        mask = (1 << _CHUNK) - 1
        for k, start in enumerate(self.chunks):
            pa = first >> start & mask
            pb = second >> start & mask
            reach, degree = self.reach[k], self.degree[k]
            near_first |= reach[pa]
            near_second |= reach[pb]
            deg_first += degree[pa]
            deg_second += degree[pb]
        z += self.inner * (deg_first - deg_second)
        z += self.frontier * ((first & near_second).bit_count()
                              - (second & near_first).bit_count())
        if z < -30:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))


_FAST: dict[int, tuple[DraftModel, FastModel]] = {}


def fast_model(db: DraftBoard, model: DraftModel) -> FastModel:
    cached = _FAST.get(id(model))
    if cached is not None and cached[0] is model:
        return cached[1]
    fast = FastModel(db, model)
    _FAST[id(model)] = (model, fast)
    return fast


class _Node:
    __slots__ = ("children", "untried", "visits", "value")

    def __init__(self, untried: list[int]) -> None:
        self.children: dict[int, _Node] = {}
        self.untried = untried
        self.visits = 0
        self.value = 0.0  # summed reward of the player who made the move into this node


def search(db: DraftBoard, model: DraftModel, owner: list[int], to_move: int,
           iterations: int, rng: random.Random, candidates: list[int] | None = None,
           explore: float = 0.5) -> int:
    """UCT over the rest of the draft from `owner` (0/1 for the first/second mover, FREE for
    unclaimed), `to_move` claiming next. Returns the index of the territory to claim: the most
    visited of the root's moves (`candidates`, by default every free territory)."""
    picks = sum(1 for o in owner if o == FREE) + 1
    return _uct(db, model, owner, [to_move ^ (t & 1) for t in range(picks)], iterations, rng,
                candidates, explore)


def search_multi(db: DraftBoard, model: DraftModel, owner: list[int], players: int,
                 iterations: int, rng: random.Random, candidates: list[int] | None = None,
                 explore: float = 0.5) -> int:
    """UCT over the rest of a draft among `players` sides, us claiming next and the others
    after us in turn (one pick each, round and round). `owner` is 0 for ours, 1 for any
    rival's, FREE for unclaimed. The rivals are taken as one side that picks `players - 1`
    times between two of our picks and plays against us (a paranoid search: it cannot know
    whose pick hurts us, only that each may), and each finished draft is scored by the duel
    model as us against all of them together: the model's features (continents held or one or
    two short, shares, clumping, frontier) are the things that matter among several rivals
    too, and its first-mover bias is the same for every claim, so it does not sway the pick.
    Returns the index of the territory to claim: the most visited of the root's moves."""
    picks = sum(1 for o in owner if o == FREE) + 1
    return _uct(db, model, owner, [0 if t % players == 0 else 1 for t in range(picks)],
                iterations, rng, candidates, explore)


def _uct(db: DraftBoard, model: DraftModel, owner: list[int], sides: list[int],
         iterations: int, rng: random.Random, candidates: list[int] | None,
         explore: float) -> int:
    """The search both drafts share: `sides[t]` (0 or 1) makes the t-th pick from now; each
    finished draft is worth the model's P(side 0 wins) to side 0 and the rest to side 1."""
    free = [i for i, o in enumerate(owner) if o == FREE]
    root_moves = list(candidates) if candidates else free
    if len(root_moves) == 1:
        return root_moves[0]
    root = _Node(root_moves[:])
    rng.shuffle(root.untried)
    state = owner[:]
    fast = fast_model(db, model)
    base = [sum(1 << i for i, o in enumerate(owner) if o == side) for side in (0, 1)]
    log = math.log
    sqrt = math.sqrt
    for _ in range(iterations):
        node, turn = root, 0
        path: list[tuple[_Node, int]] = []  # (node, side who moved into it)
        taken: list[int] = []
        # selection
        while not node.untried and node.children:
            parent_log = log(node.visits)
            best, best_score = -1, -1.0
            for move, child in node.children.items():
                score = child.value / child.visits + explore * sqrt(parent_log / child.visits)
                if score > best_score:
                    best, best_score = move, score
            node = node.children[best]
            state[best] = sides[turn]
            taken.append(best)
            path.append((node, sides[turn]))
            turn += 1
        # expansion
        if node.untried:
            move = node.untried.pop()
            state[move] = sides[turn]
            taken.append(move)
            rest = [i for i in free if state[i] == FREE]
            rng.shuffle(rest)
            child = _Node(rest)
            node.children[move] = child
            node = child
            path.append((node, sides[turn]))
            turn += 1
        # playout: the rest of the draft at random, in the order of `sides`
        rest = [i for i in free if state[i] == FREE]
        rng.shuffle(rest)
        masks = [base[0], base[1]]
        for i in taken:
            masks[state[i]] |= 1 << i
        for k, i in enumerate(rest):
            masks[sides[turn + k]] |= 1 << i
        p_zero = fast.first_wins(masks[0], masks[1])
        for i in taken:
            state[i] = FREE
        root.visits += 1
        for visited, mover in path:
            visited.visits += 1
            visited.value += p_zero if mover == 0 else 1.0 - p_zero
    return max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].value, -kv[0]))[0]


Choice = TypeVar("Choice")


def near_best(scored: list[tuple[float, Choice]], noise: float, rng: random.Random) -> Choice:
    """One of the candidates scoring within `noise` (a share of the best score's size) of the
    best, drawn with weights falling from 1 for the best to 0 at the edge of that band."""
    best = max(score for score, _ in scored)
    band = noise * abs(best) + 1e-9
    near = [(1.0 - (best - score) / band, t) for score, t in scored if best - score < band]
    if len(near) == 1:
        return near[0][1]
    pick = rng.random() * sum(w for w, _ in near)
    for w, t in near:
        pick -= w
        if pick < 0:
            return t
    return near[-1][1]
