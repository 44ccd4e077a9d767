"""The browser's page, served by the game server on its own port: a fixed list of files. No pygame.

The dedicated server answers plain HTTP on the port its websocket listens on (websockets' own
`process_request` hook), so a friend needs only the address: `http://HOST:PORT/` loads the page
(game/web/: HTML, a style sheet, ES modules) and the page opens a websocket to the same host
and port, where it is a client like any other (game/net/protocol.py), refused as any other.

What may be asked for is a fixed table (`ROUTES`): no part of a request's path ever reaches the
file system, so there is nothing to traverse. The files are read once, on the first request,
and kept with their hashes (an ETag: a browser asks again each time, `no-cache`, and is told
"not modified" when nothing changed, so a server updated in place never leaves a stale page in
a cache). Two answers are made per request: `/board.json` (the board's names, borders, cards
and missions from the engine, so the page never carries a second copy of the rules' data) and
`/tables.json` (the lobby: tables and seats; players' names only on a server without a
password, since the password is what lets anyone near the table; and the computer generals a
waiting player may fill the open seats with, if the host allows it). Every answer has a strict
Content-Security-Policy: scripts, styles and images from this server only, no inline script,
and connections only back to this host.

A websocket handshake (`Upgrade: websocket`) goes on to the game as before, unless a browser
says it comes from another site's page (`Origin` not this host and port: 403, `same_origin`);
anything that is not a GET of a listed path is refused with its status (405, 404), and what
websockets itself cannot parse (huge or too many headers, a request body) never reaches this
module.
"""

from __future__ import annotations

import hashlib
import http
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from game import resources
from game.engine.cards import FIXED_MIXED_VALUE, FIXED_VALUES
from game.engine.classic import classic_board
from game.engine.config import HARD_ARMY_LIMIT
from game.engine.game import (
    ELIMINATION_TRADE_ABOVE,
    FORCED_TRADE_HAND,
    MAX_ATTACK_DICE,
    MAX_DEFENCE_DICE,
)
from game.engine.missions import MISSIONS
from game.jsonfile import FileRefused, read_bytes
from game.resources import package_path

log = logging.getLogger("conquest.net")

WEB_DIR = package_path("web")  # the page: package data (game/web/)

# The client's modules (game/web/js/), each served at /js/<name>; nothing else under /js/.
SCRIPTS = (
    "main.js", "protocol.js", "connection.js", "viewstate.js", "rules.js", "board.js",
    "font.js", "palette.js", "mapview.js", "hittest.js", "panel.js", "dialogs.js", "dice.js",
    "input.js", "animate.js", "lobby.js", "play.js", "words.js", "screen.js", "cards.js",
    "questions.js", "results.js", "readouts.js",
)

HTML = "text/html; charset=utf-8"
CSS = "text/css; charset=utf-8"
JS = "text/javascript; charset=utf-8"
JSON = "application/json"
PNG = "image/png"

# Everything from this server only; scripts only as files (no inline script, no eval); the
# websocket back to this host ('self' covers ws: and wss: of the page's own host and port).
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)
MAX_PATH_LENGTH = 256  # longer paths are no page of ours: refused before any look-up


def assets_dir() -> Path:
    """The game's shipped files (the map art and the font's glyphs), found by the one locator
    that the board and the map art use too (a checkout's assets/, or the installed copy's)."""
    return resources.assets_dir()


@dataclass(frozen=True)
class Route:
    """One servable path: where its bytes come from and what they are."""

    where: str  # "web" (game/web/), "assets" (assets/), or "made" (built per request)
    name: str  # the file's path under its folder, or the name of the answer made
    content_type: str


ROUTES: dict[str, Route] = {
    "/": Route("web", "index.html", HTML),
    "/style.css": Route("web", "style.css", CSS),
    **{f"/js/{name}": Route("web", f"js/{name}", JS) for name in SCRIPTS},
    "/art/world.png": Route("assets", "maps/classic/world.png", PNG),
    "/art/mask.png": Route("assets", "maps/classic/mask.png", PNG),
    "/art/layout.json": Route("assets", "maps/classic/layout.json", JSON),
    "/art/font.json": Route("assets", "fonts/pixel_font.json", JSON),
    "/board.json": Route("made", "board", JSON),
    "/tables.json": Route("made", "tables", JSON),
}
NO_CONTENT = frozenset({"/favicon.ico"})  # asked for by browsers on their own: nothing, quietly


