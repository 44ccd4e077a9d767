"""The play screen's face to its parts, its menus and the tests: what they see of `PlayScene`.

`PlaySceneFace` is mixed into PlayScene (screen.py). It declares the parts and the state the
screen holds and the screen's own methods its parts call (commands, readouts, handovers and
menus each get the screen and annotate it with this class, so none of them imports the screen
that builds them), and it delegates the seats' and the turn controller's state and commands
by name (`scene.mode`, `scene.new_attack()`...). Only declarations and delegation live here;
each call goes to the part that does the job.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.engine import Game
    from game.engine import actions as act
    from game.savegame import LoadedSave
    from game.scenes.base import Scene, SceneContext
    from game.scenes.play.battle_show import BattlePresenter
    from game.scenes.play.board import ShownBoard
    from game.scenes.play.camera import Camera
    from game.scenes.play.end import GameEnding
    from game.scenes.play.first_roll import FirstRoll
    from game.scenes.play.prompts import HumanPrompts
    from game.scenes.play.seats import Seats
    from game.scenes.play.snap import Snapper
    from game.scenes.play.turns import TurnController
    from game.ui.mapview import MapMarks, MapView
    from game.ui.menubar import MenuBar
    from game.ui.messages import MessageArea
    from game.ui.palette import PlayerColour
    from game.ui.sidepanel import SidePanel


class PointerReadout(Protocol):
    """readouts.py's Readouts, as the commands use it."""

    def hover(self) -> None: ...


class CardMenu(Protocol):
    """menus.py's PlayMenus, as the commands use it."""

    def risk_card(self) -> None: ...


class MapHelp(Protocol):
    """map_helps.py's MapHelps, as the readouts and the hand-overs use it."""

    pointer_due: bool

    def beyond(self) -> tuple[tuple[str, PlayerColour], ...]: ...


class SecretReveals(Protocol):
    """handovers.py's HandOvers, as the menus use it."""

    def reveal(self, pid: int, what: str, show: Callable[[], None]) -> None: ...


class PlaySceneFace:
    """Mixed into PlayScene: what its parts, the menus (menus.py) and the tests use of it."""

    # -- what the screen holds (made in PlayScene.__init__) --------------------------------
    app: SceneContext
    game: Game
    demo: bool
    seats: Seats
    turns: TurnController
    prompts: HumanPrompts
    board: ShownBoard
    colours: list[PlayerColour]
    view: MapView
    panel: SidePanel
    messages: MessageArea
    menubar: MenuBar
    camera: Camera
    presenter: BattlePresenter
    snapper: Snapper
    ending: GameEnding
    first_roll: FirstRoll | None
    readouts: PointerReadout
    menus: CardMenu
    handovers: SecretReveals
    marks: MapMarks
    hover: str | None  # the territory under the pointer
    helps: MapHelp  # arrows to others' unseen moves, the occupation shown, the pointer
    wait: float  # what is left of a computer's pause
    cheating: bool
    announced_odds: tuple[float, str] | None
    save_name: str | None
    saves_dir: Path | None

    if TYPE_CHECKING:
        # The screen's own methods its parts call; PlayScene defines them.
        @property
        def is_choosing(self) -> bool: ...
        def perform(self, action: act.Action) -> bool: ...
        def refuse(self, text: str, holds: Callable[[], bool] | None = None) -> None: ...
        def confirm(self, text: str) -> None: ...
        def say(self, text: str, colour: tuple[int, int, int] = ...) -> None: ...
        def load(self, loaded: LoadedSave) -> None: ...
        def save_options(self) -> dict[str, Any]: ...
        def continents(self) -> dict[str, str]: ...
        def _replace(self, scene: Scene) -> None: ...

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
