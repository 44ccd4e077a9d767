"""The game's story for network players: the public log, the luck table and the last turns. No pygame.

While a network game goes on, no seat may see its record (the seed in it would tell every
future die and card). The server therefore tells the story itself: it keeps a `Chronicle` of
each table's game (brought up to date only when asked, replaying just the new actions) and
answers a seat's "story" request with

  - the log entries from the index the seat already holds (a page at most), and the luck table;
  - on request, "Review Last Turn": the seat's own view of the game just after its last turn,
    then for every action since, the action, the events as that seat was told them, and how
    its view changed (a small two-level difference, so a round of a six-player game stays
    well under the message size).

Nothing here tells a secret: the chronicle names no drawn card, mission or unrevealed
headquarters, the luck table is made of dice everybody saw, and every view and event is cut
by the same rules (`game.net.views`) as the live updates the seat received when it happened.
The client's side (folding pages into a chronicle the screens read) is `game.net.story_client`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from game.engine import Game, IllegalActionError
from game.engine.actions import Action, ChooseHeadquarters
from game.engine.chronicle import Chronicle, LogEntry
from game.engine.luck import LuckTable, PlayerLuck
from game.engine.record import REPLAY_FAULTS
from game.engine.serialize import game_to_dict
from game.net.checks import RateLimit, Refusal
from game.net.views import seat_view, seats_events

# A page of log entries (each is about a hundred bytes) and of review steps (each a few
# hundred bytes to a couple of kilobytes): a page stays far under the client's frame limit.
ENTRIES_PER_PAGE = 1500
STEPS_PER_PAGE = 250
# A page from far back costs the server some tens of milliseconds: besides the limit every
# message has, a seat may ask for only a few story pages a second (a whole story, paged, fits).
STORY_RATE, STORY_BURST = 4.0, 16
TURN_COPIES = 24  # turn-start copies kept by a table's chronicle (several rounds of 6 seats)


class StoryRefusal(Exception):
    """A story request that cannot be answered; the text is the reason told to the sender."""


# -- the codec: entries, luck and view differences as plain JSON ---------------------------------
def entry_to_list(entry: LogEntry) -> list[Any]:
    return [entry.index, entry.turn, entry.kind, entry.text, list(entry.players)]


def entry_from_list(item: Any, seats: int) -> LogEntry | None:
    """A received entry, or None if it is not one (a client never trusts what it is sent)."""
    if not isinstance(item, list) or len(item) != 5:
        return None
    index, turn, kind, text, players = item
    if not (_is_count(index) and _is_count(turn) and isinstance(kind, str)
            and isinstance(text, str) and isinstance(players, list)):
        return None
    if not all(_is_count(p) and p < seats for p in players):
        return None
    return LogEntry(index, turn, kind[:40], text[:400], tuple(players))


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


LUCK_FIELDS = ("attacks", "defences", "rolls_attacking", "rolls_defending", "lost", "killed")


def luck_to_dict(luck: LuckTable) -> dict[str, Any]:
    """The luck table, the expectations as exact fractions [numerator, denominator]."""
    players = []
    for p in luck.players:
        row: list[Any] = [getattr(p, name) for name in LUCK_FIELDS]
        row += [[p.expected_lost.numerator, p.expected_lost.denominator],
                [p.expected_killed.numerator, p.expected_killed.denominator]]
        players.append(row)
    return {"players": players, "turns": list(luck.turns),
            "series": [[round(v, 4) for v in point] for point in luck.series]}


def luck_from_dict(data: Any, seats: int) -> LuckTable:
    """A received luck table; ValueError if it is not one."""
    if not isinstance(data, dict):
        raise ValueError("the luck table is not an object")
    rows, turns, series = data.get("players"), data.get("turns"), data.get("series")
    if not isinstance(rows, list) or len(rows) != seats or not isinstance(turns, list) \
            or not isinstance(series, list) or len(series) != len(turns):
        raise ValueError("the luck table has the wrong shape")
    players = []
    for row in rows:
        if not isinstance(row, list) or len(row) != len(LUCK_FIELDS) + 2 \
                or not all(_is_count(v) for v in row[:len(LUCK_FIELDS)]):
            raise ValueError("a luck row has the wrong shape")
        counts = dict(zip(LUCK_FIELDS, row, strict=False))
        players.append(PlayerLuck(**counts, expected_lost=_fraction(row[-2]),
                                  expected_killed=_fraction(row[-1])))
    if not all(_is_count(t) for t in turns):
        raise ValueError("a luck turn is not a number")
    points = []
    for point in series:
        if not isinstance(point, list) or len(point) != seats or not all(
                isinstance(v, int | float) and not isinstance(v, bool) for v in point):
            raise ValueError("a luck point has the wrong shape")
        points.append([float(v) for v in point])
    return LuckTable(players, list(turns), points)


def _fraction(value: Any) -> Fraction:
    if not isinstance(value, list) or len(value) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value) or value[1] <= 0:
        raise ValueError("an expectation is not a fraction")
    return Fraction(value[0], value[1])


def view_difference(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """How `new` differs from `old`, two levels deep: whole top-level values that changed
    ("set"), changed entries of top-level objects ("patch"), and keys that went ("drop")."""
    changed: dict[str, Any] = {}
    patched: dict[str, dict[str, Any]] = {}
    for key, value in new.items():
        before = old.get(key, _MISSING)
        if before == value:
            continue
        if isinstance(before, dict) and isinstance(value, dict) and set(before) == set(value):
            patched[key] = {k: v for k, v in value.items() if before[k] != v}
        else:
            changed[key] = value
    out: dict[str, Any] = {}
    if changed:
        out["set"] = changed
    if patched:
        out["patch"] = patched
    dropped = [key for key in old if key not in new]
    if dropped:
        out["drop"] = dropped
    return out


def apply_difference(old: dict[str, Any], difference: Any) -> dict[str, Any]:
    """`old` changed as `view_difference` described (old itself untouched); ValueError if the
    difference is malformed."""
    if not isinstance(difference, dict) or set(difference) - {"set", "patch", "drop"}:
        raise ValueError("a view difference has the wrong shape")
    changed = difference.get("set", {})
    patched = difference.get("patch", {})
    dropped = difference.get("drop", [])
    if not isinstance(changed, dict) or not isinstance(patched, dict) \
            or not isinstance(dropped, list):
        raise ValueError("a view difference has the wrong shape")
    new = dict(old)
    for key in dropped:
        if isinstance(key, str):
            new.pop(key, None)
    new.update(changed)
    for key, entries in patched.items():
        base = new.get(key)
        if not isinstance(base, dict) or not isinstance(entries, dict):
            raise ValueError("a view difference patches what is not an object")
        new[key] = {**base, **entries}
    return new


_MISSING = object()


# -- the server's side ------------------------------------------------------------------------------
def public_view(game: Game, seat: int) -> dict[str, Any]:
    """What `seat` sees of `game` (as in a live update, without the statistics history)."""
    return seat_view(game_to_dict(game, with_record=False), seat, history=False)


def public_action(action: Action, actor: int, seat: int) -> dict[str, Any]:
    """`action` as `seat` may be told it: another seat's headquarters choice is secret."""
    data = action.to_dict()
    if isinstance(action, ChooseHeadquarters) and actor != seat:
        data["territory"] = ""
    return data


