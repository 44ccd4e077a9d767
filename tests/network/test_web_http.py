"""The game server's HTTP side (game/net/web.py): a fixed list of files with their types, a
strict Content-Security-Policy, and clear refusals of anything else; the websocket still works
on the same port."""

from __future__ import annotations

import asyncio
import json
import re
import socket
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.datastructures import Headers
from websockets.exceptions import InvalidStatus
from websockets.http11 import Request

from game.net import protocol, web
from game.net.web import ROUTES, SCRIPTS, WebPages
from tests.network.support import join, running_server, run

WEB = Path(web.__file__).resolve().parent.parent / "web"


def pages(password: bool = False) -> WebPages:
    lobby = {"game": "1", "seats": [
        {"seat": 0, "kind": "open", "name": "Ada", "taken": True, "connected": True, "away": False},
        {"seat": 1, "kind": "good", "name": "Napoleon", "taken": True, "connected": True,
         "away": False}], "started": True, "password": password}
    return WebPages(lambda: [lobby], lambda: password)


def test_every_listed_file_is_served_with_its_type_and_the_policy() -> None:
    site = pages()
    types = {".html": "text/html", ".css": "text/css", ".js": "text/javascript",
             ".png": "image/png", ".json": "application/json"}
    for path, route in ROUTES.items():
        response = site.answer("GET", path)
        assert response.status_code == 200, path
        name = "index.html" if path == "/" else path
        wanted = next(t for ext, t in types.items() if name.endswith(ext))
        assert response.headers["Content-Type"].startswith(wanted), path
        assert response.headers["Content-Length"] == str(len(response.body))
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        policy = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "default-src 'none'" in policy
        assert "connect-src 'self'" in policy and "unsafe-inline" not in policy
        if route.where != "made":
            folder = WEB if route.where == "web" else web.assets_dir()
            assert response.body == (folder / route.name).read_bytes(), path
            assert response.headers["Cache-Control"] == "no-cache"
            assert response.headers["ETag"].startswith('"')
        else:
            assert response.headers["Cache-Control"] == "no-store"
            json.loads(response.body)


def test_the_client_modules_are_exactly_the_listed_ones() -> None:
    on_disk = {p.name for p in (WEB / "js").glob("*.js")}
    assert on_disk == set(SCRIPTS)
    html = (WEB / "index.html").read_text()
    assert "<script>" not in html and 'src="/js/main.js"' in html  # no inline script
    for script in SCRIPTS:  # every module imports only listed modules of this server
        text = (WEB / "js" / script).read_text()
        for target in re.findall(r'(?:from|import) "([^"]+)"', text):
            assert target.startswith("./") and target[2:] in SCRIPTS, (script, target)
        # nothing the server sends is ever put into the page as HTML or run as code
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                     "new Function", "setTimeout(\"", "srcdoc"):
            assert sink not in text, (script, sink)
        assert "http://" not in text and "https://" not in text, script


def test_paths_not_listed_are_refused_and_never_reach_the_files() -> None:
    site = pages()
    for path in ["/../pyproject.toml", "/js/../../game/net/server.py", "/%2e%2e/README.md",
                 "/index.html", "/js/", "/js/main.js/", "/art/world.png.bak", "//etc/passwd",
                 "/assets/maps/classic/world.png", "/JS/MAIN.JS", "/" + "a" * 5000, "",
                 "/js/main.js%00.png", "*"]:
        response = site.answer("GET", path)
        assert response.status_code == 404, path
        assert response.headers["Content-Type"].startswith("text/plain")
    assert site.answer("GET", "/js/main.js?v=2").status_code == 200  # a query is ignored
    assert site.answer("GET", "/favicon.ico").status_code == 204


def test_other_methods_are_refused() -> None:
    site = pages()
    for method in ["HEAD", "POST", "PUT", "DELETE", "OPTIONS", "TRACE", "get"]:
        response = site.answer(method, "/")
        assert response.status_code == 405, method
        assert response.headers["Allow"] == "GET"


def test_a_page_not_changed_is_not_sent_again() -> None:
    site = pages()
    first = site.answer("GET", "/js/play.js")
    tag = first.headers["ETag"]
    again = site.answer("GET", "/js/play.js", Headers({"If-None-Match": tag}))
    assert again.status_code == 304 and again.body == b""
    other = site.answer("GET", "/js/play.js", Headers({"If-None-Match": '"stale"'}))
    assert other.status_code == 200 and other.body == first.body


