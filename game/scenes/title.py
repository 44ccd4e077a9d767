"""The title screen (big pixel-art CONQUEST over a globe), the first screen of the game.

Leaving the title goes to the setup screen, first offering to resume the game that was
interrupted (the autosave) if there is one; a minute untouched starts the demo. The game's
version stands small in the bottom right corner, so a player can say which one they have.
"""

from __future__ import annotations

import contextlib

import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.input import Command, CommandEvent
from game.scenes.backdrop import draw_sea_backdrop
from game.scenes.base import Scene
from game.scenes.info.credits import CreditsScene
from game.ui import palette
from game.ui.font import GLYPHS, LETTER_SPACING
from game.ui.pointers import PointerKind
from game.version import UNKNOWN, version

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

TITLE_TEXT = "CONQUEST"
TITLE_BLOCK = 8
IDLE_TO_CREDITS = 15.0
IDLE_TO_DEMO = 60.0
BLINK = 0.6


def _title_art(text: str, block: int) -> pygame.Surface:
    """Letters of the pixel font enlarged into bevelled gold strokes with a hard shadow."""
    cells: set[tuple[int, int]] = set()
    x0 = 0
    for char in text:
        glyph = GLYPHS[char]
        for y, row in enumerate(glyph[:7]):
            cells.update((x0 + x, y) for x, bit in enumerate(row) if bit == "#")
        x0 += len(glyph[0]) + LETTER_SPACING
    width = x0 - LETTER_SPACING
    shadow = block // 2
    surf = pygame.Surface((width * block + shadow, 7 * block + shadow), pygame.SRCALPHA)
    hi, face, lo = (248, 224, 120, 255), (*palette.GOLD, 255), (160, 110, 0, 255)
    edge = max(1, block // 4)
    for x, y in cells:
        pygame.draw.rect(surf, (*palette.INK, 255),
                         (x * block + shadow, y * block + shadow, block, block))
    for x, y in cells:
        r = pygame.Rect(x * block, y * block, block, block)
        pygame.draw.rect(surf, face, r)
        if (x, y - 1) not in cells:
            pygame.draw.rect(surf, hi, (r.x, r.y, block, edge))
        if (x - 1, y) not in cells:
            pygame.draw.rect(surf, hi, (r.x, r.y, edge, block))
        if (x, y + 1) not in cells:
            pygame.draw.rect(surf, lo, (r.x, r.bottom - edge, block, edge))
        if (x + 1, y) not in cells:
            pygame.draw.rect(surf, lo, (r.right - edge, r.y, edge, block))
    return surf


# The hemisphere around Europe and Africa: rows are 11.25 degrees of latitude from the north
# pole, columns 7.5 degrees of longitude from 70 W. 'g' land, 's' desert, 'i' ice, '.' sea.
GLOBE_MAP = (
    "........................",
    "...iiii...ggggggggggggggg",
    "....ii..g.gg.gggggggggggg",
    "........g.gggggggggggggggg",
    ".........ggg.gggsgggggggg",
    "gg.......sssssssssssgggg.",
    "ggg.....sssssssss.ss.gg..",
    "gggg.....ggggggg......g..",
    "gggg......ggggggg.....gg.",
    ".ggg.......gggg.g........",
    ".gg........ggg...........",
    ".g.......................",
    "........................",
    "...iiiiiiiiiiiiiiiiiiii..",
    "iiiiiiiiiiiiiiiiiiiiiiiii",
    "iiiiiiiiiiiiiiiiiiiiiiiii",
)
GLOBE_WEST = -70.0
GLOBE_CENTRE = 20.0
GLOBE_LAND = {"g": (64, 136, 48), "s": (216, 148, 80), "i": (200, 196, 188)}


def _globe(radius: int) -> pygame.Surface:
    """A small pixel globe: sea, a coarse world map and a grid of meridians and parallels."""
    size = radius * 2 + 1
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    for py in range(size):
        for px in range(size):
            dx, dy = (px - radius) / radius, (py - radius) / radius
            if dx * dx + dy * dy > 1.0:
                continue
            lat = -math.degrees(math.asin(dy))
            lon_off = math.degrees(math.asin(max(-1.0, min(1.0, dx / max(
                math.cos(math.radians(lat)), 1e-6)))))
            lon = GLOBE_CENTRE + lon_off
            row = int((90.0 - lat) / 11.25)
            col = int((lon - GLOBE_WEST) / 7.5)
            colour: tuple[int, int, int] = palette.PANEL_BLUE
            if 0 <= row < len(GLOBE_MAP) and 0 <= col < len(GLOBE_MAP[row]):
                colour = GLOBE_LAND.get(GLOBE_MAP[row][col], colour)
            grid = (abs(lon_off) % 30 < 1.6) or (abs(lat) % 30 < 1.6)
            if grid and colour == palette.PANEL_BLUE:
                colour = palette.SELECT_BLUE
            if dx * dx + dy * dy > 0.86 or (dx + dy) > 0.9:
                colour = (colour[0] * 3 // 5, colour[1] * 3 // 5, colour[2] * 3 // 5)
            elif (dx + 0.35) ** 2 + (dy + 0.35) ** 2 < 0.04 and colour == palette.PANEL_BLUE:
                colour = palette.SKY_BLUE
            surf.set_at((px, py), (*colour, 255))
    pygame.draw.circle(surf, (*palette.INK, 255), (radius, radius), radius, 1)
    return surf


class TitleScene(Scene):
    """Shows the title until any key or button; then `next_scene`, or the usual way on:
    the resume offer for an interrupted game, else the setup screen.

    Untouched for a minute (credits included) it falls into the demo; `saves_dir` is where
    the autosave is looked for (tests give a temporary folder).
    """

    pointer = PointerKind.NONE

    def __init__(self, app: SceneContext, next_scene: Callable[[SceneContext], Scene] | None = None, *,
                 saves_dir: Path | None = None) -> None:
        super().__init__(app)
        self.next_scene = next_scene
        self.saves_dir = saves_dir
        self.time = 0.0
        self.idle = 0.0
        self.untouched = 0.0
        self._credits: CreditsScene | None = None
        self._left = False

    def enter(self) -> None:
        self.title = _title_art(TITLE_TEXT, TITLE_BLOCK)
        self.globe = _globe(56)

    def resume(self) -> None:
        self.idle = 0.0
        credits, self._credits = self._credits, None
        if credits is not None and credits.timed_out:
            self.untouched += credits.time  # the credits ran out on their own: still idle
        else:
            self.untouched = 0.0

    def handle(self, command: CommandEvent) -> None:
        if command.kind in (Command.SKIP, Command.PRESS, Command.CONFIRM):
            self.leave()
        else:
            self.idle = 0.0
            self.untouched = 0.0

    def leave(self) -> None:
        """Go on from the title: the given scene, or the resume offer, or the setup. Once only:
        a key press brings two commands (the key and its text) in the same frame."""
        if self._left:
            return
        self._left = True
        if self.next_scene is not None:
            self.app.scenes.replace(self.next_scene(self.app))
            return
        leave_title(self.app, self.saves_dir)

    def update(self, dt: float) -> None:
        self.time += dt
        self.idle += dt
        self.untouched += dt
        if self.untouched >= IDLE_TO_DEMO and self.start_demo():
            return
        if self.idle >= IDLE_TO_CREDITS:
            self.idle = 0.0
            self._credits = CreditsScene(self.app, timeout=IDLE_TO_CREDITS)
            self.app.scenes.push(self._credits)

    def start_demo(self) -> bool:
        """The attract mode of the play screen."""
        self.untouched = 0.0
        from game.scenes.play.screen import start_demo  # noqa: PLC0415 - not before the first frame
        from game.scenes.setup.launch import chosen_seed  # noqa: PLC0415

        self.app.scenes.replace(start_demo(self.app, chosen_seed(self.app), fast=False))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        draw_sea_backdrop(surface)
        w = surface.get_width()
        fonts = self.app.fonts
        surface.blit(self.globe, (w // 2 - self.globe.get_width() // 2, 150))
        surface.blit(self.title, (w // 2 - self.title.get_width() // 2, 56))
        fonts.bold.draw(surface, "WORLD CONQUEST IN THE 1988 STYLE", (w // 2, 128), palette.CREAM,
                        align="center")
        for i, colour in enumerate(palette.PLAYER_COLOURS):
            x = w // 2 - 3 * 22 + i * 22 + 4
            pygame.draw.rect(surface, palette.INK, (x - 1, 283, 15, 15))
            pygame.draw.rect(surface, colour.rgb, (x, 284, 13, 13))
            fonts.body.draw(surface, str(i + 1), (x + 7, 287), colour.text, align="center")
        if (self.time % (2 * BLINK)) < BLINK * 1.4:
            fonts.bold.draw(surface, "Press any key or button", (w // 2, 322), palette.WHITE,
                            align="center")
        fonts.body.draw(surface, "After Computer RISK (1988).  Mouse, keyboard or joystick.",
                        (w // 2, 380), palette.SKY_BLUE, align="center")
        if version() != UNKNOWN:
            fonts.body.draw(surface, f"v{version()}", (w - 8, 380), palette.SELECT_BLUE,
                            align="right")


def leave_title(app: SceneContext, saves_dir: Path | None = None) -> None:
    """Replace the title with the setup screen, and offer the interrupted game if one loads
    (else the network game this window was in, if its seat is kept)."""
    from game.scenes.setup.launch import offer_interrupted_game  # noqa: PLC0415
    from game.scenes.setup.new_game import SetupScene  # noqa: PLC0415

    app.scenes.replace(SetupScene(app))
    if not offer_interrupted_game(app, saves_dir):
        from game.scenes.network.resume import offer_network_game  # noqa: PLC0415

        # (network play needs websockets; without it the rest of the game goes on)
        with contextlib.suppress(ImportError):
            offer_network_game(app, saves_dir)
