"""The hot-seat hand-over: "Pass to Alex" on a screen that hides the board.

With two or more humans at one machine, each human's turn (and secret set-up choice) begins
behind this screen, so nobody sees another seat's cards, mission or headquarters.

Only a deliberate confirm hands the machine over: Return, Space or the pad's A (wherever the
pointer rests), or a click on READY. ESC and the pad's Back do nothing here, because Back is
also "end turn": a second press meant for the previous player's screen must not open the next
player's turn. For the same reason every press is ignored for `GUARD_SECONDS` after the screen
appears (READY is dimmed meanwhile), which also swallows a double click.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent, Device
from game.scenes.base import Scene
from game.scenes.backdrop import draw_sea_backdrop
from game.ui import glyphs, palette
from game.ui.controlnames import describe_for, device_of
from game.ui.palette import PlayerColour
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

BOX = pygame.Rect(150, 130, 340, 140)
# How long after the screen appears every press is ignored: longer than a double press (QA
# saw 0.15 s between two Backs), short enough that the next player never waits for it.
GUARD_SECONDS = 0.5


class HandOverScene(Scene):
    """An opaque screen naming the next human; closed by a confirm once the guard is over."""

    def __init__(self, app: SceneContext, name: str, colour: PlayerColour, detail: str,
                 on_ready: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.colour = colour
        self.detail = detail
        self.on_ready = on_ready
        self.ok = Button(app.fonts, (BOX.centerx - 40, BOX.bottom - 28, 80, 17), "READY",
                         self.close, is_default=True, bold=True)
        self._closed = False
        self.guard = GUARD_SECONDS
        self.ok.enabled = False

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

    @property
    def ready(self) -> bool:
        """Whether the guard is over and a confirm now hands the machine over."""
        return self.guard <= 0

    def handle(self, command: CommandEvent) -> None:
        if not self.ready:
            return  # a press meant for the screen before this one
        kind = command.kind
        if kind is Command.CONFIRM or (kind is Command.PRESS
                                       and command.device is not Device.MOUSE):
            self.close()  # Return, Space, keypad 5, A: READY, wherever the pointer is
        elif kind is Command.PRESS:
            self.ok.handle(command)  # a click counts on READY only
        # CANCEL (ESC, Back = end turn), SKIP and the rest: stay on this screen

    def update(self, dt: float) -> None:
        self.guard = max(0.0, self.guard - dt)
        self.ok.enabled = self.ready
        self.ok.update(dt)

    def hint(self) -> str:
        """How the device in hand says READY (a controlnames template for a pad)."""
        device = device_of(self.app)
        if device is Device.MOUSE:
            return "Click READY when you have the machine."
        return describe_for(self.app, "Press {CONFIRM} when you have the machine.")

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
            fonts.body.draw(surface, line, (BOX.centerx, y), palette.SHADOW, align="center")
            y += 12
        self.ok.draw(surface)
        glyphs.draw_text(surface, fonts.body, self.hint(), (BOX.centerx, BOX.bottom + 14),
                         palette.LIGHT, align="center")
