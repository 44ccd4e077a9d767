"""The missions screen at the start of a network game: each player sees only their own mission.

In a local UK short game every human at the machine is called in turn to read their card (and
may first ask to see the computers' missions). At a network game's machine sit only its own
seats, and the view the server sends holds no other seat's mission, so the same screen calls
just those seats, in turn order, with no question about the others' cards. The mission can be
read again at any time on the RISK card, as in a local game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from game.scenes.setup.missions import MissionRevealScene

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game


class NetworkMissionRevealScene(MissionRevealScene):
    """The mission card of each seat played at this machine, and no one else's."""

    def __init__(self, app: SceneContext, game: Game, seats: Iterable[int],
                 on_done: Callable[[], None]) -> None:
        super().__init__(app, game, on_done)
        local = set(seats)
        order = [p for p in game.turn_order_from(game.first_player) if p in local]
        self.humans = order
        self.viewers = list(order)
        self.computers = []  # the others' missions never reach this machine: nothing to ask
        self.stage = "call"


def reveals_missions(state: dict[str, object], game: Game) -> bool:
    """True for the first view of a new missions game (it carries the game's opening events);
    a view sent after a reconnection does not, and the mission is on the RISK card then."""
    return "events" in state and game.objective == "missions" and not game.is_over
