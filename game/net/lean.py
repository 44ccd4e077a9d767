"""A seat's connection for computer-driven clients by the hundred: messages handled as read. No pygame.

The load benchmark (bench/network.py) runs 300 clients in one process beside the server, on a
machine of two cores. On websockets' asyncio connection (`NetClient`) every message a client
receives wakes that client's own task, which then takes it from a queue. Six clients read every
action, so that waking and queueing cost the client process about a fifth of its time, and the
client process, not the server, set the pace of the whole benchmark.

`LeanClient` speaks the same protocol with the same library, on its Sans-I/O layer
(`websockets.client.ClientProtocol`: the RFC 6455 opening handshake, framing, masking, size limit,
answers to pings and the closing handshake, without I/O of its own), under a plain asyncio
Protocol: the bytes read are parsed at once and each whole message is checked, kept (the view,
the mirror, the round trips: game/net/seatstate.py, as for NetClient) and handed to a callback,
in the order read; sending is a plain call, with no task in between. A message the server sends
does not wait for any other client's task to get to it.

It is meant for computer-driven clients (game/net/bots.py `play_many`): the screens await their
messages one by one, which is what NetClient is for.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

from game.engine import Action
from game.net import protocol, tls
from game.net.seatstate import Credentials, JoinRefused, SeatState

Handler = Callable[[dict[str, Any]], None]
_DATA = frozenset({Opcode.TEXT, Opcode.BINARY, Opcode.CONT})  # the frames that carry a message


@dataclass
class LeanClient(SeatState):
    """One seat's connection (`uri` like ws://127.0.0.1:8765) whose messages go to a callback."""

    uri: str
    name: str
    password: str | None = None
    game: str = "1"
    tls_ca: Path | None = None  # certificates trusted for wss:// beyond the system's (tls.py)
    _ws: ClientProtocol | None = field(default=None, repr=False)
    _transport: asyncio.Transport | None = field(default=None, repr=False)
    _handler: Handler | None = field(default=None, repr=False)
    _early: list[bytes] = field(default_factory=list, repr=False)  # after joining, before `listen`
    _parts: list[bytes] = field(default_factory=list, repr=False)  # a fragmented message
    _waiter: asyncio.Future[Any] | None = field(default=None, repr=False)
    _lost: asyncio.Future[BaseException | None] | None = field(default=None, repr=False)

    @property
    def lost(self) -> asyncio.Future[BaseException | None]:
        """Done when the connection has gone (its result the error, if any)."""
        if self._lost is None:
            raise ConnectionError("not connected")
        return self._lost

    async def connect(self, timeout: float = 10.0) -> dict[str, Any]:
        """Open the connection and join (or rejoin with the stored credentials); the welcome.
        On any failure (refused, no answer in `timeout` seconds...) the socket is closed."""
        address = parse_uri(self.uri)
        secure = tls.client_context(self.uri, self.tls_ca)
        loop = asyncio.get_running_loop()
        self._ws = ClientProtocol(address, max_size=protocol.MAX_SERVER_MESSAGE_BYTES)
        self._handler, self._early, self._parts = None, [], []  # (a rejoin starts afresh)
        self._lost = loop.create_future()
        self._waiter = loop.create_future()
        try:
            await asyncio.wait_for(loop.create_connection(
                lambda: _Link(self), address.host, address.port, ssl=secure,
                server_hostname=address.host if secure is not None else None), timeout)
            self._ws.send_request(self._ws.connect())
            self._flush()
            await asyncio.wait_for(asyncio.shield(self._waiter), timeout)  # the handshake
            if self._ws.handshake_exc is not None:
                raise self._ws.handshake_exc
            self._waiter = loop.create_future()
            self.send("hello", **self.hello(self.name, self.game, self.password))
            welcome: dict[str, Any] = await asyncio.wait_for(asyncio.shield(self._waiter),
                                                             timeout)
        except BaseException:
            if self._transport is not None:
                self._transport.abort()
            raise
        return welcome

    def listen(self, handler: Handler) -> None:
        """From now on hand every message (checked and kept) to `handler`, as it is read;
        the ones that came after the welcome first."""
        self._handler = handler
        early, self._early = self._early, []
        for raw in early:
            self._message(raw)

    def send(self, kind: str, **fields: Any) -> int:
        """Send one message now; its request id. ConnectionError if the connection is not open."""
        if self._transport is None or self._ws is None or self._ws.state is not State.OPEN:
            raise ConnectionError("not connected")
        request, text = self.request(kind, **fields)
        self._ws.send_text(text.encode())
        self._flush()
        return request

    def send_action(self, action: Action, again: int | None = None) -> int:
        """Send `action` as the seat's next action (or `again`: the number it was sent with
        before); its request id."""
        return self.send("action", **self.action_fields(action, again))

    async def close(self, timeout: float = 5.0) -> None:
        """The closing handshake, then the socket closed (at once after `timeout`)."""
        if self._ws is not None and self._transport is not None and self._ws.state is State.OPEN:
            self._ws.send_close()
            self._flush()
        if self._lost is not None and self._transport is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._lost), timeout)
        if self._transport is not None:
            self._transport.abort()

    # What the transport reports (through _Link)

    def _received(self, data: bytes) -> None:
        assert self._ws is not None
        self._ws.receive_data(data)
        self._events()

    def _eof(self) -> None:
        if self._ws is not None:
            self._ws.receive_eof()
            self._events()

    def _gone(self, exc: BaseException | None) -> None:
        self._transport = None
        if self._lost is not None and not self._lost.done():
            self._lost.set_result(exc)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_exception(ConnectionError(f"the connection to {self.uri} closed"))

    def _events(self) -> None:
        assert self._ws is not None
        for event in self._ws.events_received():
            if isinstance(event, Response):
                if self._waiter is not None and not self._waiter.done():
                    self._waiter.set_result(None)
            elif isinstance(event, Frame) and event.opcode in _DATA:
                if event.fin and not self._parts:  # a whole message in one frame (the usual)
                    self._message(bytes(event.data))
                    continue
                self._parts.append(bytes(event.data))
                if event.fin:
                    raw = b"".join(self._parts)
                    self._parts = []
                    self._message(raw)
        self._flush()  # answers to pings, the reply to a close
        if self._ws.state is State.CLOSED and self._transport is not None:
            self._transport.close()

    def _message(self, raw: bytes) -> None:
        if self._handler is None and (self._waiter is None or self._waiter.done()):
            self._early.append(raw)  # joined, nobody listening yet: kept as it came
            return
        msg = self.take(raw)
        if msg is None:
            if self.wants_state():
                with contextlib.suppress(ConnectionError):  # (closing: nothing to ask then)
                    self.asked_state(self.send("state"))
            return
        if self._handler is not None:
            self._handler(msg)
        else:
            self._joining(msg)

    def _joining(self, msg: dict[str, Any]) -> None:
        if self._waiter is None or self._waiter.done():
            return
        if msg["type"] == "error":
            self._waiter.set_exception(JoinRefused(msg["code"], msg["reason"]))
        elif msg["type"] == "welcome":
            self.credentials = Credentials(msg["game"], msg["seat"], msg["token"], self.name)
            self._waiter.set_result(msg)

    def _flush(self) -> None:
        if self._ws is None or self._transport is None:
            return
        for data in self._ws.data_to_send():
            if data:
                self._transport.write(data)
            elif self._transport.can_write_eof():  # the protocol asks to half-close
                self._transport.write_eof()
            else:
                self._transport.close()


class _Link(asyncio.Protocol):
    """The asyncio side of one LeanClient: passes on what the transport reports."""

    def __init__(self, client: LeanClient) -> None:
        self.client = client

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.client._transport = cast(asyncio.Transport, transport)  # (uvloop's is its own class)

    def data_received(self, data: bytes) -> None:
        self.client._received(data)

    def eof_received(self) -> bool | None:
        self.client._eof()
        return None  # the transport closes itself

    def connection_lost(self, exc: Exception | None) -> None:
        self.client._gone(exc)
