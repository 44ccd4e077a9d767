"""A browser's seat: a reload in the middle of a turn takes it back (the token kept in the
browser), and a desktop client (the Python client with a computer general) and a browser
played by the keyboard alone share one table (two players: the neutral's armies are placed
too)."""

from __future__ import annotations

import asyncio
import time

import pytest
from pathlib import Path

from game.engine.state import Phase
from game.net import bots
from game.net.client import NetClient
from tests.network.test_web_game import join
from tests.network.web_browser import PagePlayer, ServerThread, chromium
from tests.network.web_policy import Plan, act, sync


@pytest.mark.slow
def test_a_reload_mid_turn_takes_the_seat_back(saves: Path) -> None:
    """(The default suite reloads a page in its whole game: test_web_game.py.)"""
    server = ServerThread(saves, seats=("open", "good"), seed=3, game_type="uk_full")
    try:
        with chromium() as browser:
            ada = join(browser, server.url, "Ada")
            seat = ada.facts()["seat"]
            plan = Plan(max_attacks=1)
            # play until this seat's turn is under way: reinforcements placed, attacking
            while True:
                before = server.seq()
                game = server.game()
                assert game is not None and not game.is_over
                if game.to_move == seat and game.phase == Phase.ATTACK and game.turn > 1:
                    break
                if game.to_move == seat:
                    act(ada, server, game, seat, plan)
                else:
                    wait = time.monotonic() + 1
                    while server.seq() == before and time.monotonic() < wait:
                        time.sleep(0.005)
            facts = sync(ada, server)
            token = next(m for m in ada.frames_in if m.get("type") == "welcome")["token"]
            ada.reload()
            back = ada.until("f.screen === 'play' && f.seq === arg && f.status === 'open'",
                             server.seq(), what="the seat taken back")
            assert back["seat"] == seat and back["phase"] == facts["phase"] == "attack"
            hellos = [m for m in ada.frames_out if m.get("type") == "hello"]
            assert hellos[-1].get("token") == token and hellos[-1].get("seat") == seat
            welcomes = [m for m in ada.frames_in if m.get("type") == "welcome"]
            assert welcomes[-1]["rejoined"] is True and welcomes[-1]["seat"] == seat
            # and the turn goes on from the reloaded page
            game = server.game()
            assert game is not None
            act(ada, server, game, seat, plan)
            assert not ada.errors
    finally:
        server.stop()


def test_a_desktop_client_and_a_keyboard_only_browser_share_a_table(saves: Path) -> None:
    server = ServerThread(saves, seats=("open", "open"), seed=5, game_type="us_full")
    try:
        with chromium() as browser:
            context = browser.new_context(viewport={"width": 640, "height": 400})
            page = context.new_page()
            ada = PagePlayer(page, "Ada")
            page.goto(server.url)
            ada.until("f.screen === 'lobby' && f.buttons.length > 0", what="the tables")
            page.keyboard.type("Ada")  # the name box has the focus
            page.keyboard.press("Enter")  # the first open seat
            ada.until("f.screen === 'play' && f.seat === 0", what="a seat")

            async def desktop() -> bots.BotResult:
                client = NetClient(f"ws://127.0.0.1:{server.port}", "Deskop")
                await client.connect()
                try:
                    return await bots.play(client, "easy", timeout=60)
                finally:
                    await client.close()

            robot = asyncio.run_coroutine_threadsafe(desktop(), server.loop)
            ada.until("f.phase", what="the game to start")
            moves = 0
            neutral = 0
            while True:  # the browser plays by the keyboard until its first attack step
                before = server.seq()
                game = server.game()
                assert game is not None and not game.is_over
                if game.to_move != 0:
                    wait = time.monotonic() + 1
                    while server.seq() == before and time.monotonic() < wait:
                        time.sleep(0.005)
                    continue
                facts = sync(ada, server)
                if game.phase == Phase.ATTACK or (moves >= 12 and neutral > 0 and game.phase
                                                  == Phase.PLACE and game.quota > 0):
                    break
                if game.phase == Phase.PLACE and game.neutral_quota > 0:
                    neutral += 1
                if facts["dialog"] is not None:  # (how many here? all of them)
                    ada.key("Enter")
                else:
                    ada.key("Tab")  # the nearest territory this step accepts
                    ada.until("f.cursor", what="the keyboard's cursor")
                    ada.key("Enter")
                facts = ada.until("f.seq > arg || f.dialog !== null || f.alert", before,
                                  what="the keyboard's move")
                moves += facts["seq"] > before  # (not a question opened: how many here?)
            assert moves >= 12 and neutral > 0  # (the neutral's armies placed too)
            desktop_moves = sum(1 for a in (server.game() or game).record.actions) - moves
            assert desktop_moves >= moves - 2  # the two took turns at the same table
            # the browser sees what the desktop did: the same board as the server's
            facts = sync(ada, server)
            assert facts["seq"] == server.seq()
            shown = ada.page.evaluate("() => document.getElementById('screen').dataset.screen")
            assert '"toMove":0' in shown
            robot.cancel()
            assert not ada.errors
    finally:
        server.stop()
