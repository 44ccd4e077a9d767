"""The board as the screen shows it: owners and armies, one step behind the engine at times.

The engine decides a whole attack at once; the screen tells it roll by roll. The map badges,
the player key and the pointer's status line all read this one `ShownBoard`, so they always
agree with each other and with the dice on screen, and never give away a result early. It is
brought level with the game whenever an event has been shown (`sync`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class BoardSource(Protocol):
    """What the shown board copies from: the engine's `Game` (owners and armies by territory)."""

    owner: Mapping[str, int | None]
    armies: Mapping[str, int]


class ShownBoard:
    """Owners and armies per territory as drawn now, with per-player totals."""

    def __init__(self, players: int, source: BoardSource) -> None:
        self.players = players
        self.owner: dict[str, int | None] = {}
        self.armies: dict[str, int] = {}
        self.sync(source)

    def sync(self, source: BoardSource) -> None:
        """Show the board exactly as `source` has it (everything up to now has been shown)."""
        self.owner = dict(source.owner)
        self.armies = dict(source.armies)

    def lose(self, territory: str, count: int) -> None:
        """One roll's losses on one territory (never below one army: it is still held)."""
        if territory in self.armies and count:
            self.armies[territory] = max(1, self.armies[territory] - count)

    def matches(self, source: BoardSource) -> bool:
        return self.owner == dict(source.owner) and self.armies == dict(source.armies)

    def territory_count(self, pid: int) -> int:
        return sum(1 for owner in self.owner.values() if owner == pid)

    def army_count(self, pid: int) -> int:
        return sum(self.armies[t] for t, owner in self.owner.items() if owner == pid)

    def totals(self) -> tuple[list[int], list[int]]:
        """(territories, armies) per player, as the player key shows them."""
        territories = [0] * self.players
        armies = [0] * self.players
        for tid, owner in self.owner.items():
            if owner is not None and 0 <= owner < self.players:
                territories[owner] += 1
                armies[owner] += self.armies[tid]
        return territories, armies


class Snapshot:
    """Owners and armies as they were before an action (where a count-down starts)."""

    def __init__(self, source: BoardSource) -> None:
        self.owner = dict(source.owner)
        self.armies = dict(source.armies)
