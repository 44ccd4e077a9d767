"""The page sends again an action whose answer a dropped connection took, with its number,
once its seat is back: the server applies it once (game/net/numbering.py). Before, the page
never sent it again: an action cut off on its way was lost, the player's move gone. (The
desktop's: test_send_again.py.)"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.net.server import GameServer
from tests.network.test_send_again import _lose_the_next_action, _lose_the_next_answer
from tests.network.test_web_game import join
from tests.network.web_browser import PagePlayer, ServerThread, chromium
from tests.network.web_policy import Plan, act


def _to_my_move(server: ServerThread, seat: int) -> None:
    """Wait until it is `seat`'s move (the computer plays the others)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        game = server.game()
        assert game is not None and not game.is_over
        if game.to_move == seat:
            return
        time.sleep(0.01)
    raise AssertionError("the seat's move never came")


def _actions(player: PagePlayer) -> list[dict[str, Any]]:
    return [m for m in player.frames_out if m.get("type") == "action"]


def _scenario(saves: Path, cut: Callable[[GameServer, int], None]) -> None:
    server = ServerThread(saves, seats=("open", "good"), seed=3, game_type="uk_full")
    try:
        with chromium() as browser:
            ada = join(browser, server.url, "Ada")
            seat = ada.facts()["seat"]
            plan = Plan(max_attacks=1)
            _to_my_move(server, seat)
            game = server.game()
            assert game is not None
            played = len(game.record.actions)

            async def install() -> tuple[int, int]:
                cut(server.server, seat)
                return server.server.tables["1"].seats[seat].last_n, _applied(server)
            last, applied = server.call(install())
            act(ada, server, game, seat, plan)  # (waits until the page shows it applied)
            ada.until("f.status === 'open' && !f.pending", what="the seat back")
            sent = [m for m in _actions(ada) if m["n"] == last + 1]
            assert len(sent) == 2, sent  # sent, and sent again with the same number
            assert sent[0]["action"] == sent[1]["action"]
            answered = [m for m in ada.frames_in if m.get("id") == sent[1]["id"]]
            assert [m["type"] for m in answered] == ["update"]
            after = server.game()
            assert after is not None and after.record.actions[played].to_dict() == \
                sent[0]["action"]
            assert server.call(_last_n(server, seat)) == last + 1
            assert server.call(_counted(server)) == applied + 1  # applied once
            # the game goes on: the seat's next action is the next number, applied
            _to_my_move(server, seat)
            game = server.game()
            assert game is not None
            act(ada, server, game, seat, plan)
            assert server.call(_last_n(server, seat)) == last + 2
            assert not ada.errors
    finally:
        server.stop()


async def _last_n(server: ServerThread, seat: int) -> int:
    return server.server.tables["1"].seats[seat].last_n


def _applied(server: ServerThread) -> int:
    """How many players' actions the server has applied (the computers' are not counted)."""
    return server.server.counters.actions


async def _counted(server: ServerThread) -> int:
    return _applied(server)


def test_the_page_sends_again_an_action_lost_on_its_way(saves: Path) -> None:
    _scenario(saves, _lose_the_next_action)


def test_the_page_sends_again_an_action_whose_answer_was_lost(saves: Path) -> None:
    _scenario(saves, _lose_the_next_answer)
