"""The INFO menu's screens (manual p.33): battles, territories, cards, full map, key, RISK card.

Each is an overlay with OK (Return or ESC), over the play screen or the game-over screen;
every figure comes from the engine (see tables.py), nothing is counted here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.input import Command, CommandEvent
from game.scenes.dialogs.overlay import (
    AnyKeyOverlay,
    OverlayScene,
    colour_swatch,
    player_colour,
    shared_map_art,
)
from game.scenes.info.tables import battle_table, card_counts, continent_rows, holding_table
from game.ui import palette
from game.ui.cardart import draw_risk_card
from game.ui.draw import dotted_hline
from game.ui.hqflag import draw_flag

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game
    from game.mapart import MapArt

ROW_H = 14
# Unclaimed land on the Full Map: a pale stone, unlike any player's colour and lighter than
# the neutral player's grey, so the art's continent colours are never taken for owners.
UNCLAIMED_RGB = (214, 204, 178)


class _TableScene(OverlayScene):
    """A titled table: a header row and one row per player with a colour swatch."""

    columns: tuple[tuple[str, int], ...] = ()  # (header, right edge from the body's left)

    def __init__(self, app: SceneContext, game: Game, title: str, size: tuple[int, int]) -> None:
        super().__init__(app, title, size)
        self.game = game

    @property
    def patterned(self) -> bool:
        return bool(getattr(self.app.settings, "colour_blind", False))

    def draw_header(self, surface: pygame.Surface, x: int, y: int) -> None:
        bold = self.app.fonts.bold
        bold.draw(surface, "PLAYER", (x + 16, y), palette.SHADOW)
        for header, right in self.columns:
            bold.draw(surface, header, (x + right, y), palette.SHADOW, align="right")
        pygame.draw.line(surface, palette.DARK, (x, y + 11), (self.body.right, y + 11))

    def draw_player(self, surface: pygame.Surface, pid: int, x: int, y: int,
                    values: tuple[str, ...], *, dim: bool = False) -> None:
        fonts = self.app.fonts
        colour = player_colour(self.game, pid)
        colour_swatch(surface, (x, y + 1, 11, 9), colour, pattern=self.patterned)
        ink = palette.DIM_TEXT if dim else palette.INK
        fonts.bold.draw(surface, self.game.players[pid].name, (x + 16, y + 2), ink)
        for value, (_, right) in zip(values, self.columns, strict=True):
            fonts.body.draw(surface, value, (x + right, y + 2), ink, align="right")


class BattlesInfoScene(_TableScene):
    """A league table: who has won and lost the most battles and invasions."""

    columns = (("BATTLES WON", 190), ("LOST", 240), ("INVASIONS WON", 350), ("LOST", 400))

    def __init__(self, app: SceneContext, game: Game) -> None:
        rows = len(game.players)
        super().__init__(app, game, "Battles", (430, 90 + rows * ROW_H))

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        x, y = body.x, body.y + 2
        self.draw_header(surface, x, y)
        y += 16
        for rank, row in enumerate(battle_table(self.game)):
            self.app.fonts.body.draw(surface, f"{rank + 1}.", (x - 2, y + 2), palette.SHADOW,
                                     align="right")
            self.draw_player(surface, row.pid, x, y,
                             (str(row.battles_won), str(row.battles_lost),
                              str(row.invasions_won), str(row.invasions_lost)))
            y += ROW_H
        note = "A battle is one roll of the dice; an invasion is a territory taken."
        self.app.fonts.body.draw(surface, note, (x, body.bottom - 8), palette.SHADOW)


class TerritoriesInfoScene(_TableScene):
    """Territories, continents and armies per player, and the continent bonus chart."""

    columns = (("TERRITORIES", 180), ("CONTINENTS", 260), ("ARMIES", 320))

    def __init__(self, app: SceneContext, game: Game) -> None:
        super().__init__(app, game, "Territories", (520, 136 + len(game.players) * ROW_H))

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        x, y = body.x + 6, body.y + 2
        self.draw_header(surface, x, y)
        y += 16
        for row in holding_table(self.game):
            self.draw_player(surface, row.pid, x, y,
                             (str(row.territories), str(len(row.continents)), str(row.armies)),
                             dim=row.eliminated)
            if row.continents:
                names = ", ".join(row.continents)
                fonts.body.draw(surface, fonts.body.ellipsize(names, body.right - x - 330),
                                (x + 330, y + 2), palette.SHADOW)
            elif row.eliminated:
                fonts.body.draw(surface, "eliminated", (x + 330, y + 2), palette.DIM_TEXT)
            y += ROW_H
        self._draw_bonus_chart(surface, body, y + 10)

    def _draw_bonus_chart(self, surface: pygame.Surface, body: pygame.Rect, top: int) -> None:
        """The conversion chart: the bonus armies for holding each whole continent."""
        fonts = self.app.fonts
        fonts.bold.draw(surface, "CONTINENT BONUS", (body.x, top), palette.INK)
        rows = continent_rows(self.game.board, self.game)
        width = (body.width - 4) // 3
        for i, row in enumerate(rows):
            cell = pygame.Rect(body.x + (i % 3) * width, top + 14 + (i // 3) * 18, width - 6, 15)
            pygame.draw.rect(surface, palette.CREAM, cell)
            pygame.draw.rect(surface, palette.SHADOW, cell, 1)
            fonts.body.draw(surface, f"{row.name} ({len(row.territories)})",
                            (cell.x + 4, cell.y + 4), palette.INK)
            fonts.bold.draw(surface, f"+{row.bonus}", (cell.right - 4, cell.y + 4),
                            palette.ALERT_RED, align="right")


class CardsInfoScene(_TableScene):
    """How many RISK cards each player holds (but not which), and the next set's value."""

    columns = (("CARDS", 200),)

    def __init__(self, app: SceneContext, game: Game) -> None:
        super().__init__(app, game, "Cards", (360, 110 + len(game.players) * 16))

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        x, y = body.x, body.y + 2
        self.draw_header(surface, x, y)
        y += 16
        for pid, _name, count in card_counts(self.game):
            eliminated = self.game.players[pid].eliminated
            self.draw_player(surface, pid, x, y, (str(count),), dim=eliminated)
            for k in range(min(count, 12)):
                back = pygame.Rect(x + 212 + k * 9, y, 8, 11)
                pygame.draw.rect(surface, palette.ALERT_RED, back)
                pygame.draw.rect(surface, palette.INK, back, 1)
            y += 16
        upcoming = self.game.upcoming_set_value()
        text = (f"The next set is worth {upcoming} armies." if upcoming is not None
                else "Sets have fixed values in this game.")
        fonts.body.draw(surface, text, (x, body.bottom - 8), palette.SHADOW)


