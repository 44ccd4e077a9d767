"""RISK > About Conquest: the credits (the idle title shows them too).

Any key or button goes back; shown by the idle title, they also go by themselves after a while.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.input import Command, CommandEvent
from game.scenes.backdrop import draw_sea_backdrop
from game.scenes.base import Scene
from game.ui import palette
from game.ui.pointers import PointerKind

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

HEADLINE = "CONQUEST"  # the game's name, drawn large
CREDITS = (
    f"# {HEADLINE}",
    "A recreation of Computer RISK (1988)",
    "",
    "# The game",
    "After the board game of world conquest and its 1988 home-computer",
    "version: 42 territories, six continents, two to six generals.",
    "",
    "# Made by",
    "The Conquest team. Every picture, letter and sound is drawn",
    "or synthesised by the program itself.",
    "",
    "# Built with",
    "Python and pygame-ce. Map outlines from Natural Earth (public domain).",
)


class CreditsScene(Scene):
    """The credits; any key or button (or the timeout, when shown by the idle title) goes back."""

    pointer = PointerKind.NONE

    def __init__(self, app: SceneContext, timeout: float | None = None) -> None:
        super().__init__(app)
        self.timeout = timeout
        self.time = 0.0
        self.timed_out = False  # gone by itself, not by a key: the title's idle time goes on
        self._closing = False

    def close(self) -> None:
        """Pop the credits, once: a key sends both its command and SKIP in the same frame."""
        if self._closing or self.app.scenes.top is not self:
            return
        self._closing = True
        self.app.scenes.pop()

    def handle(self, command: CommandEvent) -> None:
        if command.kind in (Command.SKIP, Command.PRESS, Command.CONFIRM, Command.CANCEL):
            self.close()

    def update(self, dt: float) -> None:
        self.time += dt
        if self.timeout is not None and self.time >= self.timeout and not self._closing:
            self.timeout = None
            self.timed_out = True
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        draw_sea_backdrop(surface)
        fonts = self.app.fonts
        w = surface.get_width()
        lines = []
        for line in CREDITS:
            if line.startswith("# "):
                line = line[2:]
                big = line == HEADLINE
                lines.append((line, fonts.large if big else fonts.bold,
                              palette.GOLD if big else palette.AMBER))
            else:
                lines.append((line, fonts.body, palette.LIGHT))
        height = sum(font.line_height if text else 6 for text, font, _ in lines) + 48
        box = pygame.Rect(90, 0, w - 180, height)
        box.centery = 180
        pygame.draw.rect(surface, palette.NAVY, box)
        pygame.draw.rect(surface, palette.SELECT_BLUE, box, 1)
        y = box.y + 14
        for text, font, colour in lines:
            font.draw(surface, text, (w // 2, y), colour, align="center")
            y += font.line_height if text else 6
        for i, player in enumerate(palette.PLAYER_COLOURS):
            x = w // 2 - 3 * 16 + i * 16 + 3
            pygame.draw.rect(surface, palette.INK, (x - 1, box.bottom - 21, 11, 11))
            pygame.draw.rect(surface, player.rgb, (x, box.bottom - 20, 9, 9))
        fonts.body.draw(surface, "Press any key or button", (w // 2, 350), palette.SKY_BLUE,
                        align="center")
