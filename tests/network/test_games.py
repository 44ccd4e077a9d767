"""Whole network games: 2 to 6 computer-driven clients play through the protocol to the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.savegame import load_game
from tests.network.support import close_all, join, play_out, run, running_server


def _public(view: dict) -> tuple:
    return (view["owner"], view["armies"], view["phase"], view["turn"], view["winner"],
            [len(p["hand"]) for p in view["players"]])


def _play_whole_game(saves: Path, seats: tuple[str, ...], game_type: str) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=seats, game_type=game_type, seed=11) as (
                server, uri):
            humans = sum(1 for s in seats if s == "open")
            clients = await join(uri, [f"Client {i}" for i in range(humans)])
            results = await play_out(clients, "standard")
            assert all(r.finished and r.refused == 0 for r in results)
            views = [c.view for c in clients]
            assert all(_public(v) == _public(views[0]) for v in views)
            assert views[0]["winner"] is not None
            saved = load_game(saves / "network-1.json")
            assert saved.game.is_over and saved.game.winner == views[0]["winner"]
            assert server.counters.errors == 0 and not server.counters.refused
            assert server.counters.actions == sum(r.actions for r in results)
            await close_all(clients)
        assert not server.clients  # every connection is gone: nothing left behind
    run(scenario(), timeout=120)


def test_two_clients_play_a_whole_uk_game(saves: Path) -> None:
    _play_whole_game(saves, ("open", "open"), "uk_full")


def test_three_clients_and_a_computer_seat_play_a_whole_uk_short_game(saves: Path) -> None:
    _play_whole_game(saves, ("open", "standard", "open", "open"), "uk_short")


def test_six_clients_play_a_whole_us_headquarters_game(saves: Path) -> None:
    _play_whole_game(saves, ("open",) * 6, "us_short")


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("game_type", ["uk_full", "us_full", "uk_short", "us_short"])
def test_every_table_size_plays_every_game_type(saves: Path, seats: int, game_type: str) -> None:
    _play_whole_game(saves, ("open",) * seats, game_type)
