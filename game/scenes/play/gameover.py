"""The end of a game: the winner in big letters with a fanfare, then how the game went.

Line graphs of territories and armies per player over the turns (from the engine's
statistics history) grow from left to right, and the battles league table sits below them.
New Game goes to the setup screen, Title to the title; Full Map shows the final world.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.engine.words import plural
from game.input import Command, CommandEvent, Device
from game.scenes.base import Scene
from game.scenes.dialogs.overlay import colour_swatch, player_colour
from game.scenes.info.tables import battle_table
from game.scenes.backdrop import draw_sea_backdrop
from game.ui import palette
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game

GROW_SECONDS = 1.6
GRAPH_TERRITORIES = pygame.Rect(14, 96, 300, 150)
GRAPH_ARMIES = pygame.Rect(326, 96, 300, 150)
REASONS = {
    "world": "conquers the World",
    "mission": "completes a mission",
    "headquarters": "occupies the headquarters",
}


def series(game: Game, key: str) -> list[list[int]]:
    """Per player, the value of `key` at the start of each turn and at the end of the game."""
    history = game.stats.history
    count = len(game.players)
    points = [[int(entry[key][p]) for entry in history if len(entry.get(key, ())) == count]
              for p in range(count)]
    final = {"territories": game.territory_count, "armies": game.army_count}.get(key)
    if final is not None:
        for p in range(count):
            points[p].append(final(p))
    return points


def luck_by_seat(app: SceneContext, game: Game) -> dict[int, str]:
    """Each seat's luck score as shown in the table ("+3.2"); empty without a record."""
    from game.scenes.info.story import chronicle_for  # noqa: PLC0415

    chronicle = chronicle_for(app, game)
    if not chronicle.available:
        return {}
    return {pid: f"{float(p.luck):+.1f}" for pid, p in enumerate(chronicle.luck.players)}


# Which way each walking command moves the focus along the row of buttons (the row is kept in
# self.buttons from left to right, so Right and Down go on as Tab does).
WALKS = {Command.NEXT: 1, Command.PREVIOUS: -1, Command.RIGHT: 1, Command.LEFT: -1,
         Command.DOWN: 1, Command.UP: -1}


