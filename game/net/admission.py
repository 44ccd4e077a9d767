"""Which connections a game server takes and keeps: caps per address and in all, a time to join.

Each connection costs the server an open file and some memory from the moment it is accepted,
whether or not it ever says hello. So connections are counted as they are accepted, before
their opening handshake:
- At most `max_per_address` at once come from one address (an IPv6 address counts by its /64
  network, which one machine usually has whole). One more is answered HTTP 503 with a sentence
  saying why (the desktop client shows it); beyond twice that, one is dropped unanswered.
- At most `max_connections` are open at once in all, fewer if the process may not open that
  many files (its open-files limit less a reserve for the saves). When the server is full, the
  oldest connection that holds no seat is closed to make room for the new one: idle connections
  from many addresses cannot keep an honest player out, and no seated player is ever put out.
  Only if every connection holds a seat is the newcomer refused (HTTP 503).
- A connection that holds no seat `join_seconds` after it opened (or after it left its seat) is
  closed with a reason: a connection that never says hello does not stay.
Refused connections answered with 503 are bounded too (REFUSED_SECONDS each, a few dozen at once).
The server's HTTP handlers (`process_request`) run after these checks, for the connections taken.
"""

from __future__ import annotations

import contextlib
import http
import ipaddress
import logging
import os
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response
from websockets.protocol import State

from game.net.connections import close_soon
from game.net.limits import Limits
from game.net.quietlog import QuietLog

log = logging.getLogger("conquest.net")

REFUSED_SECONDS = 2.0  # a refused connection's time to send its request and hear why
RETRY_AFTER = 10  # seconds, the HTTP 503's Retry-After


def address_of(conn: ServerConnection) -> str:
    """Where a connection comes from, as the caps count it: an IPv4 address, or an IPv6
    address's /64 network; '?' if unknown."""
    try:
        host = conn.transport.get_extra_info("peername")[0]
    except (TypeError, IndexError, AttributeError):
        return "?"
    try:
        ip = ipaddress.ip_address(str(host).split("%")[0])
    except ValueError:
        return str(host)
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def open_files_limit() -> int | None:
    """How many files this process may open (None: no limit known)."""
    try:
        import resource  # noqa: PLC0415 - not on Windows
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY or soft <= 0 else int(soft)


