"""A short notice drawn over whatever screen is showing, for a few seconds.

The App uses it when a pad is unplugged (or plugged back in) on a screen with no message line
of its own: the forms, the on-screen keyboard, CONNECTING, the lobby, a dialog. Without it a
player whose pad went dead there saw nothing change and could not tell why nothing answered.
Screens with a message line (the play screen) say it there instead (App._tell_device).
"""

from __future__ import annotations

import pygame

from game.ui import palette
from game.ui.font import Fonts

SECONDS = 4.0
HEIGHT = 16
MARGIN = 6


class Banner:
    """One line of text at the foot of the screen until `SECONDS` have passed."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.text = ""
        self.left = 0.0

    @property
    def showing(self) -> bool:
        return bool(self.text) and self.left > 0

    def show(self, text: str) -> None:
        self.text = text
        self.left = SECONDS

    def update(self, dt: float) -> None:
        if self.left > 0:
            self.left -= dt
            if self.left <= 0:
                self.text = ""

    def rect(self, surface: pygame.Surface) -> pygame.Rect:
        width = self.fonts.bold.width(self.text) + 16
        box = pygame.Rect(0, 0, width, HEIGHT)
        box.midbottom = (surface.get_width() // 2, surface.get_height() - MARGIN)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        if not self.showing:
            return
        box = self.rect(surface)
        pygame.draw.rect(surface, palette.INK, box.move(2, 2))
        pygame.draw.rect(surface, palette.ALERT_RED, box)
        pygame.draw.rect(surface, palette.WHITE, box, 1)
        self.fonts.bold.draw(surface, self.text, (box.centerx, box.y + (HEIGHT - 7) // 2),
                             palette.WHITE, align="center")
