"""Watching a recorded game: `--replay FILE`, and INFO > Review Last Turn.

The record is replayed on a fresh game of its own (the game being played is never touched) and
drawn with the play screen's own parts: the map view, the side panel with its dice, the message
area. Controls, each device alone:

    pause / play        Space, Return, click the map, pad A or Start, PLAY button
    step an action      Right, d-pad/stick right, > button     (Left: one back)
    step a turn         Tab, pad RB, TURN> button               (Shift+Tab, pad LB: one back)
    faster / slower     Up / Down, stick, FASTER / SLOWER buttons
    start / end         Home / End, RESTART / END buttons
    close               ESC, pad Back, CLOSE button
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.engine import actions as act
from game.engine import events as ev
from game.engine.chronicle import LogEntry, Story
from game.engine.record import ReplayError
from game.engine.replayer import Replayer
from game.input import Command, CommandEvent, Device
from game.scenes.base import Scene
from game.scenes.dialogs.overlay import player_colour, shared_map_art
from game.scenes.info.story import chronicle_for
from game.ui import palette
from game.ui.mapview import MapMarks, MapView
from game.ui.controlnames import device_of
from game.ui.messages import MessageArea
from game.ui.sidepanel import PanelInfo, SidePanel
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 32.0, 256.0)
NORMAL_SPEED = 2
MOST_ACTIONS_PER_FRAME = 400
SNAPSHOT_EVERY = 250  # actions between kept copies, so stepping back never replays far
BAR_RECT = pygame.Rect(0, 0, 640, 12)
HINT = "Space pause  Right step  Tab turn  Up/Down speed  Esc close"
# The controls named for the device the player used last (a pad player is never told of keys).
HINTS = {Device.KEYBOARD: HINT,
         Device.PAD: "A pause  Right step  RB turn  Up/Down speed  Back close",
         Device.MOUSE: "Buttons above: play, step, turn, speed  Click the map: pause"}


def action_delay(action: act.Action | None) -> float:
    """Seconds an action stays on screen at normal speed: battles longest, placements short."""
    if isinstance(action, act.Attack | act.Defend | act.UseAdvantage | act.DeclineAdvantage
                  | act.CheatConquer):
        return 0.9
    if isinstance(action, act.Occupy | act.Fortify | act.TradeCards | act.EndTurn):
        return 0.6
    return 0.3


class ReplayScene(Scene):
    """Plays a game's record back on the map from action `start` (0: the very beginning)."""

    wants_navigation = True

    def __init__(self, app: SceneContext, final: Game, start: int = 0, *, title: str = "REPLAY",
                 on_close: Callable[[], None] | None = None,
                 replayer: Callable[[], Replayer] | None = None) -> None:
        super().__init__(app)
        self.final = final
        self.title = title
        self.on_close = on_close
        self.chronicle: Story = chronicle_for(app, final)
        self.said: dict[int, list[LogEntry]] = defaultdict(list)
        for entry in self.chronicle.entries:
            self.said[entry.index].append(entry)
        self.turn_starts = sorted({e.index for e in self.chronicle.entries
                                   if e.kind == "TurnStarted"})
        # what steps through the game: the record replayed here, or (a network game's review)
        # the views the server sent, which look the same to this screen
        self._new_replayer: Callable[[], Replayer] = replayer or (lambda: Replayer(final))
        self.replayer = self._new_replayer()
        self.start = max(0, min(start, len(self.replayer.actions)))
        fonts = app.fonts
        art = shared_map_art(app)
        overlays = getattr(app.assets, "map_overlays", None)
        if overlays is None:
            overlays = {}
            app.assets.map_overlays = overlays  # type: ignore[attr-defined]
        self.view = MapView(art, fonts, overlays=overlays) if art is not None else None
        self.panel = SidePanel(fonts)
        self.panel.set_odds(None, idle="Replay of the record" if replayer is None
                           else "As the server told it")
        self.messages = MessageArea(fonts, hint=lambda: HINTS[device_of(app)])
        self.colours = [player_colour(final, p) for p in range(len(final.players))]
        self.marks = MapMarks()
        self.paused = False
        self.speed = NORMAL_SPEED
        self.timer = 0.0
        self.error: str | None = None
        self.hover: str | None = None  # the territory under the pointer
        self.snapshots: dict[int, Game] = {}
        self.buttons = self._make_buttons()
        self._seek(self.start, quiet=True)

    def _make_buttons(self) -> list[Button]:
        fonts = self.app.fonts
        specs: list[tuple[str, Callable[[], None], int]] = [
            ("RESTART", lambda: self._seek(self.start), 50), ("<", self.step_back, 22),
            ("PAUSE", self.toggle_pause, 50), (">", self.step_action, 22),
            ("<TURN", self.turn_back, 44), ("TURN>", self.step_turn, 44),
            ("SLOWER", lambda: self.change_speed(-1), 48),
            ("FASTER", lambda: self.change_speed(1), 48),
            ("END", lambda: self._seek(len(self.replayer.actions)), 34),
            ("CLOSE", self.close, 46),
        ]
        buttons, x = [], 4
        for label, press, width in specs:
            buttons.append(Button(fonts, (x, 1, width, 10), label, press))
            x += width + 3
        return buttons

    # -- where the replay stands ---------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.replayer.game

    @property
    def index(self) -> int:
        return self.replayer.index

    @property
    def at_end(self) -> bool:
        return self.replayer.at_end or self.error is not None

    def _rebuild(self, target: int) -> None:
        """Back to the latest kept copy at or before action `target` (or the beginning)."""
        self.replayer = self._new_replayer()
        kept = max((i for i in self.snapshots if i <= target), default=0)
        if kept:
            self.replayer.game = self.snapshots[kept].clone()
            self.replayer.index = kept
        self.panel.dice.clear()
        self.marks = MapMarks()

    def _seek(self, target: int, *, quiet: bool = False) -> None:
        """Jumps to just after action `target`, showing only the last action's doing."""
        target = max(0, min(target, len(self.replayer.actions)))
        if target < self.index:
            self._rebuild(target)
        while self.index < target - 1 and self.error is None:
            self._apply(show=False)
        if self.index < target and self.error is None:
            self._apply(show=not quiet)
        self.timer = action_delay(self.replayer.next_action) / SPEEDS[self.speed]

    def _apply(self, *, show: bool = True) -> bool:
        if self.at_end:
            return False
        action = self.replayer.next_action
        try:
            events = self.replayer.step()
        except ReplayError as exc:
            self.error = str(exc)
            self.messages.add(f"The record cannot be replayed further: {exc}", palette.ALERT_RED)
            self.paused = True
            return False
        if self.index % SNAPSHOT_EVERY == 0 and self.index not in self.snapshots \
                and isinstance(self.replayer, Replayer):  # (received views need no copies)
            self.snapshots[self.index] = self.game.clone()
        if show:
            self._show(action, events)
        if self.at_end:
            self.messages.add("End of the record." if self.start == 0
                              else "That is all since your last turn: ESC returns.",
                              palette.AMBER)
        return True

    def _show(self, action: act.Action | None, events: list[ev.Event]) -> None:
        """Marks, dice and messages for one action, as the play screen would show them."""
        slow = SPEEDS[self.speed] <= 2
        focus: list[str] = []
        for e in events:
            if isinstance(e, ev.TurnStarted):
                self.marks = MapMarks()
                self.panel.dice.clear()
            elif isinstance(e, ev.DiceRolled):
                self.marks = MapMarks(attacker=e.source, defender=e.target)
                self.panel.dice.roll(self.colours[e.attacker], self.colours[e.defender],
                                     e.attacker_dice, e.defender_dice, "",
                                     seconds=0.35 if slow else 0.0)
                focus = [e.source, e.target]
            elif isinstance(e, ev.ArmiesPlaced | ev.TerritoryClaimed):
                self.marks = MapMarks(selected=frozenset({e.territory}))
                focus = [e.territory]
            elif isinstance(e, ev.ArmiesMoved):
                self.marks = MapMarks(selected=frozenset({e.source, e.target}))
                focus = [e.source, e.target]
            elif isinstance(e, ev.TerritoryConquered) and slow:
                self.app.play(Sfx.CONQUEST)
        if focus and self.view is not None:
            self.view.show(*focus, smooth=slow)
        for entry in self.said.get(self.index, ()):
            colour = palette.CREAM
            if entry.kind == "TurnStarted":
                colour = palette.AMBER
            elif entry.players:
                colour = self.colours[entry.players[0]].rgb
            self.messages.add(entry.text, colour)

    # -- controls ------------------------------------------------------------------------
    def toggle_pause(self) -> None:
        if self.at_end and self.paused:
            return
        self.paused = not self.paused

    def change_speed(self, step: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))

    def step_action(self) -> None:
        self.paused = True
        self._apply()

    def step_back(self) -> None:
        self.paused = True
        self._seek(self.index - 1)

    def step_turn(self) -> None:
        """On to the start of the next turn (or the end)."""
        self.paused = True
        later = bisect.bisect_right(self.turn_starts, self.index)
        target = self.turn_starts[later] if later < len(self.turn_starts) \
            else len(self.replayer.actions)
        while self.index < target and self._apply():
            pass

    def turn_back(self) -> None:
        """Back to the start of this turn, or of the one before when already there."""
        self.paused = True
        earlier = bisect.bisect_left(self.turn_starts, self.index) - 1
        self._seek(self.turn_starts[earlier] if earlier >= 0 else self.start)

    def close(self) -> None:
        self.app.play(Sfx.CLICK)
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        if self.on_close is not None:
            self.on_close()

    def handle(self, command: CommandEvent) -> None:
        kind = command.kind
        keyed = {Command.RIGHT: self.step_action, Command.LEFT: self.step_back,
                 Command.NEXT: self.step_turn, Command.PREVIOUS: self.turn_back,
                 Command.UP: lambda: self.change_speed(1),
                 Command.DOWN: lambda: self.change_speed(-1),
                 Command.HOME: lambda: self._seek(self.start),
                 Command.END: lambda: self._seek(len(self.replayer.actions)),
                 Command.CONFIRM: self.toggle_pause, Command.MENU: self.toggle_pause,
                 Command.CANCEL: self.close}
        if kind in keyed:
            keyed[kind]()
        elif kind is Command.PRESS:
            if command.device is Device.MOUSE or command.pos[1] < BAR_RECT.bottom:
                for button in self.buttons:
                    if button.handle(command):
                        return
            if command.device is not Device.MOUSE or (self.view is not None
                                                      and self.view.rect.collidepoint(command.pos)):
                self.toggle_pause()
        elif kind is Command.SCROLL and self.view is not None:
            self.view.scroll_by(*command.delta)
        elif kind is Command.POINTER_MOVED and self.view is not None:
            tid = self.view.territory_at(command.pos)
            self.hover = tid
        else:
            self.messages.handle(command)

    def _describe(self, tid: str) -> str:
        game = self.game
        owner = game.owner[tid]
        who = "unclaimed" if owner is None else f"{game.players[owner].name}, {game.armies[tid]}"
        return f"{game.board.territory_name(tid)} ({who})"

    # -- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.panel.update(dt)
        if self.view is not None:
            self.view.update(dt)
        for button in self.buttons:
            button.update(dt)
        self.buttons[2].label = "PLAY" if self.paused or self.at_end else "PAUSE"
        self.messages.status = self.status
        if self.paused or self.at_end:
            return
        self.timer -= dt
        applied = 0
        while self.timer <= 0 and not self.at_end and applied < MOST_ACTIONS_PER_FRAME:
            self._apply()
            applied += 1
            self.timer += action_delay(self.replayer.next_action) / SPEEDS[self.speed]
        if self.at_end:
            self.paused = True

    @property
    def status(self) -> str:
        total = len(self.replayer.actions)
        done = self.index - self.start
        state = "PAUSED" if self.paused else "PLAYING"
        speed = SPEEDS[self.speed]
        shown = f"x{speed:g}" if speed < 256 else "fastest"
        return f"{self.title}: action {done}/{total - self.start}, turn {self.game.turn}, " \
               f"{shown}, {state}"

    def draw(self, surface: pygame.Surface) -> None:
        game = self.game
        if self.view is not None:
            self.view.draw(surface, game.owner, game.armies, dict(enumerate(self.colours)),
                           self.marks, patterned=self.app.settings.colour_blind)
        else:
            surface.fill(palette.SEA_DEEP, (0, 12, 512, 360))
            self.app.fonts.bold.draw(surface, "The map could not be loaded.", (256, 190),
                                     palette.WHITE, align="center")
        self.panel.draw(surface, game, self.colours, PanelInfo(card_label=""),
                        patterned=self.app.settings.colour_blind)
        self.messages.draw(surface)
        pygame.draw.rect(surface, palette.LIGHT, BAR_RECT)
        pygame.draw.line(surface, palette.INK, (0, BAR_RECT.bottom - 1),
                         (639, BAR_RECT.bottom - 1))
        for button in self.buttons:
            button.draw(surface)
        body = self.app.fonts.body
        if self.hover is not None:
            body.draw(surface, body.ellipsize(self._describe(self.hover), 150), (636, 3),
                      palette.INK, align="right")


def start_replay(app: SceneContext, path: Path) -> Scene:
    """The first scene of `--replay FILE`: the recorded game from its start; CLOSE quits."""
    from game.replay import RecordFileError, load_recorded_game  # noqa: PLC0415

    try:
        game = load_recorded_game(path)
    except RecordFileError:
        return app.title_scene()
    return ReplayScene(app, game, 0, title="REPLAY", on_close=app.quit)
