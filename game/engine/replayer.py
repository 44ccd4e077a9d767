"""Replaying a game's record: a fresh game stepped through the recorded actions. No pygame.

`Game.new(config, seed)` followed by the record's actions (record.py) gives the same game,
roll for roll: the replay screen steps through it, `--replay FILE --verify` checks that it
ends as saved, and the chronicle (the game log, luck, review) is read from it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.engine import events as ev
from game.engine.actions import Action
from game.engine.board import WorldMap
from game.engine.errors import IllegalActionError
from game.engine.game import Game
from game.engine.record import REPLAY_FAULTS, ReplayError


class Replayer:
    """Steps a fresh game through a record, one action at a time, giving each action's events.

    The first step gives the set-up's own events (dealing, first player) with no action.
    """

    def __init__(self, final: Game, board: WorldMap | None = None) -> None:
        if not final.record.from_start:
            raise ReplayError("this game's record does not start at the beginning of the game")
        self.actions: list[Action] = list(final.record.actions)
        self.game = Game.new(final.config, final.seed, board or final.board)
        self.index = 0
        self.opening: list[ev.Event] = list(self.game.opening_events)

    @property
    def at_end(self) -> bool:
        return self.index >= len(self.actions)

    @property
    def next_action(self) -> Action | None:
        return None if self.at_end else self.actions[self.index]

    def step(self) -> list[ev.Event]:
        """Applies the next recorded action; ReplayError if it is illegal here."""
        action = self.actions[self.index]
        try:
            events = self.game.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(f"action {self.index + 1} of {len(self.actions)} ({action!r}) "
                              f"is illegal on replay, turn {self.game.turn}: {exc}") from exc
        except REPLAY_FAULTS as exc:  # a hand-edited record the rules never meant to see
            raise ReplayError(f"action {self.index + 1} of {len(self.actions)} ({action!r}) "
                              f"cannot be replayed: {exc!r}") from exc
        self.index += 1
        return events

    def steps(self) -> Iterator[tuple[Action | None, list[ev.Event]]]:
        """(None, set-up events), then (action, its events) for every recorded action."""
        yield None, self.opening
        while not self.at_end:
            action = self.actions[self.index]
            yield action, self.step()


def replay_game(final: Game) -> Game:
    """The game rebuilt from `final`'s seed, config and record; ReplayError if it cannot be."""
    replayer = Replayer(final)
    while not replayer.at_end:
        replayer.step()
    return replayer.game


def state_differences(a: dict[str, Any], b: dict[str, Any], limit: int = 5) -> list[str]:
    """The top-level keys of two `to_dict` states that differ (for a readable verify message)."""
    keys = sorted(set(a) | set(b))
    return [k for k in keys if a.get(k) != b.get(k)][:limit]
