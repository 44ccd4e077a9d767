"""Checks on what clients send: nothing here trusts the network.

Everything a connection sends is untrusted. The checks that need no table or seat (how fast a
connection may send, whether an action is well formed and may be played over the network) live
here, apart from the server that routes messages, so they can be read, tested and changed on
their own. A failed check raises `Refusal`, which the server turns into an error to the sender.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields
from typing import Any

from game.engine import StateError
from game.engine import actions as act


class RateLimit:
    """A token bucket: `rate` messages a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.last = float(burst), time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass
class Refusal(Exception):
    """A message refused: `code` for programs, `reason` in words for the sender and the log."""

    code: str
    reason: str


_FIELD_TYPES = {"str": (str,), "int": (int,), "tuple[str, str, str]": (list, tuple)}


_ACTION_FIELDS: dict[type, tuple[tuple[str, tuple[type, ...] | None], ...]] = {}


def _action_fields(cls: type) -> tuple[tuple[str, tuple[type, ...] | None], ...]:
    """(name, the types it may hold) of each field of an action class (looked up once)."""
    known = _ACTION_FIELDS.get(cls)
    if known is None:
        known = _ACTION_FIELDS[cls] = tuple(
            (f.name, _FIELD_TYPES.get(str(f.type))) for f in fields(cls))  # type: ignore[arg-type]
    return known


def parse_action(data: dict[str, Any]) -> act.Action:
    """An engine action from untrusted data, every field type-checked; menu commands refused."""
    try:
        action = act.action_from_dict(data)
    except StateError as exc:  # the engine's words name the field at fault
        raise Refusal("action", f"not an action: {exc}") from None
    described = _action_fields(type(action))
    for name, wanted in described:
        value = getattr(action, name)
        if wanted is None or isinstance(value, bool) or not isinstance(value, wanted):
            raise Refusal("action", f"not an action: '{name}' has the wrong type")
        if name == "cards" and (len(value) != 3 or not all(isinstance(c, str) for c in value)):
            raise Refusal("action", "not an action: a set is three card names")
    if len(data) != len(described) + 1:  # ("kind" and the fields, all there: checked above)
        extra = set(data) - {name for name, _ in described} - {"kind"}
        raise Refusal("action", f"not an action: unknown field {sorted(extra)[0][:32]!r}")
    if isinstance(action, act.OPTION_ACTIONS):
        raise Refusal("action", "menu commands that change the game are not played over the "
                                "network")
    return action
