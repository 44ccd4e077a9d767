"""Every kind of bad message is refused with its reason, logged, and changes nothing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from game.net import protocol
from game.net.client import JoinRefused, NetClient
from tests.network.support import ask, close_all, play_out, raw_socket, run, running_server, wait_for_views

PASSWORD = "s3cret"
V = f'"v": {protocol.PROTOCOL_VERSION}'  # the version this server speaks



def _scenario(saves: Path, body, **options) -> None:  # noqa: ANN001
    async def scenario() -> None:
        async with running_server(saves, password=PASSWORD, seats=("open", "open"),
                                  game_type="uk_full", seed=3, **options) as (server, uri):
            await body(server, uri)
            assert server.counters.errors == 0
    run(scenario(), timeout=60)


async def _seated_pair(uri: str) -> list[NetClient]:
    clients = [NetClient(uri, name, password=PASSWORD) for name in ("Ada", "Bo")]
    for c in clients:
        await c.connect()
    await wait_for_views(clients)
    return clients


def _mover(clients: list[NetClient]) -> tuple[NetClient, NetClient]:
    mover = next(c for c in clients if c.is_my_move)
    return mover, next(c for c in clients if c is not mover)


@pytest.mark.parametrize(("payload", "reason"), [
    ("{not json", "malformed JSON"),
    ("[1, 2, 3]", "must be a JSON object"),
    ('{' + V + ', "type": "ping", "id": NaN}', "malformed JSON"),
    ('{"v": 99, "type": "ping"}', "unsupported protocol version"),
    ('{"v": 1, "type": "ping"}', "unsupported protocol version"),  # version 1 sent whole views
    ('{"type": "ping"}', "unsupported protocol version"),
    ('{' + V + ', "type": "launch_missiles"}', "unknown message type"),
    ('{' + V + ', "type": "ping", "extra": 1}', "unknown field"),
    ('{' + V + ', "type": "hello"}', "needs 'name'"),
    ('{' + V + ', "type": "hello", "name": 42}', "'name' must be a string"),
    ('{' + V + ', "type": "hello", "name": "' + "x" * 40 + '"}', "too long"),
    ('{' + V + ', "type": "ping", "id": -1}', "at least 0"),
    ('{' + V + ', "type": "ping", "id": true}', "wrong type"),
    ("[" * 5000 + "]" * 5000, "malformed JSON"),
])
def test_malformed_and_wrong_schema_messages_are_refused_with_a_reason(saves: Path, payload: str,
                                                                       reason: str) -> None:
    async def body(server, uri) -> None:  # noqa: ANN001
        async with raw_socket(uri) as conn:
            answer = await ask(conn, payload)
            assert answer["code"] == "bad_message" and reason in answer["reason"]
            assert (await ask(conn, {"type": "ping", "id": 7}, want="pong"))["id"] == 7
        assert sum(server.counters.refused.values()) == 1
    _scenario(saves, body)


def test_binary_garbage_is_refused(saves: Path) -> None:
    async def body(server, uri) -> None:  # noqa: ANN001
        async with raw_socket(uri) as conn:
            answer = await ask(conn, b"\xff\xfe\x00garbage")
            assert answer["code"] == "bad_message"
    _scenario(saves, body)


def test_oversized_messages_are_refused_and_huge_frames_close_only_that_connection(
        saves: Path) -> None:
    async def body(server, uri) -> None:  # noqa: ANN001
        async with raw_socket(uri) as conn:
            big = json.dumps({"v": protocol.PROTOCOL_VERSION, "type": "ping", "pad": "x" * 20_000})
            answer = await ask(conn, big)
            assert answer["code"] == "too_large" and "limit" in answer["reason"]
            with pytest.raises(ConnectionClosed):
                await conn.send("x" * (protocol.MAX_FRAME_BYTES + 10))
                await asyncio.wait_for(conn.recv(), 5)
        clients = await _seated_pair(uri)  # the server carries on for everyone else
        await close_all(clients)
    _scenario(saves, body)


def test_too_many_messages_are_refused_by_the_rate_limit(saves: Path) -> None:
    async def body(server, uri) -> None:  # noqa: ANN001
        async with raw_socket(uri) as conn:
            for n in range(60):
                await conn.send(protocol.encode("ping", id=n))
            answers = [json.loads(await asyncio.wait_for(conn.recv(), 5)) for _ in range(60)]
            refused = [a for a in answers if a["type"] == "error"]
            assert refused and all(a["code"] == "rate" for a in refused)
            assert "too many messages" in refused[0]["reason"]
            assert len(refused) < 60 - 15  # the burst itself went through
    _scenario(saves, body, rate=5.0, burst=20)


def test_the_password_is_checked_before_a_seat_is_given(saves: Path) -> None:
    async def body(server, uri) -> None:  # noqa: ANN001
        for password in (None, "wrong", PASSWORD.upper()):
            with pytest.raises(JoinRefused) as refused:
                await NetClient(uri, "Eve", password=password).connect()
            assert refused.value.code == "password"
        table = server.tables["1"]
        assert not any(seat.is_taken for seat in table.seats)
        clients = await _seated_pair(uri)
        with pytest.raises(JoinRefused) as full:
            await NetClient(uri, "Late", password=PASSWORD).connect()
        assert full.value.code == "full"
        await close_all(clients)
    _scenario(saves, body)


def test_actions_out_of_turn_with_wrong_or_borrowed_tokens_are_refused(saves: Path) -> None:
    async def body(server, uri) -> None:  # noqa: ANN001
        clients = await _seated_pair(uri)
        mover, waiter = _mover(clients)
        game = server.tables["1"].game
        before = game.to_dict()
        legal = mover.mirror().legal_actions()[0]
        action = legal.make(legal.lo).to_dict() if hasattr(legal, "make") else legal.to_dict()
        assert mover.credentials and waiter.credentials
        cases = [
            # the waiting seat, with its own token: not its turn
            (waiter, {"seat": waiter.seat, "token": waiter.credentials.token}, "turn",
             "not your turn"),
            # the waiting seat, with the mover's token: another seat's token
            (waiter, {"seat": mover.seat, "token": mover.credentials.token}, "token",
             "another seat's token"),
            (waiter, {"seat": waiter.seat, "token": mover.credentials.token}, "token",
             "another seat's token"),
            # a made-up token
            (mover, {"seat": mover.seat, "token": "x" * 32}, "token", "wrong seat token"),
            # the mover's own token, but for the other seat
            (mover, {"seat": waiter.seat, "token": mover.credentials.token}, "token",
             "you hold seat"),
        ]
        for client, fields, code, reason in cases:
            assert client.conn is not None
            answer = await ask(client.conn, {"type": "action", "id": 5, "n": 1,
                                             "action": action, **fields})
            assert answer["code"] == code and reason in answer["reason"], answer
            assert answer["id"] == 5
        assert game.to_dict() == before  # nothing changed
        await close_all(clients)
    _scenario(saves, body)


@pytest.mark.parametrize(("action", "code", "reason"), [
    ({"kind": "fly_to_moon"}, "action", "not an action"),
    ({"kind": "place", "territory": ["alaska"], "count": 1}, "action", "bad 'territory'"),
    ({"kind": "place", "territory": "alaska", "count": "3"}, "action", "wrong type"),
    ({"kind": "place", "territory": "alaska", "count": True}, "action", "wrong type"),
    ({"kind": "place", "territory": "alaska", "count": 1, "extra": 2}, "action", "unknown field"),
    ({"kind": "cheat_conquer", "territory": "alaska"}, "action", "menu commands"),
    ({"kind": "end_game"}, "action", "menu commands"),
    ({"kind": "place", "territory": "atlantis", "count": 1}, "illegal", ""),
    ({"kind": "attack", "source": "alaska", "target": "peru", "dice": 3, "mode": "single"},
     "illegal", ""),
])
def test_bad_and_illegal_actions_are_refused_in_the_engines_words(saves: Path, action: dict,
                                                                  code: str, reason: str) -> None:
    async def body(server, uri) -> None:  # noqa: ANN001
        clients = await _seated_pair(uri)
        mover, _ = _mover(clients)
        assert mover.conn is not None and mover.credentials is not None
        before = server.tables["1"].game.to_dict()
        answer = await ask(mover.conn, {"type": "action", "id": 9, "seat": mover.seat, "n": 1,
                                        "token": mover.credentials.token, "action": action})
        assert answer["code"] == code and reason in answer["reason"], answer
        assert server.tables["1"].game.to_dict() == before
        await close_all(clients)
    _scenario(saves, body)


def test_asking_for_another_seats_hidden_state_is_refused(saves: Path) -> None:
    async def body(server, uri) -> None:  # noqa: ANN001
        clients = await _seated_pair(uri)
        me, other = clients
        assert me.conn is not None
        answer = await ask(me.conn, {"type": "state", "id": 3, "seat": other.seat})
        assert answer["code"] == "hidden" and "secret" in answer["reason"]
        own = await ask(me.conn, {"type": "state", "id": 4, "seat": me.seat}, want="state")
        assert own["seat"] == me.seat and own["id"] == 4
        await close_all(clients)
    _scenario(saves, body)


def test_acting_before_joining_is_refused(saves: Path) -> None:
    async def body(server, uri) -> None:  # noqa: ANN001
        async with raw_socket(uri) as conn:
            answer = await ask(conn, {"type": "action", "seat": 0, "token": "abc", "n": 1,
                                      "action": {"kind": "end_turn"}})
            assert answer["code"] == "not_seated"
            answer = await ask(conn, {"type": "state", "seat": 1})
            assert answer["code"] == "not_seated"
    _scenario(saves, body)


def test_no_seat_is_ever_sent_another_seats_secrets(saves: Path) -> None:
    """A whole mission game: no message to a seat holds another seat's token, mission or HQ."""
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open", "open"), game_type="uk_short",
                                  seed=8) as (server, uri):
            clients = [NetClient(uri, f"P{i}") for i in range(3)]
            received: dict[int, list[str]] = {0: [], 1: [], 2: []}
            for index, client in enumerate(clients):
                await client.connect()
                original = client.conn.recv  # type: ignore[union-attr]

                async def spy(*a, _orig=original, _box=received[index], **k):  # noqa: ANN002, ANN003, ANN202
                    raw = await _orig(*a, **k)
                    _box.append(raw.decode() if isinstance(raw, bytes) else raw)
                    return raw
                client.conn.recv = spy  # type: ignore[union-attr, method-assign]
            await play_out(clients, "standard")
            game = server.tables["1"].game
            tokens = {c.seat: c.credentials.token for c in clients}  # type: ignore[union-attr]
            changes = 0
            for client in clients:
                for raw in received[client.seat]:  # type: ignore[index]
                    for seat, token in tokens.items():
                        if seat != client.seat:
                            assert token not in raw
                    msg = json.loads(raw)
                    if msg["type"] == "update" and not msg["over"]:
                        # only what changed, and never the record while the game goes on
                        assert "view" not in msg and "record" not in msg["changes"]
                        changes += 1
                    view = msg.get("view") or msg.get("changes") or {}
                    assert view.get("rng") is None and view.get("seed", 0) == 0
                    for pid, player in enumerate(view.get("players", [])):
                        if pid != client.seat:
                            assert player["mission"] is None
                    for event in msg.get("events", []):
                        if event["event"] == "CardDrawn" and event["player"] != client.seat:
                            assert event["card"] == ""
            assert game.is_over and changes > 100
            await close_all(clients)
    run(scenario(), timeout=60)