class KeyScene(_TableScene):
    """Each player's colour and the pattern that tells it apart without colour."""

    columns = (("LEVEL", 200),)

    def __init__(self, app: SceneContext, game: Game) -> None:
        super().__init__(app, game, "Key", (360, 100 + len(game.players) * 22))

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        x, y = body.x, body.y + 2
        self.draw_header(surface, x, y)
        y += 16
        for pid, player in enumerate(self.game.players):
            colour = player_colour(self.game, pid)
            colour_swatch(surface, (x + 220, y - 2, 44, 18), colour, pattern=True)
            level = "neutral" if player.is_neutral else player.level
            self.draw_player(surface, pid, x, y, (level.capitalize(),), dim=player.eliminated)
            fonts.body.draw(surface, colour.name, (x + 272, y + 2), palette.SHADOW)
            y += 22
        if self.game.objective == "headquarters":
            draw_flag(surface, (x + 2, body.bottom - 18), palette.GOLD)
            fonts.body.draw(surface, "A flag on an army badge marks a headquarters.",
                            (x + 22, body.bottom - 27), palette.SHADOW)
        on = self.patterned
        note = f"Colour-blind patterns are {'on' if on else 'off'} (OPTIONS menu)."
        fonts.body.draw(surface, note, (x, body.bottom - 8), palette.SHADOW)


