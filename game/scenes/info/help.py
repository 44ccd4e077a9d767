"""F1 help (commands, keys, menus and the rules in brief) and F2 continent information.

Both are overlays available at any time; F1 or F2 again, Return or ESC closes them.
The help opens with the controls of the device used last (pad buttons, keys or the mouse),
then the others; the continent figures come from the board and, during a game, from the
engine's state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.info.tables import continent_rows
from game.input import Command, CommandEvent, Device
from game.scenes.dialogs.overlay import OverlayScene, colour_swatch, player_colour
from game.ui import glyphs, palette
from game.ui.controlnames import device_of
from game.ui.panels import TextPanel

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game, WorldMap

POINTER_PARAGRAPHS = (
    '# The pointer',
    ('The sword points at menus and buttons; the compass chooses a territory; the cannon means a '
     'computer player is moving (menus still work). In a window, one button or field has the '
     'focus (an amber frame): the arrow keys, d-pad or stick move it; Return, Space or A press '
     'it. A name field opens the on-screen keyboard for a pad or a click (once keys have '
     'typed, a click puts the cursor there and a second click opens it).'),
)
MOUSE_PARAGRAPHS = (
    '# Mouse',
    'Move the mouse to move the pointer; the left button presses.',
    ('Hold the right button and move to scroll the map; a right click without moving drops a '
     'selection on the map (it never ends the turn); the wheel scrolls lists and the messages.'),
    'Every command is in the menus: PLAY > End Turn, PLAY > Free Move, INFO > Help...',
)
KEY_PARAGRAPHS = (
    '# Keys',
    ('Cursor keys move the pointer (F3 slowest ... F10 fastest); Return, Space or keypad 5 press.'
     ' Shift + cursor keys (or Num Lock + keypad) scroll the map.'),
    'Return  accept the default (the button with the thick border)',
    'ESC  cancel a choice, or end your turn',
    'N  New Attack      R  Repeat Attack',
    'C  Show Cards      F  Free Move',
    'M  open the menu bar, then the cursor keys and Return (on NEW GAME: up from the top row)',
    'Tab  next field in a window; digits set the number of players',
    'ESC in a name on NEW GAME  forget what was typed there',
    'Tab / Shift+Tab  on the map: jump to the next / previous territory you can select',
    'Page Up / Page Down  message history',
    'F1  this help      F2  continents',
    'F11 or Alt+Return  full screen',
    "Hold any key or button to hurry a computer player's turn.",
)
PAD_PARAGRAPHS = (
    '# Gamepad',
    ('Buttons are named as on an Xbox pad; a PlayStation or Switch pad uses the button in the '
     'same place (A is the bottom face button).'),
    'Left stick or d-pad  move the pointer; in a window, the focus',
    'A  press / choose      B  hold with the stick to scroll the map; in a window, cancel',
    'X  Free Move           Y  Show Cards',
    'Back  cancel a choice, or end your turn',
    'Start  open the menu bar (then the d-pad and A); in a window, press its default button '
    '(the thick border; on NEW GAME, OK: start the game)',
    'Up from the top row of NEW GAME  its menu bar',
    'RB / LB  jump to the next / previous territory you can select',
    'Right stick  scroll the map',
    'Left stick click  this help      Right stick click  continents',
    'LT / RT  message history (older / newer)',
    ('A stick that SDL does not know sends button numbers: OPTIONS > Pad Buttons assigns them '
     '(on the NEW GAME screen and the play screen).'),
)
DEVICE_PARAGRAPHS = {Device.MOUSE: MOUSE_PARAGRAPHS, Device.KEYBOARD: KEY_PARAGRAPHS,
                     Device.PAD: PAD_PARAGRAPHS}
HELP_PARAGRAPHS = (
    '# Menus',
    '(The play screen\'s menus, item by item; "..." items open a window.)',
    'RISK: About Conquest, Help.',
    ('FILE: New Game..., Save Game... (default name RISKFILE, or a new dated name), '
     'Resume Game..., Host Network Game... (serve a game others join; seats local, open or '
     'computer), Join Network Game... (address, port, your name, game password; players '
     'sharing a window type their names with commas between: "Ann, Bob"), '
     'Shutdown (leave Conquest; the game is kept in the autosave).'),
    ('PLAY: New Attack, Repeat Attack, Continuous Attack, Do Or Die Attack, Show Cards, Free Move,'
     ' Undo Placements (take back this turn\'s placed armies), End Turn, Extend Game... (a short'
     ' game becomes a full one), End Game... (abandon it without a winner).'),
    ('INFO: Battles (league table), Territories (with the continent bonus chart), Cards (how many '
     'each holds), Full Map, Key, RISK Card, Game Log (every turn in words, by player), Luck '
     '(dice against the odds), Review Last Turn (the map replays what the others did), '
     'Continents, Help.'),
    ('VARIANTS: Low Exchange Rate, Supply Lines, Army Limit..., Attack Advantage, '
     'Computer Advantage.'),
    ('OPTIONS: Change Sides..., Cheat, Sound, Fast Game: Normal, Fast Game: Fast, '
     'Fast Game: Instant, Automatic Dice, Map Scroll: Scroll, Map Scroll: Jump, '
     'Map Direction Reversed, Colour-blind Patterns, Fullscreen, Pad Buttons... (assign a stick\'s'
     ' buttons).'),
    '# The rules in brief',
    ('Set-up: the territories are claimed in turn (or dealt at random), then the remaining armies '
     'are placed one (or three) at a time.'),
    ('Your turn: 1. Reinforce: one army for every three territories (at least 3), plus the bonus '
     'of each whole continent you hold, plus any RISK card set you trade. 2. Attack as often as '
     'you like from a territory with two or more armies into an adjacent enemy one (dashed lines '
     'over the sea join territories too). 3. One free move between adjacent territories of yours '
     'ends the turn (several with Supply Lines).'),
    ('Battle: the attacker rolls up to 3 dice (one fewer than its armies), the defender up to 2. '
     'The highest dice are compared pair by pair; the defender wins ties. Conquer a territory and '
     'you move in at least as many armies as dice you rolled.'),
    ('Cards: conquer at least one territory in a turn and you draw a card. Three of a kind, one of'
     ' each, or any two with a wild card make a set. With five or more cards you must trade. A '
     'traded card showing a territory you hold gives 2 extra armies there.'),
    ('Winning: the full game ends when one player holds the whole World. In the UK short game the '
     'first to complete a mission wins; in the US short game, the first to occupy the agreed '
     'number of headquarters while holding their own.'),
    'Two players: a neutral player may hold a third of the territories; it never attacks.',
)
HELP_TEXT = "\n".join(HELP_PARAGRAPHS)
SCROLL_HINTS = {Device.MOUSE: "The wheel scrolls this text",
                Device.KEYBOARD: "Up/Down or the Page keys scroll this text",
                Device.PAD: "{DPAD} scrolls this text, {B} closes it"}


def help_text(device: Device) -> str:
    """The help, starting with the controls of `device`, then the other devices'."""
    order = [device] + [d for d in (Device.MOUSE, Device.KEYBOARD, Device.PAD) if d is not device]
    parts = [*POINTER_PARAGRAPHS]
    for d in order:
        parts.extend(DEVICE_PARAGRAPHS[d])
    parts.extend(HELP_PARAGRAPHS)
    return "\n".join(parts)


