"""A turn of attacks planned as chains of conquests, priced with the exact odds. No pygame.

One stack can take several territories in a turn: it conquers, moves in, and attacks on from
the new territory. What a first attack is worth therefore includes where the stack can go
next: the continent it can complete two steps on, the player it can finish, and the chance
it runs dry on the way. `best_chain` searches the chains from one stack (a small beam, a few
steps deep) and returns the value of the best prefix, so the search also says where to stop:
a chain is only as long as each further step still pays.

Each step is priced with the engine's exact odds of that battle for the stack expected to
arrive (the expected survivors of the conquests before it), so a long chain through thick
territories is seen to fail. Conquests in a chain change what the later ones are worth (the
card is earned once, a continent completes on its last missing territory, a player is out
with their last territory); `chain_value` accounts for that.
"""

from __future__ import annotations

from functools import lru_cache

from game.ai.evaluate import Situation, odds
from game.engine.board import TerritoryId
from game.engine.odds import attack_odds


@lru_cache(maxsize=65536)
def expected_survivors(attacking: int, defending: int) -> float:
    """Armies left in the source after a conquest, on average over the conquering outcomes.
    Kept per (attacking, defending): every chain searched asks it at every step."""
    if attacking > 60 or defending > 60:
        p, lost, _ = odds(attacking, defending)
        return max(1.0, attacking - lost / max(p, 1e-9) * p)
    o = attack_odds(attacking, defending)
    if o.win_probability <= 0:
        return 1.0
    return sum(k * q for k, q in enumerate(o.survivors)) / o.win_probability


def chain_value(sit: Situation, x: TerritoryId, taken: tuple[TerritoryId, ...]) -> float:
    """What conquering `x` is worth after the conquests `taken` earlier in this chain."""
    value = sit.target_value(x)
    if not taken:
        return value
    p, info, view = sit.profile, sit.info, sit.view
    if not view.conquered_this_turn:
        value -= sit.card_value * p.card_weight  # the turn's card came with the first one
    continent_of, owner = info.continent_of, sit.owner
    c = continent_of[x]
    o = owner[x]
    # one pass over the chain so far (the search asks this at every step of every chain)
    in_c = of_o = 0
    broke = False  # a territory of o in c taken earlier: o's hold on c is already broken
    for t in taken:
        here = continent_of[t] == c
        theirs = owner[t] == o
        in_c += here
        of_o += theirs
        broke = broke or (here and theirs)
    lacking = sit.lacking[c]
    if in_c and lacking - in_c == 1:
        value += info.bonus[c] * p.complete_weight  # this one now completes the continent
        if c in sit.mission_continents:
            value += info.bonus[c] * p.complete_weight
    if o is not None and o != sit.neutral:
        if broke and sit.continent_owner[c] == o:
            value -= info.bonus[c] * p.break_weight  # already broken earlier in the chain
        if of_o and sit.count.get(o, 0) - of_o == 1:
            value += sit.elimination_value(o)
    return value


def best_chain(sit: Situation, source: TerritoryId, stack: int, depth: int | None = None,
               beam: int | None = None) -> tuple[float, TerritoryId | None, float]:
    """(value of the best chain from `source` with `stack` armies, its first target, the value
    of that first conquest including what follows it). (0, None, 0) if no attack pays."""
    p = sit.profile
    depth = p.chain_depth if depth is None else depth
    beam = p.chain_beam if beam is None else beam
    best = (0.0, None, 0.0)
    for value, x, onward in _steps(sit, source, stack, depth, beam, ()):
        if value > best[0]:
            best = (value, x, onward)
    return best


def _steps(sit: Situation, pos: TerritoryId, stack: int, depth: int, beam: int,
           taken: tuple[TerritoryId, ...]) -> list[tuple[float, TerritoryId, float]]:
    """(expected value of attacking x and going on at best, x, worth of conquering x with the
    best continuation) for the `beam` most promising x next to `pos`."""
    if depth <= 0 or stack < 2:
        return []
    p = sit.profile
    owner, armies, me = sit.owner, sit.armies, sit.me
    first: list[tuple[float, TerritoryId, float, float, float]] = []
    for x in sit.info.neighbours[pos]:
        if owner[x] == me or x in taken:
            continue
        win, lost, killed = odds(stack, armies[x])
        if win < p.chain_min_p:
            continue
        worth = chain_value(sit, x, taken) - sit.exposure(x) - p.spread_cost
        now = (win * worth - sit.loss_weight_against(owner[x]) * lost
               + sit.kill_weight_against(owner[x]) * killed)
        first.append((now, x, win, worth, lost))
    first.sort(key=lambda item: (-item[0], item[1]))
    out: list[tuple[float, TerritoryId, float]] = []
    for now, x, win, worth, _ in first[:beam]:
        onward = 0.0
        if depth > 1:
            moved = int(expected_survivors(stack, armies[x])) - 1
            nxt = _steps(sit, x, moved, depth - 1, max(1, beam - 1), (*taken, x))
            if nxt:
                onward = max(0.0, max(v for v, _, _ in nxt)) * p.chain_discount
        out.append((now + win * onward, x, worth + onward))
    return out
