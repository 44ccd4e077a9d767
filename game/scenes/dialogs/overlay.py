"""Shared pieces of the information overlays: a framed window with OK, and player colours.

Info, help, card and mission screens all look alike (title bar, grey body, OK at the bottom
right, Return or ESC closes), so they share this base instead of each laying out a Dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent
from game.scenes.base import Scene
from game.ui import palette
from game.ui.palette import NEUTRAL_COLOUR, PLAYER_COLOUR_BY_NAME, PlayerColour
from game.ui.dialog import Dialog
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game
    from game.mapart import MapArt

BUTTON_W = 60
BUTTON_H = 15
MARGIN = 10


def player_colour(game: Game, pid: int) -> PlayerColour:
    """The palette entry of a seat (the neutral player is grey)."""
    return PLAYER_COLOUR_BY_NAME.get(game.players[pid].colour, NEUTRAL_COLOUR)


def colour_swatch(surface: pygame.Surface, rect: pygame.Rect | tuple[int, int, int, int],
                  colour: PlayerColour, *, pattern: bool = False) -> None:
    """A small framed square in a player's colour, with its colour-blind pattern if asked."""
    r = pygame.Rect(rect)
    pygame.draw.rect(surface, colour.rgb, r)
    if pattern:
        rows = colour.pattern
        for y in range(r.top + 1, r.bottom - 1):
            row = rows[y % len(rows)]
            for x in range(r.left + 1, r.right - 1):
                if row[x % len(row)] == "#":
                    surface.set_at((x, y), colour.shade)
    pygame.draw.rect(surface, palette.INK, r, 1)


def shared_map_art(app: SceneContext) -> MapArt | None:
    """The map art, loaded once per run and kept with the assets (as the play screen does)."""
    art = getattr(app.assets, "map_art", None)
    if art is None:
        try:
            from game.mapart import load_map_art  # noqa: PLC0415 - a tenth of a second

            art = load_map_art()
        except (OSError, ValueError, KeyError, pygame.error):
            return None
        app.assets.map_art = art  # type: ignore[attr-defined]
    return art


def centred_rect(width: int, height: int, centre: tuple[int, int] = (320, 204)) -> pygame.Rect:
    rect = pygame.Rect(0, 0, width, height)
    rect.center = centre
    return rect


class OverlayScene(Scene):
    """A window over the scene below: title, content drawn by `draw_body`, buttons at the foot.

    Subclasses give `draw_body(surface, body_rect)` and may add buttons with `add_button`.
    Return presses the default button, ESC the cancel button (both OK unless changed).
    """

    is_opaque = False
    wants_navigation = True

    def __init__(self, app: SceneContext, title: str, size: tuple[int, int], *,
                 ok_label: str = "OK", on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.rect = centred_rect(*size)
        self.on_close = on_close
        self.ok = Button(app.fonts, self.button_rect(0), ok_label, self.close, is_default=True)
        self.dialog = Dialog(app.fonts, self.rect, title.upper(), [self.ok], default=self.ok,
                             cancel=self.ok)
        self._closing = False

    def button_rect(self, index_from_right: int, width: int = BUTTON_W) -> pygame.Rect:
        """Buttons line up from the bottom right corner, right to left."""
        x = self.rect.right - MARGIN - width - index_from_right * (width + 8)
        return pygame.Rect(x, self.rect.bottom - 8 - BUTTON_H, width, BUTTON_H)

    def add_widgets(self, widgets: Sequence[Widget]) -> None:
        self.dialog.widgets[:0] = list(widgets)

    @property
    def body(self) -> pygame.Rect:
        """The area between the title bar and the button row."""
        r = self.rect
        return pygame.Rect(r.x + MARGIN, r.y + 18, r.width - 2 * MARGIN, r.height - 18 - 30)

    def close(self) -> None:
        """Pops this overlay once, then tells `on_close`."""
        if self._closing:
            return
        self._closing = True
        self.app.play(Sfx.CLICK)
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        if self.on_close is not None:
            self.on_close()

    def handle(self, command: CommandEvent) -> None:
        self.dialog.handle(command)

    def update(self, dt: float) -> None:
        self.dialog.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.dialog.draw(surface)
        self.draw_body(surface, self.body)

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        pass


class AnyKeyOverlay(OverlayScene):
    """An overlay that any key or button dismisses (full map, game statistics pictures)."""

    def handle(self, command: CommandEvent) -> None:
        if command.kind in (Command.PRESS, Command.CONFIRM, Command.CANCEL):
            self.close()
