"""Several seats played at one machine: their copies of each update made into one. No pygame.

The server sends every seat its own view (game/net/views.py): its own hand, mission and
headquarters, and placeholders for everyone else's. When two or more seats sit at the same
window (a host with a friend beside them), the screen plays them like a local hot-seat game:
one mirror holding the secrets of every seat played here, and the hand-over screen deciding
whose may be shown. This module builds that mirror's view from the seats' copies, and keeps
the copies until each update can be shown. The other seats' secrets stay hidden: only
placeholders drawn from the cards none of our seats can see fill their hands and the deck.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

SECRET_EVENT_FIELDS = {"CardDrawn": "card", "MissionChanged": "mission"}


def merge_views(views: Mapping[int, dict[str, Any]], base_seat: int) -> dict[str, Any]:
    """One view with the secrets of every seat in `views` (all of the same moment), built on
    `views[base_seat]`. The placeholders of every other seat's hand and of the deck are drawn
    again, in sorted order, from the cards none of these seats can see, so no card is twice."""
    base = views[base_seat]
    if len(views) == 1:
        return base
    players = [dict(p) for p in base["players"]]
    for seat, view in views.items():
        if 0 <= seat < len(players) and seat < len(view["players"]):
            own = view["players"][seat]
            players[seat]["hand"] = list(own["hand"])
            players[seat]["mission"] = own.get("mission")
            players[seat]["headquarters"] = own.get("headquarters")
    everything = set(base["deck"]) | set(base["discard"]) | set(base["removed"])
    for p in base["players"]:
        everything |= set(p["hand"])
    seen = set(base["discard"]) | set(base["removed"])
    for seat in views:
        if 0 <= seat < len(players):
            seen |= set(players[seat]["hand"])
    pool = iter(sorted(everything - seen))
    for index, p in enumerate(players):
        if index not in views:
            p["hand"] = [next(pool) for _ in p["hand"]]
    merged = dict(base)
    merged["players"] = players
    merged["deck"] = [next(pool) for _ in base["deck"]]
    return merged


def merge_events(copies: Mapping[int, list[Any]], base_seat: int) -> list[Any]:
    """One action's events as the seats of `copies` together may see them: a drawn card or a
    new mission of any of them is shown (each copy hides only the others')."""
    base = copies[base_seat]
    if len(copies) == 1:
        return base
    merged = list(base)
    for index, item in enumerate(base):
        if not isinstance(item, dict):
            continue
        secret = SECRET_EVENT_FIELDS.get(str(item.get("event")))
        owner = item.get("player")
        if secret is None or owner == base_seat or owner not in copies:
            continue
        theirs = copies[owner]
        if index < len(theirs) and isinstance(theirs[index], dict) \
                and theirs[index].get("event") == item.get("event"):
            merged[index] = theirs[index]
    return merged


class SeatCopies:
    """The copies of the server's updates that each seat played here has received, by number.

    An update is ready to show once the copy of the seat that acted has come (when that seat is
    played here: only its copy knows the card it drew), and every copy that has come by then is
    merged into it. A seat's copy that comes later brings its secrets with `refreshed`.
    """

    def __init__(self, seats: Iterable[int]) -> None:
        self.seats = frozenset(seats)
        self._copies: dict[int, dict[int, dict[str, Any]]] = {}

    @property
    def several(self) -> bool:
        return len(self.seats) > 1

    def add(self, seat: int | None, msg: dict[str, Any]) -> None:
        """Keep `seat`'s copy of an update (one of ours; anything else is not kept)."""
        if seat in self.seats:
            self._copies.setdefault(int(msg["seq"]), {})[seat] = msg

    def has(self, seq: int, seat: int) -> bool:
        return seat in self._copies.get(seq, {})

    def ready(self, msg: dict[str, Any]) -> bool:
        """Whether the update can be shown: the acting seat's own copy is here, if it is ours."""
        actor = msg.get("actor")
        return not self.several or actor not in self.seats or self.has(int(msg["seq"]), actor)

    def merged(self, msg: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
        """The view and the events of the update `msg` (one copy of it), with the secrets of
        every seat of ours whose copy has come."""
        seq = int(msg["seq"])
        copies = dict(self._copies.get(seq, {}))
        if not copies:
            return msg["view"], msg.get("events", [])
        actor = msg.get("actor")
        base = actor if actor in copies else min(copies)
        view = merge_views({s: m["view"] for s, m in copies.items()}, base)
        events = merge_events({s: m.get("events", []) for s, m in copies.items()}, base)
        return view, events

    def view_at(self, seq: int) -> dict[str, Any] | None:
        """The game after update `seq` with the secrets of every seat of ours whose copy of
        it has come (None: none has)."""
        copies = self._copies.get(seq)
        if not copies:
            return None
        return merge_views({s: m["view"] for s, m in copies.items()}, min(copies))

    def forget_before(self, seq: int) -> None:
        """Drop the copies of updates older than `seq` (shown, and secrets since replaced)."""
        for old in [s for s in self._copies if s < seq]:
            del self._copies[old]
