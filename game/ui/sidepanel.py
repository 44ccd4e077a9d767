"""The side panel of the play screen: player key, turn and phase, the RISK card, dice and odds.

It draws from the game and a small `DiceDisplay`; the dice tumble is the only state it keeps
(advanced in `update`, never in `draw`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.engine import Game, Phase
from game.ui import palette
from game.ui.draw import pattern_tile
from game.ui.font import Fonts
from game.ui.palette import PlayerColour
from game.ui.panels import OddsBar

PANEL_RECT = pygame.Rect(512, 12, 128, 360)
KEY_RECT = pygame.Rect(517, 27, 118, 81)
ROW_HEIGHT = 13
STRIP_RECT = pygame.Rect(517, 130, 118, 13)
STRIP_WIDTHS = (37, 46, 37)  # ATTACK is the widest word
CARD_RECT = pygame.Rect(519, 168, 48, 64)
BATTLE_RECT = pygame.Rect(518, 257, 116, 74)
ODDS_RECT = pygame.Rect(517, 338, 118, 24)
DIE_SIZE = 18
TUMBLE_SECONDS = 0.55
TUMBLE_STEP = 0.06

PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
        4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
        6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}
SOLDIER = ("...KK...", "..KKKK..", "...SS...", "..KRRK..", ".KRRRRK.", ".S.RR.S.",
           "...KK...", "...KK...", "..K..K..", "..K..K..", ".KK..KK.")
SOLDIER_COLOURS = {"K": (40, 36, 36), "S": (224, 176, 136), "R": (176, 32, 24)}
PHASE_CELLS = (("PLACE", frozenset({Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ, Phase.REINFORCE})),
               ("ATTACK", frozenset({Phase.ATTACK, Phase.DEFEND, Phase.ADVANTAGE, Phase.OCCUPY})),
               ("MOVE", frozenset({Phase.FORTIFY})))


def _soldier() -> pygame.Surface:
    surf = pygame.Surface((8, len(SOLDIER)), pygame.SRCALPHA)
    for y, row in enumerate(SOLDIER):
        for x, ch in enumerate(row):
            if ch in SOLDIER_COLOURS:
                surf.set_at((x, y), SOLDIER_COLOURS[ch])
    return pygame.transform.scale_by(surf, 2)


def losses_by_die(attacker: Sequence[int], defender: Sequence[int]) -> tuple[list[bool], list[bool]]:
    """Which dice lost their pairing (ties go to the defender), highest against highest."""
    a = sorted(attacker, reverse=True)
    d = sorted(defender, reverse=True)
    att_lost = [False] * len(a)
    def_lost = [False] * len(d)
    for i in range(min(len(a), len(d))):
        if a[i] > d[i]:
            def_lost[i] = True
        else:
            att_lost[i] = True
    return att_lost, def_lost


NO_BATTLE = "No battle this turn"


@dataclass
class DiceDisplay:
    """The last roll shown in the battle box, with its tumble animation."""

    attacker_colour: PlayerColour | None = None
    defender_colour: PlayerColour | None = None
    attacker: tuple[int, ...] = ()
    defender: tuple[int, ...] = ()
    caption: str = ""
    tumble: float = 0.0
    final: bool = True  # False while an advantage may still change the roll: no loss marks
    shown_attacker: tuple[int, ...] = ()
    shown_defender: tuple[int, ...] = ()
    battle: tuple[str, str] | None = None  # (source, target) of the roll shown, if known
    idle: str = NO_BATTLE  # what the box says with no roll shown
    _step: float = 0.0

    def roll(self, attacker_colour: PlayerColour, defender_colour: PlayerColour,
             attacker: tuple[int, ...], defender: tuple[int, ...], caption: str,
             seconds: float = TUMBLE_SECONDS, *, final: bool = True,
             battle: tuple[str, str] | None = None) -> None:
        """Show a roll; the faces tumble for `seconds` (0: at once) and then settle.

        `final` is False for a roll an advantage may still change: it shows no loss marks.
        `battle` (source, target) lets the next defence of the same attack keep it shown."""
        self.final = final
        self.battle = battle
        self.attacker_colour, self.defender_colour = attacker_colour, defender_colour
        self.attacker = tuple(sorted(attacker, reverse=True))
        self.defender = tuple(sorted(defender, reverse=True))
        self.caption = caption
        self.tumble = seconds
        self._step = 0.0
        self._shake(random.Random(hash((attacker, defender))))
        if seconds <= 0:
            self.settle()

    def _shake(self, rng: random.Random) -> None:
        self.shown_attacker = tuple(rng.randint(1, 6) for _ in self.attacker)
        self.shown_defender = tuple(rng.randint(1, 6) for _ in self.defender)

    def settle(self) -> None:
        self.tumble = 0.0
        self.shown_attacker, self.shown_defender = self.attacker, self.defender

    def clear(self, idle: str = NO_BATTLE) -> None:
        """No roll shown; the box says `idle` instead."""
        self.attacker = self.defender = self.shown_attacker = self.shown_defender = ()
        self.caption = ""
        self.tumble = 0.0
        self.battle = None
        self.idle = idle

    def new_attack(self, source: str, target: str, idle: str) -> None:
        """A defence is asked for: the last roll stays if it was this attack's (the defender
        decides on it), else it goes, and the box says `idle` (a roll of another attack would
        mislead)."""
        if self.battle != (source, target):
            self.clear(idle)

    @property
    def is_rolling(self) -> bool:
        return self.tumble > 0

    def update(self, dt: float) -> None:
        if self.tumble <= 0:
            return
        self.tumble -= dt
        self._step -= dt
        if self.tumble <= 0:
            self.settle()
        elif self._step <= 0:
            self._step = TUMBLE_STEP
            self._shake(random.Random(int(self.tumble * 1000)))


@dataclass
class PanelInfo:
    """What the scene wants the panel to say beyond the game itself."""

    title: str = ""
    card_label: str = "MISSION"
    viewer_cards: int | None = None
    phase_cell: str | None = None  # lit instead of the engine phase's cell (a free move chosen)
    # (territories, armies) per player as the map shows them while an attack's dice roll
    counts: tuple[list[int], list[int]] | None = None


class SidePanel:
    """Draws the 128x360 panel at (512,12); `card_rect` is where a click opens the RISK card."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.rect = PANEL_RECT
        self.card_rect = CARD_RECT
        self.dice = DiceDisplay()
        self.odds = OddsBar(fonts, ODDS_RECT)
        self.set_odds(None)
        self._soldier = _soldier()
        self._swatches: dict[tuple[str, bool], pygame.Surface] = {}

    def update(self, dt: float) -> None:
        self.dice.update(dt)

    def swatch(self, colour: PlayerColour, patterned: bool) -> pygame.Surface:
        key = (colour.name, patterned)
        surf = self._swatches.get(key)
        if surf is None:
            surf = pygame.Surface((8, 8))
            surf.fill(palette.INK)
            if patterned:
                tile = pattern_tile(colour.pattern, colour.shade, colour.rgb)
                inner = pygame.Surface((6, 6))
                for y in range(0, 6, tile.get_height()):
                    for x in range(0, 6, tile.get_width()):
                        inner.blit(tile, (x, y))
                surf.blit(inner, (1, 1))
            else:
                pygame.draw.rect(surf, colour.rgb, (1, 1, 6, 6))
            self._swatches[key] = surf
        return surf

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, game: Game, colours: Sequence[PlayerColour],
             info: PanelInfo, *, patterned: bool = False) -> None:
        pygame.draw.rect(surface, palette.FACE_LIGHT, self.rect)
        pygame.draw.line(surface, palette.WHITE, self.rect.topleft, (self.rect.left,
                                                                     self.rect.bottom - 1))
        self._draw_key(surface, game, colours, patterned, info.counts)
        self._draw_turn(surface, game, info.phase_cell)
        self._draw_card(surface, game, info)
        self._draw_battle(surface, patterned)
        self.odds.draw(surface)

    def _draw_key(self, surface: pygame.Surface, game: Game, colours: Sequence[PlayerColour],
                  patterned: bool, counts: tuple[list[int], list[int]] | None) -> None:
        body, bold = self.fonts.body, self.fonts.bold
        y0 = KEY_RECT.y - 11
        body.draw(surface, "PLAYERS", (KEY_RECT.x, y0), palette.SHADOW)
        body.draw(surface, "TERR", (KEY_RECT.right - 30, y0), palette.SHADOW, align="right")
        body.draw(surface, "ARMY", (KEY_RECT.right - 2, y0), palette.SHADOW, align="right")
        pygame.draw.rect(surface, palette.CREAM, KEY_RECT)
        pygame.draw.rect(surface, palette.SHADOW, KEY_RECT, 1)
        current = game.current if not game.is_over else game.winner
        for i, player in enumerate(game.players[:6]):
            row = pygame.Rect(KEY_RECT.x + 1, KEY_RECT.y + 2 + i * ROW_HEIGHT, KEY_RECT.width - 2,
                              ROW_HEIGHT)
            is_current = i == current
            font = body
            colour = palette.INK
            if player.eliminated:
                colour = palette.DIM_TEXT
            if is_current:
                pygame.draw.rect(surface, palette.TITLE_BLUE, row)
                colour, font = palette.WHITE, bold
            surface.blit(self.swatch(colours[i], patterned), (row.x + 3, row.y + 3))
            name = font.ellipsize(player.name, 52)
            font.draw(surface, name, (row.x + 14, row.y + 2), colour)
            if player.eliminated:
                pygame.draw.line(surface, palette.DIM_TEXT, (row.x + 14, row.y + 6),
                                 (row.x + 14 + font.width(name), row.y + 6))
            territories = counts[0][i] if counts else game.territory_count(i)
            armies = counts[1][i] if counts else game.army_count(i)
            body.draw(surface, str(territories), (row.right - 30, row.y + 2), colour,
                      align="right")
            body.draw(surface, str(armies), (row.right - 3, row.y + 2), colour, align="right")
        for i in range(len(game.players), 6):
            y = KEY_RECT.y + 8 + i * ROW_HEIGHT
            for x in range(KEY_RECT.x + 14, KEY_RECT.right - 4, 2):
                surface.set_at((x, y), palette.FACE)

    def _draw_turn(self, surface: pygame.Surface, game: Game, lit: str | None = None) -> None:
        body = self.fonts.body
        if game.is_over and game.turn == 0:
            label = "GAME OVER IN SET-UP"
        elif game.phase in (Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ):
            label = {Phase.CLAIM: "SETUP: CLAIMING", Phase.PLACE: "SETUP: PLACING",
                     Phase.CHOOSE_HQ: "SETUP: HQS"}[game.phase]
        elif game.is_over:
            label = f"GAME OVER  TURN {game.turn}"
        else:
            label = f"TURN {game.turn}   ROUND {game.round}"
        body.draw(surface, label, (STRIP_RECT.x, STRIP_RECT.y - 11), palette.SHADOW)
        x = STRIP_RECT.x
        for i, (name, phases) in enumerate(PHASE_CELLS):
            width = STRIP_WIDTHS[i]
            cell = pygame.Rect(x, STRIP_RECT.y, width, STRIP_RECT.height)
            x += width - 1
            active = name == lit if lit else game.phase in phases
            pygame.draw.rect(surface, palette.ALERT_RED if active else palette.LIGHT, cell)
            pygame.draw.rect(surface, palette.SHADOW, cell, 1)
            body.draw(surface, name, (cell.centerx, cell.y + 2),
                      palette.WHITE if active else palette.DARK, align="center")

    def _draw_card(self, surface: pygame.Surface, game: Game, info: PanelInfo) -> None:
        body = self.fonts.body
        body.draw(surface, "RISK CARD", (KEY_RECT.x, CARD_RECT.y - 12), palette.SHADOW)
        r = CARD_RECT
        pygame.draw.rect(surface, palette.INK, r.move(2, 2))
        pygame.draw.rect(surface, palette.CREAM, r)
        pygame.draw.rect(surface, palette.ALERT_RED, r.inflate(-4, -4), 1)
        pygame.draw.rect(surface, palette.INK, r, 1)
        head = pygame.Rect(r.x + 4, r.y + 4, r.width - 8, 11)
        pygame.draw.rect(surface, palette.ALERT_RED, head)
        self.fonts.bold.draw(surface, "RISK", (head.centerx, head.y + 2), palette.WHITE,
                             align="center")
        surface.blit(self._soldier, (r.centerx - 8, r.y + 19))
        body.draw(surface, info.card_label, (r.centerx, r.bottom - 13), palette.ALERT_RED,
                  align="center")
        x = r.right + 6
        right = self.rect.right - 5
        cards = info.viewer_cards
        body.draw(surface, "Cards", (x, r.y + 2), palette.INK)
        body.draw(surface, "-" if cards is None else str(cards), (right, r.y + 2), palette.INK,
                  align="right")
        body.draw(surface, "Next set", (x, r.y + 14), palette.INK)
        value = game.upcoming_set_value()
        body.draw(surface, "armies", (x, r.y + 25), palette.INK)
        body.draw(surface, str(value) if value is not None else "4-10", (right, r.y + 25),
                  palette.INK, align="right")
        if info.card_label:
            body.draw(surface, "Select", (x, r.y + 42), palette.DARK)
            body.draw(surface, "to view", (x, r.y + 52), palette.DARK)

    def _draw_die(self, surface: pygame.Surface, pos: tuple[int, int], face: int,
                  colour: PlayerColour, white: bool) -> None:
        rect = pygame.Rect(pos, (DIE_SIZE, DIE_SIZE))
        paper = palette.WHITE if white else colour.rgb
        ink = palette.INK if white else colour.text
        pygame.draw.rect(surface, palette.INK, rect.move(1, 1))
        pygame.draw.rect(surface, paper, rect)
        pygame.draw.rect(surface, palette.INK, rect, 1)
        for px, py in PIPS.get(face, ()):
            pygame.draw.rect(surface, ink, (rect.x + 4 + px * 4, rect.y + 4 + py * 4, 2, 2))

    def _draw_battle(self, surface: pygame.Surface, patterned: bool) -> None:
        body = self.fonts.body
        body.draw(surface, "BATTLE", (KEY_RECT.x, BATTLE_RECT.y - 12), palette.SHADOW)
        r = BATTLE_RECT
        pygame.draw.rect(surface, palette.TITLE_BLUE, r)
        pygame.draw.rect(surface, palette.LIGHT, r, 1)
        d = self.dice
        if not d.attacker or d.attacker_colour is None or d.defender_colour is None:
            lines = d.idle.split("\n")  # (a long territory's name on a line of its own)
            for i, line in enumerate(lines):
                body.draw(surface, body.ellipsize(line, r.width - 8),
                          (r.centerx, r.y + 32 + (i * 2 - len(lines) + 1) * 5),
                          palette.SKY_BLUE, align="center")
            return
        att_lost, def_lost = losses_by_die(d.attacker, d.defender)
        rows = ((d.attacker_colour, "Att", d.shown_attacker, att_lost, False),
                (d.defender_colour, "Def", d.shown_defender, def_lost, True))
        for row, (colour, label, faces, lost, white) in enumerate(rows):
            y = r.y + 6 + row * 28
            surface.blit(self.swatch(colour, patterned), (r.x + 5, y + 5))
            body.draw(surface, label, (r.x + 16, y + 5), palette.WHITE)
            for i, face in enumerate(faces):
                x = r.x + 38 + i * 25
                self._draw_die(surface, (x, y), face, colour, white)
                if not d.is_rolling and d.final and i < len(lost) and lost[i]:
                    body.draw(surface, "-1", (x + 9, y + 19), palette.AMBER, align="center")
        if not d.is_rolling and d.caption:
            body.draw(surface, body.ellipsize(d.caption, r.width - 8), (r.x + 4, r.bottom - 11),
                      palette.AMBER)

    def set_odds(self, chance: float | None, detail: str = "",
                 idle: str = "Odds: choose an attack") -> None:
        """The odds line: the chance of conquering if the attack is fought to the end, or the
        `idle` text when no attack is being chosen."""
        if chance is None:
            self.odds.set(0.0, "", label=idle)
        else:
            self.odds.set(chance, detail)
