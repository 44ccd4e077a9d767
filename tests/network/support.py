"""Helpers for the network tests: a server on 127.0.0.1 (a free port), clients, raw sockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect

from game.net import bots, protocol
from game.net.client import NetClient
from game.net.server import GameServer, ServerConfig

T = TypeVar("T")
REPO = Path(__file__).resolve().parents[2]


def run(coro: Awaitable[T], timeout: float = 60.0) -> T:
    """Run one test's coroutine with a time limit (no plugin needed)."""
    async def limited() -> T:
        return await asyncio.wait_for(coro, timeout)
    return asyncio.run(limited())


@contextlib.asynccontextmanager
async def running_server(saves: Path, **options: Any) -> AsyncIterator[tuple[GameServer, str]]:
    options.setdefault("computer_delay", 0.0)
    options.setdefault("rate", 2000.0)
    options.setdefault("burst", 4000)
    server = GameServer(ServerConfig(host="127.0.0.1", port=0, saves_dir=saves, **options))
    port = await server.start()
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        await server.stop()


async def join(uri: str, names: list[str], **kw: Any) -> list[NetClient]:
    clients = []
    for name in names:
        client = NetClient(uri, name, **kw)
        await client.connect()
        clients.append(client)
    return clients


async def wait_for_views(clients: list[NetClient], timeout: float = 10.0) -> None:
    """Read until every client has its first view of the game."""
    async def one(client: NetClient) -> None:
        while client.view is None:
            await client.receive()
    await asyncio.wait_for(asyncio.gather(*(one(c) for c in clients)), timeout)


async def play_out(clients: list[NetClient], level: str = "easy") -> list[bots.BotResult]:
    return list(await asyncio.gather(*(bots.play(c, level) for c in clients)))


async def close_all(clients: list[NetClient]) -> None:
    for client in clients:
        await client.close()


@contextlib.asynccontextmanager
async def raw_socket(uri: str) -> AsyncIterator[ClientConnection]:
    conn = await connect(uri, max_size=protocol.MAX_SERVER_MESSAGE_BYTES, compression=None)
    try:
        yield conn
    finally:
        await conn.close()


async def ask(conn: ClientConnection, payload: Any, *, want: str | None = "error",
              timeout: float = 5.0) -> dict[str, Any]:
    """Send raw text (or a dict, as a message of the current version); return the next
    message of type `want`."""
    if isinstance(payload, dict):
        payload = json.dumps({"v": protocol.PROTOCOL_VERSION, **payload})
    await conn.send(payload)
    while True:
        msg = json.loads(await asyncio.wait_for(conn.recv(), timeout))
        if want is None or msg["type"] == want:
            return msg


# Ports for the tests' servers come from below the kernel's range of ephemeral ports (Linux
# hands clients 32768-60999): a port the kernel gives out as free (bind to 0) can be handed
# again at once to a client's outgoing connection, and a server started on it a moment later
# then fails with 'address in use'. Chosen at random so parallel test runs rarely meet.
_TEST_PORTS = range(20000, 32000)
_ports = random.Random()


def free_port() -> int:
    """A port no socket on this machine uses now, for a test's server (0.0.0.0 or 127.0.0.1)."""
    for _ in range(200):
        port = _ports.choice(_TEST_PORTS)
        try:
            for address in ("0.0.0.0", "127.0.0.1"):
                with socket.socket() as s:
                    s.bind((address, port))
        except OSError:
            continue
        return port
    raise OSError("no free port for a test server in 20000-31999")


def start_server_process(port: int, saves: Path, *extra: str) -> subprocess.Popen[bytes]:
    """`python main.py --serve ...` as a child process, returned once it listens."""
    proc = subprocess.Popen(
        [sys.executable, str(REPO / "main.py"), "--serve", "--host", "127.0.0.1",
         "--port", str(port), "--saves-dir", str(saves), "--computer-delay", "0", "--rate", "2000", *extra],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return wait_listening(proc, port)


def wait_listening(proc: subprocess.Popen[bytes], port: int) -> subprocess.Popen[bytes]:
    """`proc` once it listens on 127.0.0.1:`port` (killed, and an error, if it exits or does
    not listen within 20 s)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start")


def wait_note(bridge: Any, kinds: tuple[str, ...], timeout: float = 10.0) -> Any:
    """The first note of one of `kinds` a window's bridge gives (polled as a frame would)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for note in bridge.poll():
            if note.kind in kinds:
                return note
        time.sleep(0.01)
    raise AssertionError(f"no {kinds} note")
