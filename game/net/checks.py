"""Checks on what clients send: nothing here trusts the network.

Everything a connection sends is untrusted. The checks that need no table or seat (how fast a
connection may send, whether an action is well formed and may be played over the network) live
here, apart from the server that routes messages, so they can be read, tested and changed on
their own. A failed check raises `Refusal`, which the server turns into an error to the sender.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
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


def parse_action(data: dict[str, Any]) -> act.Action:
    """An engine action from untrusted data, every field type-checked; menu commands refused."""
    try:
        action = act.action_from_dict(data)
    except StateError as exc:  # the engine's words name the field at fault
        raise Refusal("action", f"not an action: {exc}") from None
    from dataclasses import fields  # noqa: PLC0415

    for f in fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        wanted = _FIELD_TYPES.get(str(f.type))
        if wanted is None or isinstance(value, bool) or not isinstance(value, wanted):
            raise Refusal("action", f"not an action: '{f.name}' has the wrong type")
        if f.name == "cards" and (len(value) != 3 or not all(isinstance(c, str) for c in value)):
            raise Refusal("action", "not an action: a set is three card names")
    extra = set(data) - {f.name for f in fields(action)} - {"kind"}  # type: ignore[arg-type]
    if extra:
        raise Refusal("action", f"not an action: unknown field {sorted(extra)[0][:32]!r}")
    if isinstance(action, act.OPTION_ACTIONS):
        raise Refusal("action", "menu commands that change the game are not played over the "
                                "network")
    return action
