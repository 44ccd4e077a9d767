"""What one seat's client knows of its game, whatever carries the messages. No pygame, no sockets.

A client keeps the last view of the game its seat was sent, brought up to date by each update,
and a mirror game built from it for the screens and the generals. The rules for that (a message
checked before it is trusted, an update that does not follow the view held skipped until a whole
view comes) are the same for the screens' connection (`NetClient`, game/net/client.py) and for
the lean connection that carries hundreds of computer-driven clients in one process
(`LeanClient`, game/net/lean.py), so they live here once.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any

from game.engine import Action, Game, StateError
from game.engine.serialize import REFRESHABLE_KEYS, refresh_from_dict
from game.net import protocol
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


@dataclass(frozen=True)
class Unanswered:
    """An action sent for the seat whose answer has not come: its number, the action, and the
    request id its answer will carry."""

    n: int
    action: Action
    request: int


MAX_UNANSWERED = 32  # (a client sends one action and waits: more is a client gone astray)


@dataclass(kw_only=True)
class SeatState:
    """One seat's knowledge of its game: credentials, the view held, its mirror, the round trips."""

    credentials: Credentials | None = None
    seq: int = -1
    view: dict[str, Any] | None = None
    to_move: int = -1
    over: bool = False
    lobby: dict[str, Any] | None = None
    sent_at: dict[int, float] = field(default_factory=dict)
    round_trips: list[float] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    resyncs: int = 0  # whole views asked for because an update did not fit
    # True from an update that did not fit the view held until a whole view is asked for
    behind: bool = False
    # the number of the last action sent for the seat (protocol: `n`); set again from the
    # server's word in `welcome` and in each refusal of an action (game/net/numbering.py)
    action_n: int = 0
    # the actions sent whose answers have not come, oldest first: after a reconnection those
    # the server may not have applied, or whose answer was lost, are sent again with their
    # numbers (`to_send_again`), which the server applies once whatever happened
    unanswered: list[Unanswered] = field(default_factory=list)
    _next_id: int = 0
    _asked_state: int | None = None  # the request id of a whole view asked for
    _mirror: Game | None = None  # the game built from the view, kept up to date in place
    _stale: set[str] = field(default_factory=set)  # view keys changed since it was
    # the entries of the owner and armies tables patched since it was (when not in `_stale`)
    _patched: dict[str, set[str]] = field(default_factory=dict)

    @property
    def seat(self) -> int | None:
        return self.credentials.seat if self.credentials else None

    @property
    def is_my_move(self) -> bool:
        return self.seat is not None and not self.over and self.to_move == self.seat

    def hello(self, name: str, game: str, password: str | None,
              wanted_seat: int | None = None) -> dict[str, Any]:
        """The fields of the `hello` that joins `game` as `name`: a new seat (`wanted_seat`, if
        one is asked for) or, with credentials kept, this seat taken back."""
        fields: dict[str, Any] = {"name": name, "game": game}
        if password:
            fields["password"] = password
        if wanted_seat is not None:
            fields["seat"] = wanted_seat
        if self.credentials is not None:
            fields.update(seat=self.credentials.seat, token=self.credentials.token,
                          game=self.credentials.game)
        return fields

    def action_fields(self, action: Action, again: int | None = None) -> dict[str, Any]:
        """The fields of the `action` message that plays `action` for this seat (its seat and
        token with it), numbered as the next action, or `again` to send the action numbered so
        once more (it was sent, and the connection was lost before its answer came: the server
        applies it once whatever happened). ConnectionError before a seat is taken."""
        if self.credentials is None:
            raise ConnectionError("no seat yet")
        if again is None:
            self.action_n += 1
        return {"seat": self.credentials.seat, "token": self.credentials.token,
                "n": self.action_n if again is None else again, "action": action.to_dict()}

    def sent_action(self, n: int, action: Action, request: int) -> None:
        """Action `n` goes (or went) out with request id `request`: kept until answered."""
        kept = [u for u in self.unanswered if u.n != n][-(MAX_UNANSWERED - 1):]
        self.unanswered = [*kept, Unanswered(n, action, request)]

    def to_send_again(self) -> list[Unanswered]:
        """Once welcomed back: the unanswered actions to send again, each with its number, in
        order (the welcome's `n` is the last the server applied, so that one is answered again
        and the next are new); those older were followed by one applied, so their outcome is
        in the view the server sends with the welcome. They are forgotten here: sent again,
        they are kept again."""
        last = self.action_n  # (the welcome's word)
        again = [u for u in self.unanswered if u.n >= last]
        self.unanswered = []
        return again

    def request(self, kind: str, **fields: Any) -> tuple[int, str]:
        """The next request: its id (for matching the answer) and its text, timed from now."""
        self._next_id += 1
        request = self._next_id
        self.sent_at[request] = time.perf_counter()
        return request, protocol.encode(kind, id=request, **fields)

    def wants_state(self) -> bool:
        """Whether to ask for the whole view now (an update did not fit and none is asked for)."""
        return self.behind and self._asked_state is None

    def asked_state(self, request: int) -> None:
        """A whole view was asked for with this request id."""
        self.resyncs += 1
        self.behind = False
        self._asked_state = request

    def take(self, raw: str | bytes) -> dict[str, Any] | None:
        """A message from the server, checked and kept (None for one skipped: malformed, which
        is logged, or an update that does not fit the view held, after which `wants_state`)."""
        try:
            msg = protocol.decode_server(raw)
        except ProtocolError as exc:
            log.warning("skipped a bad message from the server: %s", exc)
            return None
        if self._note(msg):
            return msg
        self.behind = True
        return None

    def _note(self, msg: dict[str, Any]) -> bool:
        """Keep what the message says; False for an update that does not fit the view held."""
        kind = msg["type"]
        request = msg.get("id")
        if request is not None and request in self.sent_at:
            self.round_trips.append(time.perf_counter() - self.sent_at.pop(request))
        if request is not None and self.unanswered:
            self.unanswered = [u for u in self.unanswered if u.request != request]
        if kind == "state":
            self._asked_state = None
            self.behind = False
            self.seq, self.view = msg["seq"], msg["view"]
            self._mirror = None
            self.to_move, self.over = msg["to_move"], msg["over"]
        elif kind == "update":
            return self._note_update(msg)
        elif kind == "lobby":
            self.lobby = msg
        elif kind == "welcome":
            self.action_n = msg["n"]  # (go on from the server's count: a new window too)
        elif kind == "error":
            self.errors.append(msg)
            if "n" in msg:  # an action refused: its number is used again by the next one
                self.action_n = msg["n"]
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
