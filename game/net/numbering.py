"""Each player's action applied once: the numbers clients give the actions they send. No pygame.

A client numbers the actions it sends for its seat, 1, 2, 3... in a game (`n` in an action
message), and when it sends a message again because it cannot tell whether the server had it
(its connection was lost on the way), it sends it with its number unchanged. The server keeps,
per seat, the number of the last action it applied for that seat: saved with the seat and
journaled with each action (game/net/autosave.py), so a server restarted after a crash knows
it too. Then:
- n = last + 1 is a new action: applied if the rules allow it. A refused action is not applied
  and its number is not used up: the client's next action takes that number again. Every refusal
  of an action tells the last number applied (`n` in the error), and so does `welcome`, so a
  client (even a new window with the seat's token from disk) always knows where it stands.
- n = last is a repeat of the last action applied: it is answered with what was answered then
  (the same update, with the repeat's request id) and applied no second time. When that answer is
  no longer held (the server restarted since), the repeat is answered with the seat's whole view
  as it is now, which shows the action's outcome (a view: charged to the connection's limit
  on views, and refused with `rate` past it, as a `state` request is).
- An older number, or one that skips ahead (n > last + 1), is refused with the number expected.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.net.checks import Refusal
from game.net.protocol import ENCODE
from game.net.table import Seat


@dataclass(frozen=True)
class Answered:
    """The last action applied for a seat: its number, the action as sent, and the update its
    sender was answered (the text up to where its request id went: None if not kept)."""

    n: int
    action: dict[str, Any]
    head: str | None


def is_repeat(seat: Seat, n: int, action: dict[str, Any]) -> bool:
    """Whether action `n` for `seat` repeats the last one applied (answer it again); False for
    the next new one. Refusal for any other number, or the last number with another action."""
    last = seat.last_n
    if n == last + 1:
        return False
    if n == last and last > 0:
        answered = seat.answered
        if isinstance(answered, Answered) and answered.n == n and answered.action != action:
            raise Refusal("number", f"action {n} was played already, as another action: "
                                    f"number your next action {last + 1}")
        return True
    if n > last:
        raise Refusal("number", f"action {n} skips ahead: the last action played for your seat "
                                f"is {last}, so the next is {last + 1}")
    raise Refusal("number", f"action {n} was played long ago (the last played is {last}): "
                            f"number your next action {last + 1}")


def remember(seat: Seat, n: int, action: dict[str, Any], answer: str | None,
             request_id: Any) -> None:
    """Action `n` was applied for `seat` and its sender answered `answer` (the update's text,
    with `request_id` in it; None if the sender was not sent one)."""
    seat.last_n = n
    seat.answered = Answered(n, action, _head(answer, request_id))


def answer_again(seat: Seat, request_id: Any) -> str | None:
    """The update that answered the seat's last action, for a repeat of it with `request_id`;
    None if it is not held (answer with the whole view instead)."""
    answered = seat.answered
    if not isinstance(answered, Answered) or answered.n != seat.last_n or answered.head is None:
        return None
    if request_id is None:
        return answered.head + "}"
    return f'{answered.head},"id":{ENCODE(request_id)}}}'


def _head(answer: str | None, request_id: Any) -> str | None:
    """`answer` without its request id and closing brace (updates.py puts the id last)."""
    if answer is None:
        return None
    tail = "}" if request_id is None else f',"id":{ENCODE(request_id)}}}'
    return answer[:-len(tail)] if answer.endswith(tail) else None
