"""Snapping: Tab / Shift+Tab (pad shoulder buttons) move the pointer between the territories
the current step accepts, nearest first from where the pointer was, round and round.

The pointer parks on the territory beside its army badge, so the number stays readable.
"""

from __future__ import annotations

from collections.abc import Callable

from game.scenes.play.layout import park_beside
from game.scenes.play.turns import TurnController
from game.ui.mapview import MapView

HERE = ""  # the pointer's own spot in a cycle that began off any accepted territory


class Snapper:
    """Keeps one cycle of territories while the accepted set stays the same."""

    def __init__(self, view: MapView, turns: TurnController,
                 badge_width: Callable[[str], int]) -> None:
        self.view = view
        self.turns = turns
        self.badge_width = badge_width
        self.cycle: list[str] = []

    def candidates(self, pointer: tuple[int, int]) -> list[str]:
        """The territories a press could mean now, nearest first from the pointer."""
        return self.turns.snap_order(self.view.anchor_on_screen, pointer)

    def next(self, pointer: tuple[int, int], step: int) -> tuple[str, tuple[int, int]]:
        """The next territory (`step` 1) or the previous (-1), and where the pointer parks."""
        view = self.view
        current = view.territory_at(pointer)
        accepted = set(self.turns.accepted()) or set(self.turns.game.board.territories)
        cycle = self.cycle
        if current not in cycle or set(cycle) - {HERE} != accepted:
            cycle = self.candidates(pointer)
            if current in cycle:  # start from where the pointer is
                cycle.remove(current)
                cycle.insert(0, current)
            else:
                cycle.insert(0, HERE)  # the first step goes to the nearest
            self.cycle = cycle
        index = (cycle.index(current if current in cycle else HERE) + step) % len(cycle)
        if cycle[index] == HERE:
            index = (index + step) % len(cycle)
        tid = cycle[index]
        if not view.is_in_view(tid, 24):
            view.target = None
            view.centre_on(view.art.anchor(tid))
        return tid, park_beside(view, tid, self.badge_width(tid))