@dataclass
class ReviewCursor:
    """Where the last page of one seat's review ended, so the next page goes on from there."""

    start: int
    end: int
    position: int
    game: Game
    view: dict[str, Any]


@dataclass
class TableStory:
    """The story of one table's game, as the server tells it to each seat."""

    game: Game
    chronicle: Chronicle = field(init=False)
    _cursors: dict[int, ReviewCursor] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.chronicle = Chronicle(self.game, keep_copies=TURN_COPIES)

    def fresh(self) -> Chronicle:
        self.chronicle.update()
        return self.chronicle

    def answer(self, seat: int, since: int = 0, review: bool = False,
               review_from: int | None = None, review_end: int | None = None) -> dict[str, Any]:
        """The fields of a "story" message for `seat`; StoryRefusal if the request is unsound."""
        chronicle = self.fresh()
        entries = chronicle.entries
        if since > len(entries):
            raise StoryRefusal(f"'since' is past the end of the log ({len(entries)} entries)")
        page = entries[since:since + ENTRIES_PER_PAGE]
        out: dict[str, Any] = {
            "since": since, "entries": [entry_to_list(e) for e in page], "total": len(entries),
            "actions": len(chronicle.movers), "matches": chronicle.matches,
            "luck": luck_to_dict(chronicle.luck),
        }
        if chronicle.error:
            out["error"] = chronicle.error
        if review:
            out["review"] = self._review(seat, review_from, review_end)
        return out

    def _review(self, seat: int, start_from: int | None, end: int | None) -> dict[str, Any]:
        chronicle = self.chronicle
        if chronicle.error is not None:
            raise StoryRefusal("this game's record cannot be replayed: no review")
        applied = len(chronicle.movers)
        cursor = self._cursors.get(seat)
        if start_from is None:
            start = chronicle.review_start(seat)
            end = applied
            game = chronicle.game_at(start)
            if game is None:
                raise StoryRefusal("the game cannot be rebuilt at the start of your review")
            cursor = ReviewCursor(start, end, start, game, public_view(game, seat))
            self._cursors[seat] = cursor
            base: dict[str, Any] | None = cursor.view
        else:
            if end is None or not 0 <= start_from <= end <= applied:
                raise StoryRefusal("'review_from' and 'review_end' must lie within the game's "
                                   f"{applied} actions, the first before the second")
            if cursor is None or cursor.position != start_from or cursor.end != end:
                game = chronicle.game_at(start_from)
                if game is None:
                    raise StoryRefusal("the game cannot be rebuilt there")
                cursor = ReviewCursor(start_from, end, start_from, game, public_view(game, seat))
                self._cursors[seat] = cursor
            base = None
        steps: list[list[Any]] = []
        actions = self.game.record.actions
        while cursor.position < cursor.end and len(steps) < STEPS_PER_PAGE:
            action = actions[cursor.position]
            actor = cursor.game.to_move
            try:
                events = cursor.game.apply(action)
            except (IllegalActionError, *REPLAY_FAULTS):
                self._cursors.pop(seat, None)
                raise StoryRefusal("the game's record cannot be replayed there") from None
            view = public_view(cursor.game, seat)
            steps.append([public_action(action, actor, seat), seats_events(events, [seat])[seat],
                          view_difference(cursor.view, view)])
            cursor.view = view
            cursor.position += 1
        out: dict[str, Any] = {"start": cursor.start, "end": cursor.end,
                               "from": cursor.position - len(steps), "steps": steps,
                               "seat": seat}
        if base is not None:
            out["base"] = base
        if cursor.position >= cursor.end:
            self._cursors.pop(seat, None)
        return out


