"""The play screen's face to its menus and tests: the seats' and the turn controller's state
and commands, reached through the scene by name (`scene.mode`, `scene.new_attack()`...).

Only delegation lives here; each call goes to the part that does the job.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Game
    from game.scenes.play.prompts import HumanPrompts
    from game.scenes.play.seats import Seats
    from game.scenes.play.turns import TurnController


class PlaySceneFace:
    """Mixed into PlayScene: names the menus (menus.py) and the tests use."""

    game: Game
    seats: Seats
    turns: TurnController
    prompts: HumanPrompts
    cheating: bool
    announced_odds: tuple[float, str] | None

    # -- seats (delegated) ---------------------------------------------------------------
    def is_computer(self, pid: int) -> bool:
        return self.seats.is_computer(pid)

    def is_human(self, pid: int) -> bool:
        return self.seats.is_human(pid)

    @property
    def humans(self) -> list[int]:
        return self.seats.humans

    @property
    def is_humans_move(self) -> bool:
        return self.seats.is_humans_move

    def human_to_move(self) -> bool:
        return self.seats.is_humans_move

    @property
    def viewer(self) -> int | None:
        """Whose secrets the screen may show now (None: nobody's)."""
        return self.seats.viewer(self.cheating)

    # -- the turn controller's state, as menus and tests read it ---------------------------
    @property
    def mode(self) -> str:
        return self.turns.mode

    @mode.setter
    def mode(self, value: str) -> None:
        self.turns.mode = value

    @property
    def source(self) -> str | None:
        return self.turns.source

    @source.setter
    def source(self, value: str | None) -> None:
        self.turns.source = value

    @property
    def target(self) -> str | None:
        return self.turns.target

    @target.setter
    def target(self, value: str | None) -> None:
        self.turns.target = value

    @property
    def last_attack(self) -> tuple[str, str, int] | None:
        return self.turns.last_attack

    @property
    def attack_mode(self) -> str:
        return self.turns.attack_mode

    @attack_mode.setter
    def attack_mode(self, value: str) -> None:
        self.turns.set_attack_mode(value)

    def select(self, tid: str) -> None:
        self.turns.select(tid)

    def new_attack(self) -> None:
        self.announced_odds = None
        self.prompts.forget_guide()
        self.turns.new_attack()

    def repeat_attack(self) -> None:
        self.turns.repeat_attack()

    def free_move(self) -> None:
        self.announced_odds = None
        self.turns.free_move()

    def cancel_selection(self) -> None:
        self.announced_odds = None
        self.prompts.forget_guide()
        self.turns.cancel_selection()

    def end_turn(self) -> None:
        self.turns.end_turn()

    def offer_cards(self, *, forced: bool) -> None:
        self.prompts.offer_cards(forced=forced)

    def prompt_text(self) -> str:
        return self.prompts.prompt_text()
