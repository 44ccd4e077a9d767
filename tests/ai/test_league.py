"""bench/league.py runs a tiny league end to end, and its intervals are right."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _league() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_league", ROOT / "bench" / "league.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_league"] = module  # worker processes unpickle tasks by module name
    spec.loader.exec_module(module)
    return module


def test_wilson_interval_matches_known_values() -> None:
    league = _league()
    lo, hi = league.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = league.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-3)


def test_a_tiny_league_reports_duels_per_seat_order_and_four_player_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    league = _league()
    assert league.main(["--levels", "easy,standard", "--types", "us_full,uk_neutral",
                        "--duels", "2", "--four", "1", "--workers", "2", "--no-progress",
                        "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 + 2 + 2  # duels in two types, two one-against-three games
    assert data["illegal_actions"] == 0
    for game_type in ("us_full", "uk_neutral"):
        orders = data["duels"][game_type]["easy vs standard"]
        assert orders["easy first"]["games"] == orders["standard first"]["games"] == 1
    assert set(data["four_player"]) == {"us_full"}  # a neutral game has two players
    assert set(data["four_player"]["us_full"]) == {"easy vs 3 standard", "standard vs 3 easy"}


def test_bad_levels_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert _league().main(["--levels", "good,wizard", "--no-progress"]) == 2
