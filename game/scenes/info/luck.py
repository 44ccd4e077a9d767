"""INFO > Luck (and the game-over screen's LUCK): how kind each player's dice were.

The table sets armies lost and killed beside their exact expectation from the dice odds; the
plot shows each player's running luck turn by turn (above the line: the dice gave armies).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.dialogs.overlay import OverlayScene, colour_swatch, player_colour
from game.scenes.info.story import chronicle_for, export_message, refresh_story
from game.ui import palette
from game.ui.plot import draw_signed_plot
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine.chronicle import Chronicle
    from game.net.story_client import NetChronicle
    from game.engine import Game

COLUMNS = (("ATTACKS", 160), ("DEFENCES", 220), ("LOST", 258), ("EXPECTED", 326),
           ("KILLED", 372), ("EXPECTED", 438), ("LUCK", 490))
ROW_H = 13


def luck_rows(app: SceneContext, game: Game, chronicle: Chronicle | NetChronicle | None = None,
              ) -> list[tuple[int, tuple[str, ...], float]]:
    """(seat, figures as shown, luck) for each seat, luckiest first (`chronicle`: one already
    brought up to date this frame, so it is not looked up twice)."""
    chronicle = chronicle or chronicle_for(app, game)
    rows = []
    for pid, p in enumerate(chronicle.luck.players):
        luck = float(p.luck)
        rows.append((pid, (str(p.attacks), str(p.defences), str(p.lost),
                           f"{float(p.expected_lost):.1f}", str(p.killed),
                           f"{float(p.expected_killed):.1f}", f"{luck:+.1f}"), luck))
    return sorted(rows, key=lambda r: r[2], reverse=True)


class LuckScene(OverlayScene):
    """The luck table and plot over the play or game-over screen."""

    def __init__(self, app: SceneContext, game: Game) -> None:
        rows = len(game.players)
        super().__init__(app, "Luck", (520, 232 + rows * ROW_H))
        self.game = game
        self.note = ""
        self.export = Button(app.fonts, self.button_rect(1), "EXPORT", self.do_export)
        self.add_widgets([self.export])

    def update(self, dt: float) -> None:
        super().update(dt)
        refresh_story(self.app, self.game)  # a network game: the server tells the luck

    def do_export(self) -> None:
        _, self.note = export_message(self.app, self.game)

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        game = self.game
        chronicle = chronicle_for(self.app, game)
        x, y = body.x, body.y + 2
        if not chronicle.available:
            fonts.body.draw(surface, chronicle.error or "", (x, y), palette.INK)
            return
        fonts.bold.draw(surface, "PLAYER", (x + 16, y), palette.SHADOW)
        for header, right in COLUMNS:
            fonts.bold.draw(surface, header, (x + right, y), palette.SHADOW, align="right")
        pygame.draw.line(surface, palette.DARK, (x, y + 11), (body.right, y + 11))
        y += 15
        for pid, values, luck in luck_rows(self.app, game, chronicle):
            colour_swatch(surface, (x, y + 1, 11, 9), player_colour(game, pid))
            ink = palette.DIM_TEXT if game.players[pid].eliminated else palette.INK
            fonts.bold.draw(surface, fonts.bold.ellipsize(game.players[pid].name, 92),
                            (x + 16, y + 2), ink)
            for value, (_, right) in zip(values[:-1], COLUMNS, strict=False):
                fonts.body.draw(surface, value, (x + right, y + 2), ink, align="right")
            tone = palette.SELECT_BLUE if luck > 0.05 else (
                palette.ALERT_RED if luck < -0.05 else ink)
            fonts.bold.draw(surface, values[-1], (x + COLUMNS[-1][1], y + 2), tone,
                            align="right")
            y += ROW_H
        note = "Luck: armies the dice gave (+) or took (-) against the exact odds."
        if not chronicle.matches:
            note = "The record does not replay to this game: these figures may be wrong."
        fonts.body.draw(surface, note, (x, y + 3), palette.SHADOW)
        plot = pygame.Rect(x, y + 28, body.width, body.bottom - y - 44)
        colours = [player_colour(game, p) for p in range(len(game.players))]
        draw_signed_plot(surface, fonts, plot, chronicle.luck.lines(), colours,
                         title="LUCK BY TURN", x_label="turns", title_colour=palette.INK)
        if self.note:
            fonts.body.draw(surface, fonts.body.ellipsize(self.note, body.width - 150),
                            (x, body.bottom - 9), palette.AMBER)
