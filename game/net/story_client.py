"""A network player's side of the game's story: the pages the server sent, as screens read them. No pygame.

The server tells the story (`game.net.story`); this keeps what it told: the log entries in
order, the luck table, and a requested "since your last turn" review as one view of the game
per action. `NetChronicle` offers the log and luck under the names the screens already read
from a local game's `Chronicle`, and `ViewReplayer` steps through a review under the names of
the engine's `Replayer`, so the Game Log, Luck and Review Last Turn screens work unchanged.

Everything received is checked: a malformed page is dropped with a reason, never trusted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine import Game
from game.engine import actions as act
from game.engine import events as ev
from game.engine.chronicle import LogEntry
from game.engine.luck import LuckTable
from game.engine.record import ReplayError
from game.net.story import apply_difference, entry_from_list, luck_from_dict
from game.net.views import events_from_dicts, mirror_dict

ASK_EVERY = 0.5  # seconds at least between two story requests while a story screen is open
ANSWER_WAIT = 10.0  # seconds after which an unanswered request is given up and asked again


@dataclass
class NetChronicle:
    """The log and luck of a network game as last told by the server (Chronicle's names)."""

    final: Game
    entries: list[LogEntry]
    luck: LuckTable
    error: str | None = None
    matches: bool = True
    version: int = 0  # changes whenever something new was told (screens redraw their lists)

    @property
    def available(self) -> bool:
        return self.error is None

    def update(self) -> None:
        """Nothing to replay here: the server keeps the story up to date."""


@dataclass
class Review:
    """One seat's "since your last turn": the view at its start and one view per action."""

    start: int
    end: int
    base: dict[str, Any]
    steps: list[tuple[dict[str, Any], list[Any], dict[str, Any]]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.start + len(self.steps) >= self.end


class ViewReplayer:
    """Steps through a received review with the engine Replayer's names (game, index,
    actions, at_end, next_action, step), so the replay screen shows it as it shows a record.

    Each position's game is rebuilt from its view only when it is looked at, so seeking far
    costs nothing but the last position.
    """

    def __init__(self, review: Review) -> None:
        self.review = review
        parsed: list[act.Action | None] = [None] * review.start
        for action, _, _ in review.steps:
            try:
                parsed.append(act.action_from_dict(action))
            except (ValueError, KeyError, TypeError):
                parsed.append(None)
        self.actions = parsed
        self.index = review.start
        self._game: Game | None = None
        self._game_index = -1
        self.opening: list[ev.Event] = []

    @property
    def game(self) -> Game:
        if self._game is None or self._game_index != self.index:
            view = self.review.base if self.index == self.review.start else \
                self.review.steps[self.index - self.review.start - 1][2]
            self._game = Game.from_dict(mirror_dict(view), seat_view=True)
            self._game_index = self.index
        return self._game

    @game.setter
    def game(self, value: Game) -> None:  # the replay screen's kept copies (never needed here)
        self._game, self._game_index = value, self.index

    @property
    def at_end(self) -> bool:
        return self.index >= len(self.actions)

    @property
    def next_action(self) -> act.Action | None:
        return None if self.at_end else self.actions[self.index]

    def step(self) -> list[ev.Event]:
        if self.at_end:
            raise ReplayError("the review has no more actions")
        _, events, _ = self.review.steps[self.index - self.review.start]
        self.index += 1
        return events_from_dicts(events)


class NetStory:
    """What this seat has been told of the story, and what to ask for next."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.entries: list[LogEntry] = []
        self.luck = LuckTable.for_players(seats)
        self.total = 0  # entries the server had at its last answer
        self.error: str | None = None
        self.matches = True
        self.told = False  # at least one answer has come
        self.seq = -1  # the table's sequence number at the last answer
        self.version = 0
        self.asked_at: float | None = None  # when the request in flight was sent
        self.last_ask = -1e9
        self.review: Review | None = None
        self.problem: str | None = None  # why the last page was dropped

    # -- asking ----------------------------------------------------------------------------------
    @property
    def complete(self) -> bool:
        return self.told and len(self.entries) >= self.total

    def due(self, seq: int, now: float) -> bool:
        """Whether to ask now: something new happened, nothing is in flight, not too often."""
        if self.asked_at is not None and now - self.asked_at < ANSWER_WAIT:
            return False
        if self.complete and self.seq >= seq:
            return False
        return now - self.last_ask >= ASK_EVERY

    def request(self, now: float, *, review: bool = False) -> dict[str, Any]:
        """The fields of the next "story" request (noting that it is in flight)."""
        self.asked_at = self.last_ask = now
        fields: dict[str, Any] = {"since": len(self.entries)}
        if review:
            fields["review"] = True
        elif self.review is not None and not self.review.complete:
            fields.update(review=True, review_from=self.review.start + len(self.review.steps),
                          review_end=self.review.end)
        return fields

    def more_wanted(self) -> bool:
        """A page has come but the log or the review has more: ask again at once."""
        return (self.told and len(self.entries) < self.total) or (
            self.review is not None and not self.review.complete)

    def refused(self, reason: str) -> None:
        """The server refused the last request: start again from nothing next time."""
        self.asked_at = None
        self.problem = reason
        self.entries, self.total, self.told = [], 0, False
        self.review = None
        self.version += 1

    # -- folding answers in ----------------------------------------------------------------------
    def absorb(self, msg: dict[str, Any]) -> bool:
        """Takes in one "story" message (already schema-checked); False if it was dropped."""
        self.asked_at = None
        since = msg["since"]
        if since > len(self.entries):
            return False  # an answer to an older request: ask again for what is missing
        try:
            entries = [entry_from_list(item, self.seats) for item in msg["entries"]]
            if any(e is None for e in entries):
                raise ValueError("a log entry has the wrong shape")
            luck = luck_from_dict(msg["luck"], self.seats)
            review = msg.get("review")
            if review is not None:
                self._absorb_review(review)
        except ValueError as exc:
            self.problem = f"The server's story could not be read: {exc}."
            self.review = None
            return False
        self.entries[since:] = [e for e in entries if e is not None]
        self.total, self.luck = msg["total"], luck
        self.error = msg.get("error")
        self.matches = msg["matches"]
        self.seq = max(self.seq, msg["seq"])
        self.told = True
        self.problem = None
        self.version += 1
        return True

    def _absorb_review(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise ValueError("the review is not an object")
        start, end, first, steps = (data.get(k) for k in ("start", "end", "from", "steps"))
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                   for v in (start, end, first)) or not isinstance(steps, list):
            raise ValueError("the review has the wrong shape")
        assert isinstance(start, int) and isinstance(end, int) and isinstance(first, int)
        base = data.get("base")
        if base is not None:
            if not isinstance(base, dict) or end < start:
                raise ValueError("the review's start has the wrong shape")
            self.review = Review(start, end, base)
        review = self.review
        if review is None or first != review.start + len(review.steps) \
                or first + len(steps) > review.end:
            raise ValueError("a review page does not follow the one before")
        view = review.steps[-1][2] if review.steps else review.base
        for step in steps:
            if not isinstance(step, list) or len(step) != 3 or not isinstance(step[0], dict) \
                    or not isinstance(step[1], list):
                raise ValueError("a review step has the wrong shape")
            view = apply_difference(view, step[2])
            review.steps.append((step[0], step[1], view))

    # -- for the screens -------------------------------------------------------------------------
    def chronicle(self, game: Game) -> NetChronicle:
        error = self.error
        if not self.told:
            error = self.problem or "Asking the server for the story of this game..."
        return NetChronicle(game, self.entries, self.luck, error, self.matches, self.version)
