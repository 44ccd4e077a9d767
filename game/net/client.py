"""The client side of the protocol on asyncio: join a game, keep the seat's token, send actions. No pygame.

`NetClient` is what the screens (through `game.net.bridge`), the computer-driven clients and
the tests all use (the load benchmark's hundreds of clients use the leaner `LeanClient`,
game/net/lean.py). Messages from the server are checked like the server checks the clients':
a malformed one is logged and skipped, never trusted (game/net/seatstate.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.engine import Action
from game.net import protocol, tls
from game.net.seatstate import Credentials, JoinRefused, SeatState

log = logging.getLogger("conquest.net.client")


@dataclass
class NetClient(SeatState):
    """One seat's connection to a server (`uri` like ws://127.0.0.1:8765), on websockets'
    asyncio connection: what the screens and the tests use. What the seat knows of its game
    (the view, the mirror, the round trips) is kept by `SeatState`."""

    uri: str
    name: str
    password: str | None = None
    game: str = "1"
    conn: ClientConnection | None = None
    tls_ca: Path | None = None  # certificates trusted for wss:// beyond the system's (tls.py)

    async def connect(self, timeout: float = 10.0, wanted_seat: int | None = None
                      ) -> dict[str, Any]:
        """Open the connection and join (or rejoin with the stored token); returns the welcome.

        `wanted_seat` asks for a particular open seat (the host takes its own this way).
        """
        secure = tls.client_context(self.uri, self.tls_ca)  # (None for ws://)
        try:
            self.conn = await asyncio.wait_for(
                connect(self.uri, max_size=protocol.MAX_SERVER_MESSAGE_BYTES,
                        open_timeout=timeout, ping_interval=20, ping_timeout=20,
                        compression=None, **({"ssl": secure} if secure is not None else {})),
                timeout)
        except (ssl.SSLError, ConnectionResetError) as exc:
            if secure is None or isinstance(exc, ssl.SSLCertVerificationError):
                raise
            raise tls.HandshakeFailed(f"the TLS handshake with {self.uri} failed") from exc
        await self.send("hello", **self.hello(self.name, self.game, self.password, wanted_seat))
        while True:
            msg = await asyncio.wait_for(self.receive(), timeout)
            if msg["type"] == "error":
                await self.close()
                raise JoinRefused(msg["code"], msg["reason"])
            if msg["type"] == "welcome":
                self.credentials = Credentials(msg["game"], msg["seat"], msg["token"], self.name)
                await self._send_again()
                return msg

    async def _send_again(self) -> None:
        """Back at the seat: send again, with the same numbers, the actions whose answers the
        lost connection took (the server may have applied them or not: numbering.py applies
        each once and answers a repeat), so no move is lost and none waits for ever."""
        for unanswered in self.to_send_again():
            log.info("action %d sent again after a reconnection", unanswered.n)
            await self.send_action(unanswered.action, again=unanswered.n)
            self.action_n = max(self.action_n, unanswered.n)

    async def send(self, kind: str, **fields: Any) -> int:
        """Send one message; returns its request id (for matching the answer)."""
        if self.conn is None:
            raise ConnectionError("not connected")
        request, text = self.request(kind, **fields)
        await self.conn.send(text)
        return request

    async def send_action(self, action: Action, again: int | None = None) -> int:
        """Send `action` as the seat's next action (or `again`: the number it was sent with
        before, when the connection was lost before its answer); its request id."""
        fields = self.action_fields(action, again)
        request, text = self.request("action", **fields)
        self.sent_action(fields["n"], action, request)  # (kept even if it cannot go now)
        if self.conn is None:
            raise ConnectionError("not connected")
        await self.conn.send(text)
        return request

    async def request_story(self, **fields: Any) -> int:
        """Ask for the game's public story (log entries from `since`, luck, `review`...)."""
        return await self.send("story", **fields)

    async def receive(self) -> dict[str, Any]:
        """The next well-formed message (bad ones are logged and skipped); keeps the view.

        An update that does not fit the view held (a missed `seq`, an unknown key) is skipped
        and the whole view asked for once; every update returned carries the whole `view`
        after it, as a state does, so the screens need not know about changes.
        """
        if self.conn is None:
            raise ConnectionError("not connected")
        while True:
            raw = await self.conn.recv(decode=False)  # the bytes: the JSON reader checks UTF-8
            msg = self.take(raw)
            if msg is not None:
                return msg
            if self.wants_state():
                self.asked_state(await self.send("state"))

    async def close(self) -> None:
        if self.conn is not None:
            conn, self.conn = self.conn, None
            with contextlib.suppress(ConnectionClosed, OSError):
                await conn.close()


__all__ = ["Credentials", "JoinRefused", "NetClient", "ConnectionClosed"]
