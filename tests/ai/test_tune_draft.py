"""The duel draft model's data collector (tools/tune_draft.py) against another level."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import tune_draft  # noqa: E402

from game.ai import draft  # noqa: E402


@pytest.mark.parametrize("index", [0, 1])  # Good moving first, then second
def test_a_game_against_a_rival_records_the_draft_and_goods_seat(index: int) -> None:
    seed = 93_000_000 + index
    row = tune_draft.play((seed, 0.5, "baseline2", index))
    assert row is not None
    x, first_won = row
    names = draft.feature_names(draft.draft_board(
        tune_draft.Game.new(tune_draft.make_config(["good", "good"]), seed).board))
    assert len(x) == len(names) + 1  # the draft's features, then whether Good moved first
    assert x[-1] == (1.0 if index % 2 == 0 else -1.0)
    assert first_won in (0, 1)


def test_the_drafter_searches_only_without_noise() -> None:
    noisy = tune_draft._drafter(0.5).profiles["duel"]
    own = tune_draft._drafter(0.0).profiles["duel"]
    assert noisy.draft_iterations == 0 and noisy.claim_noise == 0.5
    assert own.draft_iterations > 0


def test_a_profile_names_the_duel_draft_model_it_searches_with() -> None:
    db = draft.draft_board(tune_draft.Game.new(tune_draft.make_config(["good", "good"]), 1).board)
    assert draft.shipped_model(db, "draft") is draft.shipped_model(db)
    with pytest.raises(FileNotFoundError):
        draft.shipped_model(db, "no_such_model")
