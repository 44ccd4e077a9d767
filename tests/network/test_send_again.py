"""An action whose answer a dropped connection took is sent again once the seat is back: the
clients numbered their actions (`n`) and the server applies each number once and answers a
repeat (game/net/numbering.py), but no client ever sent one again, so an action lost on the
way was lost (the player's move gone, or its screen waiting for ever). The desktop's network
(game/net/bridge.py, through NetClient) is tested here; the browser's in test_web_send_again.py."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from game.ai import make_general
from game.engine import Action
from game.net.bridge import NetBridge, Note
from game.net.server import GameServer, ServerConfig
from tests.network.support import free_port, wait_note


def _on(bridge: NetBridge, job: Callable[[], Any]) -> Any:
    """Run `job` on the bridge's loop (where its server lives) and return what it gives."""
    async def run() -> Any:
        return job()
    return asyncio.run_coroutine_threadsafe(run(), bridge._loop).result(10)


def _lose_the_next_action(server: GameServer, seat: int) -> None:
    """The next action from `seat` never reaches the table: its connection is cut as it
    arrives (a cable pulled while the message was on its way)."""
    original = server._action

    async def lose(client: Any, msg: dict[str, Any]) -> None:
        if client.seat is not None and client.seat.index == seat:
            server._action = original  # type: ignore[method-assign]
            client.conn.transport.abort()
            return
        await original(client, msg)
    server._action = lose  # type: ignore[method-assign]


def _lose_the_next_answer(server: GameServer, seat: int) -> None:
    """The next action from `seat` is applied, and its connection cut before the answer goes."""
    original = server._commit

    async def cut(table: Any, actor: int, action: Any, events: Any, request_id: Any,
                  sender: Any, **options: Any) -> Any:
        if sender is not None and sender.seat is not None and sender.seat.index == seat:
            server._commit = original  # type: ignore[method-assign]
            sender.conn.transport.abort()
        return await original(table, actor, action, events, request_id, sender, **options)
    server._commit = cut  # type: ignore[method-assign]


class Notes:
    """A window's notes as its screens are given them, kept (a batch polled holds several)."""

    def __init__(self, window: NetBridge) -> None:
        self.window = window
        self.seen: list[Note] = []

    def wait(self, found: Callable[[Note], bool], what: str, timeout: float = 10.0) -> Note:
        deadline = time.monotonic() + timeout
        checked = 0
        while time.monotonic() < deadline:
            self.seen += self.window.poll()
            for note in self.seen[checked:]:
                assert note.kind not in ("gone", "refused", "failed"), note
                if note.kind == "message" and note.data.get("type") == "error":
                    raise AssertionError(f"refused: {note.data}")
                if found(note):
                    return note
            checked = len(self.seen)
            time.sleep(0.01)
        raise AssertionError(f"no {what}: {[(n.kind, n.data.get('type')) for n in self.seen]}")

    def kind(self, kind: str) -> Note:
        return self.wait(lambda note: note.kind == kind, f"'{kind}' note")

    def own_update(self, seat: int, seq: int) -> Note:
        """The update of `seat`'s own action that made `seq` (the answer to it)."""
        return self.wait(lambda note: note.kind == "message" and note.data.get("type") ==
                         "update" and note.data.get("actor") == seat and
                         note.data.get("seq") == seq, f"answer to seat {seat}'s action")


def _scenario(cut: Callable[[GameServer, int], None]) -> None:
    port = free_port()
    uri = f"ws://127.0.0.1:{port}"
    host, ada, bo = NetBridge(), NetBridge(), NetBridge()
    try:
        host.host(ServerConfig(port=port, seats=("open", "open"), resume=False,
                               autosave=False, seed=5)).result(10)
        server = host.server
        assert server is not None
        ada.join(uri, "Ada", None)
        ada_seat = wait_note(ada, ("welcome",)).seat
        bo.join(uri, "Bo", None)
        bo_seat = wait_note(bo, ("welcome",)).seat
        table = server.tables["1"]
        mover_seat = _on(host, lambda: table.game is not None and table.game.to_move)
        window = ada if mover_seat == ada_seat else bo
        assert mover_seat in (ada_seat, bo_seat)

        def choose(seat: int) -> tuple[Action, int, int]:
            game = table.game
            assert game is not None and game.to_move == seat
            action = make_general("easy", seat, 0).choose(game.clone())
            return action, len(game.record.actions), table.seq

        action, played, seq = _on(host, lambda: choose(mover_seat))
        _on(host, lambda: cut(server, mover_seat))
        notes = Notes(window)
        window.send_action(mover_seat, action)
        notes.kind("lost")
        notes.kind("back")
        notes.own_update(mover_seat, seq + 1)  # answered: sent again, with its number
        applied = _on(host, lambda: (len(table.game.record.actions) - played,
                                     table.seats[mover_seat].last_n, table.seq))
        assert applied == (1, 1, seq + 1)  # once, as action 1
        # and the game goes on: the players take turns until this seat's next action,
        # number 2, is applied
        others = Notes(bo if window is ada else ada)
        for _ in range(20):
            seat = _on(host, lambda: table.game.to_move)
            action, played, seq = _on(host, lambda seat=seat: choose(seat))
            (window if seat == mover_seat else others.window).send_action(seat, action)
            (notes if seat == mover_seat else others).own_update(seat, seq + 1)
            if seat == mover_seat:
                break
        assert seat == mover_seat
        assert _on(host, lambda: table.seats[mover_seat].last_n) == 2
    finally:
        for bridge in (ada, bo, host):
            bridge.close()


def test_an_action_lost_on_its_way_is_sent_again_after_the_reconnection() -> None:
    _scenario(_lose_the_next_action)


def test_an_action_whose_answer_was_lost_is_answered_again_and_applied_once() -> None:
    _scenario(_lose_the_next_answer)