def test_the_tables_show_names_only_without_a_password() -> None:
    open_server = json.loads(pages(password=False).answer("GET", "/tables.json").body)
    assert open_server["tables"][0]["seats"][0]["name"] == "Ada"
    private = json.loads(pages(password=True).answer("GET", "/tables.json").body)
    assert private["password"] is True
    seats = private["tables"][0]["seats"]
    assert seats[0]["name"] is None and seats[0]["taken"] is True
    assert seats[1]["name"] == "Napoleon"  # a computer's name is no secret


def test_the_board_is_the_engines() -> None:
    from game.engine.classic import classic_board

    board = json.loads(pages().answer("GET", "/board.json").body)
    engine = classic_board()
    assert set(board["territories"]) == set(engine.territories)
    for tid, t in board["territories"].items():
        assert set(t["neighbours"]) == set(engine.neighbours[tid])
        assert t["card"] == engine.territories[tid].card_kind


def test_missing_files_are_a_clear_refusal_not_a_crash(tmp_path: Path) -> None:
    site = WebPages(lambda: [], lambda: False, web_dir=tmp_path, assets=tmp_path)
    response = site.answer("GET", "/")
    assert response.status_code == 503
    assert b"browser page" in response.body
    assert "index.html" in site.missing


def _http(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, TimeoutError):
                break
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


def test_the_server_answers_pages_and_odd_requests_on_its_game_port(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves) as (server, uri):
            port = int(uri.rsplit(":", 1)[1])
            loop = asyncio.get_running_loop()

            async def http(raw: bytes) -> bytes:
                return await loop.run_in_executor(None, _http, port, raw)

            page = await http(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            assert page.startswith(b"HTTP/1.1 200") and b"<canvas" in page
            assert b"Content-Security-Policy: default-src 'none'" in page
            head = await http(b"HEAD / HTTP/1.1\r\nHost: x\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 405")
            missing = await http(b"GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")
            assert missing.startswith(b"HTTP/1.1 404")
            huge = await http(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n")
            assert not huge.startswith(b"HTTP/1.1 200")
            many = await http(b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 300 + b"\r\n")
            assert not many.startswith(b"HTTP/1.1 200")
            body = await http(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
            assert not body.startswith(b"HTTP/1.1 200")
            garbage = await http(b"\x16\x03\x01 nonsense\r\n\r\n")
            assert not garbage.startswith(b"HTTP/1.1 200")
            # and the game goes on on the same port
            clients = await join(uri, ["Ada", "Bob"])
            assert [c.seat for c in clients] == [0, 1]
            for client in clients:
                await client.close()
    run(scenario())


def test_only_the_servers_own_page_or_a_desktop_client_opens_the_websocket() -> None:
    """A browser sends the page's Origin with a websocket handshake: another site's page is
    refused (it could take seats or guess the password from a player's address); the
    server's own page (same host and port) and a client sending no Origin go on."""
    def handshake(origin: str | None, host: str = "192.168.1.5:8765") -> int | None:
        headers = Headers({"Host": host, "Upgrade": "websocket", "Connection": "Upgrade"})
        if origin is not None:
            headers["Origin"] = origin
        answer = pages().respond(None, Request("/", headers))
        return None if answer is None else answer.status_code

    assert handshake(None) is None  # a desktop client
    assert handshake("http://192.168.1.5:8765") is None
    assert handshake("https://192.168.1.5:8765") is None
    assert handshake("http://Example.com", "example.com") is None
    assert handshake("https://example.com", "example.com:443") is None
    assert handshake("http://[::1]:8765", "[::1]:8765") is None
    for stranger in ("http://evil.example", "http://192.168.1.5:8766", "http://192.168.1.5",
                     "null", "file://", "http://192.168.1.5:8765.evil.example",
                     "http://192.168.1.5:x", "chrome-extension://abc"):
        assert handshake(stranger) == 403, stranger


def test_a_page_of_another_site_cannot_open_the_game(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, password="s3cret") as (server, uri):
            with pytest.raises(InvalidStatus) as refused:
                async with connect(uri, origin="http://evil.example", compression=None):
                    pass
            assert refused.value.response.status_code == 403
            assert not server.reception.passwords.wait_left("127.0.0.1")  # nothing counted
            async with connect(uri, origin=uri.replace("ws:", "http:"), compression=None) as ws:
                await ws.send(json.dumps({"v": protocol.PROTOCOL_VERSION, "type": "ping"}))
                assert json.loads(await ws.recv())["type"] == "pong"
            clients = await join(uri, ["Ada"], password="s3cret")  # (no Origin)
            assert clients[0].seat == 0
            await clients[0].close()
    run(scenario())
