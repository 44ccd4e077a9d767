"""The six menus of the play screen (manual pp.34-37) and what each item does.

Every item's `enabled` and `checked` ask the engine or the settings when the menu is drawn,
so a dimmed item always means "not possible now". Screens written elsewhere (info, files,
cards, help, game over, setup) are imported when chosen, with a plain dialog if missing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine import ArmyChoice, IllegalActionError, Phase
from game.engine import actions as act
from game.engine.config import DEFAULT_ARMY_LIMIT, HARD_ARMY_LIMIT, MIN_ARMY_LIMIT
from game.input import Command
from game.savegame import DEFAULT_NAME, SaveFormatError, load_game, save_game, save_path
from game.scenes.dialogs import (
    ChoiceDialogScene,
    ConfirmDialogScene,
    MessageDialogScene,
    NumberDialogScene,
)
from game.settings import FAST_GAME_LEVELS
from game.ui import palette
from game.ui.menubar import Menu, MenuItem, separator

if TYPE_CHECKING:
    from game.scenes.base import Scene
    from game.scenes.play import PlayScene

OWN_TURN_PHASES = frozenset({Phase.REINFORCE, Phase.ATTACK, Phase.FORTIFY})


class PlayMenus:
    """Builds the menu bar of a PlayScene and carries out its items."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.app = scene.app

    # -- helpers -----------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.scene.game

    def _push(self, scene: Scene) -> None:
        self.app.scenes.push(scene)

    def _open(self, module: str, name: str, args: tuple[Any, ...], title: str,
              fallback: Callable[[], str]) -> None:
        """Push a screen from another module, or a message with the same facts if absent."""
        try:
            cls = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            self._push(MessageDialogScene(self.app, title, fallback(), width=360))
            return
        self._push(cls(self.app, *args))

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
                         enabled=lambda: not g().is_over and g().phase in OWN_TURN_PHASES),
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
                MenuItem("Battles", self.info("BattlesInfoScene", "BATTLES", self._battles_text)),
                MenuItem("Territories", self.info("TerritoriesInfoScene", "TERRITORIES",
                                                  self._territories_text)),
                MenuItem("Cards", self.info("CardsInfoScene", "CARDS", self._cards_text)),
                MenuItem("Full Map", self.info("FullMapScene", "FULL MAP",
                                               lambda: "The full map is not available yet.")),
                MenuItem("Key", self.info("KeyScene", "KEY", self._key_text)),
                MenuItem("RISK Card", self.risk_card),
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
            ]),
        ]

    def _can_fortify(self) -> bool:
        return any(isinstance(c, ArmyChoice) and isinstance(c.template, act.Fortify)
                   for c in self.game.legal_actions())

    # -- RISK --------------------------------------------------------------------------
    def about(self) -> None:
        from game.scenes.title import CreditsScene  # noqa: PLC0415

        self._push(CreditsScene(self.app))

    def help(self) -> None:
        try:
            from game.scenes.help import HelpScene  # noqa: PLC0415
        except ImportError:
            from game.scenes.placeholder import HelpScene  # noqa: PLC0415
        self._push(HelpScene(self.app))

    # -- FILE --------------------------------------------------------------------------
    def new_game(self) -> None:
        def start() -> None:
            try:
                from game.scenes.setup import SetupScene  # noqa: PLC0415
            except ImportError:
                self._push(MessageDialogScene(self.app, "NEW GAME",
                                              "The setup screen is not available yet."))
                return
            self.scene._replace(SetupScene(self.app))

        self._push(ConfirmDialogScene(self.app, "NEW GAME",
                                      "Abandon this game and set up a new one?", start))

    def save(self) -> None:
        scene = self.scene

        def saved(name: str) -> None:
            scene.save_name = name
            scene.messages.add(f"Game saved as {name}.", palette.CREAM)

        try:
            from game.scenes.files import SaveGameScene  # noqa: PLC0415
        except ImportError:
            name = scene.save_name or DEFAULT_NAME
            try:
                save_game(self.game, name, scene.saves_dir, options=scene.save_options())
            except (OSError, SaveFormatError) as exc:
                scene.refuse(f"The game could not be saved: {exc}")
                return
            saved(name)
            return
        self._push(SaveGameScene(self.app, self.game, scene.save_options(), saved,
                                 default_name=scene.save_name, directory=scene.saves_dir))

    def resume_game(self) -> None:
        scene = self.scene
        try:
            from game.scenes.files import ResumeGameScene  # noqa: PLC0415
        except ImportError:
            try:
                loaded = load_game(save_path(scene.save_name or DEFAULT_NAME, scene.saves_dir))
            except SaveFormatError as exc:
                self._push(MessageDialogScene(self.app, "RESUME GAME", str(exc)))
                return
            scene.load(loaded)
            return
        self._push(ResumeGameScene(self.app, scene.load, directory=scene.saves_dir))

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
        viewer = scene.viewer if scene.viewer is not None else pid
        try:
            from game.scenes.cards import CardExchangeScene  # noqa: PLC0415
        except ImportError:
            hand = game.players[viewer].hand
            names = ", ".join(game.board.territory_name(c) if c in game.board.territories
                              else "Wild" for c in hand) or "no cards"
            value = game.upcoming_set_value()
            nxt = f"\nNext set: {value} armies." if value is not None else ""
            self._push(MessageDialogScene(self.app, "CARDS",
                                          f"{game.players[viewer].name}: {names}.{nxt}"))
            return
        self._push(CardExchangeScene(self.app, game, viewer, None, lambda: None, False))

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
    def info(self, name: str, title: str, fallback: Callable[[], str]) -> Callable[[], None]:
        return lambda: self._open("game.scenes.info", name, (self.game,), title, fallback)

    def risk_card(self) -> None:
        scene = self.scene
        viewer = scene.viewer
        try:
            from game.scenes.info import RiskCardScene  # noqa: PLC0415
        except ImportError:
            self._push(MessageDialogScene(self.app, "RISK CARD", self._risk_card_text(viewer),
                                          width=360))
            return
        self._push(RiskCardScene(self.app, self.game, viewer if viewer is not None
                                 else self.game.current))

    def continents(self) -> None:
        self._open("game.scenes.help", "ContinentsScene", (self.game,), "CONTINENTS",
                   self._continents_text)

    def _risk_card_text(self, viewer: int | None) -> str:
        game = self.game
        if game.objective == "missions":
            if viewer is None:
                return "Missions are secret: select the card on your own turn."
            mission = game.mission(viewer)
            return f"{game.players[viewer].name}'s mission: " + (mission.text if mission
                                                                  else "none")
        if game.objective == "headquarters":
            if not game.hq_revealed:
                return "The headquarters are secret until every player has chosen one."
            name = game.board.territory_name
            return "\n".join(f"{p.name}: {name(p.headquarters)}"
                             + (" (yours)" if i == viewer else "")
                             for i, p in enumerate(game.players) if p.headquarters)
        return "A full game: conquer the world."

    def _battles_text(self) -> str:
        game, st = self.game, self.game.stats
        return "\n".join(f"{p.name}: battles won {st.battles_won[i]} lost {st.battles_lost[i]}, "
                         f"invasions won {st.invasions_won[i]} lost {st.invasions_lost[i]}"
                         for i, p in enumerate(game.players))

    def _territories_text(self) -> str:
        game = self.game
        return "\n".join(f"{p.name}: {game.territory_count(i)} territories, "
                         f"{len(game.continents_of(i))} continents, {game.army_count(i)} armies"
                         for i, p in enumerate(game.players))

    def _cards_text(self) -> str:
        game = self.game
        return "\n".join(f"{p.name}: {len(p.hand)} cards" for p in game.players)

    def _key_text(self) -> str:
        scene = self.scene
        return "\n".join(f"{p.name}: {scene.colours[i].name}"
                         for i, p in enumerate(self.game.players))

    def _continents_text(self) -> str:
        game = self.game
        lines = []
        for c in game.board.continents.values():
            owners = {game.owner[t] for t in c.territories}
            holder = (f" - held by {game.players[owners.pop()].name}"
                      if len(owners) == 1 and None not in owners else "")
            lines.append(f"{c.name}: {len(c.territories)} territories, bonus {c.bonus}{holder}")
        return "\n".join(lines)

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

    def cheat(self) -> None:
        scene = self.scene
        scene.cancel_selection()
        scene.mode = "cheat"
        scene.messages.add("Cheat: select any territory to conquer it (ESC cancels).",
                           palette.AMBER)
