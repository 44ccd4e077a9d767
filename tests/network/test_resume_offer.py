"""The network game a closed window was in is offered at start, as an interrupted local game is;
and a seat is forgotten once its game is over, so a finished game is never offered."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.ai import make_general
from game.engine import Game
from game.net.bridge import NetBridge, load_seat, remember_seat
from game.net.recall import save_answers
from game.net.seatstate import Credentials
from game.net.server import ServerConfig
from game.net.views import mirror_dict
from game.scenes.dialogs.boxes import ConfirmDialogScene
from game.scenes.network.join import JoinNetworkScene
from game.scenes.setup.new_game import SetupScene
from game.scenes.title import TitleScene
from tests.network.support import free_port, wait_note
from tests.scenes.screens_support import app, key, show

__all__ = ["app"]


def _dialog_text(scene: Any) -> str:
    return " ".join(getattr(w, "text", "") for w in scene.dialog.widgets)


def test_a_kept_seat_is_offered_at_start_and_join_opens_the_filled_form(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(JoinNetworkScene, "last", None)  # a window just started: from the disk
    port = free_port()
    save_answers("join", {"address": "127.0.0.1", "port": str(port), "name": "Ada"})
    remember_seat(f"ws://127.0.0.1:{port}", Credentials("1", 2, "secret-token", "Ada"))
    show(app, TitleScene(app))
    key(app, pygame.K_SPACE, " ")
    offer = app.scenes.top
    assert isinstance(offer, ConfirmDialogScene) and offer.dialog.title == "NETWORK GAME"
    assert f"127.0.0.1:{port} is kept for Ada" in _dialog_text(offer)
    key(app, pygame.K_RETURN)  # Join is the default
    form = app.scenes.top
    assert isinstance(form, JoinNetworkScene)
    assert form.kept_seat == 2 and "Seat 3 there was Ada's" in form.note.text
    assert form.dialog.focused is form.ok  # one more press takes the seat back


def test_not_now_forgets_nothing_and_no_kept_seat_means_no_offer(app: Any) -> None:
    port = free_port()
    uri = f"ws://127.0.0.1:{port}"
    show(app, TitleScene(app))
    key(app, pygame.K_SPACE, " ")
    assert isinstance(app.scenes.top, SetupScene)  # nothing kept: nothing asked
    save_answers("join", {"address": "127.0.0.1", "port": str(port), "name": "Bo"})
    remember_seat(uri, Credentials("1", 0, "secret-token", "Bo"))
    show(app, TitleScene(app))
    key(app, pygame.K_SPACE, " ")
    offer = app.scenes.top
    assert isinstance(offer, ConfirmDialogScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, SetupScene)
    assert load_seat(uri, "1", "Bo") is not None


def test_a_seat_is_forgotten_once_its_game_is_over() -> None:
    port = free_port()
    uri = f"ws://127.0.0.1:{port}"
    host, window = NetBridge(), NetBridge()
    try:
        host.host(ServerConfig(port=port, seats=("open", "easy"), game_type="uk_short",
                               resume=False, autosave=False, rate=2000.0,
                               burst=4000)).result(10)
        window.join(uri, "Cy", None)
        seat = wait_note(window, ("welcome",)).seat
        assert load_seat(uri, "1", "Cy") is not None  # kept while the game goes on
        client = window.clients[seat]
        general = make_general("easy", seat, 1)
        answered = -1
        deadline = time.monotonic() + 60
        while not client.over and time.monotonic() < deadline:
            window.poll()
            view, seq = client.view, client.seq  # (the bridge's thread replaces, never edits)
            if view is not None and client.is_my_move and seq != answered:
                answered = seq
                game = Game.from_dict(mirror_dict(view), seat_view=True)
                window.send_action(seat, general.choose(game))
            time.sleep(0.002)
        assert client.over
        for _ in range(100):
            if load_seat(uri, "1", "Cy") is None:
                break
            time.sleep(0.02)
        assert load_seat(uri, "1", "Cy") is None  # nothing to take back: never offered
    finally:
        window.close()
        host.close()


def test_a_deeply_nested_journal_line_neither_stops_the_window_nor_loses_the_offer(
        app: Any, tmp_path: Any) -> None:
    """The hosted game's journal holds a line of 50,000 nested lists (before, RecursionError
    at every start: the title's offer, FILE > Resume Game and --serve): the offer is made, with
    the game as far as its sound lines go, and Resume lists the save."""
    import json

    from game.resources import saves_dir
    from game.journal import journal_paths
    from game.net.autosave import load_table_save
    from game.net.recall import host_uri, resumable_hosted_game
    from game.net.table import token_hash
    from game.savelist import list_saves
    from tests.network.journal_damage import journaled

    made = journaled(tmp_path / "made", steps=20)
    folder = saves_dir()
    save = folder / "hosted-1.json"
    data = json.loads(made.save.read_text())
    data["options"]["network"]["seats"][0]["token_hash"] = token_hash("host-token")
    save.write_text(json.dumps(data))
    lines = list(made.lines)
    lines[12] = b"[" * 50_000 + b"]" * 50_000 + b"\n"
    journal_paths(save)[0].write_bytes(made.header + b"".join(lines))
    port = free_port()
    save_answers("hosted", {"port": port, "name": "P0"})
    remember_seat(host_uri(port), Credentials("1", 0, "host-token", "P0"))
    hosted = resumable_hosted_game()
    assert hosted is not None
    resumed = load_table_save(save).game  # as far as the sound lines before the damaged one
    assert resumed.record.actions == made.game.record.actions[:made.saved + 12]
    listed = {info.name: info for info in list_saves()}
    assert listed["hosted-1"].error is None
    show(app, TitleScene(app))
    key(app, pygame.K_SPACE, " ")
    offer = app.scenes.top
    assert isinstance(offer, ConfirmDialogScene) and "You were hosting" in _dialog_text(offer)
