"""The game's story in a network game: the log, luck and last turns a seat is told, during play.

The server tells it (game/net/story.py); these tests check that what a client gets is the
server's own chronicle, tells no secret, survives a reconnect, comes in pages, and that a bad
request is refused with a reason while the server goes on.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.engine import actions as act
from game.engine import events as ev
from game.engine.chronicle import Chronicle
from game.engine.replayer import Replayer
from game.net import bots, protocol, story
from game.net.client import NetClient
from game.net.story import apply_difference, view_difference
from game.net.story_client import NetStory, ViewReplayer
from tests.network.support import ask, close_all, join, raw_socket, run, running_server

SEED = 987_654_321_987  # a long seed: its digits appearing anywhere would be no accident


async def fetch_story(client: NetClient, held: NetStory | None = None, *, review: bool = False
                      ) -> tuple[NetStory, list[str]]:
    """Ask for the story (and the review) page by page, as the play screen does; returns what
    the client holds and every story message as it came over the wire."""
    told = held or NetStory(len(client.view["players"]) if client.view else 0)
    raw: list[str] = []
    assert client.conn is not None
    await client.request_story(**told.request(0.0, review=review))
    while True:
        text = await asyncio.wait_for(client.conn.recv(), 10)
        msg = json.loads(text)
        if msg["type"] == "error":
            raise AssertionError(f"story refused: {msg}")
        if msg["type"] != "story":
            client._note(msg)
            continue
        raw.append(str(text))
        assert told.absorb(msg), told.problem
        if not told.more_wanted():
            return told, raw
        await client.request_story(**told.request(0.0))


async def played_table(uri: str, name: str, actions: int) -> NetClient:
    [client] = await join(uri, [name])
    await bots.play(client, "easy", max_actions=actions)
    return client


def _server_chronicle(server: Any) -> Chronicle:
    game = server.tables["1"].game
    return Chronicle(game)


def test_the_story_a_seat_is_told_is_the_servers_chronicle_page_by_page(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(story, "ENTRIES_PER_PAGE", 70)  # a long story comes in many pages
    monkeypatch.setattr(story, "STORY_BURST", 1000)  # (so many pages at once are allowed here)

    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy", "standard"),
                                  game_type="uk_full", seed=SEED) as (server, uri):
            client = await played_table(uri, "Ada", 120)
            told, raw = await fetch_story(client)
            chronicle = _server_chronicle(server)
            assert chronicle.available and told.error is None and told.matches
            assert len(raw) > 3  # paged
            assert told.entries == chronicle.entries
            assert len(told.entries) > 200
            assert told.luck.players == chronicle.luck.players
            assert told.luck.turns == chronicle.luck.turns
            for mine, theirs in zip(told.luck.lines(), chronicle.luck.lines(), strict=True):
                assert mine == pytest.approx(theirs, abs=1e-3)
            assert any(p.attacks for p in told.luck.players)
            # nothing secret on the wire: no seed, no RNG, no record
            for text in raw:
                assert str(SEED) not in text
                data = json.loads(text)
                assert "rng" not in _keys(data) and "record" not in _keys(data)
            # asking again with what it holds gives only what is new (here: nothing)
            again, _ = await fetch_story(client, told)
            assert again.entries == chronicle.entries
            await close_all([client])
        assert server.counters.errors == 0
    run(scenario())


def _keys(data: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            found.add(key)
            found |= _keys(value)
    elif isinstance(data, list):
        for value in data:
            found |= _keys(value)
    return found


def test_the_log_never_names_a_secret_headquarters_card_or_mission(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy", "easy"),
                                  game_type="us_short", seed=SEED) as (server, uri):
            client = await played_table(uri, "Ada", 160)
            told, raw = await fetch_story(client, review=True)
            game = server.tables["1"].game
            board = game.board
            chosen = {}
            for action, mover in zip(game.record.actions, Chronicle(game).movers, strict=True):
                if isinstance(action, act.ChooseHeadquarters):
                    chosen[mover] = board.territory_name(action.territory)
            assert len(chosen) == 3, "the game should be past choosing headquarters"
            revealed = any(e.kind == "HeadquartersRevealed" for e in told.entries)
            for entry in told.entries:
                if entry.kind == "HeadquartersChosen":
                    assert entry.text.endswith("chooses a secret headquarters")
                    assert not any(name in entry.text for name in chosen.values())
                if entry.kind == "CardDrawn":
                    assert re.fullmatch(r".+ draws a card", entry.text)
            if not revealed:  # nobody's headquarters may be named anywhere yet
                words = " ".join(e.text for e in told.entries)
                hq_of_others = [n for s, n in chosen.items() if s != client.seat]
                for name in hq_of_others:
                    assert f"headquarters {name}" not in words
            # the review: another seat's drawn card and mission are blank, its hand unknown
            review = told.review
            assert review is not None and review.complete and review.end > review.start
            for _action, events, view in review.steps:
                for item in events:
                    if item.get("event") == "CardDrawn" and item["player"] != client.seat:
                        assert item["card"] == ""
                assert view["seed"] == 0 and view["rng"] is None and "record" not in view
                for index, player in enumerate(view["players"]):
                    if index != client.seat:
                        assert player["mission"] is None
                        if not view.get("hq_revealed"):
                            assert player["headquarters"] is None
            for text in raw:
                assert str(SEED) not in text
            # the whole game from its start, as a review: another seat's headquarters choice
            # comes without its territory (only this seat's own is named)
            assert client.conn is not None
            await client.request_story(review=True, review_from=0,
                                       review_end=len(game.record.actions))
            steps = []
            while True:
                msg = json.loads(await asyncio.wait_for(client.conn.recv(), 10))
                if msg["type"] == "story":
                    steps += msg["review"]["steps"]
                    if len(steps) >= len(game.record.actions):
                        break
                    await client.request_story(review=True, review_from=len(steps),
                                               review_end=len(game.record.actions))
            choices = [(step[0], mover) for step, mover in zip(
                steps, Chronicle(game).movers, strict=False) if step[0]["kind"] == "choose_hq"]
            assert len(choices) == 3
            for action, mover in choices:
                if mover == client.seat:
                    assert board.territory_name(action["territory"]) == chosen[mover]
                else:
                    assert action["territory"] == ""
            await close_all([client])
    run(scenario())


def test_the_review_shows_every_action_since_the_seats_last_turn_as_the_server_played_it(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(story, "STEPS_PER_PAGE", 7)  # the review in several pages
    monkeypatch.setattr(story, "STORY_BURST", 1000)

    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy", "standard"),
                                  game_type="uk_full", seed=SEED) as (server, uri):
            client = await played_table(uri, "Ada", 150)
            told, raw = await fetch_story(client, review=True)
            game = server.tables["1"].game
            chronicle = Chronicle(game)
            review = told.review
            assert review is not None and review.complete
            assert review.start == chronicle.review_start(client.seat)
            assert review.end == len(game.record.actions) and len(raw) > 2
            # step through it as the screen does; every board is the server's at that point
            replayer = ViewReplayer(review)
            truth = Replayer(game)
            while truth.index < review.start:
                truth.step()
            while not replayer.at_end:
                assert replayer.next_action == truth.next_action
                shown = replayer.step()
                real = truth.step()
                assert [type(e) for e in shown] == [type(e) for e in real]
                assert [e for e in shown if isinstance(e, ev.DiceRolled)] == \
                    [e for e in real if isinstance(e, ev.DiceRolled)]
                assert replayer.game.owner == truth.game.owner
                assert replayer.game.armies == truth.game.armies
                assert replayer.game.turn == truth.game.turn
            assert replayer.game.owner == game.owner and replayer.game.armies == game.armies
            await close_all([client])
        assert server.counters.errors == 0
    run(scenario())


def test_after_a_reconnect_the_seat_is_told_the_whole_story_again(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open", "easy"),
                                  game_type="uk_full", seed=SEED) as (server, uri):
            ada, bo = await join(uri, ["Ada", "Bo"])
            other = asyncio.create_task(bots.play(bo, "easy"))
            await bots.play(ada, "easy", max_actions=40)
            first, _ = await fetch_story(ada)
            assert first.entries
            credentials = ada.credentials
            await ada.close()
            await asyncio.sleep(0.3)  # the game goes on without Ada (it is her move, so it waits)
            back = NetClient(uri, "Ada", credentials=credentials)
            assert (await back.connect())["rejoined"]
            while back.view is None:
                await back.receive()
            # a fresh window knows nothing: it is told everything, review included
            told, _ = await fetch_story(back, review=True)
            chronicle = _server_chronicle(server)
            assert told.entries == chronicle.entries
            assert told.entries[:len(first.entries)] == first.entries
            assert told.review is not None and told.review.complete
            assert told.review.start == chronicle.review_start(back.seat)
            # the same window goes on from what it held
            await bots.play(back, "easy", max_actions=30)
            more, _ = await fetch_story(back, told)
            assert more.entries == _server_chronicle(server).entries
            other.cancel()
            await close_all([back, bo])
        assert server.counters.errors == 0
    run(scenario())


def test_at_the_end_the_story_tells_the_winner(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), game_type="uk_short",
                                  seed=SEED) as (server, uri):
            clients = await join(uri, ["Ada", "Bo"])
            await asyncio.gather(*(bots.play(c, "standard") for c in clients))
            told, raw = await fetch_story(clients[1], review=True)
            chronicle = _server_chronicle(server)
            assert told.entries == chronicle.entries and told.entries[-1].kind == "GameWon"
            assert told.review is not None and told.review.complete
            await close_all(clients)
    run(scenario())


def test_bad_story_requests_are_refused_with_a_reason_and_the_server_goes_on(
        saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open")) as (server, uri), \
                raw_socket(uri) as conn:
            refused = await ask(conn, {"type": "story", "id": 1})
            assert refused["code"] == "not_seated"
            await ask(conn, {"type": "hello", "name": "Ada", "id": 2}, want="welcome")
            refused = await ask(conn, {"type": "story", "id": 3})
            assert refused["code"] == "not_started" and "not started" in refused["reason"]
            [bo] = await join(uri, ["Bo"])
            bad = [
                ({"type": "story", "since": -1}, "bad_message", "at least 0"),
                ({"type": "story", "since": "0"}, "bad_message", "whole number"),
                ({"type": "story", "since": 10**9}, "bad_message", "at most"),
                ({"type": "story", "review": 1}, "bad_message", "true or false"),
                ({"type": "story", "seed": True}, "bad_message", "unknown field"),
                ({"type": "story", "since": 99999}, "story", "past the end"),
                ({"type": "story", "review": True, "review_from": 50, "review_end": 3},
                 "story", "within the game"),
                ({"type": "story", "review": True, "review_from": 0, "review_end": 9999},
                 "story", "within the game"),
            ]
            for payload, code, words in bad:
                refused = await ask(conn, payload)
                assert refused["code"] == code and words in refused["reason"], refused
            # still seated, still answered
            good = await ask(conn, {"type": "story", "id": 9, "review": True}, want="story")
            assert good["id"] == 9 and good["total"] > 0 and "review" in good
            assert (await ask(conn, {"type": "ping", "id": 10}, want="pong"))["id"] == 10
            await bo.close()
        assert server.counters.errors == 0
        assert server.counters.refused.get("story", 0) == 3
    run(scenario())


def test_story_requests_are_rate_limited_like_every_message(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy"), rate=2.0, burst=4) as (
                server, uri), raw_socket(uri) as conn:
            await ask(conn, {"type": "hello", "name": "Ada"}, want="welcome")
            for _ in range(8):
                await conn.send(json.dumps({"v": protocol.PROTOCOL_VERSION, "type": "story",
                                            "review": True}))
            codes = []
            while len(codes) < 8:
                msg = json.loads(await asyncio.wait_for(conn.recv(), 5))
                if msg["type"] in ("story", "error"):
                    codes.append(msg.get("code", "story"))
            assert "rate" in codes and codes.count("story") <= 5
        assert server.counters.errors == 0
    run(scenario())


def test_a_seat_may_ask_for_only_a_few_story_pages_a_second(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy")) as (server, uri), \
                raw_socket(uri) as conn:
            await ask(conn, {"type": "hello", "name": "Ada"}, want="welcome")
            count = story.STORY_BURST + 10
            for _ in range(count):
                await conn.send(json.dumps({"v": protocol.PROTOCOL_VERSION, "type": "story",
                                            "review": True, "review_from": 0, "review_end": 0}))
            answers = []
            while len(answers) < count:
                msg = json.loads(await asyncio.wait_for(conn.recv(), 5))
                if msg["type"] in ("story", "error"):
                    answers.append(msg)
            refused = [m for m in answers if m["type"] == "error"]
            assert len(refused) >= 8 and all(m["code"] == "story" and "too many" in m["reason"]
                                             for m in refused)
            assert (await ask(conn, {"type": "ping", "id": 1}, want="pong"))["id"] == 1
        assert server.counters.errors == 0
    run(scenario())


def test_a_view_difference_rebuilds_the_view_exactly() -> None:
    old = {"a": 1, "owner": {"x": 0, "y": 1}, "gone": [1], "same": {"k": 2}}
    new = {"a": 2, "owner": {"x": 0, "y": 0}, "same": {"k": 2}, "added": {"q": 1}}
    difference = view_difference(old, new)
    assert difference == {"set": {"a": 2, "added": {"q": 1}}, "patch": {"owner": {"y": 0}},
                          "drop": ["gone"]}
    assert apply_difference(old, difference) == new
    assert old["owner"] == {"x": 0, "y": 1}  # untouched
    for broken in ([], {"set": []}, {"patch": {"a": {"b": 1}}}, {"other": {}}):
        with pytest.raises(ValueError):
            apply_difference(old, broken)


def test_a_damaged_story_page_is_dropped_never_trusted() -> None:
    told = NetStory(2)
    luck = {"players": [[0] * 6 + [[0, 1], [0, 1]]] * 2, "turns": [], "series": []}
    page = {"type": "story", "seq": 3, "since": 0, "total": 1, "actions": 1, "matches": True,
            "entries": [[1, 1, "TurnStarted", "TURN 1: ADA", [0]]], "luck": luck}
    assert told.absorb(page) and len(told.entries) == 1
    for damage in ({"entries": [[1, 1, "X", "y", [5]]]}, {"entries": [["a"]]},
                   {"luck": {"players": []}}, {"review": {"start": 0}},
                   {"luck": {**luck, "players": [[0] * 6 + [[1, 0], [0, 1]]] * 2}}):
        assert not told.absorb({**page, "since": 1, **damage})
        assert len(told.entries) == 1 and told.problem


def test_a_client_asks_only_when_the_game_moved_on_and_never_twice_at_once() -> None:
    from game.net.story_client import ANSWER_WAIT, ASK_EVERY

    told = NetStory(2)
    assert told.due(seq=1, now=100.0)
    assert told.request(100.0) == {"since": 0}
    assert not told.due(seq=1, now=100.0 + ASK_EVERY)  # the answer is on its way
    luck = {"players": [[0] * 6 + [[0, 1], [0, 1]]] * 2, "turns": [], "series": []}
    assert told.absorb({"type": "story", "seq": 5, "since": 0, "total": 0, "actions": 0,
                        "matches": True, "entries": [], "luck": luck})
    assert not told.due(seq=5, now=200.0)  # nothing new happened
    assert not told.due(seq=6, now=100.0 + ASK_EVERY / 2)  # too soon after the last ask
    assert told.due(seq=6, now=100.0 + ASK_EVERY)
    told.request(300.0)
    assert told.due(seq=6, now=300.0 + ANSWER_WAIT)  # an answer that never came: ask again


def test_another_seats_headquarters_choice_never_arrives_in_the_live_updates(saves: Path) -> None:
    """Each update names the action done; a headquarters choice names its territory only to the
    seat that chose it (the others learn that a choice was made)."""
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy", "easy"),
                                  game_type="us_short", seed=SEED) as (server, uri):
            [client] = await join(uri, ["Ada"])
            seen: list[dict[str, Any]] = []
            keep = client._note

            def note(msg: dict[str, Any]) -> bool:
                if msg["type"] == "update":
                    seen.append(msg)
                return keep(msg)

            client._note = note  # type: ignore[method-assign]
            await bots.play(client, "easy", max_actions=60)
            choices = [m for m in seen if m["action"].get("kind") == "choose_hq"]
            assert {m["actor"] for m in choices} == {0, 1, 2}
            for msg in choices:
                if msg["actor"] == client.seat:
                    assert msg["action"]["territory"]  # our own choice, told whole
                else:
                    assert msg["action"]["territory"] == ""
            await close_all([client])

    run(scenario())
