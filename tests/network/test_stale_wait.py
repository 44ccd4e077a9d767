""""Please wait: it is Bob's move" is taken down when Bob's move is over: it never stands over
the next player's prompt, in a local game or a network one."""

from __future__ import annotations

import time
from typing import Any

from game.engine import ArmyChoice, Game, GameConfig, PlayerSpec
from game.engine import actions as act
from game.engine.config import COLOURS
from tests.network.support import free_port
from tests.network.test_screens import DT, _host, _shot, _step_until


def _pop_dialogs(app: Any, scene: Any) -> None:
    while app.scenes.top is not scene:
        app.scenes.pop()
        app.scenes.apply_pending()


def _refuse_while_waiting(app: Any, scene: Any, wait_for: int) -> str:
    """Select a territory while `wait_for` is to move: the refusal names them."""
    for _ in range(20000):
        _pop_dialogs(app, scene)
        if scene.game.to_move == wait_for and not scene.game.is_over:
            break
        app.step(DT)
        time.sleep(0.0005)
    assert scene.game.to_move == wait_for
    scene.select(next(iter(scene.game.board.territories)))
    text = scene.messages.alerting
    assert text == f"Please wait: it is {scene.game.players[wait_for].name}'s move."
    return text


def _hosted_against_easy(app: Any) -> Any:
    """A game hosted from this window, a local seat against an easy computer, on screen."""
    from game.scenes.network.play import NetworkPlayScene

    host = _host(app, ["local", "easy"], free_port())
    host.confirm()
    app.scenes.apply_pending()
    _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene))
    return app.scenes.top


def test_a_local_game_takes_the_wait_down_when_the_move_passes(app: Any) -> None:
    from game.scenes.play.screen import PlayScene

    players = [PlayerSpec("Ann", COLOURS[0], "human"), PlayerSpec("Bob", COLOURS[1], "easy"),
               PlayerSpec("Cid", COLOURS[2], "easy")]
    scene = PlayScene(app, Game.new(GameConfig.preset("uk_full", players), 5))
    app.scenes.push(scene)
    app.scenes.apply_pending()
    text = _refuse_while_waiting(app, scene, 1)
    for _ in range(20000):
        _pop_dialogs(app, scene)
        app.step(DT)
        if scene.game.to_move != 1:
            break
        assert scene.messages.alerting == text  # true while Bob is to move: it stays
    app.step(DT)
    assert scene.game.to_move != 1
    assert scene.messages.alerting == ""  # Cid's move, or Ann's: no longer Bob's


def test_a_network_game_shows_the_prompt_not_the_old_wait(app: Any) -> None:
    scene = _hosted_against_easy(app)
    seat = next(iter(scene.local_seats))
    other = 1 - seat
    # our first claim, so that the computer is to move next
    _step_until(app, lambda: scene.game.to_move == seat and not scene._pending
                and not scene._updates and not scene.is_showing_battle)
    choice = next(c for c in scene.game.legal_actions() if not isinstance(c, act.UndoPlacements))
    assert scene.perform(choice.make(choice.lo) if isinstance(choice, ArmyChoice) else choice)
    text = _refuse_while_waiting(app, scene, other)
    _step_until(app, lambda: scene.game.to_move == seat and not scene._updates
                and not scene.is_showing_battle and scene.wait <= 0)
    assert scene.messages.alerting != text
    app.step(DT)
    assert scene.messages.prompt is not None and scene.messages.prompt[0]
    assert scene.messages.alerting == ""  # the prompt of our turn shows, not Bob's wait


def test_a_dropped_connection_is_shown_over_the_prompt_until_it_is_back(app: Any) -> None:
    """The pinned prompt covers history lines, so a drop must be an alert the player sees."""
    from game.net.bridge import Note
    scene = _hosted_against_easy(app)
    scene.receive(Note("lost"))
    assert scene.messages.alerting == "Connection lost: trying to reconnect..."
    app.step(DT)
    _shot(app, "network_connection_lost")
    scene.receive(Note("back"))
    assert scene.messages.alerting == "Reconnected to the server."
    scene.receive(Note("gone", data={"reason": "no answer"}))
    assert scene.messages.alerting == "Disconnected: no answer."
