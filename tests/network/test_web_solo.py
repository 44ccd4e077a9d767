"""One player alone in a browser against computer generals: at a table whose other seats are
generals (--seats open,good,good), or at a table of open seats the player fills with generals
(where the host allows it: --fill-seats)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.network.test_web_game import join, play_to_the_end, secrets_held
from tests.network.web_browser import ServerThread, chromium, shot
from tests.network.web_policy import Plan, act, sync


def test_a_player_alone_fills_the_table_with_generals_and_plays(saves: Path) -> None:
    server = ServerThread(saves, seats=("open", "open", "open"), fill_level="good",
                          game_type="us_full", seed=4)
    try:
        with chromium() as browser:
            ada = join(browser, server.url, "Ada", touch=True)
            facts = ada.until("f.buttons.some((b) => b[0] === 'PLAY WITH COMPUTERS' && b[6])",
                              what="the offer to play with computers")
            assert facts["phase"] is None  # waiting: the other seats are open
            shot(ada, "waiting_for_players")
            ada.button("PLAY WITH COMPUTERS")
            ada.until("f.phase === 'claim'", what="the game to start")
            game = server.game()
            assert game is not None
            assert [p.level for p in game.players] == ["human", "good", "good"]
            # the generals move by themselves; the page claims when its turn comes
            deadline = time.monotonic() + 20
            while True:
                game = server.game()
                assert game is not None and time.monotonic() < deadline
                if game.to_move == 0:
                    break
                time.sleep(0.01)
            before = len(game.territories_of(0))
            act(ada, server, game, 0, Plan())
            game = server.game()
            assert game is not None and len(game.territories_of(0)) == before + 1
            token = next(m for m in ada.frames_in if m.get("type") == "welcome")["token"]
            assert secrets_held(ada, 0, {0: token}) == []
            assert not ada.errors
    finally:
        server.stop()


@pytest.mark.slow
def test_a_player_alone_plays_a_whole_game_against_two_generals(saves: Path) -> None:
    server = ServerThread(saves, seats=("open", "good", "good"), seed=8, game_type="uk_short")
    try:
        with chromium() as browser:
            ada = join(browser, server.url, "Ada")
            assert ada.facts()["seat"] == 0
            play_to_the_end(server, {0: ada}, {0: Plan()}, limit=600)
            game = server.game()
            assert game is not None and game.is_over
            assert sync(ada, server)["over"]
            token = next(m for m in ada.frames_in if m.get("type") == "welcome")["token"]
            assert secrets_held(ada, 0, {0: token}) == []
            assert not ada.errors
    finally:
        server.stop()
