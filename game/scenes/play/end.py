"""The end of a game on the play screen: the winning move shown, then the statistics.

The last attack's dice are shown to the end first. A won game then waits, with the board on
screen and a box naming the winner, until a player presses (so every human sees how the game
ended, even one that ended before their first turn); an abandoned game goes on at once; the
demo starts its next game after a pause.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.scenes.dialogs.boxes import MessageDialogScene
from game.scenes.play.gameover import GameOverScene
from game.scenes.play.narrate import WIN_REASONS

if TYPE_CHECKING:
    from game.scenes.base import Scene, SceneContext
    from game.engine import Game

WIN_PAUSE = 0.5         # the winner's last roll settles on the board before the box
ABANDON_PAUSE = 0.3
DEMO_RESTART_PAUSE = 4.0


class GameEnding:
    """Runs once the engine says the game is over; `update` each frame until it moves on."""

    def __init__(self, app: SceneContext, game: Game, *, demo: bool, showing: Callable[[], bool],
                 finish_show: Callable[[], None], autosave: Callable[[], None],
                 replace: Callable[[Scene], None], clear_of: Callable[[Any, tuple[str, ...]],
                                                                      None],
                 next_demo: Callable[[], Scene],
                 last_spots: Callable[[], tuple[str, ...]],
                 bring_into_view: Callable[[tuple[str, ...]], None]) -> None:
        self.app = app
        self.game = game
        self.demo = demo
        self.showing = showing
        self.finish_show = finish_show
        self.autosave = autosave
        self.replace = replace
        self.clear_of = clear_of
        self.next_demo = next_demo  # the attract mode's next game, on a fresh play screen
        self.last_spots = last_spots
        self.bring_into_view = bring_into_view
        self.timer: float | None = None
        self.asked = False

    def hurry(self) -> None:
        """A key or click: on to what comes next at once (the box still waits for its OK)."""
        self.finish_show()
        if self.timer is not None:
            self.timer = 0.0

    def update(self, dt: float, hurry: float = 1.0) -> None:
        if self.showing():
            return  # the winning move is shown to its end first
        if self.timer is None:
            if self.demo:
                self.timer = DEMO_RESTART_PAUSE
            else:
                self.timer = ABANDON_PAUSE if self.game.winner is None else WIN_PAUSE
            self.autosave()
            return
        self.timer -= dt * hurry
        if self.timer > 0 or self.asked:
            return
        if self.demo:
            self.asked = True
            self.replace(self.next_demo())
        elif self.game.winner is None:
            self.asked = True
            self.replace(GameOverScene(self.app, self.game))
        else:
            self.asked = True
            self._announce_winner()

    def winner_text(self) -> str:
        game = self.game
        winner = game.winner
        assert winner is not None
        reason = WIN_REASONS.get(game.end_reason or "", "wins")
        return (f"{game.players[winner].name} {reason} and wins the game "
                f"on turn {game.turn}!\nThe board shows the winning move.")

    def _announce_winner(self) -> None:
        dialog = MessageDialogScene(self.app, "VICTORY", self.winner_text(),
                                    lambda: self.replace(GameOverScene(self.app, self.game)))
        spots = self.last_spots()
        if spots:
            self.bring_into_view(spots)
            self.clear_of(dialog, spots)  # the winning move stays in view beside the box
        self.app.scenes.push(dialog)
