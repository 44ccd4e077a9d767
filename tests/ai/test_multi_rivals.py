"""Good among several rivals: holding a rising set, reaching a small rival, checking a leader."""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.evaluate import Situation
from game.ai.good import PROFILES
from game.ai.trading import choose_trade
from game.ai.view import SeatView
from game.engine import Game, Phase
from tests.ai.positions import three_players

BASE = PROFILES["base"]
CAVALRY = ["greenland", "alberta", "ontario", "quebec", "alaska"]  # the last is infantry


def _three_players(victim: dict[str, int], mine: dict[str, int], rest: int = 3) -> Game:
    """A rising-set game (US full, tests/ai/positions.py); seat 0 is reinforcing."""
    game = three_players(victim, mine, rest)
    game.phase = Phase.REINFORCE
    game.current = 0
    game.reinforcements = 3
    game.return_to_attack = False
    return game


def _trade(game: Game, hold: bool) -> object:
    sit = Situation(SeatView(game, 0), replace(BASE, hold_rising=hold))
    return choose_trade(sit, random.Random(1))


def test_a_rising_set_is_held_unless_its_armies_make_a_kill() -> None:
    far = _three_players({"indonesia": 2, "new_guinea": 1}, {"alaska": 4})
    far.players[0].hand = CAVALRY[:3]
    assert _trade(far, hold=False) is not None  # the old habit: trade at once
    assert _trade(far, hold=True) is None  # no kill within reach: the set grows while held
    near = _three_players({"indonesia": 2, "new_guinea": 1}, {"siam": 4})
    assert Situation(SeatView(near, 0), BASE).kill is None  # not with the turn's armies alone
    near.players[0].hand = CAVALRY[:3]
    assert _trade(near, hold=True) is not None  # the set's armies finish seat 1 this turn


def test_a_full_hand_is_traded_even_when_holding() -> None:
    game = _three_players({"indonesia": 6}, {"alaska": 4})
    game.players[0].hand = list(CAVALRY)
    assert SeatView(game, 0).must_trade()
    assert _trade(game, hold=True) is not None


def test_a_conquest_that_reaches_a_small_rival_is_worth_more() -> None:
    # seat 1 holds two territories in Australia; our land touches none of them; Siam (seat 2)
    # is the door to them
    game = _three_players({"indonesia": 2, "new_guinea": 1}, {"india": 8})
    game.players[1].hand = ["greenland", "alberta", "ontario"]
    plain = Situation(SeatView(game, 0), replace(BASE, approach=0.0))
    keen = Situation(SeatView(game, 0), replace(BASE, approach=0.3))
    assert keen.target_value("siam") > plain.target_value("siam") + 1.0
    assert keen.target_value("ural") == plain.target_value("ural")  # not a door


def test_no_approach_bonus_once_we_are_beside_them() -> None:
    game = _three_players({"indonesia": 2, "new_guinea": 1}, {"siam": 8})
    keen = Situation(SeatView(game, 0), replace(BASE, approach=0.3))
    assert keen.approach == {}


def test_a_runaway_leader_is_worth_checking() -> None:
    # seat 2 holds nearly the world with three armies a territory: far ahead of us and seat 1
    game = _three_players({"indonesia": 3, "new_guinea": 3}, {"siam": 8, "india": 3})
    plain = Situation(SeatView(game, 0), replace(BASE, leader_focus=0.0))
    keen = Situation(SeatView(game, 0), replace(BASE, leader_focus=1.0))
    assert keen.runaway == 2
    assert keen.target_value("china") == plain.target_value("china") + 1.0
    assert keen.target_value("indonesia") == plain.target_value("indonesia")
