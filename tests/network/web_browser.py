"""Helpers for the browser tests: a game server in a thread of its own (the browser is driven
from the test's thread by Playwright's synchronous API), Chromium from the distribution, and a
driver that plays a page through its real input: clicks and taps on the canvas at the
territories' places (assets/maps/classic/layout.json), and keys."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from game.engine import Game
from game.net.config import COMPUTER_LEVELS
from game.net.server import GameServer, ServerConfig
from game.net.table import Seat, token_hash

REPO = Path(__file__).resolve().parents[2]
LAYOUT = json.loads((REPO / "assets" / "maps" / "classic" / "layout.json").read_text())
VIEW = (2, 14, 508, 356)  # the map window on the 640x400 screen (game/web/js/mapview.js)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
HOW_TO_RUN = ("the browser tests need Playwright and Chromium: python -m pip install -e "
              "'.[test]' and apt-get install chromium (or set CONQUEST_CHROMIUM to a Chromium)")


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CONQUEST_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium (skips the test, saying how to run it, when there is none)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip(HOW_TO_RUN)
    path = chromium_path()
    if path is None:
        pytest.skip(HOW_TO_RUN)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


class ServerThread:
    """A GameServer on 127.0.0.1 (a free port) in its own thread and event loop."""

    def __init__(self, saves: Path, **options: Any) -> None:
        options.setdefault("computer_delay", 0.0)
        options.setdefault("rate", 2000.0)
        options.setdefault("burst", 4000)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        config = ServerConfig(host="127.0.0.1", port=0, saves_dir=saves, **options)

        async def make() -> tuple[GameServer, int]:
            server = GameServer(config)
            return server, await server.start()

        self.server, self.port = self.call(make())
        self.url = f"http://127.0.0.1:{self.port}/"
        # the most connections from one address open at once (the admission's count, which
        # the per-address cap is checked against), to show how near a page load comes to it
        self.peak_per_address = 0
        admission = self.server.reception.admission
        arrive = admission.arrive

        def counted(conn: Any) -> None:
            arrive(conn)
            self.peak_per_address = max(self.peak_per_address, *admission.per.values(), 0)

        admission.arrive = counted  # type: ignore[method-assign]

    def call(self, coro: Any, timeout: float = 30.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def game(self, table: str = "1") -> Game | None:
        """A copy of the table's game, taken in the server's thread."""
        async def copy() -> Game | None:
            game = self.server.tables[table].game
            return None if game is None else game.clone()
        result: Game | None = self.call(copy())
        return result

    def install(self, game: Game, table: str = "1") -> dict[int, str]:
        """Put a game made by the test on a table, as a server resuming it would: its human
        seats are away until their players come back with their tokens (returned, by seat),
        its computer seats are the server's. The game is checked first (a state play can
        reach: loading it checks the engine's invariants)."""
        Game.from_dict(game.to_dict())
        tokens = {i: secrets.token_urlsafe(24) for i, p in enumerate(game.config.players)
                  if p.level not in COMPUTER_LEVELS}

        async def put() -> None:
            place = self.server.tables[table]
            now = time.monotonic()
            seats = []
            for index, spec in enumerate(game.config.players):
                if index in tokens:
                    seat = Seat(index, "open", spec.name, token_hash(tokens[index]))
                    seat.dropped_at = now
                else:
                    seat = Seat(index, spec.level, spec.name)
                seats.append(seat)
            place.seats, place.game, place.opening = seats, game, []
            place.game_type = game.config.game_type
            place.seq += 1
            await self.server.saves.save(place)
            self.server._wake[table].set()  # (a computer to move plays)

        self.call(put())
        return tokens

    def seq(self, table: str = "1") -> int:
        async def read() -> int:
            return self.server.tables[table].seq
        value: int = self.call(read())
        return value

    def stop(self) -> None:
        try:
            self.call(self.server.stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()


def seated_page(browser: Any, server: ServerThread, seat: int, token: str, name: str, *,
                touch: bool = False, keyboard: bool = False, scale: int = 1) -> PagePlayer:
    """A page whose browser kept a seat at this server (as after a closed tab: the token in its
    local storage, no open tab holding it): it takes the seat back by itself and shows the
    game."""
    context = browser.new_context(viewport={"width": 640 * scale, "height": 400 * scale},
                                  has_touch=touch, is_mobile=False)
    kept = json.dumps([{"game": "1", "seat": seat, "token": token, "name": name}])
    context.add_init_script(f"localStorage.setItem({json.dumps(f'conquest.seats.127.0.0.1:{server.port}')}, "
                            f"{json.dumps(kept)});")
    page = context.new_page()
    player = PagePlayer(page, name, touch=touch, keyboard=keyboard)
    page.goto(server.url)
    player.until("f.screen === 'play' && f.seat === arg && f.phase && f.status === 'open'",
                 seat, what="the kept seat taken back")
    return player


def shot(player: PagePlayer, name: str) -> None:
    """Save what the page shows as NAME.png in $CONQUEST_SHOTS, to look at (nothing if unset)."""
    folder = os.environ.get("CONQUEST_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        player.page.screenshot(path=str(Path(folder) / f"{name}.png"))


class PagePlayer:
    """One browser page at the game: reads what the page says it shows (the canvas's
    data-screen: camera, buttons, step) and answers with real clicks, taps and keys."""

    def __init__(self, page: Any, name: str, *, touch: bool = False,
                 keyboard: bool = False) -> None:
        self.page = page
        self.name = name
        self.touch = touch
        self.keyboard = keyboard  # the keys alone: territories by Tab and the arrows
        self.frames_in: list[dict[str, Any]] = []
        self.frames_out: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self._box: dict[str, float] | None = None
        self._cdp: Any = None
        self.http: list[tuple[int, str]] = []  # (status, path) of every HTTP answer; 0: failed
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("websocket", self._socket)
        page.on("response", lambda answer: self.http.append((answer.status, _path(answer.url))))
        page.on("requestfailed", lambda request: self.http.append((0, _path(request.url))))

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.frames_in.append(_json(payload)))
        ws.on("framesent", lambda payload: self.frames_out.append(_json(payload)))

    def facts(self) -> dict[str, Any]:
        text = self.page.get_attribute("#screen", "data-screen")
        return json.loads(text) if text else {}

    def wait(self, test: Callable[[dict[str, Any]], bool], timeout: float = 15.0,
             what: str = "the page") -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            facts = self.facts()
            if test(facts):
                return facts
            if self.errors:
                raise AssertionError(f"{self.name}'s page failed: {self.errors}")
            if time.monotonic() > end:
                raise AssertionError(f"{self.name}: waited {timeout:g} s for {what}; the page "
                                     f"shows {facts}")
            time.sleep(0.01)

    def until(self, condition: str, arg: Any = None, timeout: float = 15.0,
              what: str = "the page") -> dict[str, Any]:
        """Wait, in the page (checked at each frame), until `condition` (JavaScript over `f`,
        the screen's facts, and `arg`) holds; returns the facts then."""
        script = ("(arg) => { const t = document.getElementById('screen').dataset.screen; "
                  f"const f = t ? JSON.parse(t) : {{}}; return ({condition}) ? t : false; }}")
        try:
            handle = self.page.wait_for_function(script, arg=arg, timeout=timeout * 1000,
                                                 polling="raf")
        except Exception as exc:  # (Playwright's TimeoutError)
            raise AssertionError(f"{self.name}: waited {timeout:g} s for {what}; the page "
                                 f"shows {self.facts()} ({exc.__class__.__name__})") from None
        if self.errors:
            raise AssertionError(f"{self.name}'s page failed: {self.errors}")
        return json.loads(handle.json_value())

    def box(self) -> dict[str, float]:
        if self._box is None:
            found = self.page.locator("#screen").bounding_box()
            assert found is not None
            self._box = found
        return self._box

    def reload(self) -> None:
        self._box = None
        self.page.reload()

    def point(self, x: float, y: float) -> tuple[float, float]:
        box = self.box()
        scale = box["width"] / 640
        return box["x"] + (x + 0.5) * scale, box["y"] + (y + 0.5) * scale

    def click(self, x: float, y: float) -> None:
        px, py = self.point(x, y)
        if self.touch:
            self.page.touchscreen.tap(px, py)
        else:
            self.page.mouse.click(px, py)

    def key(self, key: str) -> None:
        self.page.keyboard.press(key)

    def answer(self, key: str, label: str) -> None:
        """A question's answer: its key on a keyboard page, a tap on its button by touch."""
        if self.touch:
            self.button(label)
        else:
            self.key(key)

    def press(self, key: str, label: str) -> None:
        """A button pressed by its key on a keyboard page, else clicked or tapped."""
        if self.keyboard:
            self.until("!f.scrolling && f.buttons && f.buttons.some((b) => b[0] === arg && b[6])",
                       label, what=f"the button {label!r}")
            self.key(key)
        else:
            self.button(label)

    def button(self, label: str) -> None:
        """Press the button with this label (as a click or a tap on it; the topmost of two
        with the same label: a window's over the panel's), once the page shows it enabled and
        the map is still (a window asked about a battle stands clear of it as it moves)."""
        facts = self.until("!f.scrolling && f.buttons && f.buttons.some((b) => b[0] === arg "
                           "&& b[6])", label, what=f"the button {label!r}")
        for name, _key, x, y, w, h, enabled in reversed(facts["buttons"]):
            if name == label and enabled:
                self.click(x + w // 2, y + h // 2)
                return

    def screen_point(self, territory: str, facts: dict[str, Any]) -> tuple[int, int]:
        ax, ay = LAYOUT["territories"][territory]["anchor"]
        cx, cy = facts["camera"]
        return ax - cx + VIEW[0], ay - cy + VIEW[1]

    def territory(self, territory: str) -> None:
        """Click (or tap) the territory's army badge, dragging the map to it first; on a
        keyboard page, move the cursor to it and press Return."""
        if self.keyboard:
            self.cursor_to(territory)
            self.key("Enter")
            return
        facts = self.until("!f.scrolling", what="the map to stop")
        x, y = self.screen_point(territory, facts)
        margin = 14
        if not (VIEW[0] + margin <= x < VIEW[0] + VIEW[2] - margin
                and VIEW[1] + margin <= y < VIEW[1] + VIEW[3] - margin):
            self.drag_to(territory, facts)
            facts = self.facts()
            x, y = self.screen_point(territory, facts)
        self.click(x, y)

    def cursor_to(self, territory: str) -> None:
        """The keyboard's cursor onto a territory: Tab round those the step accepts (nearest
        first, as a player looks), else the arrows towards it."""
        facts = self.until("!f.scrolling", what="the map to stop")
        seen: set[str] = set()
        while facts.get("cursor") != territory:
            now = facts.get("cursor")
            if now in seen:
                break  # round every territory the step accepts: not one of them
            if now:
                seen.add(now)
            facts = self._moved("Tab", now)
        for _ in range(40):
            now = facts.get("cursor")
            if now == territory:
                return
            ax, ay = LAYOUT["territories"][territory]["anchor"]
            cx, cy = LAYOUT["territories"][now]["anchor"] if now else (ax + 1, ay)
            dx, dy = ax - cx, ay - cy
            arrows = [("ArrowRight" if dx > 0 else "ArrowLeft", abs(dx)),
                      ("ArrowDown" if dy > 0 else "ArrowUp", abs(dy))]
            arrows.sort(key=lambda a: -a[1])
            before = (dx * dx + dy * dy)
            for arrow, _ in arrows:
                facts = self._moved(arrow, now)
                moved = facts.get("cursor")
                if moved and moved != now:
                    mx, my = LAYOUT["territories"][moved]["anchor"]
                    if (ax - mx) ** 2 + (ay - my) ** 2 < before or moved == territory:
                        break
        if facts.get("cursor") != territory:
            raise AssertionError(f"{self.name}: the keys did not reach {territory}: {facts}")

    def _moved(self, key: str, cursor: str | None) -> dict[str, Any]:
        """Press a key that moves the cursor; the facts once it moved (or a while after)."""
        self.key(key)
        try:
            return self.until("f.cursor !== arg && !f.scrolling", cursor, timeout=2,
                              what="the cursor to move")
        except AssertionError:
            return self.facts()

    def drag_to(self, territory: str, facts: dict[str, Any]) -> None:
        """Drag the map (mouse, or a finger's swipe with touch) until the territory is well
        inside the window (towards its middle)."""
        ax, ay = LAYOUT["territories"][territory]["anchor"]
        width, height = LAYOUT["world"]["width"], LAYOUT["world"]["height"]
        want = (min(max(0, ax - VIEW[2] // 2), width - VIEW[2]),
                min(max(0, ay - VIEW[3] // 2), height - VIEW[3]))
        for _ in range(6):
            cx, cy = facts["camera"]
            x, y = self.screen_point(territory, facts)
            if VIEW[0] + 40 <= x < VIEW[0] + VIEW[2] - 40 and \
                    VIEW[1] + 40 <= y < VIEW[1] + VIEW[3] - 40:
                return  # well inside the window (a short drag would be a press)
            dx, dy = want[0] - cx, want[1] - cy
            dx, dy = max(-240, min(240, dx)), max(-170, min(170, dy))
            sx, sy = 256, 192
            start, end = self.point(sx, sy), self.point(sx - dx, sy - dy)
            if self.touch:
                self.swipe(start, end)
            else:
                mouse = self.page.mouse
                mouse.move(*start)
                mouse.down()
                mouse.move(*end, steps=3)
                mouse.up()
            try:
                facts = self.until("f.camera && (f.camera[0] !== arg[0] || f.camera[1] !== "
                                   "arg[1])", [cx, cy], timeout=3, what="the map to move")
            except AssertionError:
                facts = self.until("!f.scrolling", what="the map to stop")  # (and once more)

    def swipe(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """A finger drawn across the screen (touch events through the DevTools protocol)."""
        if self._cdp is None:
            self._cdp = self.page.context.new_cdp_session(self.page)
        cdp = self._cdp
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                              "touchPoints": [{"x": start[0], "y": start[1]}]})
        for step in range(1, 4):
            x = start[0] + (end[0] - start[0]) * step / 3
            y = start[1] + (end[1] - start[1]) * step / 3
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                                  "touchPoints": [{"x": x, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _path(url: str) -> str:
    return "/" + url.split("//", 1)[-1].split("/", 1)[-1]


def _json(payload: Any) -> dict[str, Any]:
    try:
        data = json.loads(payload)
    except (TypeError, ValueError):
        return {"unreadable": True}
    return data if isinstance(data, dict) else {"unreadable": True}
