"""A game hosted from a window goes on after the window closed or crashed: the Host form offers
RESUME (only for an unfinished autosave whose seat this player holds), and a player whose
window closed finds the Join form filled in, with their kept seat, which OK takes back."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from game.input import Command, CommandEvent, Device
from game.net import recall
from tests.network.support import free_port, wait_note
from tests.network.test_screens import DT, _host, _shot, _step_until


def _play_until_turn(app: Any, scene: Any, turn: int) -> None:
    from game.engine import ArmyChoice
    from game.engine import actions as act

    seat = next(iter(scene.local_seats))
    for _ in range(20000):
        game = scene.game
        if game.turn >= turn or game.is_over:
            return
        while app.scenes.top is not scene:
            app.scenes.pop()
            app.scenes.apply_pending()
        if (game.to_move == seat and not scene._pending and not scene.is_showing_battle
                and not scene._updates):
            choice = next(c for c in game.legal_actions()
                          if not isinstance(c, (act.UndoPlacements, act.Attack)))
            scene.perform(choice.make(choice.hi) if isinstance(choice, ArmyChoice) else choice)
        app.step(DT)
        time.sleep(0.001)
    raise AssertionError("the game did not reach the turn")


def test_answers_are_kept_without_the_password_and_a_damaged_file_is_ignored(
        tmp_path: Path) -> None:
    recall.save_answers("join", {"address": "10.1.2.3", "port": "9000", "name": "Ann",
                                 "password": "secret"}, tmp_path)
    assert recall.load_answers("join", tmp_path) == {"address": "10.1.2.3", "port": "9000",
                                                      "name": "Ann"}
    assert "secret" not in (tmp_path / recall.FORMS_FILE).read_text()
    (tmp_path / recall.FORMS_FILE).write_text('{"join": {"address": {"x": 1}, "port": 1e999, '
                                              '"name": "' + "x" * 500 + '"}, "host": []}')
    assert recall.load_answers("join", tmp_path) == {}
    assert recall.load_answers("host", tmp_path) == {}
    (tmp_path / recall.FORMS_FILE).write_bytes(b"\x00garbage")
    assert recall.load_answers("join", tmp_path) == {}


def test_a_hosted_game_is_resumed_from_the_host_form_after_the_window_closed(app: Any) -> None:
    from game.scenes.network.host import HostNetworkScene
    from game.scenes.network.play import NetworkPlayScene

    port = free_port()
    host = _host(app, ["easy", "local"], port, password="pw")
    host.name.set_text("Kim")
    assert host.resume_button is None  # nothing to resume yet
    host.confirm()
    app.scenes.apply_pending()
    _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene))
    scene = app.scenes.top
    _play_until_turn(app, scene, 2)
    scene.bridge.close()  # the window is gone (the server with it); the autosave stays
    before = recall.resumable_hosted_game()
    assert before is not None and before.port == port and before.seat == 1
    assert before.name == "Kim" and before.turn >= 2 and before.seats == ("easy", "open")

    app.scenes.clear()
    app.scenes.apply_pending()
    form = HostNetworkScene(app)
    app.scenes.push(form)
    app.scenes.apply_pending()
    app.step(DT)
    _shot(app, "host_resume")
    assert form.resume_button is not None and form.dialog.focused is form.resume_button
    assert form.name.text == "Kim" and form.port.text == str(port)  # the last answers
    assert form.password.text == ""  # never kept: RESUME asks for it
    form.open_keyboard(form.port)  # a window over the form opens and closes: nothing starts
    app.scenes.apply_pending()
    app.scenes.top.keyboard.press_key("DONE")
    app.scenes.apply_pending()
    assert app.scenes.top is form
    form.dialog.focus(form.resume_button)
    form.handle(CommandEvent(Command.PRESS, (0, 0), Device.PAD))  # A on RESUME
    app.scenes.apply_pending()
    assert type(app.scenes.top).__name__ == "MessageDialogScene"
    app.scenes.pop()
    app.scenes.apply_pending()
    assert app.scenes.top is form  # the refusal closed: still the form, nothing started
    form.password.set_text("pw")
    form.dialog.focus(form.resume_button)
    form.handle(CommandEvent(Command.PRESS, (0, 0), Device.PAD))
    app.scenes.apply_pending()
    _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene))
    resumed = app.scenes.top
    assert resumed.local_seats == frozenset({1})  # the host's own seat, by its kept token
    assert resumed.game.turn == before.turn
    server = resumed.bridge.server
    assert server is not None and server.tables["1"].game is not None
    assert server.tables["1"].game.turn == before.turn  # the autosave's game, not a new one


def test_no_resume_without_a_kept_seat_or_for_a_finished_game(app: Any, tmp_path: Path) -> None:
    from game.resources import saves_dir
    from game.net.bridge import SEATS_FILE
    from game.scenes.network.host import HostNetworkScene
    from game.scenes.network.play import NetworkPlayScene

    port = free_port()
    host = _host(app, ["local", "easy"], port)
    host.confirm()
    app.scenes.apply_pending()
    _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene))
    app.scenes.top.bridge.close()
    assert recall.resumable_hosted_game() is not None
    seats_file = saves_dir() / SEATS_FILE
    kept = seats_file.read_text()
    seats_file.write_text("{}")  # this machine holds no seat of it: nobody here could sit
    assert recall.resumable_hosted_game() is None
    seats_file.write_text(kept)
    hosted = recall.resumable_hosted_game()
    assert hosted is not None and hosted.save_prefix == "hosted"
    folder = saves_dir()  # a game hosted by an earlier version was saved as network-1
    for old, new in (("hosted-1.json", "network-1.json"),
                     (".hosted-1.journal", ".network-1.journal")):
        if (folder / old).exists():
            (folder / old).rename(folder / new)
    earlier = recall.resumable_hosted_game()
    assert earlier is not None and earlier.save_prefix == "network"
    assert earlier.turn == hosted.turn
    for old, new in (("network-1.json", "hosted-1.json"),
                     (".network-1.journal", ".hosted-1.journal")):
        if (folder / old).exists():
            (folder / old).rename(folder / new)
    save = saves_dir() / "hosted-1.json"
    save.write_text("{not json")
    assert recall.resumable_hosted_game() is None
    save.unlink()
    assert recall.resumable_hosted_game() is None
    form = HostNetworkScene(app)
    assert form.resume_button is None


@pytest.fixture
def fresh_join(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes.network.join import JoinNetworkScene

    monkeypatch.setattr(JoinNetworkScene, "last", None)  # as after a restart


def test_a_player_whose_window_closed_rejoins_from_the_filled_in_join_form(
        app: Any, fresh_join: None) -> None:
    from game.net.bridge import NetBridge
    from game.net.server import ServerConfig
    from game.scenes.network.join import JoinNetworkScene
    from game.scenes.network.play import NetworkPlayScene

    port = free_port()
    server = NetBridge()
    others: list[NetBridge] = []
    try:
        server.host(ServerConfig(port=port, seats=("open", "open"), resume=False,
                                 autosave=False)).result(10)
        form = JoinNetworkScene(app)
        app.scenes.push(form)
        app.scenes.apply_pending()
        form.port.set_text(str(port))
        form.name.set_text("Ada")
        app.step(DT)
        assert form.kept_seat is None
        form.confirm()  # Ada joins through the form: her answers are kept
        app.scenes.apply_pending()
        _step_until(app, lambda: type(app.scenes.top).__name__ == "LobbyScene")
        lobby = app.scenes.top
        seat = lobby.seat
        other = NetBridge()
        others.append(other)
        other.join(f"ws://127.0.0.1:{port}", "Bo", None)
        wait_note(other, ("welcome",))
        _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene))
        app.scenes.top.bridge.close()  # Ada's window is closed mid-game
        app.scenes.clear()
        app.scenes.apply_pending()

        again = JoinNetworkScene(app)  # the game started again: the form as she left it
        app.scenes.push(again)
        app.scenes.apply_pending()
        app.step(DT)
        _shot(app, "join_kept_seat")
        assert (again.address.text, again.port.text, again.name.text) == (
            "127.0.0.1", str(port), "Ada")
        assert again.kept_seat == seat and "OK takes it back" in again.note.text
        again.name.set_text("Someone else")
        app.step(DT)
        assert again.kept_seat is None  # the note follows the name typed
        again.name.set_text("Ada")
        app.step(DT)
        assert again.kept_seat == seat
        again.handle(CommandEvent(Command.CONFIRM, (0, 0), Device.KEYBOARD))  # Return: on
        again.dialog.focus(again.ok)
        again.handle(CommandEvent(Command.CONFIRM, (0, 0), Device.KEYBOARD))
        app.scenes.apply_pending()
        _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene))
        assert app.scenes.top.local_seats == frozenset({seat})  # her own seat again
        data = json.loads((recall._forms_path()).read_text())
        assert data["join"]["name"] == "Ada" and "password" not in data["join"]
    finally:
        for bridge in others:
            bridge.close()
        server.close()
