"""What one seat is sent of a game: the state with the other seats' secrets taken out. No pygame.

The same rule as the computer generals' SeatView (game/ai/view.py): the board, army counts, card
counts, traded cards and revealed headquarters are public; a hand, a mission and an unrevealed
headquarters belong to their seat only; the deck order, the seed and the RNG belong to no seat.

`seat_view` keeps the shape of `Game.to_dict()` so a client rebuilds a working mirror with
`Game.from_dict` and plays through the same screens as a local game. The other seats' hands and
the deck are filled with placeholder cards drawn, in sorted order, from the cards the seat
cannot see, so the counts are right and nothing secret is in them. The game's record (every
action applied, secret headquarters choices included) is left out until the game has ended;
a mirror built without it simply records from then on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

from game.engine import events as ev

_PLACEHOLDER_RNG = random.Random(0).getstate()
_EVENT_TYPES: dict[str, type[ev.Event]] = {
    cls.__name__: cls for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, ev.Event) and cls is not ev.Event
}


SECRET_UNTIL_OVER = ("record",)  # keys of Game.to_dict() no seat sees while the game goes on


def _is_over(full: dict[str, Any]) -> bool:
    return full.get("phase") == "game_over"


def placeholder_rng() -> dict[str, Any]:
    version, internal, gauss = _PLACEHOLDER_RNG
    return {"version": version, "state": list(internal), "gauss": gauss}


def seat_view(full: dict[str, Any], seat: int, *, history: bool = True) -> dict[str, Any]:
    """`full` (a Game.to_dict()) as `seat` may see it; `full` itself is not changed.

    Without `history` the statistics history (a line per turn, only drawn at the game's end)
    is left out, so the view sent after every action stays small.
    """
    view = dict(full)
    if not _is_over(full):
        for key in SECRET_UNTIL_OVER:
            view.pop(key, None)
    if not history:
        view["stats"] = {**full["stats"], "history": []}
    view.update(private_views(full, [seat])[seat])
    return view


def private_views(full: dict[str, Any], seats: list[int]) -> dict[int, dict[str, Any]]:
    """The keys of each of `seats`' views that differ from seat to seat ("players", "deck",
    "seed", "rng"), as `seat_view` shows them; what every seat's share of it is made from (the
    cards no seat holds in view) is worked out once, so the server makes them for six seats at
    the cost of about two `seat_view`s."""
    players = full["players"]
    deck = full["deck"]
    hq_revealed = bool(full.get("hq_revealed"))
    in_hands = {c for p in players for c in p["hand"]}
    # the cards in hands that no seat sees face up, and the deck (which no seat sees)
    hidden_in_hands = in_hands - (set(full["discard"]) | set(full["removed"]))
    deck_cards = set(deck)
    out: dict[int, dict[str, Any]] = {}
    for seat in seats:
        own = players[seat]["hand"] if 0 <= seat < len(players) else ()
        pool = sorted(deck_cards | (hidden_in_hands - set(own)))  # what this seat cannot see
        at = 0
        shown: list[dict[str, Any]] = []
        for index, p in enumerate(players):
            if index == seat:
                shown.append(dict(p))
                continue
            other = dict(p)
            count = len(p["hand"])
            other["hand"] = _take(pool, at, count)
            other["mission"] = None
            if not hq_revealed:
                other["headquarters"] = None
            shown.append(other)
            at += count
        out[seat] = {"players": shown, "deck": _take(pool, at, len(deck)), "seed": 0,
                     "rng": None}  # no seat may see the RNG; `mirror_dict` puts one back
    return out


def _take(pool: list[Any], at: int, count: int) -> list[Any]:
    """`count` placeholder cards from `at` in `pool` (a state whose cards do not add up, which
    play never makes, is refused rather than shown with cards missing)."""
    if at + count > len(pool):
        raise ValueError("the cards in the state do not add up: no view can be made of it")
    return pool[at:at + count]


def mirror_dict(view: dict[str, Any]) -> dict[str, Any]:
    """A received view made loadable by Game.from_dict (the RNG it leaves out, filled in)."""
    return {**view, "rng": placeholder_rng()}


def seat_events(events: list[ev.Event], seat: int) -> list[dict[str, Any]]:
    """The events of one action as `seat` may see them (others' drawn cards and missions hidden)."""
    return seats_events(events, [seat])[seat]


def _data_maker(cls: type[ev.Event]) -> Callable[[ev.Event], dict[str, Any]]:
    """What turns an event of `cls` into its `to_dict()`, quickly: its fields are ints, strings
    and tuples of them (immutable, encoded as JSON lists), so the deep copy `dataclasses.asdict`
    makes is not needed, and they are read in one go (an action has a few events, each sent
    to every seat)."""
    title = cls.__name__
    names = tuple(f.name for f in fields(cls))
    if not names:
        return lambda _: {"event": title}
    if len(names) == 1:
        only, read = names[0], attrgetter(names[0])
        return lambda event: {"event": title, only: read(event)}
    keys, read_all = ("event", *names), attrgetter(*names)
    return lambda event: dict(zip(keys, (title, *read_all(event)), strict=True))


_EVENT_DATA: dict[type, Callable[[ev.Event], dict[str, Any]]] = {
    cls: _data_maker(cls) for cls in _EVENT_TYPES.values()}


def event_data(event: ev.Event) -> dict[str, Any]:
    """`event.to_dict()`, made quickly (`_data_maker`)."""
    make = _EVENT_DATA.get(type(event))
    if make is None:
        return event.to_dict()
    return make(event)


def seats_events(events: list[ev.Event], seats: list[int]) -> dict[int, list[dict[str, Any]]]:
    """`seat_events` for several seats, each event turned into data only once (the server
    sends one action's events to every seat; only a drawn card or a new mission differs, and
    the seats told alike share one list)."""
    data = [event_data(e) for e in events]
    secret = [(index, e.player, "card" if isinstance(e, ev.CardDrawn) else "mission")
              for index, e in enumerate(events) if isinstance(e, _SECRET_EVENTS)]
    if not secret:
        return dict.fromkeys(seats, data)
    out: dict[int, list[dict[str, Any]]] = {}
    hidden: list[dict[str, Any]] | None = None  # as a seat that owns none of the secrets sees it
    for seat in seats:
        if all(player != seat for _, player, _ in secret):
            if hidden is None:
                hidden = list(data)
                for index, _, name in secret:
                    hidden[index] = {**data[index], name: ""}
            out[seat] = hidden
            continue
        mine = list(data)
        for index, player, name in secret:
            if player != seat:
                mine[index] = {**data[index], name: ""}
        out[seat] = mine
    return out


_SECRET_EVENTS = (ev.CardDrawn, ev.MissionChanged)  # what only their player may see whole


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def events_from_dicts(items: list[Any]) -> list[ev.Event]:
    """Rebuild events a client received; anything unrecognisable is skipped, never raised."""
    found: list[ev.Event] = []
    for item in items:
        if not isinstance(item, dict):
            continue
        cls = _EVENT_TYPES.get(str(item.get("event")))
        if cls is None:
            continue
        try:
            args = {f.name: _tupled(item[f.name]) for f in fields(cls)}  # type: ignore[arg-type]
            found.append(cls(**args))
        except (KeyError, TypeError):
            continue
    return found
