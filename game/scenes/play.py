"""The play screen: the map, the side panel and the message area, from placement to victory.

The scene asks the engine what is legal and applies actions; it holds no rule of its own.
Humans act through the map and the prompts; computer seats take one decision per frame at
most, paced by the Fast Game option, so the menus keep working between their steps.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.audio import Sfx
from game.engine import ArmyChoice, Game, GameConfig, IllegalActionError, Phase, PlayerSpec
from game.engine import actions as act
from game.engine import events as ev
from game.engine.odds import attack_odds
from game.input import Command, CommandEvent
from game.mapart import MapArt, load_map_art
from game.savegame import AUTOSAVE_NAME, LoadedSave, save_game
from game.scenes.base import Scene
from game.scenes.cards import CardExchangeScene
from game.scenes.gameover import GameOverScene
from game.scenes.computer import ComputerPlayer, StandInGeneral, make_general
from game.scenes.dialogs import (
    ChoiceDialogScene,
    ConfirmDialogScene,
    MessageDialogScene,
    NumberDialogScene,
)
from game.scenes.play_menus import PlayMenus
from game.scenes.play_narrate import narrate, plural
from game.ui import palette
from game.ui.mapview import MapMarks, MapView
from game.ui.menubar import MenuBar
from game.ui.messages import MessageArea
from game.ui.palette import NEUTRAL_COLOUR, PLAYER_COLOUR_BY_NAME, PlayerColour
from game.ui.pointers import PointerKind
from game.ui.sidepanel import PanelInfo, SidePanel

if TYPE_CHECKING:
    from game.app import App

# Seconds a computer step stays on screen, by Fast Game level: (set-up step, turn step, battle).
DELAYS = {"normal": (0.12, 0.45, 0.8), "fast": (0.03, 0.12, 0.25), "instant": (0.0, 0.0, 0.0)}
TUMBLE = {"normal": 0.55, "fast": 0.2, "instant": 0.0}
# Seconds each settled roll stays in the battle box before the next roll or prompt.
HOLD = {"normal": 0.4, "fast": 0.15, "instant": 0.0}
HURRY_FACTOR = 10.0
GAME_OVER_PAUSE = 1.2  # the winner's last roll and message, before the statistics
ABANDON_PAUSE = 0.3
DEMO_RESTART_PAUSE = 4.0
ATTACK_MODES = ("single", "continuous", "do_or_die")
SETUP_PHASES = frozenset({Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ})
TURN_PHASES = frozenset({Phase.REINFORCE, Phase.ATTACK, Phase.FORTIFY})


def map_art(app: App) -> MapArt:
    """The map art, loaded once per App (it is large and never changes)."""
    art = getattr(app.assets, "map_art", None)
    if art is None:
        art = load_map_art()
        app.assets.map_art = art  # type: ignore[attr-defined]
    return art


def player_colour(name: str) -> PlayerColour:
    return PLAYER_COLOUR_BY_NAME.get(name.lower(), NEUTRAL_COLOUR)


BoardView = tuple[dict[str, "int | None"], dict[str, int]]


class PlayScene(Scene):
    """The main screen where a whole game is played.

    `mode` says what a human is choosing on the map: "attack_from", "attack_to",
    "move_from", "move_to", "cheat" (other phases need no mode: the phase says it).
    """

    saves_dir: Path | None = None  # None: the savegame default; tests point it elsewhere

    def __init__(self, app: App, game: Game, *, save_name: str | None = None,
                 demo: bool = False, options: dict[str, Any] | None = None) -> None:
        """`options` is a save's options dict (the attack mode toggles), when resuming."""
        super().__init__(app)
        self.game = game
        self.save_name = save_name
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
        self.messages = MessageArea(fonts)
        self.colours = [player_colour(p.colour) for p in game.players]
        self.menus = PlayMenus(self)
        self.menubar = MenuBar(fonts, self.menus.build(), right_text=self._title(),
                               on_choose=lambda item: app.play(Sfx.CLICK),
                               on_refuse=lambda item: self.refuse("Not possible now."))
        self.attack_mode = "single"
        self.mode = "attack_from"
        self.source: str | None = None
        self.target: str | None = None
        self.last_attack: tuple[str, str, int] | None = None
        self.wait = 0.0
        self.marks = MapMarks()
        self.hover: str | None = None
        self._generals: dict[int, tuple[str, ComputerPlayer]] = {}
        self._guide_key: tuple[Any, ...] | None = None
        self._cards_offered: tuple[int, int] | None = None
        self._hq_told: set[int] = set()
        self._over_timer: float | None = None
        self._pending_load: LoadedSave | None = None
        self._replacing = False
        self._animation_frame = -1  # the frame an animation began in (its own SKIP leaves it)
        # The rolls of one action still to show (continuous attacks bring several at once):
        # (attacker, defender, attacker dice, defender dice, caption).
        self._roll_queue: list[tuple[int, int, tuple[int, ...], tuple[int, ...], str]] = []
        # the board drawn while an attack's rolls are shown (None: draw the game's own)
        self._display: BoardView | None = None
        self._losses: list[tuple[str, str, int, int]] = []
        self._rolls_shown = self._rolls_counted = 0
        self._held_lines: list[Any] = []
        self._odds_done = False
        self._roll_hold = 0.0
        self._roll_pids = (0, 0)
        self._announced_odds: tuple[float, str] | None = None
        self._acting_phase: Phase | None = None  # the phase the last action was taken in
        if options:
            self.apply_loaded_options(options)

    # -- seats -------------------------------------------------------------------------
    def is_computer(self, pid: int) -> bool:
        return self.demo or self.game.players[pid].level != "human"

    def is_human(self, pid: int) -> bool:
        return not self.is_computer(pid)

    @property
    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.game.players)
                if not p.is_neutral and self.is_human(i)]

    @property
    def is_humans_move(self) -> bool:
        return not self.game.is_over and self.is_human(self.game.to_move)

    def general_for(self, pid: int) -> ComputerPlayer:
        """The seat's general, made again if Change Sides gave the seat another level."""
        level = self.game.players[pid].level
        found = self._generals.get(pid)
        if found is None or found[0] != level:
            found = (level, make_general(level if level != "human" else "standard",
                                         self.game.seed, pid))
            self._generals[pid] = found
        return found[1]

    def _title(self) -> str:
        from game.engine.config import GAME_TYPE_NAMES  # noqa: PLC0415

        name = GAME_TYPE_NAMES.get(self.game.config.game_type, "").upper()
        return f"DEMO - {name}" if self.demo else name

    # -- lifecycle ---------------------------------------------------------------------
    def enter(self) -> None:
        for notice in self.app.take_notices():
            self.messages.add(notice, palette.AMBER)
        game = self.game
        opening = [e for e in game.opening_events if not isinstance(e, (ev.TerritoryClaimed,
                                                                         ev.ArmiesPlaced))]
        if game.turn == 0 and game.opening_events:
            if any(isinstance(e, ev.TerritoryClaimed) for e in game.opening_events):
                self.messages.add("The territories are dealt at random.", palette.CREAM)
            self.absorb(opening, autosave=False)
        else:
            self.messages.add(f"Game resumed: turn {game.turn}, "
                              f"{game.players[game.current].name} to play.", palette.CREAM)
        self._centre_on_player(game.to_move)
        if game.phase in TURN_PHASES:
            self.autosave()

    def resume(self) -> None:
        self._guide_key = None

    def on_quit(self) -> None:
        self.autosave()

    def _centre_on_player(self, pid: int) -> None:
        own = self.game.territories_of(pid)
        if own:
            art = self.view.art
            points = [art.anchor(t) for t in own]
            self.view.centre_on((sum(p[0] for p in points) // len(points),
                                 sum(p[1] for p in points) // len(points)))

    # -- saving ------------------------------------------------------------------------
    def save_options(self) -> dict[str, Any]:
        """What a save keeps besides the game: the attack mode toggles."""
        return {"attack_mode": self.attack_mode}

    def autosave(self) -> None:
        """Write saves/autosave.json so a game is never lost (never for a demo)."""
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

    # -- acting ------------------------------------------------------------------------
    def refuse(self, text: str) -> None:
        self.app.play(Sfx.REFUSAL)
        self.messages.add(text, palette.AMBER)

    def perform(self, action: act.Action) -> bool:
        """Apply an action; an illegal one is refused with the engine's words."""
        self._acting_phase = self.game.phase
        before = (dict(self.game.owner), dict(self.game.armies))
        try:
            events = self.game.apply(action)
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return False
        self.absorb(events, before=before)
        return True

    def absorb(self, events: list[ev.Event], *, autosave: bool = True,
               before: BoardView | None = None) -> None:
        """Narrate events, play their sounds, roll the dice, and follow the action on the map.

        `before` is the board as it was before the action: while the rolls of an attack are
        shown one by one, the map counts down from it roll by roll instead of jumping to the end.
        """
        game = self.game
        self._flush_narration()  # anything still held back from an earlier attack comes first
        lines = narrate(game, events, self.is_human)
        self._animation_frame = self.app.frame
        shows = self._battle_shows(events)
        has_rolls = bool(shows)  # `shows` becomes the roll queue, which is popped below
        sounds: list[Sfx] = []
        if shows:
            # the results are told when the dice have shown them, not before
            self._held_lines = list(lines)
        else:
            for line in lines:
                self.messages.add(line.text, line.colour)
                if line.sfx is not None and line.sfx not in sounds:
                    sounds.append(line.sfx)
        if shows:
            self._roll_queue = shows
            self._losses = [(e.source, e.target, e.attacker_losses, e.defender_losses)
                            for e in events if isinstance(e, ev.BattleResolved)]
            self._display = (dict(before[0]), dict(before[1])) if before is not None else None
            self._rolls_shown = self._rolls_counted = 0
            self._show_next_roll()
            sounds.insert(0, Sfx.DICE)
        for sfx in sounds[:2]:
            self.app.play(sfx)
        for e in events:
            if isinstance(e, ev.TurnStarted):
                self.mode, self.source, self.target = "attack_from", None, None
                self.last_attack = None
                self._flush_narration()
                self.panel.dice.clear()
                self._roll_queue, self._roll_hold = [], 0.0
                self._display, self._losses = None, []
                self._announced_odds = None
                self._cards_offered = None
                if autosave:
                    self.autosave()
                if self.is_human(e.player) and not self.demo:
                    self._centre_if_far(e.player)
            elif isinstance(e, ev.TerritoryConquered):
                self.source, self.target = None, None
                self.mode = "attack_from"
                # a human's attack is over: its odds go once its dice have been shown (a
                # computer's stay up until its next move, so a watcher can read them)
                if self.is_human(e.player):
                    self._odds_done = True
                    if not has_rolls:
                        self._announced_odds = None
            elif isinstance(e, ev.DefenceRequested) and not has_rolls:
                self.panel.dice.clear()  # a new attack: the last battle's dice would mislead
        self._follow(events)

    def _battle_shows(self, events: list[ev.Event]
                      ) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...], str]]:
        """Each roll of an action once, with its losses (a roll awaiting an advantage has none)."""
        shows: list[tuple[int, int, tuple[int, ...], tuple[int, ...], str]] = []
        pending: ev.DiceRolled | None = None
        for e in events:
            if isinstance(e, ev.DiceRolled):
                if pending is not None:
                    shows.append((pending.attacker, pending.defender, pending.attacker_dice,
                                  pending.defender_dice, ""))
                pending = e
                self._roll_pids = (e.attacker, e.defender)
            elif isinstance(e, ev.BattleResolved):
                pending = None
                shows.append((*self._roll_pids, e.attacker_dice, e.defender_dice,
                               _loss_caption(e.attacker_losses, e.defender_losses)))
        if pending is not None:
            shows.append((pending.attacker, pending.defender, pending.attacker_dice,
                          pending.defender_dice, ""))
        return shows

    def _show_next_roll(self, *, tumble: bool = True) -> None:
        attacker, defender, a_dice, d_dice, caption = self._roll_queue.pop(0)
        self._rolls_shown += 1
        seconds = TUMBLE[self.speed] if tumble else 0.0
        if tumble and self._roll_queue and self.panel.dice.attacker:
            seconds *= 0.6  # the rolls of a continuous attack go by quicker
        self.panel.dice.roll(self.colours[attacker], self.colours[defender], a_dice, d_dice,
                             caption, seconds)
        self._roll_hold = HOLD[self.speed]

    @property
    def is_showing_battle(self) -> bool:
        """Rolls are still tumbling, queued, or settling on screen: no prompt, no next move."""
        return self.panel.dice.is_rolling or bool(self._roll_queue) or self._roll_hold > 0

    def _update_battle_show(self, dt: float, hurry: float) -> None:
        dice = self.panel.dice
        if dice.is_rolling:
            if hurry > 1.0:
                dice.update(dt * (hurry - 1))
            return
        self._count_down_settled_roll()
        if self._roll_hold > 0:
            self._roll_hold -= dt * hurry
            if self._roll_hold > 0:
                return
        self._roll_hold = 0.0
        if self._roll_queue:
            self._show_next_roll()
        else:
            self._display = None  # the whole attack has been shown: the map is the game's
            self._flush_narration()
            if self._odds_done:
                self._announced_odds, self._odds_done = None, False

    def _flush_narration(self) -> None:
        """Tell (and sound) what an attack's rolls led to, once they have been shown."""
        lines, self._held_lines = self._held_lines, []
        sounds: list[Sfx] = []
        for line in lines:
            self.messages.add(line.text, line.colour)
            if line.sfx is not None and line.sfx not in sounds:
                sounds.append(line.sfx)
        for sfx in sounds[:2]:
            self.app.play(sfx)

    def _count_down_settled_roll(self) -> None:
        """A roll has settled on screen: its losses now show on the map too."""
        if self._display is None or not self._losses or self._rolls_counted >= self._rolls_shown:
            return
        self._rolls_counted += 1
        source, target, attacker_losses, defender_losses = self._losses.pop(0)
        armies = self._display[1]
        armies[source] = max(1, armies[source] - attacker_losses)
        armies[target] = max(1, armies[target] - defender_losses)

    def _centre_if_far(self, pid: int) -> None:
        own = self.game.territories_of(pid)
        if own and not any(self.view.is_in_view(t, 0) for t in own):
            self._centre_on_player(pid)

    def _follow(self, events: list[ev.Event]) -> None:
        """Scroll (or jump) the map to where a computer acts."""
        if not (self.demo or self.is_computer(self.game.current)):
            return
        if self._acting_phase in SETUP_PHASES and self.humans and not self.demo:
            return  # set-up: the view stays where the human left it, so their clicks land
        spots: tuple[str, ...] = ()
        for e in events:
            if isinstance(e, (ev.DiceRolled, ev.TerritoryConquered, ev.ArmiesMoved)):
                spots = (e.source, e.target)
            elif isinstance(e, (ev.ArmiesPlaced, ev.TerritoryClaimed)):
                spots = (e.territory,)
        if spots:
            smooth = self.app.settings.map_scroll == "scroll" and self.speed != "instant"
            self.view.show(*spots, smooth=smooth)

    @property
    def speed(self) -> str:
        level = self.app.settings.fast_game
        level = level if level in DELAYS else "normal"
        if self.demo and self.demo_fast and level == "normal":
            return "fast"
        return level

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
        return game.phase in (Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ, Phase.REINFORCE,
                              Phase.ATTACK, Phase.FORTIFY)

    def handle(self, command: CommandEvent) -> None:
        if self.menubar.handle(command):
            return
        if self.messages.handle(command):
            return
        kind = command.kind
        if self.game.is_over and not self.demo and kind in (
                Command.PRESS, Command.CONFIRM, Command.CANCEL, Command.SKIP):
            if self._over_timer is not None:
                self._over_timer = 0.0  # any key or click: on to the statistics at once
            return
        if kind is Command.SCROLL:
            self.view.scroll_by(*command.delta)
        elif kind in (Command.PRESS, Command.CONFIRM):  # Return presses: no default here
            if self.panel.card_rect.collidepoint(command.pos):
                self.menus.risk_card()
            elif self.view.rect.collidepoint(command.pos):
                tid = self.view.territory_at(command.pos)
                if tid is not None:
                    self.select(tid)
        elif kind is Command.CANCEL:
            self.cancel()
        elif kind in (Command.NEXT, Command.PREVIOUS):
            self.snap(1 if kind is Command.NEXT else -1)
        elif kind is Command.SKIP:
            self.skip_animation()
        elif kind is Command.PAD_ADDED:
            self.messages.add("Joystick connected.")
        elif kind is Command.PAD_REMOVED:
            self.messages.add("Joystick unplugged: play on with any device.")

    # -- keys and pads: snapping and skipping ------------------------------------------
    def snap_candidates(self) -> list[str]:
        """The territories a press could mean now, in reading order (rows, then left to right).

        Tab / pad RB visit these; with nothing to choose, every territory is visited.
        """
        game = self.game
        art = self.view.art
        everything = list(game.board.territories)
        found: list[str] = []
        if self.is_choosing:
            me = game.to_move
            legal = game.legal_actions()
            if game.phase == Phase.CLAIM:
                found = [t for t in everything if game.owner[t] is None]
            elif game.phase in (Phase.PLACE, Phase.REINFORCE, Phase.CHOOSE_HQ):
                found = [t for t in everything if game.owner[t] == me]
            elif self.mode == "move_from":
                found = [t for t in everything if self._choice_for(act.Fortify, source=t)]
            elif self.mode == "move_to" and self.source:
                found = [t for t in everything
                         if self._choice_for(act.Fortify, source=self.source, target=t)]
            elif game.phase == Phase.ATTACK and self.mode == "attack_to" and self.source:
                found = [a.target for a in legal
                         if isinstance(a, act.Attack) and a.source == self.source]
            elif game.phase == Phase.ATTACK:
                found = [a.source for a in legal if isinstance(a, act.Attack)]
        found = list(dict.fromkeys(found)) or everything

        def reading(tid: str) -> tuple[int, int, str]:
            x, y = art.anchor(tid)
            return (y // 40, x, tid)

        return sorted(found, key=reading)

    def snap(self, step: int) -> None:
        """Jump the pointer to the next (or previous) territory worth pressing, in view."""
        if self.menubar.is_open:
            return
        candidates = self.snap_candidates()
        current = self.view.territory_at(self.app.input.pointer)
        if current in candidates:
            index = (candidates.index(current) + step) % len(candidates)
        else:
            index = 0 if step > 0 else len(candidates) - 1
        tid = candidates[index]
        if not self.view.is_in_view(tid, 12):
            self.view.target = None
            self.view.centre_on(self.view.art.anchor(tid))
        self.app.input.warp(self.view.anchor_on_screen(tid))
        self._update_hover()

    def skip_animation(self) -> None:
        """Any key or button: the dice settle, the map arrives, a computer's pause ends.

        Only what was already showing is skipped: the press that starts a roll does not
        also cut it short.
        """
        if self._animation_frame == self.app.frame:
            return
        self._display, self._losses = None, []
        if self._roll_queue:
            self._roll_queue = self._roll_queue[-1:]
            self._show_next_roll(tumble=False)
        if self.panel.dice.is_rolling:
            self.panel.dice.settle()
        self._roll_hold = 0.0
        view = self.view
        if view.target is not None:
            view.x, view.y = view.target
            view.target = None
        if not self.is_humans_move:
            self.wait = 0.0

    def update(self, dt: float) -> None:
        if self._pending_load is not None and not self._replacing:
            loaded, self._pending_load = self._pending_load, None
            scene = PlayScene(self.app, loaded.game, save_name=loaded.name,
                              options=loaded.options)
            self._replace(scene)
            return
        if self.is_choosing and self.view.is_scrolling:
            self.view.target = None  # a human is choosing: the map stays under their pointer
        self.view.update(dt)
        self.panel.update(dt)
        self._update_hover()
        self._update_prompt()
        if self._replacing:
            return
        if self.game.is_over:
            if self.is_showing_battle:
                self._update_battle_show(dt, 1.0)
            self._update_game_over(dt)
            self._update_marks()
            return
        hurry = HURRY_FACTOR if self.app.input.is_hurrying else 1.0
        if self.wait > 0:
            self.wait -= dt * hurry
        computer = self.is_computer(self.game.to_move)
        if self.is_showing_battle:
            self._update_battle_show(dt, hurry)
        elif self.wait > 0 or (self.view.is_scrolling and computer and hurry == 1.0):
            pass  # a computer's pause, or the map still on its way to the action
        elif computer:
            self.computer_step()
        else:
            self.human_step()
        self._update_marks()
        self._update_odds()
        self._update_prompt()

    def _update_hover(self) -> None:
        pos = self.app.input.pointer
        tid = self.view.territory_at(pos) if not self.menubar.is_open else None
        self.hover = tid
        game = self.game
        if tid is None:
            if self.menubar.is_open:
                self.messages.status = ""
            elif self.panel.rect.collidepoint(pos) or self.messages.rect.collidepoint(pos):
                self.messages.status = self.panel_status(pos)
            elif not game.is_over and self.is_computer(game.to_move):
                self.messages.status = (f"{game.players[game.to_move].name} is playing - "
                                        "hold a button to hurry")
            else:
                self.messages.status = ""
            return
        owners, armies = self._display or (game.owner, game.armies)  # as the map shows
        owner = owners[tid]
        name = game.board.territory_name(tid)
        if owner is None:
            self.messages.status = f"Pointer: {name} - unclaimed"
        else:
            player = game.players[owner]
            colour = self.colours[owner].name.lower()
            who = f"{player.name} ({colour})" if player.name.lower() != colour else player.name
            self.messages.status = f"Pointer: {name} - {who} - {plural(armies[tid])}"

    def panel_status(self, pos: tuple[int, int]) -> str:
        """The status line when the pointer is over the side panel or the message area."""
        from game.ui import sidepanel  # noqa: PLC0415

        if self.messages.rect.collidepoint(pos):
            return "Messages: Page Up / Page Down or the wheel show earlier ones"
        if self.panel.card_rect.collidepoint(pos):
            return "RISK card: select it to read your card"
        if sidepanel.BATTLE_RECT.collidepoint(pos):
            return "Battle: the last roll of the dice"
        if sidepanel.ODDS_RECT.collidepoint(pos):
            return "Odds: the chance that the attack conquers, if fought to the end"
        game = self.game
        if not game.is_over:
            return f"{game.players[game.to_move].name} to move"
        return ""

    def _update_marks(self) -> None:
        game = self.game
        hqs: dict[str, PlayerColour] = {}
        if game.hq_revealed:
            for pid, p in enumerate(game.players):
                if p.headquarters:
                    hqs[p.headquarters] = self.colours[pid]
        attacker, defender = self.source, self.target
        selected: frozenset[str] = frozenset()
        battle = game.battle
        if battle is not None and game.phase in (Phase.DEFEND, Phase.ADVANTAGE, Phase.OCCUPY):
            attacker, defender = battle.source, battle.target
        elif self.mode in ("move_from", "move_to", "place"):
            attacker, defender = None, None
            selected = frozenset(t for t in (self.source, self.target) if t)
        self.marks = MapMarks(hover=self.hover if self.is_choosing else None,
                              attacker=attacker, defender=defender, selected=selected,
                              headquarters=hqs)

    def _update_odds(self) -> None:
        game = self.game
        if game.is_over:
            self.panel.set_odds(None, idle="Odds: the war is over")
            return
        src, tgt = self.source, self.target
        battle = game.battle
        if game.phase in (Phase.DEFEND, Phase.ADVANTAGE) and battle is not None:
            src, tgt = battle.source, battle.target
        if src and tgt and game.owner[src] != game.owner[tgt] and game.armies[src] >= 2:
            odds = attack_odds(game.armies[src], game.armies[tgt])
            self.panel.set_odds(odds.win_probability, f"{game.armies[src]} v {game.armies[tgt]}")
        elif self._announced_odds is not None and not (self.is_choosing and self.source):
            self.panel.set_odds(*self._announced_odds)  # the odds the last attack began with
        else:
            self.panel.set_odds(None)

    def draw(self, surface: pygame.Surface) -> None:
        game = self.game
        owners, armies = self._display or (game.owner, game.armies)
        self.view.draw(surface, owners, armies, dict(enumerate(self.colours)),
                       self.marks, patterned=self.app.settings.colour_blind)
        self.panel.draw(surface, game, self.colours, self._panel_info(),
                        patterned=self.app.settings.colour_blind)
        self.messages.draw(surface)
        self.menubar.draw(surface)

    def _panel_info(self) -> PanelInfo:
        game = self.game
        label = {"missions": "MISSION", "headquarters": "HQ"}.get(game.objective, "CARDS")
        viewer = self.viewer
        cards = len(game.players[viewer].hand) if viewer is not None else None
        moving = self.mode in ("move_from", "move_to") and not game.is_over
        counts = None
        if self._display is not None:
            owners, armies = self._display
            counts = ([0] * len(game.players), [0] * len(game.players))
            for tid, owner in owners.items():
                if owner is not None:
                    counts[0][owner] += 1
                    counts[1][owner] += armies[tid]
        return PanelInfo(card_label=label, viewer_cards=cards,
                         phase_cell="MOVE" if moving else None, counts=counts)

    @property
    def viewer(self) -> int | None:
        """Whose secrets the screen may show: the human to move, else the only human."""
        game = self.game
        if self.demo:
            return game.current
        if self.is_human(game.current):
            return game.current
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    # -- computer seats ----------------------------------------------------------------
    def computer_step(self) -> None:
        """One decision of the computer to move, shown and then paced by Fast Game."""
        game = self.game
        pid = game.to_move
        try:
            action = self.general_for(pid).choose(game)
        except Exception as exc:  # noqa: BLE001 - a broken general must not stop the game
            self.messages.add(f"{game.players[pid].name} hesitates ({exc}).", palette.AMBER)
            action = StandInGeneral(pid, game.seed).choose(game)
        if isinstance(action, act.Attack):
            self._announce_attack(action.source, action.target)
            self.source, self.target = action.source, action.target
            self.last_attack = (action.source, action.target, action.dice)
        if not self.perform(action):
            self.perform(StandInGeneral(pid, game.seed).choose(game))
        setup, step, battle = DELAYS[self.speed]
        if isinstance(action, (act.Attack, act.Defend, act.UseAdvantage, act.DeclineAdvantage)):
            self.wait = battle
        elif game.phase in SETUP_PHASES or isinstance(action, act.ClaimTerritory):
            self.wait = setup
        else:
            self.wait = step

    def _announce_attack(self, source: str, target: str) -> None:
        game = self.game
        name = game.board.territory_name
        attacker = game.players[game.owner[source] or 0].name
        if game.armies[source] >= 2:
            odds = attack_odds(game.armies[source], game.armies[target])
            self._announced_odds = (odds.win_probability,
                                    f"{game.armies[source]} v {game.armies[target]}")
        self.messages.add(f"{attacker} attacks {name(target)} ({game.armies[target]}) "
                          f"from {name(source)} ({game.armies[source]})")

    # -- humans: prompts the phase requires ---------------------------------------------
    def human_step(self) -> None:
        game = self.game
        pid = game.to_move
        phase = game.phase
        if phase == Phase.DEFEND:
            self._ask_defence()
        elif phase == Phase.ADVANTAGE:
            self._ask_advantage()
        elif phase == Phase.OCCUPY:
            self._ask_occupation()
        elif phase == Phase.REINFORCE and self._should_offer_cards():
            self.offer_cards(forced=game.must_trade())
        elif phase == Phase.CHOOSE_HQ and len(self.humans) > 1 and pid not in self._hq_told:
            self._hq_told.add(pid)
            self.app.scenes.push(MessageDialogScene(
                self.app, "HEADQUARTERS",
                f"{game.players[pid].name}: choose your headquarters.\n"
                "Other players, please look away from the screen."))
        else:
            self._guide()

    def _guide(self) -> None:
        """Say once what the human to move should do now (and pin it during placement)."""
        game = self.game
        pid = game.to_move
        text = self.prompt_text()
        key = (game.phase, pid, self.mode, self.source, game.reinforcements, game.quota,
               game.neutral_quota, game.turn, text)
        if key == self._guide_key:
            return
        self._guide_key = key
        if text:
            self.messages.add(text, palette.CREAM)

    def prompt_text(self) -> str:
        """What the human to move should do now, in one line ("" when nothing is asked)."""
        game = self.game
        pid = game.to_move
        name = game.players[pid].name
        where = game.board.territory_name
        if game.phase == Phase.CLAIM:
            left = sum(1 for t in game.board.territories if game.owner[t] is None)
            return f"{name}: claim a territory - select an unclaimed one ({left} left)."
        if game.phase == Phase.PLACE:
            left = game.setup_pool[pid]
            own, neutral = game.quota, game.neutral_quota
            if own and neutral:
                return (f"{name}: place {plural(own)} on your territories and {neutral} on a "
                        f"neutral one ({left} left).")
            if neutral:
                return f"{name}: now place {plural(neutral)} on a neutral territory."
            return f"{name}: place {plural(own)} on your territories ({left} left)."
        if game.phase == Phase.CHOOSE_HQ:
            return f"{name}: select one of your territories as your headquarters."
        if game.phase == Phase.REINFORCE:
            return f"{name}: place {plural(game.reinforcements)} - select one of your territories."
        if self.mode == "attack_to" and self.source:
            return (f"Attack from {where(self.source)}: select the enemy territory to attack "
                    "(ESC cancels).")
        if self.mode == "move_from":
            return "Free move: select the territory to move armies from (ESC cancels)."
        if self.mode == "move_to" and self.source:
            return f"Free move from {where(self.source)}: select where to (ESC cancels)."
        if self.mode == "cheat":
            return "Cheat: select any territory to conquer it (ESC cancels)."
        if game.phase == Phase.ATTACK:
            return f"{name}: select a territory to attack from; F free move, ESC ends the turn."
        if game.phase == Phase.FORTIFY:
            return f"{name}: another free move (F), or ESC to end the turn."
        return ""

    def _update_prompt(self) -> None:
        """While a human places, the first message line keeps saying what to do."""
        game = self.game
        if (self.is_choosing and self.mode in ("attack_from", "place")
                and game.phase in SETUP_PHASES | {Phase.REINFORCE}):
            self.messages.prompt = (self.prompt_text(), palette.CREAM)
        else:
            self.messages.prompt = None

    def _should_offer_cards(self) -> bool:
        game = self.game
        pid = game.current
        if not game.tradeable_sets(pid):
            return False
        if game.must_trade():
            return True
        return self._cards_offered != (game.turn, pid)

    def offer_cards(self, *, forced: bool) -> None:
        """The card exchange at the start of a turn (forced at 5 cards)."""
        game = self.game
        pid = game.current
        self._cards_offered = (game.turn, pid)

        def on_trade(cards: tuple[str, str, str]) -> None:
            self.perform(act.TradeCards((cards[0], cards[1], cards[2])))

        self.app.scenes.push(CardExchangeScene(self.app, game, pid, on_trade, lambda: None,
                                               forced))

    def _ask_defence(self) -> None:
        game = self.game
        battle = game.battle
        assert battle is not None
        most = game.defence_dice_allowed(battle.target)
        if self.app.settings.automatic_dice or most == 1:
            self.perform(act.Defend(most))
            return
        pid = game.to_move
        name = game.board.territory_name
        text = (f"{game.players[pid].name}: {name(battle.target)} ({game.armies[battle.target]}) "
                f"is attacked from {name(battle.source)} with {plural(battle.dice, 'die', 'dice')}."
                "\nDefend with how many dice?")
        options = [plural(n, "die", "dice") for n in range(1, most + 1)]
        dialog = ChoiceDialogScene(self.app, "DEFEND", text, options,
                                   lambda index: self.perform(act.Defend(index + 1)),
                                   default=most - 1)
        self._show_battlefield(battle.source, battle.target)
        place_clear_of(dialog, self.view, (battle.source, battle.target))
        self.app.scenes.push(dialog)

    def _show_battlefield(self, source: str, target: str) -> None:
        """Bring an attack on a human into view (at once) before asking how to defend it."""
        view = self.view
        if not (view.is_in_view(source, 0) and view.is_in_view(target, 0)):
            view.show(source, target, smooth=False)
        view.target = None

    def _ask_advantage(self) -> None:
        game = self.game
        battle = game.battle
        assert battle is not None
        lowest = min(battle.attacker_roll)
        dice = " ".join(str(d) for d in battle.attacker_roll)
        against = " ".join(str(d) for d in battle.defender_roll)
        if "six" in battle.advantages:
            kind, text = "six", (f"You rolled {dice} against {against}.\nUse Computer Advantage: "
                                 f"turn your lowest die ({lowest}) into a 6? (once a turn)")
        else:
            kind, text = "reroll", (f"You rolled {dice} against {against}.\nUse Attack Advantage: "
                                    f"roll your lowest die ({lowest}) again?")
        self.app.scenes.push(ConfirmDialogScene(
            self.app, "ADVANTAGE", text, lambda: self.perform(act.UseAdvantage(kind)),
            lambda: self.perform(act.DeclineAdvantage()), default_yes=True))

    def _ask_occupation(self) -> None:
        game = self.game
        battle = game.battle
        assert battle is not None
        lo, hi = game.occupy_range()
        name = game.board.territory_name(battle.target)
        dialog = NumberDialogScene(
            self.app, "OCCUPY", f"How many armies move into {name}?", lo, hi, hi,
            lambda n: self.perform(act.Occupy(hi if n is None else n)), can_cancel=False)
        place_clear_of(dialog, self.view, (battle.source, battle.target))
        self.app.scenes.push(dialog)

    # -- humans: the map ---------------------------------------------------------------
    def select(self, tid: str) -> None:
        """A press on territory `tid`: what it means depends on the phase and the mode."""
        game = self.game
        if game.is_over:
            return
        if self.mode == "cheat":
            self.mode = "attack_from"
            self.perform(act.CheatConquer(tid))
            return
        if not self.is_humans_move:
            self.refuse(f"Please wait: it is {game.players[game.to_move].name}'s move.")
            return
        phase = game.phase
        if phase == Phase.CLAIM:
            self.perform(act.ClaimTerritory(tid))
        elif phase in (Phase.PLACE, Phase.REINFORCE):
            self._place(tid)
        elif phase == Phase.CHOOSE_HQ:
            self._choose_hq(tid)
        elif phase in (Phase.ATTACK, Phase.FORTIFY):
            if self.mode in ("move_from", "move_to"):
                self._select_move(tid)
            else:
                self._select_attack(tid)

    def _choice_for(self, template: type, **match: str) -> ArmyChoice | None:
        for choice in self.game.legal_actions():
            if isinstance(choice, ArmyChoice) and isinstance(choice.template, template) and all(
                    getattr(choice.template, k) == v for k, v in match.items()):
                return choice
        return None

    def _place(self, tid: str) -> None:
        game = self.game
        choice = self._choice_for(act.PlaceArmies, territory=tid)
        if choice is None:
            self.perform(act.PlaceArmies(tid, 1))  # the engine says why not
            return
        if choice.hi == choice.lo:
            self.perform(choice.make(choice.hi))
            return
        name = game.board.territory_name(tid)
        self.source = tid
        self.mode = "place"

        def done(count: int | None) -> None:
            self.source, self.mode = None, "attack_from"
            if count is not None:
                self.perform(choice.make(count))

        self.app.scenes.push(NumberDialogScene(
            self.app, "REINFORCE" if game.phase == Phase.REINFORCE else "PLACE ARMIES",
            f"How many armies on {name}?", choice.lo, choice.hi, choice.hi, done))

    def _choose_hq(self, tid: str) -> None:
        game = self.game
        if not game.is_legal(act.ChooseHeadquarters(tid)):
            self.perform(act.ChooseHeadquarters(tid))
            return
        name = game.board.territory_name(tid)
        self.app.scenes.push(ConfirmDialogScene(
            self.app, "HEADQUARTERS", f"Make {name} your headquarters?",
            lambda: self.perform(act.ChooseHeadquarters(tid)), default_yes=True))

    def _can_attack_from(self, tid: str) -> bool:
        return any(isinstance(a, act.Attack) and a.source == tid
                   for a in self.game.legal_actions())

    def _select_attack(self, tid: str) -> None:
        game = self.game
        me = game.current
        name = game.board.territory_name
        if game.phase != Phase.ATTACK:
            self.refuse("Your attacks are over: make another free move (F) or end the turn (ESC).")
            return
        if game.owner[tid] == me:
            if self._can_attack_from(tid):
                self.source, self.target, self.mode = tid, None, "attack_to"
                self.app.play(Sfx.CLICK)
            elif game.armies[tid] < 2:
                self.refuse(f"{name(tid)} has only 1 army: it cannot attack.")
            else:
                self.refuse(f"{name(tid)} has no enemy neighbour to attack.")
            return
        if self.source is None:
            self.refuse(f"First select one of your territories to attack {name(tid)} from.")
            return
        if self.mode == "attack_from" and self.target == tid and self.last_attack:
            self.repeat_attack()
            return
        try:
            game.check(act.Attack(self.source, tid, 1, self.attack_mode))
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return
        self.target = tid
        self.choose_dice(self.source, tid)

    def choose_dice(self, source: str, target: str) -> None:
        """The attacker's dice: asked unless there is one choice or Automatic Dice is on."""
        most = self.game.attack_dice_allowed(source)
        if most <= 1 or self.app.settings.automatic_dice:
            self.launch(source, target, max(1, most))
            return
        options = [plural(n, "die", "dice") for n in range(1, most + 1)] + ["Cancel"]

        def chosen(index: int) -> None:
            if index < most:
                self.launch(source, target, index + 1)
            else:
                self.cancel_selection()

        dialog = ChoiceDialogScene(
            self.app, "ATTACK", f"Attack {self.game.board.territory_name(target)} with how many "
            "dice?", options, chosen, default=most - 1, cancel=most)
        place_clear_of(dialog, self.view, (source, target))
        self.app.scenes.push(dialog)

    def launch(self, source: str, target: str, dice: int) -> None:
        self._announce_attack(source, target)
        self.last_attack = (source, target, dice)
        self.source, self.target, self.mode = source, target, "attack_from"
        self.perform(act.Attack(source, target, dice, self.attack_mode))

    def repeat_attack(self) -> None:
        """R: the last attack again with the same territories and dice (fewer if needed)."""
        game = self.game
        if self.last_attack is None:
            self.refuse("There is no attack to repeat: select New Attack (N).")
            return
        source, target, dice = self.last_attack
        if game.owner[source] != game.current or game.owner[target] == game.current:
            self.refuse("That attack is over: select New Attack (N).")
            return
        self.launch(source, target, min(dice, max(1, game.attack_dice_allowed(source))))

    def new_attack(self) -> None:
        self.source, self.target, self.mode = None, None, "attack_from"
        self._announced_odds = None
        self.last_attack = None
        self._guide_key = None
        self.messages.add("New attack: select the territory to attack from.", palette.CREAM)

    def free_move(self) -> None:
        if not any(isinstance(c, ArmyChoice) and isinstance(c.template, act.Fortify)
                   for c in self.game.legal_actions()):
            self.refuse("No free move is possible now.")
            return
        self.source, self.target, self.mode = None, None, "move_from"
        self._announced_odds = None

    def _select_move(self, tid: str) -> None:
        game = self.game
        name = game.board.territory_name
        if self.mode == "move_from" or self.source is None:
            if any(isinstance(c, ArmyChoice) and isinstance(c.template, act.Fortify)
                   and c.template.source == tid for c in game.legal_actions()):
                self.source, self.mode = tid, "move_to"
                self.app.play(Sfx.CLICK)
            else:
                self.refuse(f"No armies can move from {name(tid)}.")
            return
        source = self.source
        choice = self._choice_for(act.Fortify, source=source, target=tid)
        if choice is None:
            self.perform(act.Fortify(source, tid, 1))  # the engine says why not
            return

        def done(count: int | None) -> None:
            self.source, self.target, self.mode = None, None, "attack_from"
            if count is not None:
                self.perform(choice.make(count))

        self.target = tid
        self.app.scenes.push(NumberDialogScene(
            self.app, "FREE MOVE", f"Move how many armies from {name(source)} to {name(tid)}?",
            choice.lo, choice.hi, choice.hi, done))

    def cancel_selection(self) -> None:
        self.source, self.target, self.mode = None, None, "attack_from"
        self._announced_odds = None
        self._guide_key = None

    def cancel(self) -> None:
        """ESC: drop the current selection, or end the turn when nothing is selected."""
        game = self.game
        if self.mode != "attack_from" or self.source is not None:
            self.cancel_selection()
            self.messages.add("Cancelled.", palette.LIGHT)
            return
        if not self.is_humans_move:
            return
        if game.phase in (Phase.ATTACK, Phase.FORTIFY):
            self.end_turn()
        elif game.phase == Phase.REINFORCE:
            self.refuse(f"Place your {plural(game.reinforcements)} first.")

    def end_turn(self) -> None:
        self.cancel_selection()
        self.perform(act.EndTurn())

    # -- the end -----------------------------------------------------------------------
    def _update_game_over(self, dt: float) -> None:
        if self._over_timer is None:
            if self.demo:
                self._over_timer = DEMO_RESTART_PAUSE
            elif self.game.winner is None:
                self._over_timer = ABANDON_PAUSE
            else:
                self._over_timer = GAME_OVER_PAUSE
            self.autosave()
            return
        self._over_timer -= dt * (HURRY_FACTOR if self.app.input.is_hurrying else 1.0)
        if self._over_timer > 0:
            return
        if self.demo:
            seed = random.Random(self.game.seed).randrange(1, 2**31)
            self._replace(start_demo(self.app, seed, self.demo_fast))
            return
        self._replace(GameOverScene(self.app, self.game))

    def _replace(self, scene: Scene) -> None:
        self._replacing = True
        self.app.scenes.replace(scene)


def place_clear_of(dialog_scene: Any, view: MapView, tids: tuple[str, ...]) -> None:
    """Move a dialog scene's window (and its widgets) so it leaves `tids` on the map visible."""
    dialog = getattr(dialog_scene, "dialog", None)
    if dialog is None:
        return
    badges: list[pygame.Rect] = []  # the army counts: never covered if it can be helped
    shapes: list[pygame.Rect] = []  # the territories themselves: covered as little as can be
    for tid in tids:
        badges.append(pygame.Rect(0, 0, 48, 30))
        badges[-1].center = view.anchor_on_screen(tid)
        box = view.art.bounding_box(tid)
        x, y = view.to_screen(box.topleft)
        shapes.append(pygame.Rect(x, y, box.width, box.height).clip(view.rect))
    rect = dialog.rect
    area = view.rect.inflate(-8, -8)
    spots = [rect.copy() for _ in range(8)]
    spots[0].midtop = area.midtop
    spots[1].midbottom = area.midbottom
    spots[2].topleft = area.topleft
    spots[3].topright = area.topright
    spots[4].bottomleft = area.bottomleft
    spots[5].bottomright = area.bottomright
    spots[6].midleft = area.midleft
    spots[7].midright = area.midright

    def covered(r: pygame.Rect, rects: list[pygame.Rect]) -> int:
        return sum(r.clip(a).width * r.clip(a).height for a in rects)

    def overlap(r: pygame.Rect) -> int:
        return covered(r, badges) * 10_000 + covered(r, shapes)

    avoid = badges
    if not avoid or overlap(rect) == 0:
        return
    best = min(spots, key=overlap)
    dx, dy = best.x - rect.x, best.y - rect.y
    rect.move_ip(dx, dy)
    for widget in dialog.widgets:
        widget.rect.move_ip(dx, dy)


def _loss_caption(attacker_losses: int, defender_losses: int) -> str:
    if attacker_losses and defender_losses:
        return "Each side loses 1" if attacker_losses == 1 else \
            f"Att -{attacker_losses}  Def -{defender_losses}"
    if defender_losses:
        return f"Defender loses {defender_losses}"
    return f"Attacker loses {attacker_losses}"


DEMO_NAMES = ("Napoleon", "Hannibal", "Genghis", "Caesar", "Alexander", "Boudicca")
DEMO_TYPES = ("uk_full", "us_full", "uk_short", "us_short")


def demo_game(seed: int) -> Game:
    """A 4-6 player game with computer generals in every seat, all chosen from the seed."""
    rng = random.Random(seed)
    count = rng.randint(4, 6)
    levels = ("easy", "standard", "good")
    from game.engine.config import COLOURS  # noqa: PLC0415

    players = [PlayerSpec(DEMO_NAMES[i], COLOURS[i], rng.choice(levels)) for i in range(count)]
    config = GameConfig.preset(rng.choice(DEMO_TYPES), players)
    return Game.new(config, seed)


def start_demo(app: App, seed: int, fast: bool) -> Scene:
    """The attract mode: computers play every seat; a new game follows each victory."""
    scene = PlayScene(app, demo_game(seed), demo=True)
    scene.demo_fast = fast
    return scene
