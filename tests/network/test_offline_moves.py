"""While the server cannot be reached, the play screen keeps saying so and sends nothing: a
move made then is refused with the reason, never dropped on the way without a word."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.engine import ArmyChoice
from game.engine import actions as act
from game.ui import palette
from tests.network.test_screens import DT, _shot, _step_until
from tests.network.test_stale_wait import _hosted_against_easy


def _our_move(app: Any, scene: Any) -> Any:
    seat = next(iter(scene.local_seats))
    _step_until(app, lambda: scene.game.to_move == seat and not scene._pending
                and not scene._updates and not scene.is_showing_battle, frames=3000)
    choice = next(c for c in scene.game.legal_actions() if not isinstance(c, act.UndoPlacements))
    return choice.make(choice.lo) if isinstance(choice, ArmyChoice) else choice


def _corner_is_red(app: Any) -> bool:
    """The menu bar's right-hand corner (where NETWORK GAME is written) shows red ink."""
    frame = app.screen if hasattr(app, "screen") else pygame.display.get_surface()
    width = frame.get_width()
    corner = [frame.get_at((x, y))[:3] for x in range(width - 120, width - 4) for y in range(2, 12)]
    return tuple(palette.ALERT_RED) in corner


def test_a_move_made_while_offline_is_refused_with_the_reason_and_the_corner_says_offline(
        app: Any) -> None:
    from game.net.bridge import Note

    scene = _hosted_against_easy(app)
    move = _our_move(app, scene)
    server = scene.bridge.server
    sent = server.counters.actions
    scene.receive(Note("lost"))
    assert not scene.perform(move)
    assert scene.messages.alerting == ("Connection lost: trying to reconnect... "
                                       "This move was not sent.")
    assert not scene._pending
    scene.refuse("Some other refusal.")  # the alert gives way to the next message...
    app.step(DT)
    _shot(app, "network_offline")
    assert scene.menubar.right_text == "OFFLINE" and _corner_is_red(app)  # ...the corner stays
    time.sleep(0.2)
    assert server.counters.actions == sent  # nothing went to the server

    scene.receive(Note("back"))
    app.step(DT)
    assert scene.menubar.right_text == "NETWORK GAME" and not _corner_is_red(app)
    assert scene.perform(move)
    _step_until(app, lambda: server.counters.actions > sent)

    scene.receive(Note("gone", data={"reason": "the server stopped"}))
    app.step(DT)
    assert scene.menubar.right_text == "DISCONNECTED" and _corner_is_red(app)
    assert scene.messages.alerting == "Disconnected: the server stopped."


def test_each_seat_played_here_is_offline_or_back_on_its_own(app: Any) -> None:
    """Two players at one window have a connection each: one coming back does not hide the
    other still reconnecting, and one gone for good does not block the other's moves."""
    from game.net.bridge import Note

    scene = _hosted_against_easy(app)
    ours = next(iter(scene.local_seats))
    other = ours + 2  # (another seat played here, as with two Local seats)
    move = _our_move(app, scene)
    scene.receive(Note("lost", other))
    scene.receive(Note("lost", ours))
    scene.receive(Note("back", ours))
    app.step(DT)
    assert scene.menubar.right_text == "OFFLINE" and _corner_is_red(app)  # `other` still is
    scene.receive(Note("gone", other, {"reason": "your seat was taken back"}))
    scene.receive(Note("back", ours))
    assert scene.menubar.right_text == "DISCONNECTED"
    assert scene.perform(move)  # our connection is fine: our move goes


def test_a_connection_the_server_closed_is_told_with_the_servers_words(app: Any) -> None:
    from game.net.bridge import Note

    scene = _hosted_against_easy(app)
    said = "too much unsent data: the connection is too slow or does not read"
    scene.receive(Note("lost", data={"reason": f"the server closed the connection: {said}",
                                     "said": said}))
    app.step(DT)
    _shot(app, "network_closed_by_server")
    assert scene.messages.alerting == (f"The server closed the connection ({said}): trying to "
                                       "reconnect...")
    assert scene.menubar.right_text == "OFFLINE" and _corner_is_red(app)
