"""A hand-edited record never crashes verify, the log or the luck: each says what is wrong."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Game, StateError
from game.engine.chronicle import Chronicle
from game.replay import verify_game
from tests.record.soak import soak_games

_, BASE = next(soak_games(1, max_turns=30))
BASE_DATA = BASE.to_dict()
WORDS = st.sampled_from(["alaska", "peru", "siam", "nowhere", "", "wild_1", "x" * 40])
VALUES = st.one_of(st.integers(-3, 50), WORDS, st.booleans(), st.none())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=st.integers(0, 10_000), slot=st.integers(1, 4), value=VALUES,
       drop=st.booleans())
def test_a_damaged_record_fails_verification_cleanly(position, slot, value, drop):
    data = {**BASE_DATA, "record": {"from_start": True,
                                    "actions": [list(a) for a in BASE_DATA["record"]["actions"]]}}
    actions = data["record"]["actions"]
    index = position % len(actions)
    if drop:
        del actions[index]
    elif slot < len(actions[index]):
        actions[index][slot] = value
    try:
        game = Game.from_dict(data)
    except StateError:
        return  # refused on loading, with a message
    result = verify_game(game)
    chronicle = Chronicle(game)
    # verify and the log agree: a record that does not lead to the saved game is flagged by both
    assert result.message
    assert result.ok == (chronicle.error is None and chronicle.matches)
