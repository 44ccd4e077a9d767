"""What each seat is sent after an action: only what changed in its view, encoded once. No pygame.

Sending every seat its whole view after every action made the server's work (and the clients')
grow with the size of the game rather than the size of the move. An `update` now carries
`changes`: the top-level keys of the seat's view (the shape of `seat_view`, game/net/views.py)
whose values differ from what the seat already holds, each with its whole new value. A client
sets those keys in its copy; since each value is absolute, hearing the same update twice does no
harm. Each update has a sequence number one above the last; a client that finds a gap asks for
its whole view again (a `state` message), which is also what it gets on joining and rejoining.

The board's two tables, `owner` and `armies` (a value per territory, of which an action changes
one to three), are sent as `patches` instead: only their entries that changed, each absolute
too, so an update stays a few hundred bytes however large the map.

The secrets rule is the views' rule, unchanged: the keys shared by every seat (board, armies,
phase...) come from the state with the private keys (players, deck, seed, RNG) and the record
taken out; the private keys come from `seat_view` of that seat and are sent to it alone. When the
game ends the update carries the whole view again (the record and the statistics history are
shown only then).

`UpdateWriter` keeps, per table, the shared part every seat holds and each seat's private part,
so the server compares and encodes each part once per action, not once per seat.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter, ne
from typing import Any

from game.net import protocol
from game.net.protocol import ENCODE
from game.net.views import SECRET_UNTIL_OVER, private_views, seat_view

PRIVATE_KEYS = ("players", "deck", "seed", "rng")  # views.private_views makes them, seat by seat
# What a view's private keys are made from: if none of these changed, no seat's private part did.
SECRET_SOURCES = ("players", "deck", "discard", "removed", "hq_revealed")
PATCHED_KEYS = ("owner", "armies")  # territory -> value: only the entries that changed are sent


_HIDDEN = frozenset((*PRIVATE_KEYS, *SECRET_UNTIL_OVER))  # never in the shared part
_ABSENT = object()


def _without_history(full: dict[str, Any]) -> dict[str, Any]:
    """`full` with the statistics history its shared part shows (none): `full` itself when it
    has none already, as the server's state has none while a game goes on (no copy made)."""
    stats = full.get("stats", _ABSENT)
    if stats is _ABSENT or (type(stats) is dict and stats.get("history", _ABSENT) == []):
        return full
    return {**full, "stats": {**stats, "history": []}}


def _diff(new: dict[str, Any], old: dict[str, Any] | None) -> dict[str, Any]:
    if old is None:
        return dict(new)
    return {k: v for k, v in new.items() if k not in old or old[k] != v}


def _shared_changes(new: dict[str, Any], old: dict[str, Any] | None) -> dict[str, Any]:
    """The shared part's keys whose values in `new` differ from `old`'s (both states as
    `_without_history` gives them), the private keys left out, without copying either."""
    if old is None:
        return {k: v for k, v in new.items() if k not in _HIDDEN}
    return {k: v for k, v in new.items() if k not in _HIDDEN and old.get(k, _ABSENT) != v}