def open_files_now() -> int:
    """How many files this process has open now (16 if it cannot be told)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 16


class Admission:
    """The connections one server has: counted, capped, and closed when they do not join."""

    def __init__(self, limits: Limits, reserve_files: int, quiet: QuietLog,
                 holds_seat: Callable[[ServerConnection], bool]) -> None:
        self.per_address = limits.max_per_address
        self.join_seconds = limits.join_seconds
        self.quiet = quiet
        self.holds_seat = holds_seat
        files = open_files_limit()
        self.refused_cap = 64
        self.max_connections = limits.max_connections
        if files is not None:  # each connection is an open file: the saves need some too
            budget = files - open_files_now() - reserve_files
            self.refused_cap = max(4, min(64, budget // 9))
            self.max_connections = max(1, min(self.max_connections, budget - self.refused_cap))
            if self.max_connections < limits.max_connections:
                log.warning("this process may open %d files: at most %d connections at once",
                            files, self.max_connections)
        # the connections taken, oldest first, with their address
        self.taken: OrderedDict[ServerConnection, str] = OrderedDict()
        self.per: Counter[str] = Counter()
        self.making_room: set[ServerConnection] = set()  # taken, being closed for a newcomer
        self.refused: dict[ServerConnection, tuple[str, str]] = {}  # -> (address, why)
        self.refused_per: Counter[str] = Counter()
        self._deadlines: dict[ServerConnection, Any] = {}

    # -- as connections come and go ------------------------------------------------------------
    def arrive(self, conn: ServerConnection) -> None:
        """A connection was accepted: take it, or mark it refused (its handshake is answered
        503), or drop it at once."""
        address = address_of(conn)
        if self.per[address] >= self.per_address:
            self._refuse(conn, address, "too many connections from your address at once "
                         f"(at most {self.per_address}): close some, or try again later")
            return
        if len(self.taken) - len(self.making_room) >= self.max_connections and \
                not self._make_room():
            self._refuse(conn, address, "the server is full: every connection holds a seat; "
                                        "try again later")
            return
        self.taken[conn] = address
        self.per[address] += 1
        self.restart_deadline(conn)

    def leave(self, conn: ServerConnection) -> None:
        """A connection closed."""
        address = self.taken.pop(conn, None)
        if address is not None:
            self.per[address] -= 1
            if not self.per[address]:
                del self.per[address]
        self.making_room.discard(conn)
        refused = self.refused.pop(conn, None)
        if refused is not None:
            self.refused_per[refused[0]] -= 1
            if not self.refused_per[refused[0]]:
                del self.refused_per[refused[0]]
        timer = self._deadlines.pop(conn, None)
        if timer is not None:
            timer.cancel()

    def refusal(self, conn: ServerConnection) -> str | None:
        """Why this connection is refused (None: it is taken)."""
        refused = self.refused.get(conn)
        return None if refused is None else refused[1]

    def restart_deadline(self, conn: ServerConnection) -> None:
        """The connection holds no seat from now (it opened, or left its seat): it must take
        one within `join_seconds`."""
        if conn not in self.taken:
            return
        timer = self._deadlines.pop(conn, None)
        if timer is not None:
            timer.cancel()
        loop = conn.loop
        self._deadlines[conn] = loop.call_later(self.join_seconds, self._deadline, conn)

    # -- inside ----------------------------------------------------------------------------------
    def _deadline(self, conn: ServerConnection) -> None:
        self._deadlines.pop(conn, None)
        if conn not in self.taken or self.holds_seat(conn):
            return
        self.quiet.refused(self.taken[conn], "join_time", "%s closed: no game joined within "
                           "%g seconds", _peer(conn), self.join_seconds)
        self._close(conn, 1008, f"no game joined within {self.join_seconds:g} seconds")

    def _make_room(self) -> bool:
        """Close the oldest connection that holds no seat; False if every one holds a seat."""
        for conn in self.taken:
            if conn not in self.making_room and not self.holds_seat(conn):
                self.making_room.add(conn)
                self.quiet.refused(self.taken[conn], "full", "server full: %s closed to make "
                                   "room (it held no seat)", _peer(conn))
                self._close(conn, 1013, "the server is full: connections that hold no seat "
                                        "make room for new ones")
                return True
        return False

    def _close(self, conn: ServerConnection, code: int, reason: str) -> None:
        if conn.protocol.state is State.OPEN:
            close_soon(conn, code, reason)
        else:  # (its handshake is not done: nothing to say it in)
            conn.transport.abort()

    def _refuse(self, conn: ServerConnection, address: str, why: str) -> None:
        if len(self.refused) >= self.refused_cap or \
                self.refused_per[address] >= self.per_address:
            self.quiet.refused(address, "dropped", "dropped a connection from %s unanswered: "
                               "%s", address, why)
            conn.transport.abort()
            return
        self.refused[conn] = (address, why)
        self.refused_per[address] += 1
        self.quiet.refused(address, "busy", "refused a connection from %s: %s", address, why)
        conn.loop.call_later(REFUSED_SECONDS, _abort_if_open, conn)


def _abort_if_open(conn: ServerConnection) -> None:
    with contextlib.suppress(Exception):
        if conn.protocol.state is not State.CLOSED:
            conn.transport.abort()


def _peer(conn: ServerConnection) -> str:
    try:
        host, port = conn.transport.get_extra_info("peername")[:2]
        return f"{host}:{port}"
    except (TypeError, ValueError, IndexError, AttributeError):
        return "?"


class GuardedConnection(ServerConnection):
    """A server connection counted by its server's Admission from the moment it is accepted;
    a refused one is answered HTTP 503 with the reason before any other HTTP handler runs."""

    def __init__(self, *args: Any, admission: Admission, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.admission = admission
        self.client: Any = None  # the server's Client (connections.py) once its handler runs

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.admission.arrive(self)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.admission.leave(self)

    async def handshake(self, process_request: Any = None, *args: Any, **kwargs: Any) -> None:
        await super().handshake(_admitted(process_request), *args, **kwargs)


def _admitted(inner: Any) -> Callable[[ServerConnection, Request], Any]:
    """`inner` (the server's own HTTP handler, if any) run only for connections taken; a
    refused one is answered 503 with why."""
    def process(conn: ServerConnection, request: Request) -> Any:
        why = conn.admission.refusal(conn) if isinstance(conn, GuardedConnection) else None
        if why is not None:
            response: Response = conn.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, why + "\n")
            response.headers["Retry-After"] = str(RETRY_AFTER)
            return response
        return None if inner is None else inner(conn, request)
    return process


def connection_factory(admission: Admission) -> Callable[..., GuardedConnection]:
    """What `websockets.serve(create_connection=...)` calls for each connection accepted."""
    def make(*args: Any, **kwargs: Any) -> GuardedConnection:
        return GuardedConnection(*args, admission=admission, **kwargs)
    return make
