"""A computer's long think is announced, and the window goes on drawing while it lasts."""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

import time
from typing import Any

from game.ai.simulate import first_mover_seat
from game.engine import Phase
from tests.scenes.driver import new_game, play_app, start, step  # noqa: F401 - a fixture


def _seed_with_good_second() -> int:
    """A seed whose US full duel has seat 1 (Good) moving second."""
    return next(s for s in range(1, 50) if first_mover_seat(2, s, "us_full") == 0)


def test_good_moving_second_says_it_is_thinking_before_it_plans_its_set_up(
        play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant", sound=False)
    game = new_game(("easy", "good"), "us_full", seed=_seed_with_good_second())
    scene = start(app, game)
    for _ in range(3000):
        if game.phase == Phase.PLACE and game.to_move == 1:
            break
        step(app)
    assert game.phase == Phase.PLACE and game.to_move == 1
    placed = sum(game.armies[t] for t in game.territories_of(1))
    for _ in range(40):
        if any("thinking" in text for text, _ in scene.messages.log.lines):
            break
        step(app)
    assert any("Napoleon is thinking" in text for text, _ in scene.messages.log.lines)
    assert sum(game.armies[t] for t in game.territories_of(1)) == placed  # not yet placed
    frames = 0
    deadline = time.monotonic() + 60
    while sum(game.armies[t] for t in game.territories_of(1)) == placed:
        assert time.monotonic() < deadline, "the general never finished thinking"
        step(app)  # the window goes on drawing while the general thinks
        frames += 1
        time.sleep(0.005)
    assert frames > 3
    assert sum(game.armies[t] for t in game.territories_of(1)) == placed + 1
    general = scene.computers.general_for(1)
    assert general.setup_front is not None and not general.will_deliberate(game)
    thinking = [t for t, _ in scene.messages.log.lines if "thinking" in t]
    step(app, 60)  # the rest of the set-up: announced once only
    assert [t for t, _ in scene.messages.log.lines if "thinking" in t] == thinking
