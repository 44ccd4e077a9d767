"""INFO > Game Log, Luck and Review Last Turn in a network game, mid-game, headless.

A hosted game (this seat against two computers on the server) is played for a few turns;
then the story screens are opened through the menus, as a player would, and must show the
story the server told, not "empty until the game ends".
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.network.support import free_port
from tests.network.test_screens import DT, _host, _shot, _step_until, our_move

SHOT_DIR = Path(__file__).parent
SEED = 11  # a deal in which this seat plays on past turn 7


def _play_until_turn(app: Any, turn: int) -> Any:  # noqa: F811
    from game.scenes.network.play import NetworkPlayScene

    host = _host(app, ["local", "easy", "easy"], free_port())
    # a fixed deal (a hosted game's seed is random): with some deals this seat is out before
    # turn 7, or the game over, and a finished game's view carries its record
    serve = host._serve
    host._serve = lambda config, local: serve(replace(config, seed=SEED), local)
    host.confirm()
    app.scenes.apply_pending()
    _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene), frames=2000)
    scene = app.scenes.top
    seat = next(iter(scene.local_seats))
    attacked: dict[int, int] = {}
    for _ in range(30000):
        game = scene.game
        if game.turn >= turn and game.to_move == seat and not scene._pending \
                and not scene._updates and not scene.is_showing_battle:
            break
        while app.scenes.top is not scene and hasattr(app.scenes.top, "dialog"):
            app.scenes.pop()
            app.scenes.apply_pending()
        if (app.scenes.top is scene and game.to_move == seat and not scene._pending
                and not scene.is_showing_battle and not scene._updates):
            assert scene.perform(our_move(game, attacked, attacks_per_turn=2))
        app.step(DT)
        time.sleep(0.001)
    assert scene.game.turn >= turn
    return scene


def test_the_game_log_luck_and_review_are_told_mid_game(app: Any) -> None:  # noqa: F811
    from game.engine.chronicle import Chronicle
    from game.scenes.info.gamelog import GameLogScene
    from game.scenes.info.luck import LuckScene, luck_rows
    from game.scenes.info.replay import ReplayScene

    scene = _play_until_turn(app, 7)
    server_game = scene.bridge.server.tables["1"].game
    assert not scene.game.record.actions  # the mirror has no record: the story is told

    # INFO > Game Log, as the menu opens it
    scene.menus.info(GameLogScene)()
    app.scenes.apply_pending()
    log = app.scenes.top
    assert isinstance(log, GameLogScene)
    _step_until(app, lambda: log.chronicle.available and log.shown_count > 100, frames=600)
    truth = Chronicle(server_game)
    texts = [line.text for line in log.list.lines]
    assert texts == [e.text for e in truth.entries][:len(texts)]
    assert any("attacks" in t for t in texts) and any(t.startswith("TURN 6") for t in texts)
    _shot(app, "story_gamelog")
    everyone = log.shown_count
    log.choose(1)  # one computer's lines (and the turn headings) only
    assert 0 < log.shown_count < everyone
    about_one = [e.text for e in truth.entries if e.kind == "TurnStarted" or 1 in e.players]
    assert [line.text for line in log.list.lines] == about_one[:log.shown_count]
    app.scenes.pop()
    app.scenes.apply_pending()

    # INFO > Luck: the server's figures, with something fought
    scene.menus.info(LuckScene)()
    app.scenes.apply_pending()
    _step_until(app, lambda: isinstance(app.scenes.top, LuckScene))
    rows = luck_rows(app, scene.game)
    assert len(rows) == 3 and sum(int(values[0]) for _, values, _ in rows) > 0
    by_seat = {pid: values for pid, values, _ in rows}
    for pid, p in enumerate(truth.luck.players):
        assert by_seat[pid][0] == str(p.attacks) and by_seat[pid][2] == str(p.lost)
    _shot(app, "story_luck")
    app.scenes.pop()
    app.scenes.apply_pending()

    # INFO > Review Last Turn: the map replays the computers' turns since ours
    info = next(m for m in scene.menubar.menus if m.title == "INFO")
    item = next(i for i in info.items if i.label == "Review Last Turn")
    assert item.is_enabled
    item.action()
    _step_until(app, lambda: isinstance(app.scenes.top, ReplayScene), frames=600)
    review = app.scenes.top
    assert review.start == truth.review_start(min(scene.local_seats))
    assert len(review.replayer.actions) == len(server_game.record.actions)
    from game.input import Device

    app.input.last_device = Device.PAD  # each device is told its own controls
    assert "RB turn" in review.messages.hint_text and "Tab" not in review.messages.hint_text
    app.input.last_device = Device.KEYBOARD
    assert "Tab turn" in review.messages.hint_text
    review.step_turn()
    _shot(app, "story_review")
    while not review.at_end:
        review.step_turn()
    app.step(DT)
    assert review.game.owner == server_game.owner and review.game.armies == server_game.armies
    review.step_back()  # back one: rebuilt from the told views, no record needed
    assert review.index == len(server_game.record.actions) - 1
    review.close()
    app.scenes.apply_pending()
    assert app.scenes.top is scene

    # the game-over screen's LUCK column reads the same told story
    from game.scenes.play.gameover import GameOverScene

    over = GameOverScene(app, scene.game)
    assert over.luck_scores == {pid: f"{float(p.luck):+.1f}"
                                for pid, p in enumerate(truth.luck.players)}
