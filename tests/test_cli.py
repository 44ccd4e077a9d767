"""The command line: --simulate runs headless games and prints the agreed JSON."""

import json

import pytest

from game.cli import build_parser, main


def test_simulate_prints_one_json_object_with_the_agreed_keys(capsys):
    assert main(["--simulate", "2", "--players", "easy,easy", "--json", "--seed", "3"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"games", "wins", "draws", "median_seconds_per_game", "mean_turns"} <= set(result)
    assert result["games"] == 2
    assert sum(result["wins"].values()) + result["draws"] == 2


def test_simulate_refuses_bad_players_with_a_message(capsys):
    assert main(["--simulate", "1", "--players", "easy,wizard"]) == 2
    assert "--players" in capsys.readouterr().err


def test_demo_options_parse():
    args = build_parser().parse_args(["--demo", "--seed", "5", "--fast"])
    assert args.demo and args.seed == 5 and args.fast


def test_unknown_option_exits_with_usage():
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--nonsense"])
