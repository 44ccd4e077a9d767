"""The client side of the protocol on asyncio: join a game, keep the seat's token, send actions. No pygame.

`NetClient` is what the screens (through `game.net.bridge`), the computer-driven clients and
the tests all use. Messages from the server are checked like the server checks the clients':
a malformed one is logged and skipped, never trusted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.engine import Action, Game, StateError
from game.engine.serialize import REFRESHABLE_KEYS, refresh_from_dict
from game.net import protocol, tls
from game.net.protocol import ProtocolError
from game.net.updates import apply_changes
from game.net.views import mirror_dict

log = logging.getLogger("conquest.net.client")


class JoinRefused(Exception):
    """The server said no (wrong password, no open seat, unknown token...); the text says why."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass
class Credentials:
    """What a client needs to take its seat back after a drop: keep it until the game ends."""

    game: str
    seat: int
    token: str
    name: str


@dataclass
class NetClient:
    """One seat's connection to a server (`uri` like ws://127.0.0.1:8765)."""

    uri: str
    name: str
    password: str | None = None
    game: str = "1"
    credentials: Credentials | None = None
    conn: ClientConnection | None = None
    seq: int = -1
    view: dict[str, Any] | None = None
    to_move: int = -1
    over: bool = False
    lobby: dict[str, Any] | None = None
    sent_at: dict[int, float] = field(default_factory=dict)
    round_trips: list[float] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    resyncs: int = 0  # whole views asked for because an update did not fit
    tls_ca: Path | None = None  # certificates trusted for wss:// beyond the system's (tls.py)
    _next_id: int = 0
    _asked_state: int | None = None  # the request id of a whole view asked for
    _mirror: Game | None = None  # the game built from the view, kept up to date in place
    _stale: set[str] = field(default_factory=set)  # view keys changed since it was
    # the entries of the owner and armies tables patched since it was (when not in `_stale`)
    _patched: dict[str, set[str]] = field(default_factory=dict)

    @property
    def seat(self) -> int | None:
        return self.credentials.seat if self.credentials else None

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
        hello: dict[str, Any] = {"name": self.name, "game": self.game}
        if self.password:
            hello["password"] = self.password
        if wanted_seat is not None:
            hello["seat"] = wanted_seat
        if self.credentials is not None:
            hello.update(seat=self.credentials.seat, token=self.credentials.token,
                         game=self.credentials.game)
        await self.send("hello", **hello)
        while True:
            msg = await asyncio.wait_for(self.receive(), timeout)
            if msg["type"] == "error":
                await self.close()
                raise JoinRefused(msg["code"], msg["reason"])
            if msg["type"] == "welcome":
                self.credentials = Credentials(msg["game"], msg["seat"], msg["token"], self.name)
                return msg

    async def send(self, kind: str, **fields: Any) -> int:
        """Send one message; returns its request id (for matching the answer)."""
        if self.conn is None:
            raise ConnectionError("not connected")
        self._next_id += 1
        request = self._next_id
        self.sent_at[request] = time.perf_counter()
        await self.conn.send(protocol.encode(kind, id=request, **fields))
        return request

    async def send_action(self, action: Action) -> int:
        if self.credentials is None:
            raise ConnectionError("no seat yet")
        return await self.send("action", seat=self.credentials.seat,
                               token=self.credentials.token, action=action.to_dict())

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
            try:
                msg = protocol.decode_server(raw)
            except ProtocolError as exc:
                log.warning("skipped a bad message from the server: %s", exc)
                continue
            if self._note(msg):
                return msg
            if self._asked_state is None:
                self.resyncs += 1
                self._asked_state = await self.send("state")

    def _note(self, msg: dict[str, Any]) -> bool:
        """Keep what the message says; False for an update that does not fit the view held."""
        kind = msg["type"]
        request = msg.get("id")
        if request is not None and request in self.sent_at:
            self.round_trips.append(time.perf_counter() - self.sent_at.pop(request))
        if kind == "state":
            self._asked_state = None
            self.seq, self.view = msg["seq"], msg["view"]
            self._mirror = None
            self.to_move, self.over = msg["to_move"], msg["over"]
        elif kind == "update":
            return self._note_update(msg)
        elif kind == "lobby":
            self.lobby = msg
        elif kind == "error":
            self.errors.append(msg)
            if request is not None and request == self._asked_state:
                self._asked_state = None  # refused (too fast?): the next gap asks again
        return True

    def _note_update(self, msg: dict[str, Any]) -> bool:
        seq, changes = msg["seq"], msg.get("changes")
        if seq < self.seq:  # older than the view held (a state overtook it): nothing to do
            msg["view"] = self.view
            return True
        if "view" in msg:  # a whole view (the game is over)
            view = msg["view"]
            self._mirror = None
        elif changes is None or self.view is None or seq > self.seq + 1:
            log.info("update %d does not follow %d: asking for the whole view", seq, self.seq)
            return False
        else:  # the next update, or the same one again (changes are absolute: no harm)
            try:
                view = apply_changes(self.view, changes, msg.get("patches"))
            except ValueError as exc:
                log.warning("skipped an update that does not fit: %s", exc)
                return False
            self._stale.update(changes)
            for key, entries in (msg.get("patches") or {}).items():
                self._patched.setdefault(key, set()).update(entries)
        msg["view"] = view
        self.seq, self.view = seq, view
        self.to_move, self.over = msg["to_move"], msg["over"]
        return True

    def mirror(self) -> Game:
        """The game as this seat sees it, built (and checked) from the last view.

        It is built whole from a whole view, then brought up to date in place from the parts
        of the view the updates changed (each part checked again): the same game as one
        rebuilt from scratch, for a fraction of the work. It is the client's own copy: read
        it, play on a `clone()`. StateError if the view is not a game.
        """
        if self.view is None:
            raise ConnectionError("no view of the game yet")
        if self._mirror is not None and (self._stale or self._patched):
            changed = self._stale | self._patched.keys()
            if changed <= REFRESHABLE_KEYS:
                # a table sent whole is read whole; a patched one, only its patched entries
                entries = {k: v for k, v in self._patched.items() if k not in self._stale}
                try:
                    refresh_from_dict(self._mirror, self.view, changed, seat_view=True,
                                      entries=entries)
                except StateError:
                    self._mirror = None  # half updated: built whole again (or refused) below
            else:
                self._mirror = None
        if self._mirror is None:
            self._mirror = Game.from_dict(mirror_dict(self.view), seat_view=True)
        self._stale.clear()
        self._patched.clear()
        return self._mirror

    async def close(self) -> None:
        if self.conn is not None:
            conn, self.conn = self.conn, None
            with contextlib.suppress(ConnectionClosed, OSError):
                await conn.close()

    @property
    def is_my_move(self) -> bool:
        return self.seat is not None and not self.over and self.to_move == self.seat


__all__ = ["Credentials", "JoinRefused", "NetClient", "ConnectionClosed"]