@dataclass(frozen=True)
class _File:
    body: bytes
    etag: str


# The engine's numbers the page's questions need (which choices to offer: game/web/js/rules.js)
RULE_NUMBERS = {
    "army_limit": HARD_ARMY_LIMIT,  # most armies on a territory without the Army Limit variant
    "forced_trade_hand": FORCED_TRADE_HAND,  # a hand this big must trade before reinforcing
    "elimination_trade_above": ELIMINATION_TRADE_ABOVE,  # after an elimination: one bigger
    "attack_dice": MAX_ATTACK_DICE,
    "defence_dice": MAX_DEFENCE_DICE,
}


def board_data() -> dict[str, Any]:
    """What the page needs to know of the board, from the engine's own data: territory names,
    continents, borders, card kinds, the fixed sets' values, the missions' words, and the
    rules' numbers the page's questions use (the page holds no copy of them)."""
    board = classic_board()
    return {
        "territories": {t.id: {"name": t.name, "short": t.short_name, "continent": t.continent,
                               "card": t.card_kind,
                               "neighbours": sorted(board.neighbours[t.id])}
                        for t in board.territories.values()},
        "continents": {c.id: {"name": c.name, "bonus": c.bonus,
                              "territories": list(c.territories)}
                       for c in board.continents.values()},
        "wild_cards": board.wild_cards,
        "set_values": {"fixed": dict(FIXED_VALUES), "mixed": FIXED_MIXED_VALUE},
        "missions": {m.id: m.text for m in MISSIONS.values()},
        "rules": RULE_NUMBERS,
    }



