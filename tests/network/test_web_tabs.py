"""Each browser tab holds its own seat: the seat's token was kept where every tab of the site
sees it (localStorage), so a second tab opened on the server took the first tab's seat and
the first was put out ('taken back by a newer connection'). Now a new tab is a new visitor
who sees the tables and takes another seat, a reload keeps the tab's own seat, a duplicated
tab (its session copied) does not take its original's seat, a closed tab's seat is taken
back by the next tab opened, and a killed tab's is offered back in the tables."""

from __future__ import annotations

import json
from typing import Any
from pathlib import Path

from tests.network.web_browser import PagePlayer, ServerThread, chromium

SEAT_KEY = "conquest.seat.127.0.0.1:{port}"  # a tab's own seat, in its sessionStorage
KEPT_KEY = "conquest.seats.127.0.0.1:{port}"  # the browser's seats, in its localStorage


def _welcomes(player: PagePlayer) -> list[dict[str, Any]]:
    return [m for m in player.frames_in if m.get("type") == "welcome"]


def _byes(player: PagePlayer) -> list[dict[str, Any]]:
    return [m for m in player.frames_in if m.get("type") == "bye"]


def _take_first_open(player: PagePlayer, name: str) -> None:
    player.page.fill("#name", name)
    take = next(b for b in player.facts()["buttons"] if b[0] == "TAKE" and b[6])
    player.click(take[2] + take[4] // 2, take[3] + take[5] // 2)


def test_two_tabs_of_one_browser_hold_two_seats(saves: Path) -> None:
    server = ServerThread(saves, seats=("open", "open", "good"), seed=5, game_type="us_full")
    try:
        with chromium() as browser:
            context = browser.new_context(viewport={"width": 640, "height": 400})
            first = context.new_page()
            ada = PagePlayer(first, "Ada")
            first.goto(server.url)
            ada.until("f.screen === 'lobby' && f.buttons.length > 0", what="the tables")
            _take_first_open(ada, "Ada")
            ada.until("f.screen === 'play' && f.seat === 0 && f.status === 'open'",
                      what="Ada's seat")
            ada_token = _welcomes(ada)[-1]["token"]

            # a second tab of the same browser: a new visitor, shown the tables
            second = context.new_page()
            bob = PagePlayer(second, "Bob")
            second.goto(server.url)
            bob.until("f.screen === 'lobby' && f.buttons.length > 0", what="the tables")
            _take_first_open(bob, "Bob")  # the next open seat, not Ada's
            bob.until("f.screen === 'play' && f.seat === 1 && f.status === 'open'",
                      what="Bob's seat")
            assert _welcomes(bob)[0]["rejoined"] is False
            bob_token = _welcomes(bob)[-1]["token"]
            assert bob_token != ada_token
            ada.until("f.phase", what="the game to start with both seats taken")

            # reloading the second tab takes back its own seat
            bob.reload()
            bob.until("f.screen === 'play' && f.seat === 1 && f.status === 'open' && f.phase",
                      what="Bob's seat taken back")
            hello = [m for m in bob.frames_out if m.get("type") == "hello"][-1]
            assert hello.get("token") == bob_token and hello.get("seat") == 1
            assert _welcomes(bob)[-1]["rejoined"] is True

            # a duplicate of the first tab (its session copied, as the browser's Duplicate
            # does) holds no seat: the first tab still does
            copy = context.new_page()
            own = json.dumps({"game": "1", "seat": 0, "token": ada_token, "name": "Ada"})
            copy.add_init_script(
                f"sessionStorage.setItem({json.dumps(SEAT_KEY.format(port=server.port))}, "
                f"{json.dumps(own)});")
            twin = PagePlayer(copy, "Ada's twin")
            copy.goto(server.url)
            twin.until("f.screen === 'lobby'", what="the tables")  # (once it asked the tabs)
            copy.wait_for_timeout(500)
            assert not [m for m in twin.frames_out if m.get("type") == "hello"]
            copy.close()

            # the first tab played on all along, never put out
            facts = ada.until("f.screen === 'play' && f.seat === 0 && f.status === 'open'",
                              what="Ada still seated")
            assert facts["phase"] and not _byes(ada) and len(_welcomes(ada)) == 1

            # a closed tab's seat is not lost: the next tab opened takes it back
            second.close()
            third = context.new_page()
            again = PagePlayer(third, "Bob again")
            third.goto(server.url)
            again.until("f.screen === 'play' && f.seat === 1 && f.status === 'open'",
                        what="the closed tab's seat taken back")
            assert [m for m in again.frames_out if m.get("type") == "hello"][-1]["token"] \
                == bob_token
            assert not _byes(ada) and not ada.errors and not bob.errors and not again.errors

            # a seat whose tab was killed (still marked open, no tab answering for it) is not
            # taken by itself: the tables offer it back
            elsewhere = browser.new_context(viewport={"width": 640, "height": 400})
            kept = json.dumps([{"game": "1", "seat": 1, "token": bob_token, "name": "Bob",
                                "open": True}])
            elsewhere.add_init_script(
                f"localStorage.setItem({json.dumps(KEPT_KEY.format(port=server.port))}, "
                f"{json.dumps(kept)});")
            page = elsewhere.new_page()
            orphan = PagePlayer(page, "Bob after a crash")
            page.goto(server.url)
            orphan.until("f.screen === 'lobby' && f.buttons.some((b) => b[0] === 'TAKE IT BACK')",
                         what="the kept seat offered")
            page.wait_for_timeout(300)
            assert not [m for m in orphan.frames_out if m.get("type") == "hello"]
            orphan.button("TAKE IT BACK")
            orphan.until("f.screen === 'play' && f.seat === 1 && f.status === 'open'",
                         what="the offered seat taken back")
            assert not _byes(ada) and not orphan.errors
    finally:
        server.stop()
