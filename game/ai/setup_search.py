"""Where the second mover of a duel builds its set-up stack, chosen by playing the opening out.

Moving second, the first mover's opening sweep lands before our stack ever moves, and the army
lead it leaves decides most duels. The rule of thumb (placement.best_front) prices a stack by
our own best sweep alone; this search also plays the rival's. For each of a few candidate
spots it plays the rest of the set-up with our armies going there, then, on several deals of
fresh dice, the first mover's opening turn and our reply, and scores where the armies stand.

Fair play: the search plays on a copy in which everything the seat cannot see is dealt again
(the deck's order, the rivals' hands) and the dice are its own. No pygame.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from game.ai.base import Controller
from game.engine import Game, IllegalActionError, Phase
from game.engine.board import TerritoryId

# P(win) when turn `horizon` begins (3: after our first turn; 5: after our second), as
# (bias, per army of lead, per territory of lead): fitted on 400 duels moving second against
# baseline2 (block 113200000). The army lead counts; the land barely does.
_MODELS = {3: (-0.415, 0.239, 0.0104), 4: (2.515, 0.231, 0.099), 5: (-0.563, 0.347, -0.0024)}
# a play-out never runs away (a safety stop, far above the actions of two rounds)
_MAX_ACTIONS = 4000

MakeGenerals = Callable[[TerritoryId, int], dict[int, Controller]]


def fair_copy(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` as `seat` may imagine it: the deck shuffled, the rivals' hands dealt
    again from the unseen cards, the dice re-seeded. Nothing `seat` cannot see survives."""
    copy = game.clone()
    unseen = list(copy.deck)
    sizes: dict[int, int] = {}
    for pid, player in enumerate(copy.players):
        if pid != seat and player.hand:
            sizes[pid] = len(player.hand)
            unseen.extend(player.hand)
    unseen.sort()  # the real order must not show through the shuffle
    rng.shuffle(unseen)
    for pid, size in sizes.items():
        copy.players[pid].hand = [unseen.pop() for _ in range(size)]
    copy.deck = unseen
    copy.rng = random.Random(rng.getrandbits(64))
    return copy


def _play(game: Game, generals: dict[int, Controller], stop: Callable[[Game], bool]) -> None:
    """Plays `game` on with `generals` until `stop` says so or the game ends."""
    for _ in range(_MAX_ACTIONS):
        if game.is_over or stop(game):
            return
        general = generals[game.to_move]
        action = general.choose(game)
        try:
            game.apply(action)
        except IllegalActionError:
            return


def score(game: Game, seat: int, horizon: int = 3) -> float:
    """The chance to win read from the armies and land each side holds when turn `horizon`
    begins."""
    if game.is_over:
        return 1.0 if game.winner == seat else 0.0
    armies = lands = 0
    for t, o in game.owner.items():
        sign = 1 if o == seat else -1
        armies += sign * game.armies[t]
        lands += sign
    bias, per_army, per_territory = _MODELS[horizon]
    z = bias + per_army * armies + per_territory * lands
    return 1.0 / (1.0 + math.exp(-z))


def choose_stack(game: Game, seat: int, candidates: list[TerritoryId], rollouts: int,
                 rng: random.Random, make_generals: MakeGenerals,
                 horizon: int = 3, margin: float = 0.0) -> TerritoryId:
    """The candidate spot whose openings, played out, leave us best placed.

    `make_generals(spot, seed)` gives the generals of every seat for one play-out, ours
    building its stack on `spot`. The same deals of dice serve every candidate, so the
    candidates differ by their spot, not by their luck.
    """
    if len(candidates) < 2:
        return candidates[0]
    seeds = [rng.getrandbits(32) for _ in range(rollouts + 1)]

    def after_our_turn(g: Game) -> bool:
        # turns are counted from 1, the first mover's opening; ours is the second
        return g.turn >= horizon

    best, best_value = candidates[0], -1.0
    for spot in candidates:
        set_up = fair_copy(game, seat, random.Random(seeds[0]))
        _play(set_up, make_generals(spot, seeds[0]), lambda g: g.phase != Phase.PLACE)
        value = 0.0
        for k in range(rollouts):
            play = fair_copy(set_up, seat, random.Random(seeds[k + 1]))
            _play(play, make_generals(spot, seeds[k + 1]), after_our_turn)
            value += score(play, seat, horizon)
        value /= max(1, rollouts)
        if spot != candidates[0]:
            value -= margin  # the rule of thumb's own spot is kept unless clearly beaten
        if value > best_value:
            best, best_value = spot, value
    return best
