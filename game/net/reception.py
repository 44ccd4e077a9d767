"""How a game server meets its connections: what it lets in, what each may ask, what is refused. No pygame.

The server (game/net/server.py) decides what a message means for the game; before that, every
connection and message passes here:
- Connections are counted from the moment they are accepted, capped per address and in all,
  and closed if they join no game in time (game/net/admission.py).
- Each connection may send `rate` messages a second (bursts of `burst`), and ask for the game's
  whole view `view_rate` times a second: a view is large, and a client that asked for views and
  never read them is what made the server's memory grow (the story has a limit of its own per
  seat: game/net/story.py). What is queued for a connection and not yet read is bounded too
  (game/net/connections.py).
- Wrong game passwords are counted per address, not per connection: after a few, each further
  try must wait, longer and longer (game/net/lockout.py).
- Every refusal is answered to its sender with a reason; the log gets the first of each
  address's burst and then summaries (game/net/quietlog.py). A connection refused MAX_STRIKES
  times running is closed: only a joined seat or an action played ends the run, a ping or a
  view does not.
"""

from __future__ import annotations

import hmac
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.net import connections, protocol
from game.net.admission import Admission, address_of, connection_factory
from game.net.checks import RateLimit, Refusal
from game.net.connections import Client, close_within
from game.net.limits import FIRST_WAIT
from game.net.lockout import PasswordTries, wait_words
from game.net.protocol import ProtocolError
from game.net.quietlog import QuietLog

if TYPE_CHECKING:
    from game.net.computers import Counters
    from game.net.config import ServerConfig

log = logging.getLogger("conquest.net")

MAX_STRIKES = 200  # refused messages running before a connection is closed
_STRIKES_END = frozenset({"hello", "action"})  # what, played, ends a run of refusals

Dispatch = Callable[[Client, dict[str, Any]], Awaitable[None]]


def _holds_seat(conn: ServerConnection) -> bool:
    client = getattr(conn, "client", None)
    return client is not None and client.seat is not None