class WebPages:
    """The HTTP side of the server's port: `respond` is websockets' `process_request`."""

    def __init__(self, lobbies: Callable[[], list[dict[str, Any]]],
                 has_password: Callable[[], bool],
                 web_dir: Path | None = None, assets: Path | None = None,
                 fill_level: str | None = None) -> None:
        self.lobbies = lobbies
        self.has_password = has_password
        self.fill_level = fill_level  # the generals a player may fill open seats with
        self.web_dir = web_dir or WEB_DIR
        self.assets = assets or assets_dir()
        self._files: dict[str, _File] | None = None
        self.missing: list[str] = []

    # -- the hook -----------------------------------------------------------------------
    def respond(self, connection: Any, request: Request) -> Response | None:
        """None for a websocket handshake (the game goes on), else the HTTP answer."""
        if "websocket" in request.headers.get("Upgrade", "").lower():
            origin = request.headers.get("Origin")
            if origin is not None and not same_origin(origin, request.headers.get("Host", "")):
                log.debug("refused a websocket from a page of %s", origin[:MAX_PATH_LENGTH])
                return _plain(http.HTTPStatus.FORBIDDEN,
                              "a page from another site may not join this game")
            return None
        try:
            return self.answer(request.method, request.path, request.headers)
        except Exception:  # noqa: BLE001 - a page request must never hurt the game server
            log.exception("a page request failed: %s", request.path[:MAX_PATH_LENGTH])
            return _plain(http.HTTPStatus.INTERNAL_SERVER_ERROR, "the page could not be made")

    def answer(self, method: str, target: str, headers: Headers | None = None) -> Response:
        """The response to `method target` (what `respond` gives for a plain HTTP request)."""
        if method != "GET":
            response = _plain(http.HTTPStatus.METHOD_NOT_ALLOWED, "only GET is served here")
            response.headers["Allow"] = "GET"
            return response
        path = target.split("?", 1)[0]
        if len(path) > MAX_PATH_LENGTH:
            return _plain(http.HTTPStatus.NOT_FOUND, "no such page")
        if path in NO_CONTENT:
            return _response(http.HTTPStatus.NO_CONTENT, b"", None, "no-store")
        route = ROUTES.get(path)
        if route is None:
            return _plain(http.HTTPStatus.NOT_FOUND, "no such page")
        if route.where == "made":
            data = board_data() if route.name == "board" else self.tables()
            body = json.dumps(data, separators=(",", ":")).encode()
            return _response(http.HTTPStatus.OK, body, route.content_type, "no-store")
        found = self.files().get(path)
        if found is None:
            return _plain(http.HTTPStatus.SERVICE_UNAVAILABLE,
                          "this server has not got the browser page's files")
        wanted = (headers or Headers()).get("If-None-Match", "")
        if found.etag in (tag.strip() for tag in wanted.split(",")):
            response = _response(http.HTTPStatus.NOT_MODIFIED, b"", None, "no-cache")
            response.headers["ETag"] = found.etag
            return response
        response = _response(http.HTTPStatus.OK, found.body, route.content_type, "no-cache")
        response.headers["ETag"] = found.etag
        return response

    # -- what is served -----------------------------------------------------------------
    def tables(self) -> dict[str, Any]:
        """The lobby of every table: its seats, whether each is taken, and by whom (names
        left out when the server has a password: they are for those who may sit down)."""
        secret = self.has_password()
        tables = []
        for lobby in self.lobbies():
            seats = [dict(seat) for seat in lobby["seats"]]
            if secret:
                for seat in seats:
                    if seat.get("kind") == "open":
                        seat["name"] = None
            tables.append({**lobby, "seats": seats})
        return {"tables": tables, "password": secret, "fill": self.fill_level}

    def files(self) -> dict[str, _File]:
        """Every listed file, read once (a file that cannot be read is left out and logged)."""
        if self._files is None:
            files: dict[str, _File] = {}
            for path, route in ROUTES.items():
                if route.where == "made":
                    continue
                folder = self.web_dir if route.where == "web" else self.assets
                try:  # (the game's one way in: a regular file, bounded, never a FIFO)
                    body = read_bytes(folder / route.name, MAX_PAGE_FILE_BYTES, "page file")
                except (OSError, FileRefused) as exc:
                    self.missing.append(route.name)
                    log.warning("the browser page's file %s cannot be read: %s", route.name,
                                getattr(exc, "strerror", None) or exc)
                    continue
                etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
                files[path] = _File(body, etag)
            self._files = files
        return self._files


MAX_PAGE_FILE_BYTES = 8 * 1024 * 1024  # the page's scripts, styles and the map's art
_DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}


def same_origin(origin: str, host: str) -> bool:
    """Whether a browser's `Origin` (the page that opens the websocket) is this server's own
    page: the same host and port as the request's `Host`. Any other site's page is refused: a
    browser lets every page open a websocket anywhere, so without this a site a player visits
    could take seats, or guess the password from that player's address (and have the lockout
    fall on them). Desktop clients send no Origin and are not asked."""
    try:
        page = urlsplit(origin)
        asked = urlsplit("//" + host)
        default = _DEFAULT_PORTS.get(page.scheme.lower())
        if default is None or not page.hostname or not asked.hostname:
            return False  # ("null": a sandboxed page or a file; no scheme of the web)
        return (page.hostname.lower() == asked.hostname.lower()
                and (page.port or default) == (asked.port or default))
    except ValueError:  # (a port that is not a number)
        return False


def _response(status: http.HTTPStatus, body: bytes, content_type: str | None,
              cache: str) -> Response:
    headers = Headers()
    if content_type is not None:
        headers["Content-Type"] = content_type
    headers["Content-Length"] = str(len(body))
    headers["Cache-Control"] = cache
    for name, value in SECURITY_HEADERS:
        headers[name] = value
    headers["Connection"] = "close"
    return Response(status.value, status.phrase, headers, body)


def _plain(status: http.HTTPStatus, text: str) -> Response:
    return _response(status, (text + "\n").encode(), "text/plain; charset=utf-8", "no-store")
