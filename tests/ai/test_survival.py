"""Good cuts an attack short when its dice go wrong: among several rivals (multi_continue_p),
and in a duel by the profile of its seat (continue_p)."""

from __future__ import annotations

from dataclasses import replace

from game.ai.battle import AttackPlan, roll_on_threshold, should_roll_on
from game.ai.good import PROFILES, good_with, load_weights
from game.ai.simulate import make_config
from game.ai.view import SeatView
from game.engine import Game, Phase
from game.engine.state import Battle
from tests.ai.positions import three_players

BASE = PROFILES["base"]


def _plan(game: Game) -> AttackPlan:
    return AttackPlan(game.turn, "siam", "china", 10.0, 0.6, 0.45)


def _duel(mine: dict[str, int], theirs: dict[str, int]) -> Game:
    """A US full duel: seat 1 holds everything except `mine`, with `theirs` armies where given."""
    game = Game.new(make_config(["good", "good"], "us_full"), 1)
    for t in game.board.territories:
        game.owner[t] = 1
        game.armies[t] = theirs.get(t, 3)
    for t, n in mine.items():
        game.owner[t] = 0
        game.armies[t] = n
    return game


def test_an_attack_gone_wrong_is_cut_short_among_several_rivals() -> None:
    # six against four in China: about a 64% chance, enough to have started, not to go on
    game = three_players({"indonesia": 3}, {"siam": 6})
    game.armies["china"] = 4
    view = SeatView(game, 0)
    assert should_roll_on(view, replace(BASE, multi_continue_p=0.0), _plan(game))
    assert not should_roll_on(view, replace(BASE, multi_continue_p=0.75), _plan(game))
    game.armies["siam"] = 9  # the dice went well: 9 against 4 is well over 75%
    assert should_roll_on(SeatView(game, 0), replace(BASE, multi_continue_p=0.75), _plan(game))


def test_a_duel_rolls_on_as_before() -> None:
    game = _duel({"siam": 6}, {"china": 4})
    profile = replace(BASE, multi_continue_p=0.75)
    assert roll_on_threshold(SeatView(game, 0), profile) == BASE.continue_p
    assert should_roll_on(SeatView(game, 0), profile, _plan(game))


def test_the_threshold_eases_in_long_games() -> None:
    game = three_players({"indonesia": 3}, {"siam": 6})
    profile = replace(BASE, multi_continue_p=0.75)
    early = roll_on_threshold(SeatView(game, 0), profile)
    game.round = 50
    late = roll_on_threshold(SeatView(game, 0), profile)
    assert early == 0.75
    assert BASE.continue_p <= late < early


def _roll_on_chosen(second_continue_p: float) -> bool:
    """Whether Good, moving second in a duel with `duel_second.continue_p` at the given value,
    rolls on with the attack under way (six against four in China, about a 64% chance)
    instead of pricing the turn again."""
    weights = load_weights()
    weights["duel_second"] = {**weights["duel_second"], "continue_p": second_continue_p}
    game = _duel({"siam": 6}, {"china": 4})
    game.first_player, game.current, game.phase = 1, 0, Phase.ATTACK
    game.battle = Battle("siam", "china", 3, "single")
    general = good_with(weights)(0, 1)
    plan = _plan(game)
    general._plan = plan
    action = general.decide(SeatView(game, 0))
    assert action is not None
    return general._plan is plan


def test_a_duel_rolls_on_by_the_profile_of_its_seat() -> None:
    # the base profile would roll on at 30%: the second mover's own threshold decides
    assert BASE.continue_p < 0.64
    assert _roll_on_chosen(0.3)
    assert not _roll_on_chosen(0.9)
