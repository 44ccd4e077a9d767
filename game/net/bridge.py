"""The network for the pygame screens: an asyncio loop in a background thread, spoken to by queues. No pygame.

The frame loop never waits on the network: it calls `poll()` each frame for what arrived
(`Note`s) and `send_action()` to send, both returning at once. A dropped connection is retried
with the seat's token until `reconnect_seconds` have passed. When hosting, the server runs on
the same background loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import (
    ConnectionClosed,
    InvalidHandshake,
    InvalidMessage,
    InvalidStatus,
    InvalidURI,
)

from game.engine import Action
from game.jsonfile import read_json_or_set_aside
from game.net import tls
from game.net.client import Credentials, JoinRefused, NetClient
from game.net.server import GameServer, ServerConfig
from game.resources import saves_dir

log = logging.getLogger("conquest.net.bridge")

RETRY_SECONDS = 1.0
# Where a player's seat tokens are kept between runs (a leading dot: not a saved game).
SEATS_FILE = ".network-seats.json"
MAX_SEATS_FILE_BYTES = 256 * 1024  # a few hundred seats: far more than one window keeps


@dataclass(frozen=True)
class Note:
    """Something that happened on the network, for the screens.

    kind: "welcome" (data: the welcome), "message" (data: a server message), "refused"
    (data: {"code", "reason"}: the server said no, to the join or at the door when it has too
    many connections), "failed" (could not connect; data: {"reason"}), "lost" (connection
    dropped, retrying; data: {"reason"}, and {"said"}: the server's own words when it closed
    the connection), "back" (reconnected), "gone" (gave up, or the server said `bye` and
    closed: not retried; data: {"reason"}).
    """

    kind: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


class NetBridge:
    """One program's network: its seats' clients (and the server when hosting)."""

    def __init__(self, reconnect_seconds: float = 120.0) -> None:
        self.reconnect_seconds = reconnect_seconds
        self.inbox: queue.Queue[Note] = queue.Queue()
        self.clients: dict[int, NetClient] = {}
        self.server: GameServer | None = None
        self.port: int | None = None
        self.address = ""
        # said to the player when the seat kept from before no longer holds anything (its game
        # is over, or the server has another) and a new seat was taken instead
        self.seat_kept_was_gone: str | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="conquest-net", daemon=True)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closed = False
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()

    def _submit(self, coro: Any) -> Future[Any]:
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    # -- for the screens (any thread, never blocking) ----------------------------------
    def poll(self, limit: int = 64) -> list[Note]:
        notes: list[Note] = []
        while len(notes) < limit:
            try:
                notes.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        return notes

    def host(self, config: ServerConfig) -> Future[Any]:
        """Start a server on this machine's background loop (the future gives the port)."""
        return self._submit(self._host(config))

    def join(self, uri: str, name: str, password: str | None, game: str = "1",
             seat: int | None = None) -> None:
        """Connect and take a seat; a Note says how it went."""
        self.address = uri
        self._submit(self._tracked(self._join(uri, name, password, game, seat)))

    def send_action(self, seat: int, action: Action) -> None:
        client = self.clients.get(seat)
        if client is not None:
            self._submit(self._send(client, action))

    def request_state(self, seat: int) -> None:
        client = self.clients.get(seat)
        if client is not None:
            self._submit(self._send_kind(client, "state"))

    def request_story(self, seat: int, **fields: Any) -> None:
        """Ask for the game's public story (game/net/story.py); the answer comes as a Note."""
        client = self.clients.get(seat)
        if client is not None:
            self._submit(self._send_kind(client, "story", **fields))

    def close(self, timeout: float = 3.0) -> None:
        """Leave politely, stop the server if hosting, and end the thread."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(Exception):
            self._submit(self._shutdown()).result(timeout)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)

    @property
    def seats(self) -> list[int]:
        return sorted(self.clients)

    # -- on the background loop ------------------------------------------------------------
    async def _host(self, config: ServerConfig) -> int:
        self.server = GameServer(config)
        self.port = await self.server.start()
        return self.port

    async def _join(self, uri: str, name: str, password: str | None, game: str,
                    seat: int | None) -> None:
        client = NetClient(uri, name, password=password, game=game)
        stored = load_seat(uri, game, name)
        client.credentials = stored  # this player's seat from before the window was closed
        try:
            try:
                welcome = await client.connect(wanted_seat=None if stored else seat)
            except JoinRefused as exc:
                if stored is None or exc.code != "token":
                    raise
                forget_seat(uri, game, name)  # that game is over or gone: join as a newcomer
                client = NetClient(uri, name, password=password, game=game)
                welcome = await client.connect(wanted_seat=seat)
                self.seat_kept_was_gone = (
                    "Your last game there is over: this seat is in a new one." if "over" in
                    exc.reason else "Your seat there from before is gone: this is a new one.")
        except JoinRefused as exc:
            self.inbox.put(Note("refused", None, {"code": exc.code, "reason": exc.reason}))
            return
        except InvalidStatus as exc:
            busy = _refused_at_door(exc)
            self.inbox.put(Note("refused", None, {"code": "busy", "reason": busy}) if busy
                           else Note("failed", None, {"reason": _why(exc)}))
            return
        except (TimeoutError, OSError, InvalidURI, InvalidHandshake, ConnectionClosed,
                ValueError) as exc:  # (ValueError: a malformed address, a TlsError)
            self.inbox.put(Note("failed", None, {"reason": _why(exc)}))
            return
        assert client.seat is not None and client.credentials is not None
        remember_seat(uri, client.credentials)
        self.clients[client.seat] = client
        self.inbox.put(Note("welcome", client.seat, welcome))
        self._spawn(self._read(client))

    async def _tracked(self, coro: Any) -> Any:
        """Run `coro` as one of the tasks `close` cancels and waits for (a join still trying
        when the window closes must not be left pending on a stopped loop)."""
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            return await coro
        finally:
            self._tasks.discard(task)

    def _spawn(self, coro: Any) -> None:
        task = self._loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _read(self, client: NetClient) -> None:
        seat = client.seat
        farewell: str | None = None  # the reason of a `bye`: the server closes on purpose
        forgotten = False
        while not self._closed:
            try:
                msg = await client.receive()
                if msg["type"] == "bye":
                    farewell = msg["reason"]
                if client.over and not forgotten and client.credentials is not None:
                    forgotten = True  # the game is over: no seat to take back any more
                    forget_seat(client.uri, client.credentials.game, client.credentials.name)
                self.inbox.put(Note("message", seat, msg))
                continue
            except (ConnectionClosed, ConnectionError, OSError) as exc:
                if self._closed:
                    return
                if farewell is not None:
                    # Not retried: with the seat taken back by a newer connection (another
                    # window of the same player), two windows would take it from each other
                    # every second for ever.
                    self.inbox.put(Note("gone", seat, {"reason": farewell}))
                    return
                said = _server_said(exc)
                self.inbox.put(Note("lost", seat, {"reason": _why(exc), **(
                    {"said": said} if said else {})}))
            why = await self._reconnect(client)
            if why is not None:  # (the server's own reason when it refused the seat back)
                self.inbox.put(Note("gone", seat, {"reason": why}))
                return
            self.inbox.put(Note("back", seat, {}))

    async def _reconnect(self, client: NetClient) -> str | None:
        """Try again and again with the seat's token, until the seat's time is up; None once
        back, else why not (the server's refusal, or that it cannot be reached)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reconnect_seconds
        while not self._closed and loop.time() < deadline:
            await asyncio.sleep(RETRY_SECONDS)
            try:
                await client.connect()
                return None
            except JoinRefused as exc:
                return exc.reason
            except (TimeoutError, OSError, InvalidHandshake, ConnectionClosed, tls.TlsError):
                continue
        return "the server cannot be reached"

    async def _send(self, client: NetClient, action: Action) -> None:
        try:
            await client.send_action(action)
        except (ConnectionClosed, ConnectionError, OSError) as exc:
            log.info("could not send %r: %s", action, exc)  # the reader reconnects

    async def _send_kind(self, client: NetClient, kind: str, **fields: Any) -> None:
        with contextlib.suppress(ConnectionClosed, ConnectionError, OSError):
            await client.send(kind, **fields)

    async def _shutdown(self) -> None:
        for client in list(self.clients.values()):
            with contextlib.suppress(Exception):
                if client.conn is not None and self.server is None:
                    await client.send("leave")
                await client.close()
        me = asyncio.current_task()
        tasks = [task for task in self._tasks if task is not me]
        for task in tasks:
            task.cancel()
        if tasks:  # let them finish cancelling before the loop stops
            await asyncio.wait(tasks, timeout=1.0)
        if self.server is not None:
            await self.server.stop()


def _seats_file() -> Path:
    return saves_dir() / SEATS_FILE


def _read_seats() -> dict[str, Any]:
    """The seats kept; a damaged file is set aside and told (the seats in it are forgotten)."""
    data = read_json_or_set_aside(_seats_file(), MAX_SEATS_FILE_BYTES,
                                  "file of the seats kept for network games",
                                  "the seats kept in it are forgotten")
    return data if isinstance(data, dict) else {}


def load_seat(uri: str, game: str, name: str) -> Credentials | None:
    """The seat this player held in that game, if the window was closed while it went on."""
    entry = _read_seats().get(f"{uri}#{game}#{name}")
    if not isinstance(entry, dict) or entry.get("name") != name:
        return None
    seat, token = entry.get("seat"), entry.get("token")
    if not isinstance(seat, int) or not isinstance(token, str):
        return None
    return Credentials(game, seat, token, name)


def remember_seat(uri: str, credentials: Credentials) -> None:
    from game.savegame import write_json_atomically  # noqa: PLC0415

    seats = _read_seats()
    key = f"{uri}#{credentials.game}#{credentials.name}"
    seats[key] = {"seat": credentials.seat, "token": credentials.token, "name": credentials.name}
    with contextlib.suppress(OSError):
        write_json_atomically(_seats_file(), seats)


def forget_seat(uri: str, game: str, name: str) -> None:
    from game.savegame import write_json_atomically  # noqa: PLC0415

    seats = _read_seats()
    if seats.pop(f"{uri}#{game}#{name}", None) is not None:
        with contextlib.suppress(OSError):
            write_json_atomically(_seats_file(), seats)


def _refused_at_door(exc: InvalidStatus) -> str | None:
    """The server's sentence when it turned the connection away before the game's protocol
    began (HTTP 503: too many connections from this address, or in all), else None."""
    response = exc.response
    if response.status_code != 503 or not response.body:
        return None
    text = bytes(response.body[:300]).decode("utf-8", "replace").strip()
    return text if text.isprintable() else None


def _server_said(exc: BaseException) -> str | None:
    """The reason the server gave when it closed the connection (too much unsent data...)."""
    if isinstance(exc, ConnectionClosed) and exc.rcvd is not None and exc.rcvd.reason:
        return exc.rcvd.reason
    return None


def _why(exc: BaseException) -> str:
    secure = tls.describe_failure(exc)
    if secure is not None:
        return secure
    said = _server_said(exc)
    if said is not None:
        return f"the server closed the connection: {said}"
    if isinstance(exc, InvalidStatus):
        busy = _refused_at_door(exc)
        if busy is not None:
            return busy
    if isinstance(exc, ConnectionRefusedError):
        return "nobody is listening there"
    if isinstance(exc, asyncio.TimeoutError):
        return "no answer in time"
    if isinstance(exc, InvalidURI) or type(exc) in (ValueError, UnicodeError):
        return "that is not an address"
    if isinstance(exc, InvalidMessage):
        return "the server did not answer as a game server (if it is encrypted, write wss://)"
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return str(text)
