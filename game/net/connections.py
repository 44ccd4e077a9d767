"""One connection on the game server, and the seat it holds: how messages are queued to it. No pygame.

Sending never waits: a message is queued on the connection's transport at once, so a slow client
never holds up a table. A message that cannot be queued closes that connection (the client then
rejoins with its token and is sent its whole view) rather than leave a silent gap in its updates.

What is queued and not yet read by the client is bounded: a connection holding more than its
limit unsent (game/net/limits.py, 1 MiB by default) is sent nothing more and closed, so a
client that never reads cannot grow the server's memory. Closing never waits on the client
either: websockets' `close` waits for the unsent data to drain before it starts its own
timeout, which a client that does not read never lets happen, so every close here is cut short
(the socket aborted) after CLOSE_SECONDS.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.protocol import State

from game.net import protocol
from game.net.checks import RateLimit
from game.net.table import Seat, Table

log = logging.getLogger("conquest.net")

CLOSE_SECONDS = 5.0  # a closing handshake not done by then ends with the socket aborted
UNLIMITED = 1 << 62


@dataclass(eq=False)
class Client:
    """One connection and the seat it holds (if any)."""

    conn: ServerConnection
    limit: RateLimit
    # the game's whole view: a large answer, so requests for it have a limit of their own
    views: RateLimit | None = None
    max_unsent: int = UNLIMITED  # bytes queued and not yet read, past which it is closed
    closing: bool = False  # the server has started closing it
    table: Table | None = None
    seat: Seat | None = None
    strikes: int = 0
    # (the seat, its token) once this connection has sent that token for that seat and it was
    # found right: the same token again is not hashed and looked up again
    proven: tuple[Seat, bytes] | None = None

    @property
    def peer(self) -> str:
        try:
            host, port = self.conn.remote_address[:2]
            return f"{host}:{port}"
        except (TypeError, ValueError, IndexError):
            return "?"

    def send(self, kind: str, **fields: Any) -> None:
        """Queue a message without waiting: a slow client never holds up a table."""
        self.send_text(protocol.encode(kind, **fields))

    def send_text(self, text: str | bytes) -> None:
        """Queue text (str, or bytes already UTF-8 encoded); a message that cannot be queued
        closes the connection, so the client reconnects and is sent its whole view (never a
        silent gap in its updates). A connection holding more than `max_unsent` bytes unread
        is sent nothing more and closed (it rejoins and is sent its whole view)."""
        if self.conn.transport.get_write_buffer_size() > self.max_unsent:
            if not self.closing:
                log.warning("%s closed: more than %d KiB unsent (it does not read)", self.peer,
                            self.max_unsent // 1024)
                self.close_soon(1008, "too much unsent data: the connection is too slow or "
                                      "does not read")
            return
        try:
            broadcast([self.conn], text, text=True, raise_exceptions=True)
        except ExceptionGroup as exc:
            log.warning("%s: a message could not be sent (%s): closing", self.peer,
                        exc.exceptions[0])
            self.close_soon(1011, "message lost")

    def close_soon(self, code: int, reason: str) -> None:
        """Start closing the connection without waiting for the closing handshake."""
        if not self.closing and self.conn.protocol.state is State.OPEN:
            self.closing = True
            close_soon(self.conn, code, reason)


def close_soon(conn: ServerConnection, code: int, reason: str) -> None:
    """Start closing `conn` with `code` and `reason`, cut short after CLOSE_SECONDS (the task
    is held until it ends: the loop keeps only weak references to tasks)."""
    _keep(asyncio.get_running_loop().create_task(close_within(conn, code, reason)))


async def close_within(conn: ServerConnection, code: int, reason: str,
                       seconds: float | None = None) -> None:
    """Close `conn`, aborting the socket if the closing handshake is not done in `seconds`
    (CLOSE_SECONDS if None): its unsent data never drains when the client does not read."""
    try:
        await asyncio.wait_for(conn.close(code, reason),
                               CLOSE_SECONDS if seconds is None else seconds)
    except TimeoutError:
        conn.transport.abort()


def send_texts(messages: list[tuple[Client, str]]) -> None:
    """Queue each client its text; a text several clients share (one object: an update is
    mostly the same for every seat but its mover, see updates.py) is encoded to UTF-8 once."""
    encoded: dict[int, bytes] = {}
    for client, text in messages:
        data = encoded.get(id(text))
        if data is None:
            data = encoded[id(text)] = text.encode()
        client.send_text(data)


_CLOSING: set[asyncio.Task[None]] = set()


def _keep(task: asyncio.Task[None]) -> None:
    """Hold a task until it ends (the loop keeps only weak references to tasks)."""
    _CLOSING.add(task)
    task.add_done_callback(_CLOSING.discard)
