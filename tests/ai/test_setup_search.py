"""The second mover's set-up stack chosen by playing the opening out (game/ai/setup_search.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.ai import setup_search
from game.ai.good import GoodGeneral, good_with, load_weights
from game.ai.simulate import first_mover_seat, make_config
from game.engine import Game, Phase

SETUP_PROFILES = ("duel_second_setup", "duel_second_setup_spread")


def _searching_good(rollouts: int = 2, candidates: int = 3) -> type[GoodGeneral]:
    """Good with a small search (the test stays quick), however the shipped weights set it."""
    weights = load_weights()
    for name in SETUP_PROFILES:
        weights[name] = {**weights[name], "setup_rollouts": rollouts,
                         "setup_candidates": candidates, "setup_horizon": 3}
    return good_with(weights)


def _duel_at_our_first_placement(seed: int) -> tuple[Game, int]:
    """A US full duel at the second mover's first set-up placement, and that seat."""
    game = Game.new(make_config(["good", "good"], "us_full"), seed)
    claimers = {s: GoodGeneral(s, seed) for s in (0, 1)}
    second = 1 - first_mover_seat(2, seed, "us_full")
    while not (game.phase == Phase.PLACE and game.to_move == second):
        game.apply(claimers[game.to_move].choose(game))
    return game, second


def test_a_fair_copy_deals_again_what_the_seat_cannot_see() -> None:
    game, seat = _duel_at_our_first_placement(5)
    rival = 1 - seat
    game.players[seat].hand = [game.deck.pop(), game.deck.pop()]
    game.players[rival].hand = [game.deck.pop(), game.deck.pop(), game.deck.pop()]
    copy = setup_search.fair_copy(game, seat, random.Random(1))
    assert copy.players[seat].hand == game.players[seat].hand
    assert len(copy.players[rival].hand) == 3
    assert Counter(copy.deck + copy.players[rival].hand) == \
        Counter(game.deck + game.players[rival].hand)
    assert copy.deck != game.deck  # the order is dealt again
    assert copy.owner == game.owner and copy.armies == game.armies
    # the real deck's order does not show through: reordered, the copy comes out the same
    game.deck.reverse()
    again = setup_search.fair_copy(game, seat, random.Random(1))
    assert again.deck == copy.deck and again.players[rival].hand == copy.players[rival].hand


def test_the_search_picks_one_of_its_candidates_and_plays_on_copies_only() -> None:
    game, seat = _duel_at_our_first_placement(8)
    before = game.to_dict()
    plain = _searching_good(0)
    candidates = game.territories_of(seat)[:3]
    played: list[str] = []

    def make_generals(spot: str, seed: int) -> dict[int, Any]:
        played.append(spot)
        ours = plain(seat, seed)
        ours.setup_front = spot
        return {seat: ours, 1 - seat: plain(1 - seat, seed)}

    pick = setup_search.choose_stack(game, seat, candidates, 2, random.Random(3), make_generals)
    assert pick in candidates
    assert Counter(played) == {c: 3 for c in candidates}  # the set-up, then two play-outs
    assert game.to_dict() == before
    assert setup_search.choose_stack(game, seat, candidates[:1], 2, random.Random(3),
                                     make_generals) == candidates[0]


def test_the_second_mover_builds_its_stack_where_the_search_chose() -> None:
    game, seat = _duel_at_our_first_placement(11)
    searching = _searching_good()
    generals = {seat: searching(seat, 11), 1 - seat: GoodGeneral(1 - seat, 11)}
    while game.phase == Phase.PLACE:
        game.apply(generals[game.to_move].choose(game))
    front = generals[seat].setup_front
    assert front is not None and game.owner[front] == seat
    ours = game.territories_of(seat)
    assert max(ours, key=lambda t: game.armies[t]) == front
    assert game.armies[front] >= 10


def test_the_search_is_only_for_the_second_mover_of_a_duel_of_the_world() -> None:
    searching = _searching_good()
    game, second = _duel_at_our_first_placement(13)
    first = 1 - second
    generals = {first: searching(first, 13), second: GoodGeneral(second, 13)}
    while game.phase == Phase.PLACE:
        game.apply(generals[game.to_move].choose(game))
    assert generals[first].setup_front is None  # the first mover keeps its rule of thumb
    four = Game.new(make_config(["good"] * 4, "us_full"), 13)
    players = {s: searching(s, 13) for s in range(4)}
    while four.phase in (Phase.CLAIM, Phase.PLACE):
        four.apply(players[four.to_move].choose(four))
    assert all(p.setup_front is None for p in players.values())


def test_the_chosen_stack_does_not_depend_on_hidden_information() -> None:
    game, seat = _duel_at_our_first_placement(17)
    searching = _searching_good()
    chosen = searching(seat, 17).choose(game)
    twin = game.clone()
    random.Random(4).shuffle(twin.deck)
    twin.rng = random.Random(12345)
    assert searching(seat, 17).choose(twin) == chosen