class HelpScene(OverlayScene):
    """F1: commands and keys for each device, the menus, and the rules in brief, scrolling."""

    def __init__(self, app: SceneContext) -> None:
        super().__init__(app, "Help", (500, 340))
        body = self.body
        self.device = device_of(app)
        self.panel = TextPanel(app.fonts, (body.x, body.y, body.width, body.height + 6),
                               help_text(self.device))
        self.add_widgets([self.panel])

    def handle(self, command: CommandEvent) -> None:
        if command.kind is Command.HELP:
            self.close()
        elif not self.panel.handle(command):
            super().handle(command)

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        glyphs.draw_text(surface, self.app.fonts.body, SCROLL_HINTS[device_of(self.app)],
                         (body.x, self.rect.bottom - 19), palette.SHADOW)


class ContinentsScene(OverlayScene):
    """F2: each continent's bonus and territories; during a game, who holds how much of it."""

    def __init__(self, app: SceneContext, game: Game | None) -> None:
        super().__init__(app, "Continents", (600, 376))
        self.game = game
        self.board: WorldMap | None = game.board if game is not None else _load_board()

    def handle(self, command: CommandEvent) -> None:
        if command.kind is Command.CONTINENTS:
            self.close()
        else:
            super().handle(command)

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        if self.board is None:
            fonts.body.draw(surface, "The board could not be loaded.", body.topleft, palette.INK)
            return
        rows = continent_rows(self.board, self.game)
        col_w = body.width // 3
        box_h = (body.height + 2) // 2
        for index, row in enumerate(rows):
            box = pygame.Rect(body.x + (index % 3) * col_w, body.y + (index // 3) * box_h,
                              col_w - 6, box_h - 6)
            pygame.draw.rect(surface, palette.CREAM, box)
            pygame.draw.rect(surface, palette.SHADOW, box, 1)
            head = pygame.Rect(box.x + 1, box.y + 1, box.width - 2, 12)
            pygame.draw.rect(surface, palette.TITLE_BLUE, head)
            fonts.bold.draw(surface, row.name, (head.x + 4, head.y + 3), palette.WHITE)
            fonts.bold.draw(surface, f"+{row.bonus}", (head.right - 4, head.y + 3), palette.AMBER,
                            align="right")
            y = head.bottom + 3
            for tid, name in row.territories:
                colour = None
                if self.game is not None:
                    owner = self.game.owner.get(tid)
                    if owner is not None:
                        colour = player_colour(self.game, owner)
                if colour is not None:
                    colour_swatch(surface, (box.x + 4, y + 1, 7, 7), colour)
                fonts.body.draw(surface, fonts.body.ellipsize(name, box.width - 18),
                                (box.x + 14, y), palette.INK)
                y += 10
            if self.game is not None:
                self._draw_holders(surface, box, row.holders)

    def _draw_holders(self, surface: pygame.Surface, box: pygame.Rect,
                      holders: list[tuple[int, int]]) -> None:
        """Who holds how many territories of the continent, largest first."""
        assert self.game is not None
        fonts = self.app.fonts
        x = box.x + 4
        y = box.bottom - 12
        pygame.draw.line(surface, palette.FACE, (box.x + 2, y - 3), (box.right - 3, y - 3))
        for pid, count in holders:
            colour = player_colour(self.game, pid)
            colour_swatch(surface, (x, y, 16, 10), colour)
            fonts.body.draw(surface, str(count), (x + 8, y + 1), colour.text, align="center")
            x += 19


def _load_board() -> WorldMap | None:
    try:
        from game.boards import load_board  # noqa: PLC0415 - files stay out of the engine

        return load_board("classic")
    except (OSError, ValueError):
        return None