def story_fields(request: dict[str, Any]) -> dict[str, Any]:
    """The arguments of `TableStory.answer` a checked "story" request names."""
    return {"since": request.get("since") or 0, "review": bool(request.get("review")),
            "review_from": request.get("review_from"), "review_end": request.get("review_end")}


class TableStories:
    """Each table's story, made when first asked for and remade when the table's game is
    another one (a new game, or the last save restored after an engine failure)."""

    def __init__(self) -> None:
        self._by_table: dict[str, TableStory] = {}
        self._limits: dict[tuple[str, int], RateLimit] = {}

    def message(self, table: Any, seat: Any, request: dict[str, Any]) -> dict[str, Any]:
        """The fields of the "story" message answering a seated client's checked request;
        a Refusal (told to the sender) when it cannot be answered."""
        if seat is None or table is None:
            raise Refusal("not_seated", "join a game first")
        if table.game is None:
            raise Refusal("not_started", "the game has not started: there is no story yet")
        try:
            fields = self.answer(table, seat.index, request)
        except StoryRefusal as exc:
            raise Refusal("story", str(exc)) from None
        extra = {"id": request["id"]} if "id" in request else {}
        return {"seq": table.seq, **fields, **extra}

    def answer(self, table: Any, seat: int, request: dict[str, Any]) -> dict[str, Any]:
        limit = self._limits.setdefault((table.game_id, seat), RateLimit(STORY_RATE, STORY_BURST))
        if not limit.allow():
            raise StoryRefusal(f"too many story requests: at most {STORY_RATE:g} a second; "
                               "ask again later")
        game = table.game
        story = self._by_table.get(table.game_id)
        if story is None or story.game is not game \
                or len(game.record.actions) < len(story.chronicle.movers):
            story = TableStory(game)
            self._by_table[table.game_id] = story
        return story.answer(seat, **story_fields(request))