class GameOverScene(Scene):
    """Winner banner, statistics graphs and the battles table; New Game or Title.

    The buttons stand in one row, so the arrows, d-pad and stick walk them like Tab does
    (they never move the pointer here: a pad or keyboard player reaches every button)."""

    wants_navigation = True

    def __init__(self, app: SceneContext, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.time = 0.0
        fonts = app.fonts
        self.new_game = Button(fonts, (546, 374, 84, 17), "NEW GAME", self.to_setup,
                               is_default=True, bold=True)
        self.title = Button(fonts, (454, 374, 84, 17), "TITLE", self.to_title)
        self.full_map = Button(fonts, (362, 374, 84, 17), "FULL MAP", self.show_map)
        self.luck = Button(fonts, (270, 374, 84, 17), "LUCK", self.show_luck)
        self.log = Button(fonts, (178, 374, 84, 17), "GAME LOG", self.show_log)
        self.buttons = [self.log, self.luck, self.full_map, self.title, self.new_game]
        self.luck_scores = luck_by_seat(app, game)  # armies the dice gave or took (LUCK shows more)
        self.territories = series(game, "territories")
        self.armies = series(game, "armies")

    @property
    def headline(self) -> str:
        game = self.game
        if game.winner is None:
            return "GAME ABANDONED"
        return f"{game.players[game.winner].name.upper()} WINS"

    @property
    def subline(self) -> str:
        game = self.game
        if game.winner is None:
            return "Nobody won this one. The statistics show how it stood."
        text = REASONS.get(game.end_reason or "", "wins the game")
        mission = game.mission(game.winner) if game.end_reason == "mission" else None
        if mission is not None:
            text += f": {mission.text}"
        return text[0].upper() + text[1:] + f" after {plural(game.turn, 'turn')}."

    def enter(self) -> None:
        if self.game.winner is not None:
            self.app.play(Sfx.VICTORY)

    # -- actions ----------------------------------------------------------------------------
    def to_setup(self) -> None:
        self.app.play(Sfx.CLICK)
        self.app.scenes.replace(self.app.setup_scene())

    def to_title(self) -> None:
        self.app.play(Sfx.CLICK)
        self.app.scenes.replace(self.app.title_scene())

    def show_map(self) -> None:
        from game.scenes.info.menu_screens import FullMapScene  # noqa: PLC0415

        self.app.scenes.push(FullMapScene(self.app, self.game))

    def show_luck(self) -> None:
        from game.scenes.info.luck import LuckScene  # noqa: PLC0415

        self.app.scenes.push(LuckScene(self.app, self.game))

    def show_log(self) -> None:
        from game.scenes.info.gamelog import GameLogScene  # noqa: PLC0415

        self.app.scenes.push(GameLogScene(self.app, self.game))

    # -- frame ------------------------------------------------------------------------------
    def handle(self, command: CommandEvent) -> None:
        kind = command.kind
        if self.time < GROW_SECONDS and kind in (Command.SKIP, Command.PRESS):
            self.time = GROW_SECONDS  # the first key or click finishes the graphs at once
            if kind is Command.SKIP:
                return
        focused = next((b for b in self.buttons if b.focused), None)
        if kind in WALKS:
            # Tab, the arrows, the d-pad and the shoulder buttons walk the buttons
            index = self.buttons.index(focused) if focused else len(self.buttons) - 1
            index = (index + WALKS[kind]) % len(self.buttons)
            for i, button in enumerate(self.buttons):
                button.focused = i == index
        elif focused is not None and (kind is Command.CONFIRM or (
                kind is Command.PRESS and command.device is not Device.MOUSE)):
            focused.press()
        elif kind is Command.CONFIRM:
            self.new_game.press()
        elif kind is Command.CANCEL:
            self.title.press()
        else:
            for button in self.buttons:
                if button.handle(command):
                    return

    def update(self, dt: float) -> None:
        self.time += dt
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_sea_backdrop(surface)
        fonts = self.app.fonts
        game = self.game
        banner = pygame.Rect(0, 8, 640, 66)
        pygame.draw.rect(surface, palette.NAVY, banner)
        pygame.draw.line(surface, palette.GOLD, banner.topleft, banner.topright)
        pygame.draw.line(surface, palette.GOLD, banner.bottomleft, banner.bottomright)
        if game.winner is not None:
            colour = player_colour(game, game.winner)
            colour_swatch(surface, (320 - fonts.large.width(self.headline) // 2 - 28, 18, 18, 18),
                          colour)
        fonts.large.draw(surface, self.headline, (320, 18), palette.GOLD, align="center")
        fonts.body.draw(surface, fonts.body.ellipsize(self.subline, 620), (320, 48),
                        palette.CREAM, align="center")
        grown = min(1.0, self.time / GROW_SECONDS)
        self._graph(surface, GRAPH_TERRITORIES, "TERRITORIES", self.territories, grown)
        self._graph(surface, GRAPH_ARMIES, "ARMIES", self.armies, grown)
        self._table(surface, pygame.Rect(14, 262, 612, 104))
        armed = next((b for b in self.buttons if b.focused), self.new_game)  # what Return presses
        for button in self.buttons:
            button.armed = button is armed
            button.draw(surface)

    def _graph(self, surface: pygame.Surface, rect: pygame.Rect, title: str,
               lines: list[list[int]], grown: float) -> None:
        """A line graph: one line per player, in its colour over a dark edge so all show."""
        fonts = self.app.fonts
        fonts.bold.draw(surface, title, (rect.x, rect.y - 12), palette.WHITE)
        pygame.draw.rect(surface, palette.LIGHT, rect)
        pygame.draw.rect(surface, palette.INK, rect, 1)
        plot = rect.inflate(-34, -22).move(12, -2)
        top = max((max(line) for line in lines if line), default=0)
        top = max(1, top)
        for k in range(5):
            y = plot.bottom - plot.height * k // 4
            for x in range(plot.x, plot.right, 3):
                surface.set_at((x, y), palette.FACE)
            fonts.body.draw(surface, str(round(top * k / 4)), (plot.x - 4, y - 4), palette.SHADOW,
                            align="right")
        turns = max((len(line) for line in lines), default=0)
        fonts.body.draw(surface, "turns", (plot.right, rect.bottom - 11), palette.SHADOW,
                        align="right")
        if turns < 2:
            fonts.body.draw(surface, "No turns were played.", plot.center, palette.SHADOW,
                            align="center")
            return
        shown = max(2, int(round(1 + (turns - 1) * grown)))
        for pid, line in enumerate(lines):
            if len(line) < 2:
                continue
            points = [(plot.x + plot.width * i // (turns - 1),
                       plot.bottom - plot.height * value // top)
                      for i, value in enumerate(line[:shown])]
            colour = player_colour(self.game, pid)
            pygame.draw.lines(surface, palette.INK, False, points, 4)
            pygame.draw.lines(surface, colour.rgb, False, points, 2)

    def _table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = self.app.fonts
        pygame.draw.rect(surface, palette.NAVY, rect)
        pygame.draw.rect(surface, palette.SELECT_BLUE, rect, 1)
        columns = (("BATTLES WON", 230), ("LOST", 280), ("INVASIONS WON", 400), ("LOST", 450),
                   ("TERRITORIES", 540), ("LUCK", 600))
        x, y = rect.x + 8, rect.y + 5
        fonts.bold.draw(surface, "PLAYER", (x + 16, y), palette.SKY_BLUE)
        for header, right in columns:
            fonts.bold.draw(surface, header, (rect.x + right, y), palette.SKY_BLUE, align="right")
        y += 13
        step = min(12, (rect.bottom - y - 2) // max(1, len(self.game.players)))
        for row in battle_table(self.game):
            colour = player_colour(self.game, row.pid)
            colour_swatch(surface, (x, y, 11, 9), colour)
            ink = palette.GOLD if row.pid == self.game.winner else palette.WHITE
            fonts.bold.draw(surface, row.name, (x + 16, y + 1), ink)
            values = (row.battles_won, row.battles_lost, row.invasions_won, row.invasions_lost,
                      self.game.territory_count(row.pid), self.luck_scores.get(row.pid, "-"))
            for value, (_, right) in zip(values, columns, strict=True):
                fonts.body.draw(surface, str(value), (rect.x + right, y + 1), ink, align="right")
            y += step
