"""A client's mirror of the game, brought up to date in place from the updates' changes, is the
game rebuilt from scratch from its view, at every step of whole games. No network here."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import make_general
from game.engine import Game, GameConfig, PlayerSpec, StateError
from game.engine.serialize import game_to_dict
from game.net import protocol
from game.net.client import NetClient
from game.net.story import public_action
from game.net.updates import UpdateWriter
from game.net.views import mirror_dict, seats_events

COLOURS = ["red", "blue", "green", "yellow", "black", "pink"]


def _clients(game: Game, writer: UpdateWriter) -> list[NetClient]:
    clients = []
    for seat in range(len(game.config.players)):
        client = NetClient("ws://127.0.0.1:1", f"P{seat}")
        view = writer.whole_view(game_to_dict(game, with_record=False), seat)
        state = protocol.encode("state", seq=0, seat=seat, view=view, to_move=game.to_move,
                                over=False)
        assert client._note(protocol.decode_server(state))
        clients.append(client)
    return clients


@pytest.mark.parametrize(("game_type", "seats", "seed", "level"),
                         [("uk_full", 6, 3, "standard"), ("us_full", 4, 8, "easy"),
                          ("uk_short", 3, 21, "good")])
def test_a_mirror_kept_by_changes_is_the_game_rebuilt_from_its_view(
        game_type: str, seats: int, seed: int, level: str) -> None:
    specs = [PlayerSpec(f"P{i}", COLOURS[i], "human") for i in range(seats)]
    game = Game.new(GameConfig.preset(game_type, specs), seed=seed)
    writer = UpdateWriter()
    clients = _clients(game, writer)
    generals = [make_general(level, i, 1) for i in range(seats)]
    everyone = list(range(seats))
    compared = refreshed = 0
    for seq in range(1, 6000):
        if game.is_over:
            break
        actor = game.to_move
        mirror = clients[actor].mirror()
        kept = mirror is clients[actor].mirror()  # the same game until the next update
        action = generals[actor].choose(mirror)
        events = game.apply(action)
        full = game_to_dict(game, with_record=game.is_over)
        head = {"seq": seq, "actor": actor, "action": public_action(action, actor, -1),
                "computer": False, "to_move": game.to_move, "over": game.is_over}
        texts = writer.texts(full, everyone, head, seats_events(events, everyone), (actor, seq))
        for seat, client in enumerate(clients):
            before = client._mirror
            assert client._note(protocol.decode_server(texts[seat]))
            if seat == actor or seq % 7 == seat:  # the mover every time, others now and then
                ours = client.mirror()
                refreshed += ours is before and before is not None
                rebuilt = Game.from_dict(mirror_dict(client.view), seat_view=True)
                assert ours.to_dict() == rebuilt.to_dict()
                compared += 1
        assert kept
    assert game.is_over and compared > 500 and refreshed > compared // 2


def test_a_change_that_breaks_the_game_is_refused_as_a_rebuilt_one_would_be() -> None:
    client, good = _uk_short_client()
    territory = next(iter(good.armies))
    client._note({"type": "update", "seq": 1, "actor": 1, "action": {}, "events": [],
                  "computer": False, "to_move": 1, "over": False,
                  "changes": {"armies": {**client.view["armies"], territory: -5}}})
    with pytest.raises(StateError):
        client.mirror()
    with pytest.raises(StateError):  # and again: never the half-updated game
        client.mirror()


def _uk_short_client() -> tuple[Any, Game]:
    """A client of seat 0 in a three-seat UK short game, and its mirror."""
    specs = [PlayerSpec(f"P{i}", COLOURS[i], "human") for i in range(3)]
    game = Game.new(GameConfig.preset("uk_short", specs), seed=4)
    client = _clients(game, UpdateWriter())[0]
    return client, client.mirror()


def _patch(patches: dict[str, Any]) -> dict[str, Any]:
    """An update of seat 1's that patches the tables `patches` names, and nothing else."""
    return {"type": "update", "seq": 1, "actor": 1, "action": {}, "events": [],
            "computer": False, "to_move": 1, "over": False, "changes": {}, "patches": patches}


def test_a_patch_that_breaks_the_game_is_refused_as_a_rebuilt_one_would_be() -> None:
    client, good = _uk_short_client()
    territory = next(iter(good.armies))
    assert client._note(_patch({"armies": {territory: 0}}))
    assert client._patched == {"armies": {territory}}
    with pytest.raises(StateError):
        client.mirror()
    with pytest.raises(StateError):  # and again: never the half-updated game
        client.mirror()


def test_only_the_patched_territories_are_read_again() -> None:
    """A patch sets exactly its territories on the mirror (the same game as one rebuilt)."""
    client, mirror = _uk_short_client()
    held = next(t for t, o in mirror.owner.items() if o is not None and mirror.armies[t] < 50)
    assert client._note(_patch({"armies": {held: mirror.armies[held] + 1}}))
    assert client.mirror() is mirror and mirror.armies[held] == client.view["armies"][held]
    rebuilt = Game.from_dict(mirror_dict(client.view), seat_view=True)
    assert mirror.to_dict() == rebuilt.to_dict()
