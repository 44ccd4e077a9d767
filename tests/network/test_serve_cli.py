"""`python main.py --serve ...`: the options become the server's configuration."""

from __future__ import annotations

from pathlib import Path

from game.cli import build_parser
from game.net.serve import config_from_args, run


def test_serve_options_become_the_server_configuration(tmp_path: Path) -> None:
    args = build_parser().parse_args(
        ["--serve", "--port", "9000", "--password", "P", "--seats", "open,open,good",
         "--type", "uk_short", "--away", "computer", "--reconnect-seconds", "30",
         "--saves-dir", str(tmp_path), "--games", "3"])
    config = config_from_args(args)
    assert (config.port, config.password, config.seats) == (9000, "P", ("open", "open", "good"))
    assert (config.game_type, config.away_policy, config.reconnect_seconds) == (
        "uk_short", "computer", 30.0)
    assert config.saves_dir == tmp_path and config.games == 3 and config.resume


def test_bad_seats_are_refused_with_a_message(capsys) -> None:  # noqa: ANN001
    args = build_parser().parse_args(["--serve", "--seats", "open,wizard"])
    assert run(args) == 2
    assert "seats are 2 to 6" in capsys.readouterr().err
