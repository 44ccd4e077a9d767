"""The play screen: the map, the side panel and the message area, from placement to victory.

The scene only wires parts that each have one job:
  - `TurnController` (turns) and `HumanPrompts` (prompts): a human's intents and
    answers turned into engine actions;
  - `BattlePresenter` (battle_show): each action's events shown in order, dice roll by roll;
  - `Camera` (camera): the map follows what is shown, per Map Scroll;
  - `PlayCommands` (commands): what a press, Cancel, a snap or a skip does here;
  - `ShownBoard` (board): the one board the map, the player key and the status line read,
    brought level with the game as events are shown;
  - `ComputerSeats` (computer_seats), `Autosaver` (autosave), `HandOvers`
    (handovers): when the machine changes hands, and secrets kept behind a hand-over;
  - `MapHelps` (map_helps): arrows to others' set-up moves out of view, the armies an
    occupation being chosen leaves, a pad's pointer brought onto the map.
The scene asks the engine what is legal and applies actions; it holds no rule of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.audio import Sfx
from game.engine import Game, IllegalActionError
from game.engine import actions as act
from game.engine import events as ev
from game.input import CommandEvent
from game.savegame import AUTOSAVE_NAME, LoadedSave, is_reserved_name, save_game
from game.scenes.base import Scene
from game.scenes.play.battle_show import BattlePresenter
from game.scenes.play.camera import Camera, spots_of
from game.scenes.play.first_roll import FirstRoll
from game.scenes.play.autosave import Autosaver
from game.scenes.play.commands import PlayCommands
from game.scenes.play.board import ShownBoard, Snapshot
from game.scenes.play.computer_seats import ComputerSeats, pause_after
from game.scenes.play.demo import DEMO_NAMES, DEMO_TYPES, demo_game, next_demo_seed
from game.scenes.play.end import GameEnding
from game.scenes.play.face import PlaySceneFace
from game.scenes.play.handovers import HandOvers
from game.scenes.play.layout import (
    game_title,
    map_art,
    place_clear_of,
    player_colour,
    show_battlefield,
)
from game.scenes.play.snap import Snapper
from game.scenes.play.map_helps import MapHelps
from game.scenes.play.menus import PlayMenus
from game.scenes.play.narrate import Line, narrate_each
from game.scenes.play.prompts import HumanPrompts, message_area
from game.scenes.play.readouts import Readouts
from game.scenes.play.seats import SETUP_PHASES, TURN_PHASES, Seats
from game.scenes.play.status import odds_for, panel_info
from game.scenes.play.turns import ATTACK_MODES, TurnController
from game.ui import palette
from game.ui.mapview import MapMarks, MapView
from game.ui.menubar import MenuBar
from game.ui.pointers import PointerKind
from game.ui.sidepanel import PanelInfo, SidePanel

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.scenes.base import SceneContext

__all__ = ["DEMO_NAMES", "DEMO_TYPES", "PlayScene", "demo_game", "map_art", "place_clear_of",
           "player_colour", "start_demo"]

HURRY_FACTOR = 10.0
SPEEDS = ("normal", "fast", "instant")
CONFIRM_SECONDS = 4.0


class PlayScene(PlaySceneFace, Scene):
    """The main screen where a whole game is played."""

    saves_dir: Path | None = None  # None: the savegame default; tests point it elsewhere

    def __init__(self, app: SceneContext, game: Game, *, save_name: str | None = None,
                 demo: bool = False, options: dict[str, Any] | None = None) -> None:
        """`options` is a save's options dict (the attack mode toggles), when resuming."""
        super().__init__(app)
        self.game = game
        # the save this game came from, said once it is open ("Game loaded from ...")
        self.loaded_from = save_name
        # the name Save Game offers: the game's own files are never offered (a game loaded
        # from the autosave offered "autosave", which SAVE then refused)
        self.save_name = None if save_name is None or is_reserved_name(save_name) else save_name
        self.demo = demo
        self.demo_fast = False
        fonts = app.fonts
        overlays = getattr(app.assets, "map_overlays", None)
        if overlays is None:
            overlays = {}
            app.assets.map_overlays = overlays  # type: ignore[attr-defined]
        self.view = MapView(map_art(app), fonts, overlays=overlays)
        self.view.prepare()
        self.panel = SidePanel(fonts)
        self.messages = message_area(app)
        self.colours = [player_colour(p.colour) for p in game.players]
        self.seats = Seats(game, demo)
        self.board = ShownBoard(len(game.players), game)
        self.presenter = BattlePresenter(
            self.panel.dice, self.board, self.colours,
            lambda events: narrate_each(self.game, events, self.is_human), self._tell, app.play)
        self.camera = Camera(self.view)
        self.turns = TurnController(app, game, self)
        self.helps = MapHelps(self)
        self.prompts = HumanPrompts(app, game, self.turns, self.clear_of,
                                    lambda src, tgt: show_battlefield(self.view, src, tgt),
                                    preview=self.helps.preview)
        self.computers = ComputerSeats(game, lambda text: self.messages.add(text, palette.AMBER),
                                       lambda text: self.messages.add(text, palette.CREAM))
        self.autosaver = Autosaver(self._write_autosave)
        self.snapper = Snapper(self.view, self.turns, lambda tid: self.view.badge(
            self.board.armies.get(tid, 1), self.colours[self.board.owner.get(tid) or 0]
        ).get_width())
        self.last_spots: tuple[str, ...] = ()
        self.readouts = Readouts(self)
        self.handovers = HandOvers(self)
        self.ending = GameEnding(app, game, demo=demo, showing=lambda: self.presenter.busy,
                                 finish_show=self.presenter.finish, autosave=self.autosave,
                                 replace=self._replace, clear_of=self.clear_of,
                                 next_demo=lambda: start_demo(app, next_demo_seed(self.game.seed),
                                                              self.demo_fast),
                                 last_spots=lambda: self.last_spots,
                                 bring_into_view=lambda spots: self.view.show(*spots,
                                                                              smooth=False))
        self.menus = PlayMenus(self)
        self.menubar = MenuBar(fonts, self.menus.build(), right_text=self._title(),
                               on_choose=lambda item: app.play(Sfx.CLICK),
                               on_refuse=lambda item: self.refuse("Not possible now."))
        self.wait = 0.0
        self.marks = MapMarks()
        self.hover: str | None = None
        self.cheating = False  # a Cheat was used: the computers' secrets may be shown
        self.announced_odds: tuple[float, str] | None = None
        self._odds_done = False
        self._pending_load: LoadedSave | None = None
        self._replacing = False
        self.first_roll: FirstRoll | None = None  # who goes first, shown at a new game
        self.commands = PlayCommands(self)
        if options:
            self.apply_loaded_options(options)

    def _title(self) -> str:
        return game_title(self.game, self.demo)

    def adopt_game(self, game: Game) -> None:
        """Show `game` from now on in place of the one this screen was made with: every part
        that reads the game is pointed at it. A network game's mirror is rebuilt from each
        view the server sends; the shown board catches up once nothing is being shown."""
        self.game = game
        for part in (self.seats, self.turns, self.prompts, self.computers, self.ending):
            part.game = game

    # -- lifecycle ---------------------------------------------------------------------
    def enter(self) -> None:
        for notice in self.app.take_notices():
            self.messages.add(notice, palette.AMBER)
        game = self.game
        if game.opening_events and not game.record.actions:  # a new game (Special Setup: turn 1)
            if any(isinstance(e, ev.TerritoryClaimed) for e in game.opening_events):
                self.messages.add("The territories are dealt at random.", palette.CREAM)
            first = next((e.player for e in game.opening_events
                          if isinstance(e, ev.FirstPlayerChosen)), None)
            if first is not None and self.speed != "instant":
                self.first_roll = FirstRoll([p.name for p in game.players], self.colours,
                                            [i for i, p in enumerate(game.players)
                                             if not p.is_neutral], first, game.seed, self.speed)
            hidden = (ev.TerritoryClaimed, ev.ArmiesPlaced) + (
                (ev.FirstPlayerChosen,) if self.first_roll else ())
            opening = [e for e in game.opening_events if not isinstance(e, hidden)]
            self.show_events(opening)
        else:
            self.say_resumed()
        self.handovers.first_seat()  # "Pass to" first when two humans share the machine
        self.camera.home(game.territories_of(game.to_move), self.continents())
        self.autosave()  # before turn 1 too: a crash in set-up loses nothing

    def say_resumed(self) -> None:
        """A game carried on from a save: a loaded one is confirmed as a save is ("Game saved
        as ..."), in a band that stays a few seconds, naming the save it came from."""
        game = self.game
        where = f"turn {game.turn}, {game.players[game.current].name} to play."
        if self.loaded_from is None:
            self.messages.add(f"Game resumed: {where}", palette.CREAM)
            return
        source = ("the automatic save" if self.loaded_from == AUTOSAVE_NAME
                  else self.loaded_from)
        self.confirm(f"Game loaded from {source}: {where}")

    def resume(self) -> None:
        self.prompts.forget_guide()

    def pause(self) -> None:
        self.messages.status = ""  # a dialog on top: the status line says nothing under it

    def on_quit(self) -> None:
        self.autosave()

    def continents(self) -> dict[str, str]:
        board = self.game.board
        return {t: board.territories[t].continent for t in board.territories}

    # -- saving ------------------------------------------------------------------------
    def save_options(self) -> dict[str, Any]:
        """What a save keeps besides the game: the attack mode toggles."""
        return {"attack_mode": self.attack_mode}

    def autosave(self) -> None:
        """Write saves/autosave.json now so a game is never lost (never for a demo)."""
        self.autosaver.flush()

    def _write_autosave(self) -> None:
        if self.demo:
            return
        try:
            save_game(self.game, AUTOSAVE_NAME, self.saves_dir, options=self.save_options())
        except OSError as exc:
            self.messages.add(f"Autosave failed: {exc.strerror or exc}.", palette.AMBER)

    def apply_loaded_options(self, options: dict[str, Any]) -> None:
        mode = options.get("attack_mode")
        if mode in ATTACK_MODES:
            self.attack_mode = mode

    def load(self, loaded: LoadedSave) -> None:
        """Replace this screen with the loaded game (deferred until this scene is on top)."""
        self._pending_load = loaded

    # -- ports the parts use ---------------------------------------------------------------
    def refuse(self, text: str, holds: Callable[[], bool] | None = None) -> None:
        """Say no so it is seen: a sound, and a highlighted line until the next action or the
        next step (or, with `holds`, until that is no longer true).

        Clearing on an action alone let a refusal outlive a step begun without one: X (free
        move), New Attack or a turn passing left "Greenland has only 1 army" standing over
        the new step's instruction. The step is read anew each frame (a network screen swaps
        in a fresh mirror game with every move)."""
        self.app.play(Sfx.REFUSAL)
        refused_at = self.turns.step()

        def still_this_step() -> bool:
            return self.turns.step() == refused_at and (holds is None or holds())

        self.messages.alert(text, holds=still_this_step)

    def confirm(self, text: str) -> None:
        """A confirmation ("Game saved as ...") that stays readable for a few seconds."""
        self.messages.alert(text, palette.WHITE, band=palette.SELECT_BLUE, seconds=CONFIRM_SECONDS)

    def say(self, text: str, colour: tuple[int, int, int] = palette.WHITE) -> None:
        self.messages.add(text, colour)

    def tell_device(self, text: str) -> bool:
        """A pad came or went (the App tells it, even under a dialog): on the first line for a
        few seconds, over any refusal still standing there (with the pad gone, no next action
        would ever take that down and the player would not see why nothing answers)."""
        self.confirm(text)
        return True

    def _tell(self, line: Line) -> None:
        self.messages.add(line.text, line.colour)

    def clear_of(self, dialog: Any, tids: tuple[str, ...]) -> None:
        place_clear_of(dialog, self.view, tids)

    def announce(self, source: str, target: str) -> None:
        """Say who attacks what, and keep the odds the attack began with on the panel."""
        self._announce_attack(source, target)

    def _announce_attack(self, source: str, target: str) -> None:
        game = self.game
        name = game.board.territory_name
        attacker = game.players[game.owner[source] or 0].name
        odds = odds_for(game, self.board, source, target)
        if odds is not None:
            self.announced_odds = odds
        self.messages.add(f"{attacker} attacks {name(target)} ({game.armies[target]}) "
                          f"from {name(source)} ({game.armies[source]})")

    # -- acting ------------------------------------------------------------------------
    def perform(self, action: act.Action) -> bool:
        """Apply an action; an illegal one is refused with the engine's words."""
        game = self.game
        actor = game.to_move
        before = Snapshot(game)
        try:
            events = game.apply(action)
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return False
        self.show_events(events, before=before, actor=actor)
        if self.is_human(actor) and not self.demo:
            self.messages.clear_alert()  # the next action: a refusal has been read
            self.wait = 0.0  # a human has acted: a computer's last pause is over
            self.autosaver.request()
        return True

    def absorb(self, events: list[ev.Event], *, autosave: bool = True) -> None:
        """Show events that did not come from `perform` (tests, the opening events)."""
        self.show_events(events, autosave=autosave)

    def show_events(self, events: list[ev.Event], *, before: Snapshot | None = None,
                    actor: int | None = None, autosave: bool = True) -> None:
        """Hand one action's events to the parts that show them."""
        game = self.game
        self.commands.animation_frame = self.app.frame
        has_rolls = self.presenter.show(events, game, self.speed, before)
        for e in events:
            if isinstance(e, ev.TurnStarted):
                self.turns.reset()
                self.presenter.clear()
                self.announced_odds, self._odds_done = None, False
                self.prompts.cards_offered = None
                if autosave:
                    self.autosaver.flush()
            elif isinstance(e, ev.TerritoryConquered):
                self.turns.cancel_selection()
                if self.is_human(e.player):  # its odds go once its dice have been shown
                    self._odds_done = True
            elif isinstance(e, ev.DefenceRequested) and not has_rolls:
                self.panel.dice.new_attack(e.source, e.target,
                                           f"Attack on\n{game.board.territory_name(e.target)}")
            elif isinstance(e, ev.CheatUsed):
                self.cheating = True
            elif isinstance(e, ev.GameExtended):
                self.menubar.right_text = self._title()
        self.last_spots = spots_of(events) or self.last_spots
        self.helps.note(events, actor)
        if actor is not None and (self.demo or self.is_computer(actor)):
            self.camera.follow(events, self.app.settings.map_scroll, self.speed)

    @property
    def speed(self) -> str:
        level = self.app.settings.fast_game
        level = level if level in SPEEDS else "normal"
        if self.demo and self.demo_fast and level == "normal":
            return "fast"
        return level

    @property
    def is_showing_battle(self) -> bool:
        return self.presenter.busy

    # -- the frame ---------------------------------------------------------------------
    @property
    def wants_navigation(self) -> bool:  # type: ignore[override]
        return self.menubar.is_open

    @property
    def pointer(self) -> PointerKind:  # type: ignore[override]
        if self.menubar.is_open:
            return PointerKind.SWORD
        if not self.game.is_over and self.is_computer(self.game.to_move):
            return PointerKind.CANNON
        if self.view.rect.collidepoint(self.app.input.pointer) and self.is_choosing:
            return PointerKind.COMPASS
        return PointerKind.SWORD

    @property
    def is_choosing(self) -> bool:
        """A human is to pick a territory on the map now."""
        game = self.game
        if game.is_over or not self.is_humans_move:
            return False
        return game.phase in SETUP_PHASES | TURN_PHASES

    def handle(self, command: CommandEvent) -> None:
        self.commands.handle(command)

    def snap_candidates(self) -> list[str]:
        """The territories the pointer jumps between now (keys and pads)."""
        return self.snapper.candidates(self.app.input.pointer)

    def update(self, dt: float) -> None:
        if self._pending_load is not None and not self._replacing:
            loaded, self._pending_load = self._pending_load, None
            self._replace(PlayScene(self.app, loaded.game, save_name=loaded.name,
                                    options=loaded.options))
            return
        if self.is_choosing and self.wait <= 0 and self.view.is_scrolling:
            self.view.target = None  # a human is choosing: the map stays under their pointer
        self.camera.update(dt)
        self.messages.update(dt)
        self.autosaver.update(dt)
        hurry = HURRY_FACTOR if self.app.input.is_hurrying else 1.0
        if self.presenter.busy:
            self.presenter.update(dt, hurry)
        else:
            self.panel.update(dt)
            if not self.board.matches(self.game):
                self.board.sync(self.game)  # nothing is being shown: the map is the game's
            if self._odds_done:
                self.announced_odds, self._odds_done = None, False
        self.readouts.hover()
        if self._replacing:
            return
        if self.game.is_over:
            self.ending.update(dt, hurry)
            self._update_readouts()
            return
        if self.first_roll is not None:
            self.first_roll.update(dt * hurry)
            if self.first_roll.done:
                self.messages.add(self.first_roll.text(), palette.CREAM)
                self.first_roll = None
        if self.first_roll or self.presenter.busy or self._computer_pause(dt, hurry):
            self._update_readouts()  # an action is still on show: nobody moves yet
            return
        self.handovers.arrivals()
        if self._replacing or self.app.scenes.top is not self:
            self._update_readouts()
            return
        if self.is_computer(self.game.to_move):
            self.computer_step()
        else:
            self.human_step()
        self._update_readouts()

    def _computer_pause(self, dt: float, hurry: float) -> bool:
        """True while a computer's last action stays on screen (the pause starts once the
        map has arrived there, so Jump is quicker than Scroll)."""
        if self.wait <= 0:
            return False
        if self.camera.moving and hurry == 1.0:
            return True
        self.wait -= dt * hurry
        return self.wait > 0

    def _update_readouts(self) -> None:
        self.readouts.update()
        self._update_prompt()

    def _update_prompt(self) -> None:
        if self.is_choosing and self.prompts.pinned():
            self.messages.prompt = (self.prompts.prompt_template(), palette.CREAM)
        else:
            self.messages.prompt = None

    def draw(self, surface: pygame.Surface) -> None:
        board = self.board
        self.view.draw(surface, board.owner, self.helps.shown_armies(), dict(enumerate(self.colours)),
                       self.marks, patterned=self.app.settings.colour_blind)
        self.panel.draw(surface, self.game, self.colours, self._panel_info(),
                        patterned=self.app.settings.colour_blind)
        if self.first_roll is not None:
            self.first_roll.draw(surface, self.app.fonts, self.view.rect)
        self.messages.draw(surface)
        self.menubar.draw(surface)

    def _panel_info(self) -> PanelInfo:
        return panel_info(self.game, self.board, self.viewer,
                          moving=self.mode in ("move_from", "move_to"))

    def human_step(self) -> None:
        """A human is to move: ask what the engine waits for (a network game holds back
        while its last action is on its way to the server)."""
        self.helps.human_step()
        self.prompts.step()

    # -- computer seats ----------------------------------------------------------------
    def computer_step(self) -> None:
        """One decision of the computer to move, shown and then paced by Fast Game."""
        game = self.game
        pid = game.to_move
        phase = game.phase
        action = self.computers.next_action(pid)
        if action is None:
            return  # the general thinks on (the window keeps drawing)
        if isinstance(action, act.Attack):
            self.announce(action.source, action.target)
            self.turns.source, self.turns.target = action.source, action.target
            self.turns.last_attack = (action.source, action.target, action.dice)
        if not self.perform(action):
            self.perform(self.computers.stand_in(pid))
        self.wait = pause_after(action, phase, self.speed)

    def _replace(self, scene: Scene) -> None:
        self._replacing = True
        self.app.scenes.replace(scene)


def start_demo(app: SceneContext, seed: int, fast: bool) -> Scene:
    """The attract mode: computers play every seat; a new game follows each victory."""
    scene = PlayScene(app, demo_game(seed), demo=True)
    scene.demo_fast = fast
    return scene
