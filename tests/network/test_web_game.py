"""A real browser at the game (Chromium from the distribution, driven by Playwright): two pages
and a computer play a whole game on a server the test starts, one page reloading in the middle
of a turn; the pages' websocket messages hold no other seat's secrets. Every move is made
through the page's real input (clicks, taps and keys)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from game.engine.state import Phase
from game.net.limits import Limits
from game.net.updates import apply_changes
from tests.network.web_browser import PagePlayer, ServerThread, chromium
from tests.network.web_policy import Plan, act, sync


PHONE = (844, 390)  # a phone held sideways: the screen shrunk a little to fit it whole


def join(browser: Any, url: str, name: str, *, touch: bool = False,
         size: tuple[int, int] = (640, 400)) -> PagePlayer:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  has_touch=touch, is_mobile=False)
    page = context.new_page()
    player = PagePlayer(page, name, touch=touch)
    page.goto(url)
    player.wait(lambda f: f.get("screen") == "lobby" and f.get("buttons"), what="the tables")
    page.fill("#name", name)
    take = next(b for b in player.facts()["buttons"] if b[0] == "TAKE" and b[6])
    player.click(take[2] + take[4] // 2, take[3] + take[5] // 2)
    player.wait(lambda f: f.get("screen") == "play" and f.get("seat") is not None,
                what="a seat")
    return player


def reload_mid_turn(server: ServerThread, player: PagePlayer, seat: int) -> None:
    """Reload the page in the middle of its turn: it takes its seat back by itself (the token
    it kept, hello + seat + token) and shows the same step."""
    before = sync(player, server)
    token = next(m for m in player.frames_in if m.get("type") == "welcome")["token"]
    player.reload()
    back = player.until("f.screen === 'play' && f.seq === arg && f.status === 'open'",
                        server.seq(), what="the seat taken back")
    assert back["seat"] == seat and back["phase"] == before["phase"]
    hello = [m for m in player.frames_out if m.get("type") == "hello"][-1]
    assert hello.get("token") == token and hello.get("seat") == seat
    welcome = [m for m in player.frames_in if m.get("type") == "welcome"][-1]
    assert welcome["rejoined"] is True and welcome["seat"] == seat


def play_to_the_end(server: ServerThread, players: dict[int, PagePlayer],
                    plans: dict[int, Plan], limit: float,
                    reload: tuple[int, Phase] | None = None) -> None:
    """Play until the game is over; `reload` (seat, phase): that seat's page reloads once,
    the first time its turn (after the first) reaches that phase."""
    end = time.monotonic() + limit
    while True:
        assert time.monotonic() < end, f"the game did not end in {limit:g} s"
        before = server.seq()
        game = server.game()
        if game is None:
            time.sleep(0.02)
            continue
        if game.is_over:
            return
        mover = game.to_move
        if reload is not None and mover == reload[0] and game.phase == reload[1] \
                and game.turn > 2:
            reload_mid_turn(server, players[mover], mover)
            reload = None
        if mover in players:
            act(players[mover], server, game, mover, plans[mover])
        else:  # a computer moves: wait for it (a while at most: it may have moved already)
            wait = time.monotonic() + 1.0
            while server.seq() == before and time.monotonic() < wait:
                time.sleep(0.005)


def secrets_held(player: PagePlayer, seat: int, tokens: dict[int, str]) -> list[str]:
    """What of another seat's the page's websocket brought it (should be nothing): the view
    is followed through every state and update, as the page holds it."""
    found: list[str] = []
    view: dict[str, Any] | None = None
    for msg in player.frames_in:
        text = repr(msg)
        for other, token in tokens.items():
            if other != seat and token in text:
                found.append(f"seat {other + 1}'s token in a {msg.get('type')} message")
        if msg.get("type") == "state":
            view = msg["view"]
        elif msg.get("type") == "update" and view is not None:
            view = msg["view"] if "view" in msg else apply_changes(
                view, msg.get("changes", {}), msg.get("patches"))
        else:
            continue
        for index, p in enumerate(view.get("players", [])):
            if index == seat:
                continue
            if p.get("mission"):
                found.append(f"seat {index + 1}'s mission (message {msg.get('seq')})")
            if p.get("headquarters") and not view.get("hq_revealed"):
                found.append(f"seat {index + 1}'s headquarters (message {msg.get('seq')})")
        for event in msg.get("events") or []:
            if event.get("event") == "CardDrawn" and event.get("player") != seat \
                    and event.get("card"):
                found.append(f"seat {event['player'] + 1}'s drawn card")
            if event.get("event") == "MissionChanged" and event.get("player") != seat \
                    and event.get("mission"):
                found.append(f"seat {event['player'] + 1}'s new mission")
    return found


def test_two_browsers_and_a_computer_play_a_whole_game(saves: Path) -> None:
    server = ServerThread(saves, seats=("open", "open", "good"), seed=10, game_type="us_short")
    try:
        with chromium() as browser:
            ada = join(browser, server.url, "Ada")
            bob = join(browser, server.url, "Bob", touch=True, size=PHONE)
            players = {ada.facts()["seat"]: ada, bob.facts()["seat"]: bob}
            assert set(players) == {0, 1}
            assert float(bob.page.get_attribute("#screen", "data-scale")) < 1
            plans = {seat: Plan() for seat in players}
            play_to_the_end(server, players, plans, limit=120, reload=(0, Phase.ATTACK))
            game = server.game()
            assert game is not None and game.is_over and game.winner is not None
            assert game.end_reason == "headquarters"  # (won by the headquarters held)
            for player in players.values():
                facts = sync(player, server)
                assert facts["over"] and facts["dialog"] == "over", facts
            steps = set().union(*(p.steps for p in plans.values()))
            assert {"claim", "place", "choose_hq", "reinforce", "attack"} <= steps, steps
            tokens = {}
            for seat, player in players.items():
                welcome = next(m for m in player.frames_in if m.get("type") == "welcome")
                tokens[seat] = welcome["token"]
            for seat, player in players.items():
                assert secrets_held(player, seat, tokens) == []
                sent = {m.get("type") for m in player.frames_out}
                assert sent <= {"hello", "action", "state", "ping", "leave"}, sent
                assert not player.errors
                # loaded with a cold cache, a reload too, and none of it refused by the
                # connections' caps (each file is a connection of its own)
                assert player.http and all(200 <= s < 400 for s, _ in player.http), player.http
            assert server.peak_per_address < Limits().max_per_address
    finally:
        server.stop()


@pytest.mark.slow
@pytest.mark.parametrize(("game_type", "seed"), [("uk_short", 26), ("us_full", 3),
                                                  ("uk_full", 5)])
def test_whole_games_of_every_type_in_browsers(saves: Path, game_type: str, seed: int) -> None:
    """The longer version: the other game types (missions, world conquest), each to its end."""
    server = ServerThread(saves, seats=("open", "open", "standard"), seed=seed,
                          game_type=game_type)
    try:
        with chromium() as browser:
            ada = join(browser, server.url, "Ada")
            bob = join(browser, server.url, "Bob", touch=True)
            players = {ada.facts()["seat"]: ada, bob.facts()["seat"]: bob}
            plans = {seat: Plan() for seat in players}
            play_to_the_end(server, players, plans, limit=600)
            game = server.game()
            assert game is not None and game.is_over
            for player in players.values():
                assert sync(player, server)["over"]
                assert not player.errors
    finally:
        server.stop()
