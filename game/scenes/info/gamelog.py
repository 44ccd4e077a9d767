"""INFO > Game Log: every turn in words, filterable by player, and exportable.

Left and right (keys, stick, d-pad) or the player buttons choose whose lines to show; up and
down, Page Up/Down, Home/End, the wheel and the scroll bar scroll; Tab or the pad's shoulder
buttons reach EXPORT and OK.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.input import Command, CommandEvent, Device
from game.scenes.dialogs.overlay import OverlayScene, player_colour
from game.scenes.info.story import chronicle_for, export_message, refresh_story, told_story
from game.ui import palette
from game.ui.controlnames import device_of
from game.ui.loglist import LogLine, LogList
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game
    from game.engine.chronicle import Chronicle
    from game.net.story_client import NetChronicle

FILTER_W = 70


class GameLogScene(OverlayScene):
    """The whole game's log over the play (or game-over) screen."""

    def __init__(self, app: SceneContext, game: Game) -> None:
        super().__init__(app, "Game Log", (620, 384))
        self.game = game
        self.chronicle: Chronicle | NetChronicle = chronicle_for(app, game)
        self.seat: int | None = None  # None shows everyone
        self.note = ""
        body = self.body
        self.list = LogList(app.fonts, pygame.Rect(body.x, body.y + 20, body.width,
                                                   body.height - 34))
        self.filters = [Button(app.fonts, (body.x + i * (FILTER_W + 4), body.y, FILTER_W, 15),
                               label, self._chooser(i - 1 if i else None))
                        for i, label in enumerate(["ALL", *(p.name for p in game.players)])]
        self.export = Button(app.fonts, self.button_rect(1), "EXPORT", self.do_export)
        self.add_widgets([*self.filters, self.export])
        self.choose(None)

    def _chooser(self, seat: int | None) -> Callable[[], None]:
        return lambda: self.choose(seat)

    @property
    def shown_count(self) -> int:
        return len(self.list.lines)

    def choose(self, seat: int | None) -> None:
        """Show only the lines about `seat` (None: all)."""
        if seat is not None and not 0 <= seat < len(self.game.players):
            seat = None
        self.seat = seat
        for i, button in enumerate(self.filters):
            button.selected = (i - 1 == seat) if seat is not None else i == 0
        self.list.set_lines(self.lines())

    def lines(self) -> list[LogLine]:
        game = self.game
        out = []
        for entry in self.chronicle.entries:
            if entry.kind != "TurnStarted" and self.seat is not None \
                    and self.seat not in entry.players:
                continue
            colour = player_colour(game, entry.players[0]) if entry.players else None
            out.append(LogLine(entry.text, colour, entry.kind == "TurnStarted"))
        if self.chronicle.error:
            out.append(LogLine(self.chronicle.error))
        elif not self.chronicle.matches:
            out.insert(0, LogLine("Replaying this game's record does not give the game as it "
                                  "stands: the log may be wrong."))
        return out

    def update(self, dt: float) -> None:
        """In a network game the server tells the story: ask for news, show it when it comes
        (staying at the end if the player was there, else where the player scrolled to)."""
        super().update(dt)
        refresh_story(self.app, self.game)
        told = told_story(self.app, self.game)
        if told is not None and told.version != getattr(self.chronicle, "version", None):
            at_end = self.list.top >= self.list.max_top
            self.chronicle = told
            self.list.set_lines(self.lines(), to_end=at_end)

    def do_export(self) -> None:
        _, self.note = export_message(self.app, self.game)

    def handle(self, command: CommandEvent) -> None:
        kind = command.kind
        if kind in (Command.LEFT, Command.RIGHT):
            count = len(self.filters)
            index = (self.seat + 1) if self.seat is not None else 0
            index = (index + (1 if kind is Command.RIGHT else -1)) % count
            self.choose(index - 1 if index else None)
            return
        keyed_press = kind is Command.PRESS and command.device is not Device.MOUSE
        if not keyed_press and self.list.handle(command):
            return  # Space or pad A answer the focused button (the dialog's rule), never the list
        super().handle(command)

    def controls_hint(self) -> str:
        """How to filter and scroll, in the words of the device used last (a pad player is
        never told of keys, a mouse player is told what to click)."""
        device = device_of(self.app)
        if device is Device.PAD:
            return "D-pad Left/Right: player  Up/Down: scroll  LB/RB: buttons"
        if device is Device.MOUSE:
            return "Player buttons: filter  Wheel or bar: scroll"
        return "Left/Right: player  Up/Down, PgUp/PgDn: scroll  Tab: buttons"

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        self.list.draw(surface)
        fonts = self.app.fonts
        who = "everyone" if self.seat is None else self.game.players[self.seat].name
        text = self.note or f"{self.shown_count} lines about {who}.  {self.controls_hint()}"
        fonts.body.draw(surface, fonts.body.ellipsize(text, body.width - 150),
                        (body.x, body.bottom - 9), palette.AMBER if self.note else palette.SHADOW)
