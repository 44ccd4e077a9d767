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
    seats_events,
    seat_view,
)
from game.net.updates import UpdateWriter

HEAD = {"seq": 1, "actor": 0, "action": {"kind": "end_turn"}, "computer": False, "to_move": 0,
        "over": False}


def _update_texts(full: dict, seats: list[int]) -> dict[int, str]:
    """The update each seat would be sent if it held nothing yet (every key of its view)."""
    return UpdateWriter().texts(full, seats, HEAD, {s: [] for s in seats})


def _sent_view(text: str) -> dict:
    msg = protocol.decode_server(text)
    return msg["view"] if "view" in msg else msg["changes"]


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
    mirror = Game.from_dict(mirror_dict(view), seat_view=True)  # still a game the screens can play on
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


def test_update_texts_carry_the_views_encoded() -> None:
    full = _game().to_dict()
    full.pop("record")
    texts = _update_texts(full, [0, 2])
    for seat in (0, 2):  # (during the game, without the statistics history)
        assert _sent_view(texts[seat]) == seat_view(full, seat, history=False)


def test_another_seats_drawn_card_and_new_mission_are_hidden() -> None:
    events = [ev.CardDrawn(0, "alaska"), ev.MissionChanged(0, "conquer_24", "target gone"),
              ev.DiceRolled(0, 1, "alaska", "kamchatka", (6, 5), (1,))]
    mine, theirs = seat_events(events, 0), seat_events(events, 1)
    assert mine[0]["card"] == "alaska" and theirs[0]["card"] == ""
    assert theirs[1]["mission"] == ""
    back = events_from_dicts(json.loads(json.dumps(theirs)) + [{"event": "Nope"}, 7, {}])
    assert back[2] == events[2] and len(back) == 3
    both = seats_events(events, [0, 1])  # made once for all seats: the same for each
    assert both[0] == mine and both[1] == theirs and both[0][0]["card"] == "alaska"


@pytest.mark.parametrize("raw", [b"\x80", "", "null", "1", '"x"', '{"v":1}', '{"v":1,"type":5}'])
def test_decode_never_raises_anything_but_a_protocol_error(raw: str | bytes) -> None:
    with pytest.raises(ProtocolError):
        protocol.decode_client(raw)


def test_a_valid_message_passes_and_encodes_back() -> None:
    text = protocol.encode("action", id=1, seat=0, token="t", n=1,
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


def _played_past_headquarters() -> Game:
    """A headquarters game played by chance until some headquarters have been chosen (in
    secret: they are revealed once all are in): the record then holds those choices."""
    import random

    game = Game.new(GameConfig.preset("us_short", [
        PlayerSpec(f"P{i}", c, "human") for i, c in enumerate(["red", "blue", "green"])]), seed=7)
    chance = random.Random(3)
    for _ in range(5000):
        if game.phase.value == "choose_hq" and any(p.headquarters for p in game.players):
            break
        choice = chance.choice(game.legal_actions())
        action = choice.make(choice.hi) if hasattr(choice, "make") else choice
        game.apply(action)
    return game


def test_no_seat_is_sent_the_record_or_another_seats_secrets_while_the_game_goes_on() -> None:
    game = _played_past_headquarters()
    full = game.to_dict()
    assert any(a[0] == "choose_hq" for a in full["record"]["actions"])
    assert not game.is_over and not full["hq_revealed"]
    seats = list(range(len(game.players)))
    texts = _update_texts(full, seats)
    for seat in seats:
        for view in (seat_view(full, seat), _sent_view(texts[seat])):
            assert "record" not in view
            for other, p in enumerate(view["players"]):
                if other != seat:
                    assert p["headquarters"] is None and p["mission"] is None
            assert view["players"][seat] == full["players"][seat]
        assert '["choose_hq",' not in texts[seat]  # no recorded choice leaks in the text
        mirror = Game.from_dict(mirror_dict(seat_view(full, seat)), seat_view=True)  # copes without a record
        assert mirror.record.actions == [] and mirror.owner == game.owner
    assert "record" in full  # the server's own state keeps it


def test_the_record_is_sent_once_the_game_has_ended() -> None:
    full = _game().to_dict()
    full["phase"] = "game_over"
    assert "record" in seat_view(full, 0)
    assert "record" in _sent_view(_update_texts(full, [0])[0])


def test_the_compiled_checks_pass_and_refuse_what_the_field_by_field_check_does() -> None:
    """Every kind of message, each field given values of every shape (missing, null, a switch,
    numbers at and past their bounds, long text, lists, objects): the check compiled for the
    kind gives the same verdict, and the same reason, as the schema read field by field."""
    import itertools  # noqa: PLC0415

    from game.net.protocol import _CHECKERS, _MISSING, _check_fields  # noqa: PLC0415

    shapes: list[object] = [_MISSING, None, True, False, 0, 1, 7, 8, -1, 2**53, 2**53 + 1, 1.5,
                            "", "x", "x" * 200, [], [1], {}, {"a": 1}]
    tried = 0
    for schemas in (protocol.CLIENT_SCHEMAS, protocol.SERVER_SCHEMAS):
        compiled = _CHECKERS[id(schemas)][1]
        for kind, schema in schemas.items():
            names = list(schema)
            for name, shape, extra in itertools.product(names, shapes, (False, True)):
                data: dict[str, object] = {"v": protocol.PROTOCOL_VERSION, "type": kind}
                for other, field in schema.items():  # the others well formed
                    if field.required:
                        data[other] = _good_value(field)
                if shape is not _MISSING:
                    data[name] = shape
                else:
                    data.pop(name, None)
                if extra:
                    data["stray"] = 1
                verdicts = []
                for check in (lambda d, k=kind, sc=schema: _check_fields(d, k, sc),
                              compiled[kind]):
                    try:
                        check(dict(data))
                        verdicts.append("ok")
                    except protocol.ProtocolError as exc:
                        verdicts.append(str(exc))
                assert verdicts[0] == verdicts[1], (kind, name, shape, extra, verdicts)
                tried += 1
    assert tried > 500


def _good_value(field: protocol.Field) -> object:
    kind = field.types[0]
    if kind is int:
        return field.lo if field.lo is not None else 0
    return {str: "a", bool: True, dict: {}, list: [], float: 0.5}[kind]


@pytest.mark.parametrize("library", ["orjson", "json"])
def test_both_json_libraries_read_and_write_the_same_messages(
        library: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """orjson when a safe version is installed, else the standard library: the same messages
    either way, and the same refusals of what is not JSON."""
    if library == "json":
        monkeypatch.setattr(protocol, "orjson", None)
    elif protocol.orjson is None:
        pytest.skip("no orjson of a safe version here")
    assert protocol.json_library() == library
    text = protocol.encode("welcome", seat=1, token="t", game="Société", rejoined=False, n=0)
    for raw in (text, text.encode()):
        assert protocol.decode_server(raw) == {"v": protocol.PROTOCOL_VERSION, "type": "welcome",
                                               "seat": 1, "token": "t", "game": "Société",
                                               "rejoined": False, "n": 0}
    assert json.loads(protocol.ENCODE({1: (2, 3), "a": None})) == {"1": [2, 3], "a": None}
    for bad in ("[" * 5000 + "]" * 5000, '{"v": NaN}', '{"v": Infinity}', b'{"v": "\xff"}',
                '{"v": "\\ud800"}' if library == "orjson" else "{"):
        with pytest.raises(ProtocolError, match="malformed JSON"):
            protocol.parse(bad, 10**6)
