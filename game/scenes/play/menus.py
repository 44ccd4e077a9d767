"""The six menus of the play screen (manual pp.34-37) and what each item does.

Every item's `enabled` and `checked` ask the engine or the settings when the menu is drawn,
so a dimmed item always means "not possible now".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine import ArmyChoice, IllegalActionError, Phase
from game.engine import actions as act
from game.engine.config import DEFAULT_ARMY_LIMIT, HARD_ARMY_LIMIT, MIN_ARMY_LIMIT
from game.input import Command
from game.scenes.dialogs.boxes import (
    ChoiceDialogScene,
    ConfirmDialogScene,
    NumberDialogScene,
)
from game.scenes.play.cards import CardExchangeScene
from game.scenes.dialogs.files import ResumeGameScene, SaveGameScene
from game.scenes.info.help import ContinentsScene, HelpScene
from game.scenes.menu_items import network_items
from game.scenes.info.menu_screens import (
    BattlesInfoScene,
    CardsInfoScene,
    FullMapScene,
    KeyScene,
    RiskCardScene,
    TerritoriesInfoScene,
)
from game.scenes.info.credits import CreditsScene
from game.scenes.info.gamelog import GameLogScene
from game.scenes.info.luck import LuckScene
from game.scenes.info.review import review_scene
from game.settings import FAST_GAME_LEVELS
from game.ui import palette
from game.ui.menubar import Menu, MenuItem, separator

if TYPE_CHECKING:
    from game.scenes.base import Scene
    from game.scenes.play.face import PlaySceneFace

OWN_TURN_PHASES = frozenset({Phase.REINFORCE, Phase.ATTACK, Phase.FORTIFY})
SECRET_REFUSAL = "Cards and missions are shown to their owner in their own turn."


class PlayMenus:
    """Builds the menu bar of the play screen and carries out its items."""

    def __init__(self, scene: PlaySceneFace) -> None:
        self.scene = scene
        self.app = scene.app

    # -- helpers -----------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.scene.game

    def _push(self, scene: Scene) -> None:
        self.app.scenes.push(scene)

    def _human_turn(self) -> bool:
        game = self.game
        return (not game.is_over and game.phase in OWN_TURN_PHASES
                and self.scene.is_human(game.current))

    def _variant(self, name: str) -> Callable[[], None]:
        def toggle() -> None:
            value = not getattr(self.game.variants, name)
            self.scene.perform(act.SetVariant(name, value))
        return toggle

    def _variant_possible(self, name: str) -> bool:
        value = not getattr(self.game.variants, name)
        return self.game.is_legal(act.SetVariant(name, value))

    def _setting(self, name: str, label: str) -> Callable[[], None]:
        def toggle() -> None:
            value = not getattr(self.app.settings, name)
            self.app.change_settings(**{name: value})
            self.scene.messages.add(f"{label} {'on' if value else 'off'}.", palette.CREAM)
        return toggle

    def _choose(self, name: str, value: str, label: str) -> Callable[[], None]:
        def act_() -> None:
            self.app.change_settings(**{name: value})
            self.scene.messages.add(f"{label}: {value.capitalize()}.", palette.CREAM)
        return act_

    def _attack_mode(self, mode: str) -> Callable[[], None]:
        def toggle() -> None:
            scene = self.scene
            scene.attack_mode = "single" if scene.attack_mode == mode else mode
            label = {"continuous": "Continuous Attack", "do_or_die": "Do Or Die Attack"}[mode]
            scene.messages.add(f"{label} {'on' if scene.attack_mode == mode else 'off'}.",
                               palette.CREAM)
        return toggle

    # -- the bar -----------------------------------------------------------------------
    def build(self) -> list[Menu]:
        scene = self.scene
        s = lambda: self.app.settings  # noqa: E731 - read fresh each time the menu is drawn
        g = lambda: self.game  # noqa: E731
        attack_phase = lambda: self._human_turn() and g().phase == Phase.ATTACK  # noqa: E731
        return [
            Menu("RISK", [
                MenuItem("About Conquest", self.about),
                MenuItem("Help", self.help, hotkey="F1", command=Command.HELP),
            ]),
            Menu("FILE", [
                MenuItem("New Game...", self.new_game),
                MenuItem("Save Game...", self.save, enabled=lambda: not scene.demo),
                MenuItem("Resume Game...", self.resume_game),
                *network_items(self.app),
                separator(),
                MenuItem("Shutdown", self.shutdown),
            ]),
            Menu("PLAY", [
                MenuItem("New Attack", scene.new_attack, hotkey="N", command=Command.NEW_ATTACK,
                         enabled=attack_phase),
                MenuItem("Repeat Attack", scene.repeat_attack, hotkey="R",
                         command=Command.REPEAT_ATTACK,
                         enabled=lambda: attack_phase() and scene.last_attack is not None),
                MenuItem("Continuous Attack", self._attack_mode("continuous"),
                         checked=lambda: scene.attack_mode == "continuous"),
                MenuItem("Do Or Die Attack", self._attack_mode("do_or_die"),
                         checked=lambda: scene.attack_mode == "do_or_die"),
                separator(),
                MenuItem("Show Cards", self.show_cards, hotkey="C", command=Command.SHOW_CARDS,
                         enabled=lambda: not g().is_over and g().phase in OWN_TURN_PHASES
                         and self._has_cards()),
                MenuItem("Free Move", scene.free_move, hotkey="F", command=Command.FREE_MOVE,
                         enabled=lambda: self._human_turn() and self._can_fortify()),
                MenuItem("Undo Placements", self.undo, enabled=lambda: self._human_turn()
                         and g().can_undo_placements()),
                MenuItem("End Turn", self.end_turn, hotkey="ESC",
                         enabled=lambda: not g().is_over
                         and g().phase in (Phase.ATTACK, Phase.FORTIFY)),
                separator(),
                MenuItem("Extend Game...", self.extend,
                         enabled=lambda: g().is_legal(act.ExtendGame())),
                MenuItem("End Game...", self.end_game, enabled=lambda: not g().is_over),
            ]),
            Menu("INFO", [
                MenuItem("Battles", self.info(BattlesInfoScene)),
                MenuItem("Territories", self.info(TerritoriesInfoScene)),
                MenuItem("Cards", self.info(CardsInfoScene)),
                MenuItem("Full Map", self.info(FullMapScene)),
                MenuItem("Key", self.info(KeyScene)),
                MenuItem("RISK Card", self.risk_card),
                separator(),
                MenuItem("Game Log", self.info(GameLogScene)),
                MenuItem("Luck", self.info(LuckScene)),
                MenuItem("Review Last Turn", self.review_last_turn,
                         enabled=lambda: g().record.from_start and bool(g().record.actions)),
                separator(),
                MenuItem("Continents", self.continents, hotkey="F2", command=Command.CONTINENTS),
                MenuItem("Help", self.help, hotkey="F1"),
            ]),
            Menu("VARIANTS", [
                MenuItem("Low Exchange Rate", self._variant("low_exchange_rate"),
                         checked=lambda: g().variants.low_exchange_rate,
                         enabled=lambda: self._variant_possible("low_exchange_rate")),
                MenuItem("Supply Lines", self._variant("supply_lines"),
                         checked=lambda: g().variants.supply_lines,
                         enabled=lambda: self._variant_possible("supply_lines")),
                MenuItem("Army Limit...", self.army_limit,
                         checked=lambda: g().variants.army_limit is not None,
                         enabled=lambda: not g().is_over),
                MenuItem("Attack Advantage", self._variant("attack_advantage"),
                         checked=lambda: g().variants.attack_advantage,
                         enabled=lambda: self._variant_possible("attack_advantage")),
                MenuItem("Computer Advantage", self._variant("computer_advantage"),
                         checked=lambda: g().variants.computer_advantage,
                         enabled=lambda: self._variant_possible("computer_advantage")),
            ]),
            Menu("OPTIONS", [
                MenuItem("Change Sides...", self.change_sides, enabled=self._human_turn),
                MenuItem("Cheat", self.cheat, enabled=self._human_turn),
                separator(),
                MenuItem("Sound", self._setting("sound", "Sound"), checked=lambda: s().sound),
                *[MenuItem(f"Fast Game: {level.capitalize()}",
                           self._choose("fast_game", level, "Fast game"),
                           checked=lambda level=level: s().fast_game == level)
                  for level in FAST_GAME_LEVELS],
                MenuItem("Automatic Dice", self._setting("automatic_dice", "Automatic dice"),
                         checked=lambda: s().automatic_dice),
                MenuItem("Map Scroll: Scroll", self._choose("map_scroll", "scroll", "Map scroll"),
                         checked=lambda: s().map_scroll == "scroll"),
                MenuItem("Map Scroll: Jump", self._choose("map_scroll", "jump", "Map scroll"),
                         checked=lambda: s().map_scroll == "jump"),
                MenuItem("Map Direction Reversed",
                         self._setting("map_reversed", "Reversed map direction"),
                         checked=lambda: s().map_reversed),
                MenuItem("Colour-blind Patterns",
                         self._setting("colour_blind", "Colour-blind patterns"),
                         checked=lambda: s().colour_blind),
                MenuItem("Fullscreen", self.app.toggle_fullscreen, hotkey="F11",
                         checked=lambda: s().fullscreen),
                MenuItem("Pad Buttons...", self.pad_buttons),
            ]),
        ]

    def _has_cards(self) -> bool:
        """Show Cards is dimmed when the player whose cards would show holds none."""
        viewer = self.scene.viewer
        return viewer is not None and bool(self.game.players[viewer].hand)

    def _can_fortify(self) -> bool:
        return any(isinstance(c, ArmyChoice) and isinstance(c.template, act.Fortify)
                   for c in self.game.legal_actions())

    # -- RISK --------------------------------------------------------------------------
    def about(self) -> None:
        self._push(CreditsScene(self.app))

    def help(self) -> None:
        self._push(HelpScene(self.app))

    # -- FILE --------------------------------------------------------------------------
    def new_game(self) -> None:
        def start() -> None:
            self.scene._replace(self.app.setup_scene())

        self._push(ConfirmDialogScene(self.app, "NEW GAME",
                                      "Abandon this game and set up a new one?", start))

    def save(self) -> None:
        scene = self.scene

        def saved(name: str) -> None:
            scene.save_name = name
            scene.confirm(f"Game saved as {name}.")

        self._push(SaveGameScene(self.app, self.game, scene.save_options(), saved,
                                 default_name=scene.save_name, directory=scene.saves_dir))

    def resume_game(self) -> None:
        scene = self.scene
        self._push(ResumeGameScene(self.app, scene.load, directory=scene.saves_dir,
                                   current=scene.save_name))

    def shutdown(self) -> None:
        self._push(ConfirmDialogScene(self.app, "SHUTDOWN", "Leave Conquest? This game is "
                                      "kept in the autosave.", self.app.quit))

    # -- PLAY --------------------------------------------------------------------------
    def show_cards(self) -> None:
        scene, game = self.scene, self.game
        pid = game.current
        if scene.is_human(pid) and game.phase == Phase.REINFORCE and game.tradeable_sets(pid):
            scene.offer_cards(forced=game.must_trade())
            return
        viewer = scene.viewer
        if viewer is None:  # hot seat, a computer's turn: nobody's cards are shown
            scene.refuse(SECRET_REFUSAL)
            return
        scene.handovers.reveal(viewer, "cards", lambda: self._push(
            CardExchangeScene(self.app, game, viewer, None, lambda: None, False)))

    def undo(self) -> None:
        self.scene.cancel_selection()
        self.scene.perform(act.UndoPlacements())

    def end_turn(self) -> None:
        self.scene.end_turn()

    def extend(self) -> None:
        self._push(ConfirmDialogScene(self.app, "EXTEND GAME", "Turn this short game into a "
                                      "full game (conquer the world)?",
                                      lambda: self.scene.perform(act.ExtendGame())))

    def end_game(self) -> None:
        self._push(ConfirmDialogScene(self.app, "END GAME", "Abandon this game without a "
                                      "winner?", lambda: self.scene.perform(act.EndGame())))

    # -- INFO --------------------------------------------------------------------------
    def info(self, screen: Callable[..., Scene]) -> Callable[[], None]:
        return lambda: self._push(screen(self.app, self.game))

    def risk_card(self) -> None:
        """The viewer's RISK card: the mission, the headquarters, or in a full game the cards."""
        viewer = self.scene.viewer
        if viewer is None:  # hot seat, a computer's turn: nobody's secrets are shown
            self.scene.refuse(SECRET_REFUSAL)
            return
        if self.game.objective == "world":
            self.scene.handovers.reveal(viewer, "cards", lambda: self._push(
                CardExchangeScene(self.app, self.game, viewer, None, lambda: None, False)))
            return
        what = "mission" if self.game.objective == "missions" else "RISK card"
        self.scene.handovers.reveal(viewer, what, lambda: self._push(
            RiskCardScene(self.app, self.game, viewer)))

    def review_last_turn(self) -> None:
        """Replays, on a copy, what happened since the human's (or this seat's) last turn."""
        scene, game = self.scene, self.game
        humans = scene.humans
        viewer = scene.viewer
        seat = viewer if viewer is not None else (humans[0] if humans else game.current)
        self._push(review_scene(self.app, game, seat))

    def continents(self) -> None:
        self._push(ContinentsScene(self.app, self.game))

    # -- VARIANTS ----------------------------------------------------------------------
    def army_limit(self) -> None:
        scene = self.scene
        if self.game.variants.army_limit is not None:
            scene.perform(act.SetVariant("army_limit", None))
            return

        def done(value: int | None) -> None:
            if value is not None:
                scene.perform(act.SetVariant("army_limit", value))

        self._push(NumberDialogScene(self.app, "ARMY LIMIT", "Most armies a territory may hold:",
                                     MIN_ARMY_LIMIT, HARD_ARMY_LIMIT, DEFAULT_ARMY_LIMIT, done))

    # -- OPTIONS -----------------------------------------------------------------------
    def change_sides(self) -> None:
        scene, game = self.scene, self.game
        me = game.current
        others = [i for i, p in enumerate(game.players)
                  if i != me and not p.is_neutral and not p.eliminated]
        if not others:
            scene.refuse("There is nobody to change sides with.")
            return
        options = [game.players[i].name for i in others] + ["Cancel"]

        def chosen(index: int) -> None:
            if index >= len(others):
                return
            other = others[index]
            if scene.is_human(other):
                self._push(ConfirmDialogScene(
                    self.app, "CHANGE SIDES",
                    f"{game.players[other].name}, will you change sides with "
                    f"{game.players[me].name}?", lambda: self._swap(other)))
            else:
                self._swap(other)

        self._push(ChoiceDialogScene(self.app, "CHANGE SIDES",
                                     f"{game.players[me].name}: change places with whom? "
                                     "This ends your turn.", options, chosen,
                                     default=len(options) - 1, cancel=len(options) - 1,
                                     width=min(620, 80 + 72 * len(options))))

    def _swap(self, other: int) -> None:
        try:
            self.game.check(act.ChangeSides(other))
        except IllegalActionError as exc:
            self.scene.refuse(str(exc))
            return
        self.scene.cancel_selection()
        self.scene.perform(act.ChangeSides(other))

    def pad_buttons(self) -> None:
        """Assign a raw stick's buttons (the same window as on the NEW GAME screen)."""
        from game.scenes.dialogs.padbuttons import PadButtonsScene  # noqa: PLC0415 - opened rarely

        self._push(PadButtonsScene(self.app))

    def cheat(self) -> None:
        scene = self.scene
        scene.cancel_selection()
        scene.mode = "cheat"
        scene.prompts.guide()  # said at once, and the prompt line keeps it (prompts.py)