class Reception:
    """One server's connections: admitted, rate-limited, their refusals answered and logged."""

    def __init__(self, config: ServerConfig, counters: Counters, dispatch: Dispatch,
                 gone: Callable[[Client], None], reserve_files: int) -> None:
        self.config = config
        self.limits = config.limits
        self.counters = counters
        self.dispatch = dispatch
        self.gone = gone
        self.clients: set[Client] = set()
        self.quiet = QuietLog(log)
        self.admission = Admission(self.limits, reserve_files, self.quiet, _holds_seat)
        self.passwords = PasswordTries(self.limits.password_tries)

    def serve_options(self) -> dict[str, Any]:
        """The options of `websockets.serve` that bound what a connection costs."""
        unsent = self.limits.max_unsent
        return {
            "create_connection": connection_factory(self.admission),
            "max_size": protocol.MAX_FRAME_BYTES,
            "max_queue": 16,  # frames read ahead of the handler (each at most max_size)
            # the transport's high-water mark at the unsent limit: below it, keep-alive pings
            # (which wait for the buffer to drain under it) are never held up, so a client that
            # stops reading is closed by its missed pong; above it the connection is closed
            "write_limit": (unsent, unsent // 4),
            # permessage-deflate only for clients that offer it (browsers do; the Python
            # clients do not): websockets' default, with its small window and memory level
            "compression": "deflate",
            "open_timeout": self.limits.join_seconds,
            "ping_interval": 20,
            "ping_timeout": 20,
            "close_timeout": connections.CLOSE_SECONDS,  # (after a missed pong too)
        }

    def close(self) -> None:
        self.quiet.close()

    # -- one connection ----------------------------------------------------------------------
    async def handle(self, conn: ServerConnection) -> None:
        """Read one connection's messages until it closes."""
        client = Client(conn, RateLimit(self.config.rate, self.config.burst),
                        views=RateLimit(self.limits.view_rate, self.limits.view_burst),
                        max_unsent=self.limits.max_unsent)
        conn.client = client  # type: ignore[attr-defined] # (admission.GuardedConnection)
        self.clients.add(client)
        log.debug("%s connected", client.peer)
        try:
            async for raw in conn:
                try:
                    await self.receive(client, raw)
                except Refusal as refusal:
                    self.refuse(client, refusal.code, refusal.reason, None)
                if client.strikes >= MAX_STRIKES:
                    log.warning("%s closed: too many refused messages", client.peer)
                    client.send("bye", reason="too many refused messages")
                    await close_within(conn, 1008, "too many refused messages")
                    break
        except ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code == 1009:
                self.quiet.refused(address_of(conn), "too_large", "%s sent a frame over %d "
                                   "bytes", client.peer, protocol.MAX_FRAME_BYTES)
        except Exception:  # noqa: BLE001 - one connection's failure must not stop the server
            self.counters.errors += 1
            log.exception("%s: unexpected error", client.peer)
        finally:
            self.clients.discard(client)
            seated = client.seat is not None
            self.gone(client)
            (log.info if seated else log.debug)("%s disconnected", client.peer)

    async def receive(self, client: Client, raw: str | bytes) -> None:
        arrived = time.perf_counter()
        try:
            msg = protocol.decode_client(raw)
        except ProtocolError as exc:
            if not client.limit.allow():
                raise Refusal("rate", self._rate_reason()) from None
            code = "too_large" if str(exc).startswith("message too large") else "bad_message"
            raise Refusal(code, str(exc)) from None
        request_id = msg.get("id")
        kind = msg["type"]
        try:
            if not client.limit.allow():
                raise Refusal("rate", self._rate_reason())
            if kind == "state" and client.views is not None and not client.views.allow():
                raise Refusal("rate", self.view_rate_reason())
            await self.dispatch(client, msg)
        except Refusal as refusal:
            seat = client.seat if kind == "action" else None
            self.refuse(client, refusal.code, refusal.reason, request_id,
                        None if seat is None else seat.last_n)
        else:
            if kind in _STRIKES_END:
                client.strikes = 0
            if kind == "action":  # (from its arrival to its updates queued)
                self.counters.handling.append(time.perf_counter() - arrived)

    def refuse(self, client: Client, code: str, reason: str, request_id: Any,
               last_n: int | None = None) -> None:
        """Tell the sender why (with the seat's last action number when an action was
        refused), count it, and log it (quietly: quietlog.py)."""
        client.strikes += 1
        self.counters.refused[code] = self.counters.refused.get(code, 0) + 1
        where = f" (seat {client.seat.index + 1})" if client.seat is not None else ""
        self.quiet.refused(address_of(client.conn), code, "refused %s%s: %s: %s", client.peer,
                           where, code, reason)
        extra: dict[str, Any] = {"id": request_id} if isinstance(request_id, int) else {}
        if last_n is not None:
            extra["n"] = last_n
        client.send("error", code=code, reason=reason, **extra)

    def view_rate_reason(self) -> str:
        return (f"too many requests for the game's view: at most {self.limits.view_rate:g} a "
                "second; ask again later")

    def _rate_reason(self) -> str:
        return f"too many messages: at most {self.config.rate:g} a second; send it again later"

    # -- joining -----------------------------------------------------------------------------
    def check_password(self, client: Client, given: str | None) -> None:
        """Refusal unless the game has no password or `given` is it; a wrong one counts against
        the sender's address, whose tries then wait (lockout.py)."""
        password = self.config.password
        if not password:
            return
        address = address_of(client.conn)
        wait = self.passwords.wait_left(address)
        if wait > 0:
            raise Refusal("password_wait", "too many wrong passwords from your address: try "
                                           f"again in {wait_words(wait)}")
        if hmac.compare_digest((given or "").encode(), password.encode()):
            self.passwords.right(address)
            return
        wait = self.passwords.wrong(address)
        if not wait:
            raise Refusal("password", "wrong game password")
        if wait == FIRST_WAIT:  # (the first wait: said once, not at every try)
            log.warning("%s: %d wrong passwords: each further try from there must wait, "
                        "longer and longer", address, self.limits.password_tries)
        raise Refusal("password", f"wrong game password; the next try from your address must "
                                  f"wait {wait_words(wait)}")

    def seat_left(self, client: Client) -> None:
        """The connection gave its seat up: it must join again in time, or it is closed."""
        self.admission.restart_deadline(client.conn)

