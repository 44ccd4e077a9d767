"""The network screens headless: Host, Join, CONNECTING, the lobby, and a game played to its end."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import ArmyChoice
from game.engine import actions as act
from tests.network.support import free_port

SHOTS = os.environ.get("CONQUEST_NET_SHOTS")  # a folder to keep the frames in, to look at them
DT = 1 / 60


def _step_until(app: Any, done: Any, frames: int = 600, shot: str | None = None) -> None:
    import time
    for _ in range(frames):
        app.step(DT)
        if done():
            break
        time.sleep(0.002)  # the network thread's turn
    top = app.scenes.top
    said = _dialog_text(top) if hasattr(top, "dialog") else ""
    assert done(), f"gave up waiting; top scene is {type(top).__name__} {said!r}"
    app.step(DT)  # the new top scene's first frame
    if shot and SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(SHOTS) / f"{shot}.png"))


def _dialog_text(scene: Any) -> str:
    from game.ui.widgets import Label

    return " ".join(w.text for w in scene.dialog.widgets if isinstance(w, Label))


def _shot(app: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(SHOTS) / f"{name}.png"))


def _host(app: Any, kinds: list[str], port: int, password: str = "") -> Any:
    from game.scenes.network.host import HostNetworkScene

    scene = HostNetworkScene(app)
    app.scenes.push(scene)
    app.scenes.apply_pending()
    scene._set_count(len(kinds))
    for i, kind in enumerate(kinds):
        scene._set_kind(i, kind)
    scene.port.text = str(port)
    scene.password.text = password
    app.step(DT)
    _shot(app, "host")
    return scene


def test_hosting_opens_the_lobby_and_then_a_game_whose_remote_moves_are_shown(app: Any) -> None:
    _host_and_play(app, until_turn=5)


@pytest.mark.slow
def test_a_hosted_game_plays_to_the_end(app: Any) -> None:
    _host_and_play(app, until_turn=None)


def our_move(game: Any, attacked: dict[int, int], attacks_per_turn: int) -> Any:
    """The local seat's next move in these tests: a few sure attacks a turn (dice, conquests,
    occupation prompts), otherwise the first choice that is not an attack or an undo."""
    choices = game.legal_actions()
    attacks = [c for c in choices if isinstance(c, act.Attack) and c.mode == "do_or_die"
               and game.armies[c.source] > game.armies[c.target] + 2]
    attacked.setdefault(game.turn, 0)
    if attacks and attacked[game.turn] < attacks_per_turn:
        attacked[game.turn] += 1
        choice = attacks[0]
    else:
        choice = next(c for c in choices if not isinstance(c, (act.UndoPlacements, act.Attack)))
    return choice.make(choice.hi) if isinstance(choice, ArmyChoice) else choice


def _host_and_play(app: Any, until_turn: int | None) -> None:
    from game.scenes.network.connecting import ConnectingScene
    from game.scenes.network.lobby import LobbyScene
    from game.scenes.network.play import NetworkPlayScene

    host = _host(app, ["local", "easy"], free_port())
    host.confirm()
    app.scenes.apply_pending()
    assert isinstance(app.scenes.top, ConnectingScene)
    app.step(DT)
    _shot(app, "connecting")
    _step_until(app, lambda: isinstance(app.scenes.top, (LobbyScene, NetworkPlayScene)))
    _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene), shot="lobby")
    scene = app.scenes.top
    bridge = scene.bridge
    seat = next(iter(scene.local_seats))
    remote_moves = 0
    attacked: dict[int, int] = {}
    for frame in range(20000):
        game = scene.game
        if game.is_over or (until_turn is not None and game.turn >= until_turn):
            break
        while app.scenes.top is not scene and not isinstance(app.scenes.top, type(None)):
            top = app.scenes.top
            if type(top).__name__.endswith("DialogScene") or hasattr(top, "dialog"):
                app.scenes.pop()
                app.scenes.apply_pending()
            else:
                break
        if (app.scenes.top is scene and game.to_move == seat and not scene._pending
                and not scene.is_showing_battle and not scene._updates):
            assert scene.perform(our_move(game, attacked, attacks_per_turn=3))
        before = scene.seq
        app.step(DT)
        if scene.seq != before and game.to_move != seat:
            remote_moves += 1
        if frame == 400:
            _shot(app, "network_play")
        import time
        time.sleep(0.001)
    assert remote_moves > 0 and sum(attacked.values()) > 0
    server = bridge.server
    assert server is not None and server.counters.errors == 0
    table = server.tables["1"].game
    assert table is not None and server.counters.computer_actions > 0
    if until_turn is None:
        assert scene.game.is_over and table.is_over
        for _ in range(240):  # the game-over screen, with the luck the server tells
            app.step(DT)
        _shot(app, "network_victory")
        for key in (pygame.K_RETURN,):  # OK: on to the game-over screen
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="\r"))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
        for _ in range(120):
            app.step(DT)
        _shot(app, "network_game_over")
    else:
        assert scene.game.turn >= until_turn
    if not scene.game.is_over:  # wait for our move: then the server waits for us too
        _step_until(app, lambda: scene.game.to_move == seat and not scene._pending
                    and not scene._updates and not scene.is_showing_battle)
    # the mirror shows what the server holds, and this seat's own hand, never the other's
    assert scene.game.owner == table.owner and scene.game.armies == table.armies
    assert scene.game.players[seat].hand == table.players[seat].hand


def test_a_wrong_password_is_told_with_the_servers_reason(app: Any) -> None:
    from game.net.bridge import NetBridge
    from game.net.server import ServerConfig
    from game.scenes.network.join import JoinNetworkScene

    port = free_port()
    server_bridge = NetBridge()
    try:
        server_bridge.host(ServerConfig(port=port, password="right", seats=("open", "open"),
                                        resume=False)).result(10)
        scene = JoinNetworkScene(app)
        app.scenes.push(scene)
        app.scenes.apply_pending()
        scene.port.text = str(port)
        scene.password.text = "wrong"
        scene.name.text = "Eve"
        app.step(DT)
        _shot(app, "join")
        scene.confirm()
        _step_until(app, lambda: type(app.scenes.top).__name__ == "MessageDialogScene",
                    shot="refused")
        assert "wrong game password" in _dialog_text(app.scenes.top)
    finally:
        server_bridge.close()


def test_a_server_with_too_many_connections_from_here_says_so_in_a_sentence(app: Any) -> None:
    """Turned away at the door (HTTP 503: the address's connections are all in use): the Join
    form's dialog gives the server's sentence, not an HTTP status."""
    import socket

    from game.net.bridge import NetBridge
    from game.net.limits import Limits
    from game.net.server import ServerConfig
    from game.scenes.network.join import JoinNetworkScene

    port = free_port()
    server_bridge = NetBridge()
    holder = socket.socket()
    try:
        server_bridge.host(ServerConfig(port=port, seats=("open", "open"), resume=False,
                                        limits=Limits(max_per_address=1))).result(10)
        holder.connect(("127.0.0.1", port))  # the one connection this address may have
        scene = JoinNetworkScene(app)
        app.scenes.push(scene)
        app.scenes.apply_pending()
        scene.port.text = str(port)
        scene.name.text = "Ada"
        scene.confirm()
        _step_until(app, lambda: type(app.scenes.top).__name__ == "MessageDialogScene",
                    shot="too_many_connections")
        text = _dialog_text(app.scenes.top)
        assert "too many connections from your address" in text, text
        assert "503" not in text
    finally:
        holder.close()
        server_bridge.close()


def test_wrong_passwords_then_a_wait_are_told_in_a_sentence(app: Any) -> None:
    from game.net.bridge import NetBridge
    from game.net.limits import Limits
    from game.net.server import ServerConfig
    from game.scenes.network.join import JoinNetworkScene

    port = free_port()
    server_bridge = NetBridge()
    try:
        server_bridge.host(ServerConfig(port=port, password="right", seats=("open", "open"),
                                        resume=False, limits=Limits(password_tries=1))
                           ).result(10)
        texts = []
        for _ in range(2):
            scene = JoinNetworkScene(app)
            app.scenes.push(scene)
            app.scenes.apply_pending()
            scene.port.text = str(port)
            scene.password.text = "wrong"
            scene.name.text = "Eve"
            scene.confirm()
            _step_until(app, lambda: type(app.scenes.top).__name__ == "MessageDialogScene",
                        shot="password_wait")
            texts.append(_dialog_text(app.scenes.top))
            app.scenes.pop()
            app.scenes.apply_pending()
        assert "the next try from your address must wait 1 second" in texts[0], texts
        assert "too many wrong passwords from your address: try again in 1 second" in \
            texts[1], texts
    finally:
        server_bridge.close()


def test_an_unreachable_server_is_told_plainly(app: Any) -> None:
    from game.scenes.network.join import JoinNetworkScene

    scene = JoinNetworkScene(app)
    app.scenes.push(scene)
    app.scenes.apply_pending()
    scene.port.text = str(free_port())  # nobody listens there
    scene.confirm()
    _step_until(app, lambda: type(app.scenes.top).__name__ == "MessageDialogScene",
                shot="unreachable")
    assert "Cannot reach" in _dialog_text(app.scenes.top)