class RiskCardScene(OverlayScene):
    """The RISK card for `viewer`: a mission (UK short), the headquarters (US short), or none."""

    def __init__(self, app: SceneContext, game: Game, viewer: int) -> None:
        self.game = game
        self.viewer = viewer
        self.kind = game.objective
        rows = sum(1 for p in game.players if p.headquarters is not None)
        size = (420, 112 + rows * ROW_H) if self.kind == "headquarters" else (300, 290)
        super().__init__(app, "RISK card", size)

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        player = self.game.players[self.viewer]
        if self.kind == "missions":
            mission = self.game.mission(self.viewer)
            card = pygame.Rect(0, 0, 140, 188)
            card.midtop = (body.centerx, body.y + 14)
            fonts.bold.draw(surface, f"{player.name}'s mission", (body.centerx, body.y),
                            palette.INK, align="center")
            draw_risk_card(surface, card, fonts, mission.text if mission else "No mission")
        elif self.kind == "headquarters":
            self._draw_headquarters(surface, body)
        else:
            card = pygame.Rect(0, 0, 140, 188)
            card.midtop = (body.centerx, body.y + 4)
            draw_risk_card(surface, card, fonts, "No special card in a full game.\n\n"
                           "Conquer the World!", footer="WORLD", accent=palette.SELECT_BLUE)

    def _draw_headquarters(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        game = self.game
        x, y = body.x, body.y + 2
        if not game.hq_revealed:
            own = game.headquarters_of(self.viewer)
            lines = ["The headquarters stay secret until every player has chosen one."]
            if own is not None:
                lines.append(f"Yours: {game.board.territory_name(own)}.")
            for i, line in enumerate(lines):
                fonts.body.draw(surface, line, (x, y + i * 12), palette.INK)
            return
        fonts.bold.draw(surface, "HEADQUARTERS", (x + 16, y), palette.SHADOW)
        fonts.bold.draw(surface, "HELD BY", (x + 250, y), palette.SHADOW)
        pygame.draw.line(surface, palette.DARK, (x, y + 11), (body.right, y + 11))
        y += 16
        held = 0
        for pid, player in enumerate(game.players):
            hq = player.headquarters
            if hq is None:
                continue
            owner = game.owner[hq]
            mine = owner == self.viewer
            held += mine
            row = pygame.Rect(x - 2, y - 1, body.width + 4, ROW_H - 1)
            if mine:
                pygame.draw.rect(surface, palette.SELECT_BLUE, row)
            ink = palette.WHITE if mine else palette.INK
            colour_swatch(surface, (x, y + 1, 11, 9), player_colour(game, pid))
            fonts.body.draw(surface, f"{player.name}: {game.board.territory_name(hq)}",
                            (x + 16, y + 2), ink)
            if owner is not None:
                colour_swatch(surface, (x + 250, y + 1, 11, 9), player_colour(game, owner))
                fonts.body.draw(surface, game.players[owner].name, (x + 266, y + 2), ink)
            y += ROW_H
        dotted_hline(surface, palette.DARK, x, body.right, y + 4)
        need = game.hq_to_win
        own = game.headquarters_of(self.viewer)
        holds_own = own is not None and game.owner[own] == self.viewer
        text = f"{game.players[self.viewer].name} holds {held} of the {need} needed to win"
        text += "." if holds_own else ", but must also hold their own."
        fonts.bold.draw(surface, text, (x, y + 10), palette.INK)


class FullMapScene(AnyKeyOverlay):
    """The whole world at once, each territory in its owner's colour, without numbers."""

    is_opaque = True

    def __init__(self, app: SceneContext, game: Game) -> None:
        super().__init__(app, "Full map", (640, 400))
        self.game = game
        self.image: pygame.Surface | None = None
        self.art: MapArt | None = None

    def headquarters(self) -> list[tuple[str, int]]:
        """The headquarters shown (all of them once revealed, none while they are secret)."""
        game = self.game
        if not game.hq_revealed:
            return []
        return [(p.headquarters, pid) for pid, p in enumerate(game.players) if p.headquarters]

    def enter(self) -> None:
        art = shared_map_art(self.app)
        if art is None:
            return
        fills = {}
        for tid, owner in self.game.owner.items():
            fills[tid] = UNCLAIMED_RGB if owner is None else player_colour(self.game, owner).rgb
        self.image = art.recoloured(fills, full=True)
        self.art = art

    @property
    def unclaimed(self) -> int:
        return sum(1 for owner in self.game.owner.values() if owner is None)

    def handle(self, command: CommandEvent) -> None:
        if command.kind in (Command.PRESS, Command.CONFIRM, Command.CANCEL, Command.SKIP):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        surface.fill(palette.SEA_DEEP)
        pygame.draw.rect(surface, palette.LIGHT, (0, 0, 640, 12))
        fonts.body.draw(surface, "FULL MAP", (6, 2), palette.INK)
        fonts.body.draw(surface, "Any key or button returns", (634, 2), palette.DARK,
                        align="right")
        if self.image is not None:
            rect = self.image.get_rect(midtop=(320, 13))
            surface.blit(self.image, rect)
            if self.art is not None:
                sx = rect.width / self.art.size[0]
                sy = rect.height / self.art.size[1]
                for tid, pid in self.headquarters():
                    ax, ay = self.art.anchor(tid)
                    draw_flag(surface, (rect.x + int(ax * sx) - 1, rect.y + int(ay * sy) + 4),
                              player_colour(self.game, pid).rgb)
        else:
            fonts.bold.draw(surface, "The map could not be loaded.", (320, 190), palette.WHITE,
                            align="center")
        strip = pygame.Rect(0, 374, 640, 26)
        pygame.draw.rect(surface, palette.INK, strip)
        x = 8
        for pid, player in enumerate(self.game.players):
            colour = player_colour(self.game, pid)
            colour_swatch(surface, (x, strip.y + 8, 11, 9), colour)
            label = f"{player.name} {self.game.territory_count(pid)}"
            fonts.body.draw(surface, label, (x + 15, strip.y + 9),
                            palette.DIM_TEXT if player.eliminated else palette.WHITE)
            x += 15 + fonts.body.width(label) + 14
        if self.unclaimed:
            pygame.draw.rect(surface, palette.WHITE, (x - 1, strip.y + 7, 13, 11), 1)
            pygame.draw.rect(surface, UNCLAIMED_RGB, (x, strip.y + 8, 11, 9))
            fonts.body.draw(surface, f"unclaimed {self.unclaimed}", (x + 15, strip.y + 9),
                            palette.WHITE)
