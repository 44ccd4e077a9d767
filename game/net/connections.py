"""One connection on the game server, and the seat it holds: how messages are queued to it. No pygame.

Sending never waits: a message is queued on the connection's transport at once, so a slow client
never holds up a table. A message that cannot be queued closes that connection (the client then
rejoins with its token and is sent its whole view) rather than leave a silent gap in its updates.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast

from game.net import protocol
from game.net.checks import RateLimit
from game.net.table import Seat, Table

log = logging.getLogger("conquest.net")


@dataclass(eq=False)
class Client:
    """One connection and the seat it holds (if any)."""

    conn: ServerConnection
    limit: RateLimit
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
        silent gap in its updates)."""
        try:
            broadcast([self.conn], text, text=True, raise_exceptions=True)
        except ExceptionGroup as exc:
            log.warning("%s: a message could not be sent (%s): closing", self.peer,
                        exc.exceptions[0])
            self.close_soon(1011, "message lost")

    def close_soon(self, code: int, reason: str) -> None:
        """Start closing the connection without waiting for the closing handshake (the task is
        held until it ends: the loop keeps only weak references to tasks)."""
        _keep(asyncio.get_running_loop().create_task(self.conn.close(code, reason)))


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
