"""The hot-seat hand-over: "Pass to Alex" on a screen that hides the board.

With two or more humans at one machine, each human's turn (and secret set-up choice) begins
behind this screen, so nobody sees another seat's cards, mission or headquarters. Any press,
key or button, from any device, hands the machine over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent
from game.scenes.base import Scene
from game.scenes.title import draw_sea_backdrop
from game.ui import palette
from game.ui.palette import PlayerColour
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App

BOX = pygame.Rect(150, 130, 340, 140)
GO_KEYS = frozenset({Command.PRESS, Command.CONFIRM, Command.SKIP})


class HandOverScene(Scene):
    """An opaque screen naming the next human; closed by any press."""

    def __init__(self, app: App, name: str, colour: PlayerColour, detail: str,
                 on_ready: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.colour = colour
        self.detail = detail
        self.on_ready = on_ready
        self.ok = Button(app.fonts, (BOX.centerx - 40, BOX.bottom - 28, 80, 17), "READY",
                         self.close, is_default=True, bold=True)
        self._closed = False

    @property
    def headline(self) -> str:
        return f"Pass to {self.name}"

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.app.play(Sfx.CLICK)
        self.app.scenes.pop()
        if self.on_ready is not None:
            self.on_ready()

    def handle(self, command: CommandEvent) -> None:
        if command.kind in GO_KEYS or command.kind is Command.CANCEL:
            self.close()

    def update(self, dt: float) -> None:
        self.ok.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_sea_backdrop(surface)
        fonts = self.app.fonts
        pygame.draw.rect(surface, palette.INK, BOX.move(3, 3))
        pygame.draw.rect(surface, palette.FACE, BOX)
        pygame.draw.rect(surface, palette.INK, BOX, 1)
        bar = pygame.Rect(BOX.x, BOX.y, BOX.width, 14)
        pygame.draw.rect(surface, palette.TITLE_BLUE, bar)
        fonts.bold.draw(surface, "NEXT PLAYER", (bar.centerx, bar.y + 3), palette.WHITE,
                        align="center")
        swatch = pygame.Rect(BOX.x + 20, BOX.y + 30, 22, 22)
        pygame.draw.rect(surface, self.colour.rgb, swatch)
        pygame.draw.rect(surface, palette.INK, swatch, 1)
        fonts.large.draw(surface, self.headline, (swatch.right + 12, BOX.y + 32), palette.INK)
        y = BOX.y + 66
        for line in self.detail.split("\n"):
            fonts.body.draw(surface, line, (BOX.centerx, y), palette.DARK, align="center")
            y += 12
        self.ok.draw(surface)
