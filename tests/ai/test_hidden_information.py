"""Generals decide only from what their seat may see: changing hidden data changes nothing."""

from __future__ import annotations

import random

import pytest

from game.ai import make_general
from game.ai.simulate import make_config
from game.engine import Game
from game.engine.missions import MISSIONS


def _scramble_secrets(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` whose secrets (other hands, missions, unrevealed HQs, deck order and
    the dice RNG) are different, with every public fact kept."""
    other = game.clone()
    pool = list(other.deck)
    for pid, player in enumerate(other.players):
        if pid == seat or not player.hand:
            continue
        count = len(player.hand)
        pool.extend(player.hand)
        rng.shuffle(pool)
        player.hand = pool[:count]
        pool = pool[count:]
        if player.mission is not None:
            player.mission = rng.choice(sorted(MISSIONS))
        if not other.hq_revealed and player.headquarters is not None:
            player.headquarters = rng.choice(other.territories_of(pid))
    rng.shuffle(pool)
    other.deck = pool
    other.rng = random.Random(rng.random())
    return other


@pytest.mark.parametrize("game_type", ["uk_short", "us_short", "us_full"])
@pytest.mark.parametrize("level", ["easy", "standard", "good"])
def test_decisions_do_not_depend_on_hidden_information(game_type: str, level: str) -> None:
    levels = [level, "good", "standard", "easy"]
    seed = 17
    game = Game.new(make_config(levels, game_type), seed)
    players = {s: make_general(lv, s, seed) for s, lv in enumerate(levels)}
    scramble = random.Random(99)
    checked = 0
    step = 0
    while not game.is_over and game.turn < 120:
        seat = game.to_move
        if step % 7 == 0:
            fresh = make_general(levels[seat], seat, seed).choose(game)
            twin = _scramble_secrets(game, seat, scramble)
            assert make_general(levels[seat], seat, seed).choose(twin) == fresh, game.phase
            checked += 1
        game.apply(players[seat].choose(game))
        step += 1
    assert checked > 20


def test_the_view_hides_other_hands_missions_and_secret_headquarters() -> None:
    from game.ai.view import SeatView

    game = Game.new(make_config(["good", "good", "good"], "uk_short"), 3)
    view = SeatView(game, 0)
    assert view.mission == game.mission(0)
    assert not hasattr(view, "players") and not hasattr(view, "deck") and not hasattr(view, "rng")
    game.players[1].headquarters = game.territories_of(1)[0]
    assert view.headquarters(1) is None  # not revealed yet
    game.hq_revealed = True
    assert view.headquarters(1) == game.territories_of(1)[0]
