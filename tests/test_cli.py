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


@pytest.mark.parametrize("argv", [["--seed", "-1"], ["--seed", str(2**63)], ["--seed", "1e400"],
                                  ["--seed", "x"]])
def test_a_seed_outside_what_a_save_keeps_is_refused_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--seed" in err and "Traceback" not in err


def test_a_shots_folder_that_cannot_be_made_is_refused_with_a_message(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--shots", str(blocker / "frames")])
    assert "--shots" in capsys.readouterr().err
    made = build_parser().parse_args(["--shots", str(tmp_path / "new" / "frames")])
    assert made.shots.is_dir()


def test_no_display_gives_a_message_not_a_traceback(monkeypatch, capsys):
    import pygame

    def no_display():
        raise pygame.error("No available video device")

    monkeypatch.setattr(pygame.display, "init", no_display)
    assert main([]) == 1
    err = capsys.readouterr().err
    assert "no display" in err and "Traceback" not in err
