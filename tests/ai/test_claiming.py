"""Manual claiming varies with the seed at every level, and stays the same for the same seed."""

from __future__ import annotations

import pytest

from game.ai import make_general
from game.ai.mapinfo import map_info
from game.ai.simulate import make_config
from game.engine import Game, Phase

CLAIMS = 10


def first_claims(levels: list[str], seed: int, game_type: str = "us_full",
                 n: int = CLAIMS) -> tuple[int, list[tuple[int, str]]]:
    """The seat that claims first and the first `n` claims (seat, territory) of a game."""
    game = Game.new(make_config(levels, game_type), seed)
    generals = {seat: make_general(level, seat, seed) for seat, level in enumerate(levels)}
    claims: list[tuple[int, str]] = []
    while game.phase == Phase.CLAIM and len(claims) < n:
        seat = game.to_move
        action = generals[seat].choose(game)
        claims.append((seat, action.territory))
        game.apply(action)
    return game.first_player, claims


def test_first_claims_differ_between_two_seeds() -> None:
    for levels in (["good", "standard"], ["standard", "easy"], ["good", "good"]):
        assert first_claims(levels, 1)[1] != first_claims(levels, 2)[1], levels


def test_same_seed_gives_the_same_claims() -> None:
    for levels in (["good", "standard", "standard", "standard"], ["easy", "good"]):
        for seed in (1, 1001):
            assert first_claims(levels, seed) == first_claims(levels, seed)


@pytest.mark.parametrize("levels", [["good", "good"], ["standard", "standard"],
                                    ["easy", "easy"], ["good", "standard"],
                                    ["good", "standard", "standard", "standard"]])
@pytest.mark.parametrize("game_type", ["us_full", "us_short"])
def test_the_map_split_varies_with_the_seed(levels: list[str], game_type: str) -> None:
    """Not only which territory of a continent: for the same seat claiming first, the
    continents claimed, in order, differ from seed to seed (a fixed opening fails)."""
    game = Game.new(make_config(levels, game_type), 1)
    continent_of = map_info(game.board).continent_of
    openings: dict[int, set[tuple[tuple[int, str], ...]]] = {}
    games: dict[int, int] = {}
    for seed in range(1, 17):
        first, claims = first_claims(levels, seed, game_type)
        opening = tuple((seat, continent_of[t]) for seat, t in claims)
        openings.setdefault(first, set()).add(opening)
        games[first] = games.get(first, 0) + 1
    for first, seen in openings.items():
        if games[first] >= 3:
            assert len(seen) > 1, (levels, game_type, first)
