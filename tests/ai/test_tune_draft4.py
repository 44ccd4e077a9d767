"""The draft model's data collector (tools/tune_draft4.py): one row per finished game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import tune_draft4  # noqa: E402


@pytest.mark.parametrize("index", [0, 3])  # a noisy drafter, and one claiming by rollouts
def test_a_collected_game_records_the_draft_seats_and_winner(index: int) -> None:
    row = tune_draft4.play(17_000_000 + index, index, "baseline2")
    assert row is not None
    assert len(row["owner"]) == 42 and set(row["owner"]) == {0, 1, 2, 3}
    assert row["good"] in range(4) and row["winner"] in range(4)
    assert row["noise"] == tune_draft4.NOISES[index % len(tune_draft4.NOISES)]


def test_the_drafter_claims_by_rollouts_only_without_noise() -> None:
    noisy = tune_draft4._drafter(0.3).profiles["base"]
    own = tune_draft4._drafter(0.0).profiles["base"]
    assert noisy.draft_rollouts == 0 and noisy.claim_noise == 0.3
    assert own.draft_rollouts > 0