class _SharedKeys:
    """The shared keys of states shaped alike (every state of a game has the same keys in the
    same order), compared in C: about forty values an action, of which a handful change."""

    def __init__(self, every: tuple[str, ...], shared: tuple[str, ...]) -> None:
        self.every = every
        self.shared = shared
        self.values = itemgetter(*shared)

    @classmethod
    def of(cls, state: dict[str, Any]) -> _SharedKeys | None:
        """The keys of `state`; None if it has fewer than two shared ones (no state of a game)."""
        every = tuple(state)
        shared = tuple(k for k in every if k not in _HIDDEN)
        return cls(every, shared) if len(shared) >= 2 else None

    def changes(self, new: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
        """As `_shared_changes(new, old)`, for two states with exactly these keys."""
        return {k: new[k] for k in compress(self.shared, map(ne, self.values(new),
                                                             self.values(old)))}


def _patches(changed: dict[str, Any], held: dict[str, Any] | None) -> dict[str, Any]:
    """The PATCHED_KEYS of `changed` as their entries that differ from `held` (taken out of
    `changed`); a table whose territories are not the same as the one held is sent whole."""
    patches: dict[str, Any] = {}
    if held is None:
        return patches
    for key in PATCHED_KEYS:
        new, old = changed.get(key), held.get(key)
        if not isinstance(new, dict) or not isinstance(old, dict):
            continue
        if len(new) == len(old) and not any(map(ne, new, old)):  # the territories in the
            # same order (as play keeps them): the entries compared pairwise, in C
            patches[key] = {t: new[t] for t in compress(new, map(ne, new.values(),
                                                                   old.values()))}
        elif new.keys() == old.keys():
            patches[key] = {t: v for t, v in new.items() if old[t] != v}
        else:
            continue
        del changed[key]
    return patches


def _inner(data: dict[str, Any]) -> str:
    """A JSON object's members without the braces ('' for an empty object)."""
    return ENCODE(data)[1:-1]


class UpdateWriter:
    """One table's record of what its seats hold, and the update texts that bring them up to date."""

    def __init__(self) -> None:
        # the last state the seats' shared part was taken from (as `_without_history` gives
        # it): only its shared keys are read; the server makes a new state for every action
        self.shared: dict[str, Any] | None = None
        self.private: dict[int, dict[str, Any]] = {}
        self._sources: tuple[Any, ...] | None = None
        self._keys: _SharedKeys | None = None  # the shape of `shared`, once known

    def whole_view(self, full: dict[str, Any], seat: int) -> dict[str, Any]:
        """`seat`'s whole view (for a state message); from now on it holds that."""
        view = seat_view(full, seat)
        self.private[seat] = {k: view[k] for k in PRIVATE_KEYS}
        return view  # (the shared part is left: the other seats may hold an older one)

    def forget(self) -> None:
        """Nobody can be assumed to hold anything (a new or restored game): whole views next."""
        self.shared, self._sources, self._keys = None, None, None
        self.private.clear()

    def texts(self, full: dict[str, Any], seats: list[int], head: dict[str, Any],
              events: dict[int, list[dict[str, Any]]], request: tuple[int, Any] | None = None,
              own_heads: dict[int, dict[str, Any]] | None = None) -> dict[int, str]:
        """The update message for each of `seats` after an action.

        `head` holds the fields every seat gets alike (seq, actor, action...), `events` each
        seat's events, `request` (seat, id) the id answered to the seat that sent the action,
        `own_heads` a different head for some seats (the actor of a secret choice, told what
        the others are not). Each part is encoded once however many seats share it. `full` is
        kept (not copied) to compare the next action's state with: it must not be changed.
        """
        over = full.get("phase") == "game_over"
        prefix = protocol.encode("update", **head)[:-1]
        prefixes = {seat: protocol.encode("update", **own)[:-1]
                    for seat, own in (own_heads or {}).items()}
        if over:
            self.forget()
            bodies = {seat: '"view":' + ENCODE(seat_view(full, seat))
                      for seat in seats}
        else:
            bodies = self._bodies(full, seats)
        return _assemble(seats, prefix, prefixes, bodies, events, request)

    def _bodies(self, full: dict[str, Any], seats: list[int]) -> dict[int, str]:
        """Each seat's `"changes":{...}` (and `"patches"`) during the game: the shared part's
        changes compared and encoded once, a seat's private part only when a secret's source
        moved (a card drawn, traded...: about one action in ten)."""
        current = _without_history(full)
        held = self.shared
        keys = self._keys
        if held is not None and keys is not None and keys.every == tuple(current):
            changed = keys.changes(current, held)  # (`held` has these keys: it was `current`)
        else:
            changed = _shared_changes(current, held)
            self._keys = _SharedKeys.of(current)
        patches = _patches(changed, held)
        common = _inner(changed)
        tail = f',"patches":{ENCODE(patches)}' if patches else ""
        self.shared = current
        sources = tuple([full.get(k) for k in SECRET_SOURCES])
        secrets_moved = sources != self._sources
        self._sources = sources
        same = f'"changes":{{{common}}}{tail}'  # for a seat whose private part is unchanged
        held_private = self.private
        remade = seats if secrets_moved else [seat for seat in seats
                                              if seat not in held_private]
        bodies = dict.fromkeys(seats, same)
        if not remade:
            return bodies
        for seat, private in private_views(full, remade).items():
            mine = _inner(_diff(private, held_private.get(seat)))
            held_private[seat] = private
            if mine:
                inner = f"{common},{mine}" if common else mine
                bodies[seat] = f'"changes":{{{inner}}}{tail}'
        return bodies


def _assemble(seats: list[int], prefix: str, prefixes: dict[int, str], bodies: dict[int, str],
              events: dict[int, list[dict[str, Any]]], request: tuple[int, Any] | None
              ) -> dict[int, str]:
    """Each seat's whole update text from its parts; seats told alike share one text (one
    object, encoded to UTF-8 once by connections.send_texts)."""
    answered, answer = None, ""  # the seat that sent the action is answered its id
    if request is not None and request[1] is not None:
        answered, answer = request[0], f',"id":{ENCODE(request[1])}'
    event_texts: dict[int, str] = {}
    texts: dict[int, str] = {}
    made: dict[tuple[int, int, int], str] = {}
    for seat in seats:
        seat_events = events[seat]
        key = id(seat_events)
        events_text = event_texts.get(key)
        if events_text is None:
            events_text = event_texts[key] = ENCODE(seat_events)
        start = prefixes.get(seat, prefix) if prefixes else prefix
        body = bodies[seat]
        if seat == answered:
            texts[seat] = f'{start},{body},"events":{events_text}{answer}}}'
            continue
        parts = (id(start), id(body), key)
        text = made.get(parts)
        if text is None:
            text = made[parts] = f'{start},{body},"events":{events_text}}}'
        texts[seat] = text
    return texts


def apply_changes(view: dict[str, Any], changes: dict[str, Any],
                  patches: dict[str, Any] | None = None) -> dict[str, Any]:
    """A held view brought up to date by an update's changes and patches (a new dict; `view`
    and its tables are kept).

    Raises ValueError for a key no view has, or a patch of a table the view lacks or of an
    entry it lacks: the update does not fit, ask for the whole view.
    """
    if not changes.keys() <= view.keys():
        unknown = next(k for k in changes if k not in view)
        raise ValueError(f"an update changes {str(unknown)[:32]!r}, which the view lacks")
    updated = view.copy()
    updated.update(changes)
    if patches:
        for key, entries in patches.items():
            table = updated.get(key)
            if not isinstance(table, dict) or not isinstance(entries, dict) or \
                    not entries.keys() <= table.keys():
                raise ValueError(f"an update patches {str(key)[:32]!r}, which the view lacks")
            table = table.copy()
            table.update(entries)
            updated[key] = table
    return updated
