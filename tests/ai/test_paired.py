"""The seat-by-seat paired runner (tools/paired.py): the candidate sits where it is asked to."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import paired  # noqa: E402

from game.ai.good import load_weights  # noqa: E402
from game.ai.simulate import seating  # noqa: E402


@pytest.mark.parametrize(("seat", "players", "position"),
                         [("first", 2, 0), ("second", 2, 1), ("3", 4, 2), ("second", 4, 1)])
def test_the_candidate_moves_at_the_position_asked(seat: str, players: int,
                                                   position: int) -> None:
    levels = ("candidate",) + ("baseline2",) * (players - 1)
    for game in range(6):
        for first in range(players):
            seated = seating(levels, paired.rotation(seat, game, players), first)
            assert seated[(first + position) % players] == "candidate"


def test_all_seats_take_turns_at_moving_first() -> None:
    firsts = {paired.rotation("all", game, 4) for game in range(4)}
    assert len(firsts) == 4


def test_neutral_types_are_full_games_with_a_neutral_army() -> None:
    assert paired._engine_type("uk_neutral") == ("uk_full", True)
    assert paired._engine_type("us_short") == ("us_short", False)


def test_the_same_deal_gives_the_same_game_for_the_same_weights() -> None:
    blob = json.dumps(load_weights(), sort_keys=True)
    task = ("us_full", "current", blob, ("candidate", "easy"), paired.rotation("second", 0, 2),
            107_990_001)
    assert paired.play(task) == paired.play(task)
    assert paired.play(task)[0] == "us_full"


@pytest.mark.parametrize("args", [["--mode", "seven"], ["--seat", "fifth"],
                                  ["--mode", "duel", "--seat", "3"], ["--types", "mars"]])
def test_bad_arguments_are_refused_with_a_message(args: list[str],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        paired.main(["--block", "1", "--games", "1", *args])
    assert stop.value.code == 2
    assert "--" in capsys.readouterr().err


def test_a_candidate_equal_to_the_shipped_weights_keeps_its_own_count(
        capsys: pytest.CaptureFixture[str]) -> None:
    shipped = load_weights()["base"]["continue_p"]
    paired.main(["--block", "107990000", "--games", "1", "--types", "us_full", "--workers", "1",
                 "--cand", f"base.continue_p={shipped}"])
    report = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert [entry["games"] for entry in report.values()] == [1, 1]
    assert report["current"]["wins"] == report[f"base.continue_p={shipped}"]["wins"]
