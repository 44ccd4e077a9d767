"""The simulator's command line and figures, and the advantage arithmetic generals rely on."""

from __future__ import annotations

import argparse
import json

import pytest

from game.ai.evaluate import advantage_gain, odds
from game.ai.simulate import add_arguments, main, run, run_games


def test_json_output_has_the_agreed_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["4", "--players", "good,easy", "--json", "--seed", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4
    assert set(data["wins"]) == {"good", "easy"}
    assert sum(data["wins"].values()) + data["draws"] == 4
    assert data["illegal_actions"] == 0
    for key in ("median_seconds_per_game", "mean_turns"):
        assert isinstance(data[key], float)


def test_add_arguments_and_run_serve_the_main_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", action="store_true")  # the main CLI may own --json already
    add_arguments(parser)
    args = parser.parse_args(["--simulate", "2", "--players", "standard,standard",
                              "--type", "uk_full", "--neutral", "--max-turns", "300"])
    assert run(args) == 0
    out = capsys.readouterr().out
    assert "2 games" in out and "standard" in out


def test_bad_players_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["2", "--players", "good,wizard"]) == 2
    assert main(["2", "--players", "good,easy,easy", "--neutral"]) == 2


def test_seats_rotate_between_games() -> None:
    summary = run_games(["good", "easy"], 2, seed=5)
    assert summary.games == 2


def test_six_on_the_lowest_die_is_worth_using_only_when_it_changes_a_comparison() -> None:
    assert advantage_gain("six", (5, 2), (4, 3)) == 2  # 5-4 wins, 2-3 loses -> 6 wins both
    assert advantage_gain("six", (6, 6, 1), (5, 5)) == 0  # the lowest die is not compared


def test_reroll_of_an_uncompared_die_never_hurts() -> None:
    assert advantage_gain("reroll", (6, 6, 1), (5, 5)) == 0
    assert advantage_gain("reroll", (4, 1), (3, 3)) > 0


def test_large_battles_are_priced_on_a_scaled_chain() -> None:
    p, lost, killed = odds(600, 300)
    assert p > 0.99 and killed == pytest.approx(300, rel=0.02) and lost > 0


def test_duels_alternate_the_first_mover_exactly() -> None:
    from game.ai.simulate import first_mover_seat, make_config, seating
    from game.engine import Game

    movers = []
    for i in range(6):
        first = first_mover_seat(2, 40 + i)
        seated = seating(["good", "baseline"], i, first)
        game = Game.new(make_config(seated), 40 + i)
        assert game.first_player == first  # who sits where does not change the draw
        movers.append(seated[first])
    assert movers == ["good", "baseline"] * 3


def test_four_player_seats_rotate_around_the_first_mover() -> None:
    from game.ai.simulate import seating

    levels = ["good", "a", "b", "c"]
    orders = []
    for i in range(4):
        seated = seating(levels, i, first=2)
        orders.append([seated[(2 + k) % 4] for k in range(4)])  # turn order from the mover
    assert [order[0] for order in orders] == levels
    assert all(sorted(order) == sorted(levels) for order in orders)


def test_json_counts_wins_moving_second_and_takes_the_baseline(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["2", "--players", "good,baseline", "--json", "--seed", "21"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["wins_moving_second"]) == {"good", "baseline"}
    assert sum(data["wins"].values()) + data["draws"] == 2
    for level, won in data["wins_moving_second"].items():
        assert 0 <= won <= data["wins"][level]
