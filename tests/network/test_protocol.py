"""The protocol's checks and the seat views, without a network."""

from __future__ import annotations

import json

import pytest

from game.engine import Game, GameConfig, PlayerSpec
from game.engine import events as ev
from game.net import protocol
from game.net.protocol import ProtocolError
from game.net.server import Refusal, parse_action
from game.net.views import (
    events_from_dicts,
    mirror_dict,
    seat_events,
    seat_view,
    seat_view_texts,
)


def _game(game_type: str = "uk_short", players: int = 4) -> Game:
    specs = [PlayerSpec(f"P{i}", c, "human")
             for i, c in enumerate(["red", "blue", "green", "yellow", "black", "pink"][:players])]
    game = Game.new(GameConfig.preset(game_type, specs), seed=99)
    # deal some cards so hands are not empty
    for pid, player in enumerate(game.players):
        player.hand.extend(game.deck[:pid + 1])
        del game.deck[:pid + 1]
    return game


def test_a_view_hides_every_other_seats_hand_mission_and_the_deck_order() -> None:
    game = _game()
    full = game.to_dict()
    view = seat_view(full, 1)
    assert view["players"][1] == full["players"][1]  # one's own secrets are there
    for pid in (0, 2, 3):
        assert view["players"][pid]["mission"] is None
        assert len(view["players"][pid]["hand"]) == len(full["players"][pid]["hand"])
    others = {c for pid in (0, 2, 3) for c in view["players"][pid]["hand"]} | set(view["deck"])
    assert others.isdisjoint(full["players"][1]["hand"])
    assert view["deck"] == sorted(view["deck"]) or len(view["deck"]) < 2  # no real order
    assert view["seed"] == 0 and view["rng"] is None
    mirror = Game.from_dict(mirror_dict(view))  # still a game the screens can play on
    assert mirror.owner == game.owner and mirror.players[1].hand == game.players[1].hand
    assert full == game.to_dict()  # the server's state is untouched


def test_headquarters_stay_secret_until_revealed() -> None:
    game = _game("us_short")
    full = game.to_dict()
    full["players"][0]["headquarters"] = "alaska"
    full["hq_revealed"] = False
    assert seat_view(full, 1)["players"][0]["headquarters"] is None
    full["hq_revealed"] = True
    assert seat_view(full, 1)["players"][0]["headquarters"] == "alaska"


def test_view_texts_are_the_views_encoded() -> None:
    full = _game().to_dict()
    texts = seat_view_texts(full, [0, 2], history=True)
    for seat in (0, 2):
        assert json.loads(texts[seat]) == seat_view(full, seat)


def test_another_seats_drawn_card_and_new_mission_are_hidden() -> None:
    events = [ev.CardDrawn(0, "alaska"), ev.MissionChanged(0, "conquer_24", "target gone"),
              ev.DiceRolled(0, 1, "alaska", "kamchatka", (6, 5), (1,))]
    mine, theirs = seat_events(events, 0), seat_events(events, 1)
    assert mine[0]["card"] == "alaska" and theirs[0]["card"] == ""
    assert theirs[1]["mission"] == ""
    back = events_from_dicts(json.loads(json.dumps(theirs)) + [{"event": "Nope"}, 7, {}])
    assert back[2] == events[2] and len(back) == 3


@pytest.mark.parametrize("raw", [b"\x80", "", "null", "1", '"x"', '{"v":1}', '{"v":1,"type":5}'])
def test_decode_never_raises_anything_but_a_protocol_error(raw: str | bytes) -> None:
    with pytest.raises(ProtocolError):
        protocol.decode_client(raw)


def test_a_valid_message_passes_and_encodes_back() -> None:
    text = protocol.encode("action", id=1, seat=0, token="t",
                           action={"kind": "end_turn"})
    assert protocol.decode_client(text)["action"] == {"kind": "end_turn"}
    raw = protocol.encode("pong", raw={"extra": '{"a":1}'})
    assert json.loads(raw)["extra"] == {"a": 1}


def test_actions_are_type_checked_before_the_engine_sees_them() -> None:
    assert parse_action({"kind": "place", "territory": "alaska", "count": 2}).count == 2
    assert parse_action({"kind": "trade", "cards": ["a", "b", "c"]}).cards == ("a", "b", "c")
    for bad in ({"kind": "trade", "cards": ["a", "b"]}, {"kind": "trade", "cards": [1, 2, 3]},
                {"kind": "defend", "dice": 2.5}, {"kind": "defend"}, {},
                {"kind": "change_sides", "other": 1}):
        with pytest.raises(Refusal):
            parse_action(bad)
