"""A player alone at a table may fill its open seats with computer generals and start at once,
where the host allows it (--fill-seats LEVEL); elsewhere the request is refused in a sentence
and the seats wait for players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import build_parser
from game.net.serve import config_from_args
from tests.network.support import ask, raw_socket, run, running_server


def test_a_player_alone_fills_the_open_seats_and_the_game_starts(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open", "easy", "open"),
                                  fill_level="good", game_type="uk_short") as (server, uri):
            assert json.loads(server.pages.answer("GET", "/tables.json").body)["fill"] == "good"
            async with raw_socket(uri) as ada:
                await ask(ada, {"type": "hello", "name": "Ada"}, want="welcome")
                await ada.send(json.dumps({"v": 4, "type": "fill", "id": 7}))
                lobby = None
                while True:  # the seats filled (told to the table), then the game's view
                    msg = json.loads(await ada.recv())
                    if msg["type"] == "lobby":
                        lobby = msg
                    if msg["type"] == "state":
                        break
                assert msg["seat"] == 0 and msg["view"]["players"][0]["name"] == "Ada"
                assert lobby is not None
                kinds = [(s["kind"], s["name"]) for s in lobby["seats"]]
                assert kinds[0] == ("open", "Ada") and kinds[2][0] == "easy"
                assert kinds[1][0] == kinds[3][0] == "good"
                assert len({name for _, name in kinds}) == 4  # a name each
                game = server.tables["1"].game
                assert game is not None
                assert [p.level for p in game.players] == ["human", "good", "easy", "good"]
                # the game has begun: filling again is refused, and no seat is open
                again = await ask(ada, {"type": "fill"})
                assert again["code"] == "started"
            async with raw_socket(uri) as bob:
                refused = await ask(bob, {"type": "hello", "name": "Bob"})
                assert refused["code"] == "full"
    run(scenario())


def test_filling_is_refused_where_the_host_did_not_allow_it(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open")) as (server, uri):
            assert json.loads(server.pages.answer("GET", "/tables.json").body)["fill"] is None
            async with raw_socket(uri) as ada:
                refused = await ask(ada, {"type": "fill"})
                assert refused["code"] == "not_seated"
                await ask(ada, {"type": "hello", "name": "Ada"}, want="welcome")
                refused = await ask(ada, {"type": "fill", "id": 3})
                assert refused["code"] == "fill_off" and refused["id"] == 3
                assert "every seat is taken" in refused["reason"]
                assert server.tables["1"].game is None
                assert [s.kind for s in server.tables["1"].seats] == ["open", "open"]
            async with raw_socket(uri) as bob:  # the seats still wait for players
                welcome = await ask(bob, {"type": "hello", "name": "Bob"}, want="welcome")
                assert welcome["seat"] == 0
    run(scenario())


def test_the_host_chooses_the_fill_on_the_command_line() -> None:
    parser = build_parser()
    args = parser.parse_args(["--serve", "--seats", "open,open,open", "--fill-seats", "easy"])
    assert config_from_args(args).fill_level == "easy"
    assert config_from_args(parser.parse_args(["--serve"])).fill_level is None
    with pytest.raises(SystemExit):
        parser.parse_args(["--serve", "--fill-seats", "genius"])
    assert "--fill-seats" in parser.format_help()
