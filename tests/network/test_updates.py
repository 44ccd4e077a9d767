"""Updates carry only what changed, and a client rebuilds exactly its seat's view from them;
the server's quick autosave writes exactly the ordinary save. No network here."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from game.ai import make_general
from game.engine import Game, GameConfig, PlayerSpec
from game.engine.serialize import game_to_dict
from game.net import autosave, protocol
from game.net.autosave import TableSaver
from game.net.client import ConnectionClosed, NetClient
from game.net.config import ServerConfig
from game.net.table import Table
from game.net.updates import UpdateWriter, apply_changes
from game.net.views import event_data, seat_view, seats_events
from game.savegame import load_game, save_game
from tests.network.support import close_all, join, play_out, run, running_server, wait_for_views


def _sans_history(view: dict) -> dict:
    return {**view, "stats": {**view["stats"], "history": None}}


def _new_game(game_type: str, seats: int, seed: int) -> Game:
    specs = [PlayerSpec(f"P{i}", c, "human")
             for i, c in enumerate(["red", "blue", "green", "yellow", "black", "pink"][:seats])]
    return Game.new(GameConfig.preset(game_type, specs), seed=seed)


@pytest.mark.parametrize(("game_type", "seats", "seed"), [("uk_short", 3, 8), ("us_full", 4, 5)])
def test_each_seat_rebuilds_exactly_its_own_view_from_the_changes(game_type: str, seats: int,
                                                                 seed: int) -> None:
    game = _new_game(game_type, seats, seed)
    generals = [make_general("easy", i, 1) for i in range(seats)]
    writer = UpdateWriter()
    held = {s: writer.whole_view(game.to_dict(), s) for s in range(seats)}
    everyone = list(range(seats))
    sizes = []
    for seq in range(1, 3000):
        if game.is_over:
            break
        actor = game.to_move
        action = generals[actor].choose(game)
        events = game.apply(action)
        full = game_to_dict(game, with_record=game.is_over)  # what the server makes views of
        head = {"seq": seq, "actor": actor, "action": action.to_dict(), "computer": False,
                "to_move": game.to_move, "over": game.is_over}
        texts = writer.texts(full, everyone, head, seats_events(events, everyone), (actor, seq))
        for seat in everyone:
            msg = protocol.decode_server(texts[seat])  # the schema accepts it
            assert msg["seq"] == seq and (msg.get("id") == seq) == (seat == actor)
            if game.is_over:
                held[seat] = msg["view"]
                assert held[seat] == seat_view(full, seat)  # the record, history: all of it
                continue
            changes = msg["changes"]
            assert "view" not in msg and "record" not in changes
            for pid, player in enumerate(changes.get("players", [])):
                if pid != seat:  # nobody else's secrets, ever
                    assert player["mission"] is None
                    assert len(player["hand"]) == len(full["players"][pid]["hand"])
            held[seat] = apply_changes(held[seat], changes, msg.get("patches"))
            assert _sans_history(held[seat]) == _sans_history(seat_view(full, seat))
            sizes.append(len(texts[seat]))
    assert game.is_over
    whole = len(json.dumps(seat_view(game.to_dict(), 0)))
    assert sum(sizes) / len(sizes) < whole / 2  # changes are much smaller than whole views


def test_a_client_skips_an_update_it_cannot_place_and_asks_for_the_whole_view() -> None:
    client = NetClient("ws://127.0.0.1:1", "Ada")
    view = {"turn": 1, "armies": {"a": 1}}
    assert client._note({"type": "state", "seq": 4, "view": view, "to_move": 0, "over": False})
    base = {"type": "update", "actor": 0, "action": {}, "events": [], "to_move": 1,
            "over": False, "computer": False}
    # a gap (5 never came): not applied
    assert not client._note({**base, "seq": 6, "changes": {"turn": 3}})
    assert client.view == view and client.seq == 4
    # a key no view has: not applied
    assert not client._note({**base, "seq": 5, "changes": {"secret": 1}})
    # the next one: applied, and the message carries the whole view for the screens
    msg = {**base, "seq": 5, "changes": {"turn": 2}}
    assert client._note(msg)
    assert client.view == {"turn": 2, "armies": {"a": 1}} == msg["view"] and client.seq == 5
    assert client.to_move == 1
    # the same update again does no harm
    assert client._note({**base, "seq": 5, "changes": {"turn": 2}})
    assert client.view == {"turn": 2, "armies": {"a": 1}}
    # an older one changes nothing
    assert client._note({**base, "seq": 3, "changes": {"turn": 0}}) and client.view["turn"] == 2


def test_a_seat_that_rejoins_gets_a_whole_view_and_then_only_changes() -> None:
    game = _new_game("uk_full", 3, 2)
    writer = UpdateWriter()
    held = writer.whole_view(game.to_dict(), 0)
    general = make_general("easy", 0, 1)
    for seq in range(1, 40):  # seat 1 is away: only seat 0 hears these
        actor = game.to_move
        action = (general if actor == 0 else make_general("easy", actor, 1)).choose(game)
        events = game.apply(action)
        full = game_to_dict(game, with_record=False)
        head = {"seq": seq, "actor": actor, "action": action.to_dict(), "computer": False,
                "to_move": game.to_move, "over": False}
        text = writer.texts(full, [0], head, seats_events(events, [0]))[0]
        sent = json.loads(text)
        held = apply_changes(held, sent["changes"], sent.get("patches"))
    back = writer.whole_view(game.to_dict(), 1)  # seat 1 rejoins
    full = game_to_dict(game, with_record=False)
    head = {"seq": 40, "actor": 0, "action": {}, "computer": False, "to_move": game.to_move,
            "over": False}
    texts = writer.texts(full, [0, 1], head, {0: [], 1: []})
    assert json.loads(texts[1])["changes"] == {}  # nothing changed since its whole view
    assert _sans_history(apply_changes(back, {})) == _sans_history(seat_view(full, 1))
    assert _sans_history(held) == _sans_history(seat_view(full, 0))


def test_the_quick_autosave_writes_exactly_the_ordinary_save(tmp_path: Path) -> None:
    config = ServerConfig(saves_dir=tmp_path, seats=("open", "open", "open"), game_type="uk_full")
    table = Table.new("1", list(config.seats), config.game_type)
    for seat in table.seats:
        table.take_seat(seat, f"P{seat.index}")
    table.start(7)
    assert table.game is not None
    saver = TableSaver("network-1", config)
    generals = [make_general("easy", i, 1) for i in range(3)]
    checked = 0
    for step in range(400):
        if table.game.is_over:
            break
        table.game.apply(generals[table.game.to_move].choose(table.game))
        saver.save(table)
        if step % 37 == 0 or step < 3:
            ours = json.loads(saver.path.read_text(encoding="utf-8"))
            save_game(table.game, "reference", tmp_path, options=table.save_options())
            theirs = json.loads((tmp_path / "reference.json").read_text(encoding="utf-8"))
            assert ours["saved_at"] and theirs["saved_at"]
            ours["saved_at"] = theirs["saved_at"] = ours["name"] = theirs["name"] = ""
            assert ours == theirs
            loaded = load_game(saver.path)
            assert loaded.game.to_dict() == table.game.to_dict()
            checked += 1
    assert checked >= 4 and saver.unsynced
    saver.sync()
    assert not saver.unsynced
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind
    # a restored (different) game object: the record is encoded afresh, not appended to
    table.game = load_game(saver.path).game
    saver.save(table)
    assert load_game(saver.path).game.to_dict() == table.game.to_dict()


def test_events_are_sent_as_the_engine_writes_them() -> None:
    game = _new_game("us_full", 5, 3)
    generals = [make_general("easy", i, 1) for i in range(5)]
    kinds = set()
    while not game.is_over:
        for event in game.apply(generals[game.to_move].choose(game)):
            data = event_data(event)
            assert json.dumps(data) == json.dumps(event.to_dict())
            kinds.add(data["event"])
    assert {"CardDrawn", "BattleResolved", "GameWon"} <= kinds


def test_a_client_that_misses_an_update_asks_for_its_view_and_plays_on(saves: Path) -> None:
    """An update lost on the way (the server skips a connection it cannot write to) leaves a
    gap in the sequence: the client asks for its whole view and the game goes on unharmed."""
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), game_type="uk_short",
                                  seed=4) as (server, uri):
            clients = await join(uri, ["Ada", "Bo"])
            dropped: list[int] = []
            original = clients[1].conn.recv  # type: ignore[union-attr]

            async def lossy(*a, **k):  # noqa: ANN002, ANN003, ANN202
                while True:
                    raw = await original(*a, **k)
                    msg = json.loads(raw)
                    # lose a few of the other seat's moves that it follows with more of its
                    # own (a gap shows only when a later update arrives)
                    if msg["type"] == "update" and msg["actor"] == msg["to_move"] != 1 \
                            and msg["seq"] > 20 and len(dropped) < 3 \
                            and (not dropped or msg["seq"] > dropped[-1] + 1):
                        dropped.append(msg["seq"])
                        continue  # lost
                    return raw
            clients[1].conn.recv = lossy  # type: ignore[union-attr, method-assign]
            results = await play_out(clients, "standard")
            assert len(dropped) == 3
            # (one whole view may cover two gaps)
            assert 1 <= clients[1].resyncs <= 3 and clients[0].resyncs == 0
            assert all(r.finished and r.refused == 0 for r in results)
            assert clients[0].view == clients[1].view or (
                _public(clients[0].view) == _public(clients[1].view))
            assert server.counters.errors == 0
            await close_all(clients)
    run(scenario(), timeout=90)


def _public(view: dict | None) -> tuple:
    assert view is not None
    return view["owner"], view["armies"], view["phase"], view["turn"], view["winner"]


def test_a_message_the_server_cannot_queue_closes_that_connection_and_a_rejoin_resyncs(
        saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), game_type="uk_short",
                                  seed=4) as (server, uri):
            clients = await join(uri, ["Ada", "Bo"])
            await wait_for_views(clients, 5)
            seat_of_bo = next(c for c in server.clients if c.seat and c.seat.index == 1)

            def broken(*a, **k):  # noqa: ANN002, ANN003, ANN202
                raise OSError("the write failed")
            seat_of_bo.conn.protocol.send_text = broken  # type: ignore[method-assign]
            mover = next(c for c in clients if c.is_my_move)
            assert mover.seat is not None
            await mover.send_action(make_general("easy", mover.seat, 1).choose(mover.mirror()))
            with pytest.raises(ConnectionClosed):
                while True:
                    await asyncio.wait_for(clients[1].receive(), 5)
            back = NetClient(uri, "Bo", credentials=clients[1].credentials)
            assert (await back.connect())["rejoined"]
            while back.view is None:
                await asyncio.wait_for(back.receive(), 5)
            assert back.seq == server.tables["1"].seq  # the whole view, up to date
            await close_all([*clients, back])
    run(scenario(), timeout=30)


def test_the_server_times_each_players_action_and_says_so_when_it_stops(
        saves: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), game_type="uk_short",
                                  seed=4) as (server, uri):
            clients = await join(uri, ["Ada", "Bo"])
            results = await play_out(clients, "easy")
            assert len(server.counters.handling) == sum(r.actions for r in results)
            assert all(0 < t < 30 for t in server.counters.handling)
            await close_all(clients)
    with caplog.at_level("INFO", logger="conquest.net"):
        run(scenario(), timeout=60)
    assert any(re.search(r"handled \d+ player actions: median [\d.]+ ms, p99 [\d.]+ ms", r.message)
               for r in caplog.records)


def test_saves_are_pushed_to_the_disk_on_a_timer_and_at_stop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(autosave, "SYNC_SECONDS", 0.05)
    config = ServerConfig(saves_dir=tmp_path, seats=("open", "open"), game_type="uk_short")
    table = Table.new("1", list(config.seats), config.game_type)
    for seat in table.seats:
        table.take_seat(seat, f"P{seat.index}")
    table.start(3)

    async def scenario() -> None:
        saves = autosave.Autosaves(config, {"1": "network-1"})
        saves.start()
        assert await saves.save(table)
        saver = saves.savers["1"]
        assert saver.path.exists()
        for _ in range(100):
            if not saver.unsynced:
                break
            await asyncio.sleep(0.02)
        assert not saver.unsynced  # the timer pushed it to the disk
        assert await saves.save(table) and saver.unsynced
        await saves.stop()
        assert not saver.unsynced  # and so did stopping
    run(scenario(), timeout=10)


def test_the_board_tables_are_sent_as_the_entries_that_changed() -> None:
    game = _new_game("uk_full", 4, 6)
    generals = [make_general("standard", i, 1) for i in range(4)]
    writer = UpdateWriter()
    everyone = list(range(4))
    held = {s: writer.whole_view(game.to_dict(), s) for s in everyone}
    patched = 0
    for seq in range(1, 400):
        before = game_to_dict(game, with_record=False)
        actor = game.to_move
        events = game.apply(generals[actor].choose(game))
        full = game_to_dict(game, with_record=False)
        head = {"seq": seq, "actor": actor, "action": {}, "computer": False,
                "to_move": game.to_move, "over": False}
        texts = writer.texts(full, everyone, head, seats_events(events, everyone))
        msg = protocol.decode_server(texts[0])
        if seq > 1:  # (the first update after whole views sends every key: nothing is shared)
            assert "owner" not in msg["changes"] and "armies" not in msg["changes"]
        for key, entries in msg.get("patches", {}).items():
            assert entries == {t: v for t, v in full[key].items() if before[key][t] != v}
            patched += 1
        for seat in everyone:
            sent = protocol.decode_server(texts[seat])
            held[seat] = apply_changes(held[seat], sent["changes"], sent.get("patches"))
            assert held[seat]["armies"] == full["armies"] and held[seat]["owner"] == full["owner"]
    assert patched > 100


def test_a_patch_the_view_cannot_take_is_refused_and_the_client_asks_for_its_view() -> None:
    view = {"turn": 1, "armies": {"a": 1, "b": 2}}
    assert apply_changes(view, {}, {"armies": {"b": 5}})["armies"] == {"a": 1, "b": 5}
    assert view["armies"] == {"a": 1, "b": 2}  # the held view is kept
    for patches in ({"armies": {"c": 1}}, {"owner": {"a": 0}}, {"turn": {"a": 1}},
                    {"armies": [1]}):
        with pytest.raises(ValueError):
            apply_changes(view, {}, patches)
    client = NetClient("ws://127.0.0.1:1", "Ada")
    assert client._note({"type": "state", "seq": 4, "view": view, "to_move": 0, "over": False})
    base = {"type": "update", "actor": 0, "action": {}, "events": [], "computer": False,
            "to_move": 0, "over": False}
    assert not client._note({**base, "seq": 5, "changes": {}, "patches": {"armies": {"z": 1}}})
    assert client._note({**base, "seq": 5, "changes": {}, "patches": {"armies": {"a": 3}}})
    assert client.view is not None and client.view["armies"] == {"a": 3, "b": 2}
