"""When the machine changes hands in a hot-seat game, and the "Pass to Alex" screen that hides
the board while it does.

With two or more humans at one machine a hand-over comes before each human's turn and
headquarters choice. Claiming and placing go round the table one territory at a time, so a
hand-over there would come forty times; instead, a human's secrets (mission, cards) asked for
during set-up open only behind a hand-over naming their owner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine import Phase
from game.scenes.play.pass_to import HandOverScene
from game.scenes.play.seats import SETUP_PHASES, TURN_PHASES

if TYPE_CHECKING:
    from game.scenes.play.face import PlaySceneFace


class HandOvers:
    """Reads the scene's game, seats and camera; pushes the hand-over screen when due."""

    def __init__(self, scene: PlaySceneFace) -> None:
        self.scene = scene

    def first_seat(self) -> None:
        """The screen opens (a new game, RESUME, a network game joined or resumed). With one
        human at this machine that human is already at it. With two or more, whoever started
        or resumed the game need not be the one to move, so a seat that would be handed the
        machine later in the game (a turn, a headquarters choice) is handed it now too, and
        before the board is first drawn (a push from `enter` lands in the same change of
        scenes). Set-up (claim, place) goes round the table without hand-overs, so a new
        game, which always opens there (a missions game after the mission screens, which call
        each player by name), starts as before. A Special Setup game opens on a turn or a
        headquarters choice, after the roll for the first player: its hand-over waits for the
        roll (`arrivals` pushes it then), or it would name the winner before the dice."""
        s = self.scene
        game = s.game
        pid = game.to_move
        if not game.is_over and s.seats.is_human(pid) and s.seats.needs_hand_over(game, pid):
            if s.first_roll is None:
                self.arrivals()
        else:
            s.seats.arrived(game)

    def arrivals(self) -> None:
        """A new seat is to move: hand the machine over, bring the map to the human."""
        s = self.scene
        game = s.game
        change = s.seats.arrival(game)
        if change is None:
            return
        left_human, pid = change
        if left_human is not None and game.phase in SETUP_PHASES:
            s.camera.keep()
        if pid is None:
            return
        s.helps.pointer_due = True  # their step begins: a pad's pointer comes onto the map
        if game.phase in SETUP_PHASES and s.camera.restore():
            pass
        elif game.phase in TURN_PHASES:
            s.camera.home(game.territories_of(pid), s.continents())
        if s.seats.needs_hand_over(game, pid):
            what = ("headquarters to choose" if game.phase == Phase.CHOOSE_HQ
                    else f"turn {game.turn}")
            self._push(pid, f"{game.players[pid].name}: your {what}.\n"
                            "Others, please look away.")

    def reveal(self, pid: int, what: str, show: Callable[[], None]) -> None:
        """Show `pid`'s secret `what` ("mission", "cards") now, or, in a hot-seat set-up
        (where no hand-over came before this seat's step), behind a hand-over naming them."""
        s = self.scene
        game = s.game
        if s.demo or not s.seats.hot_seat or game.phase not in SETUP_PHASES or (
                pid == game.to_move and s.seats.needs_hand_over(game, pid)):
            # (a headquarters choice began behind a hand-over to this seat: a second one,
            # "For Alex's eyes only", came before Alex's own card)
            show()
            return
        name = game.players[pid].name
        self._push(pid, f"For {name}'s eyes only: the {what}.\nOthers, please look away.",
                   on_ready=show)

    def _push(self, pid: int, detail: str, on_ready: Callable[[], None] | None = None) -> None:
        s = self.scene
        s.app.scenes.push(HandOverScene(s.app, s.game.players[pid].name, s.colours[pid],
                                        detail, on_ready=on_ready))
