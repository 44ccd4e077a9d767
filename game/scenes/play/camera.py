"""The camera of the play screen: where the map looks, following what is shown.

Each computer claim, placement, attack and move is brought into view as it is shown, by a
smooth scroll or a jump (the Map Scroll option; Instant always jumps). At the start of a
human's turn the map returns to that player's own territories; during set-up it returns to the
spot the human left, so a click lands where they expect. It only moves the `MapView`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine import events as ev
from game.ui.mapview import MapView


def spots_of(events: Sequence[ev.Event]) -> tuple[str, ...]:
    """The territories the last shown event in `events` happened on."""
    spots: tuple[str, ...] = ()
    for e in events:
        if isinstance(e, (ev.DefenceRequested, ev.DiceRolled, ev.BattleResolved,
                          ev.TerritoryConquered, ev.ArmiesMoved, ev.AttackStopped)):
            spots = (e.source, e.target)
        elif isinstance(e, (ev.ArmiesPlaced, ev.TerritoryClaimed, ev.NeutralReinforced,
                            ev.CardBonus, ev.CheatUsed)):
            spots = (e.territory,)
    return spots


class Camera:
    """Moves a MapView to the action (`follow`) and back to a human (`home`, `restore`)."""

    def __init__(self, view: MapView) -> None:
        self.view = view
        self._kept: tuple[float, float] | None = None
        self._steered = False

    @property
    def moving(self) -> bool:
        return self.view.is_scrolling

    def follow(self, events: Sequence[ev.Event], map_scroll: str, speed: str) -> bool:
        """Bring the events' territories into view; True if the map has to travel there."""
        spots = spots_of(events)
        self._steered = False  # a new action on show: the human's aim no longer holds
        if not spots:
            return False
        self.view.show(*spots, smooth=map_scroll == "scroll" and speed != "instant")
        return self.view.is_scrolling

    def steer(self) -> None:
        """A human aimed the pointer (a snap) while the map was still on someone else's
        action: the map arrives now and stays there, so the aimed press lands where it was
        aimed instead of the map being brought home under the pointer afterwards."""
        self.stop()
        self._kept = None
        self._steered = True

    def keep(self) -> None:
        """Remember where a human left the map (set-up: their next click lands the same)."""
        self._kept = (self.view.x, self.view.y)

    def restore(self) -> bool:
        """Back to the remembered spot, at once; False if nothing was remembered."""
        if self._kept is None:
            return self._take_steered()
        self.view.target = None
        self.view.x, self.view.y = self._kept
        self._kept = None
        return True

    def home(self, territories: Iterable[str], continent_of: dict[str, str]) -> None:
        """Centre (at once) on a player's territories: the continent they hold most of."""
        own = list(territories)
        if self._take_steered() or not own:
            return
        groups: dict[str, list[str]] = {}
        for tid in own:
            groups.setdefault(continent_of.get(tid, ""), []).append(tid)
        best = max(groups.values(), key=len)
        if any(self.view.is_in_view(t) for t in best) and \
                sum(self.view.is_in_view(t) for t in own) * 2 >= len(best):
            self.view.target = None
            return  # already looking at them
        art = self.view.art
        points = [art.anchor(t) for t in best]
        self.view.centre_on((sum(p[0] for p in points) // len(points),
                             sum(p[1] for p in points) // len(points)))

    def _take_steered(self) -> bool:
        steered, self._steered = self._steered, False
        return steered

    def stop(self) -> None:
        """Arrive at once (a key pressed to hurry)."""
        view = self.view
        if view.target is not None:
            view.x, view.y = view.target
            view.target = None

    def update(self, dt: float) -> None:
        self.view.update(dt)
