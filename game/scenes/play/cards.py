"""Show Cards and the card exchange: the player's RISK cards, the value of the next set, and
the choice of three cards to trade (manual p.32).

Select a card to highlight it, select it again to put it back. Exchange is possible only
for a set the engine calls valid; Cancel is dimmed when the trade is forced (five or more
cards). With `on_trade=None` the screen only shows the cards (PLAY > Show Cards).

One focus for keys and pads: the arrows or d-pad walk the cards and, below them, the buttons;
Space / Return / A choose the focused card or press the focused button. When three chosen
cards make a set the focus moves to EXCHANGE, so a forced trade is done with any one device.

The exchange opens by itself when a turn begins, often while the player is still pressing to
hurry the last computer's moves along: presses in its first `GUARD_SECONDS` are ignored, so a
spare one does not choose a card the player never looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.engine.cards import FIXED_MIXED_VALUE, FIXED_VALUES
from game.input import Command, CommandEvent, Device
from game.scenes.dialogs.overlay import OverlayScene, colour_swatch, player_colour, shared_map_art
from game.ui import glyphs, palette
from game.ui.controlnames import describe_for, device_of
from game.ui.cardart import draw_territory_card
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game

CardSet = tuple[str, str, str]
SIZE = (540, 312)
CARD_GAP = 10
GUARD_SECONDS = 0.4


class CardExchangeScene(OverlayScene):
    """The hand as pictures; `on_trade(cards)` after Exchange, `on_close()` after Cancel or OK.

    Exactly one of the two callbacks is called, after this overlay has been popped.
    """

    def __init__(self, app: SceneContext, game: Game, player: int,
                 on_trade: Callable[[CardSet], None] | None, on_close: Callable[[], None],
                 forced: bool = False) -> None:
        title = "Exchange cards" if on_trade is not None else "Show cards"
        super().__init__(app, title, SIZE)
        self.game = game
        self.player = player
        self.on_trade = on_trade
        self.closed_callback = on_close
        self.forced = forced and on_trade is not None
        self.guard = GUARD_SECONDS if on_trade is not None else 0.0  # (see the docstring)
        self.hand = list(game.players[player].hand)
        self.chosen: list[str] = []
        self.cursor = 0
        self.on_buttons = not self.hand  # the focus is on the button row, not on a card
        self.outlines: dict[str, pygame.mask.Mask] = {}
        fonts = app.fonts
        if on_trade is None:
            self.ok.on_press = self._cancel
        else:
            self.ok.label = "EXCHANGE"
            self.ok.on_press = self.exchange
            self.ok.rect = self.button_rect(0, 76)
            self.cancel = Button(fonts, self.button_rect(1, 76).move(0, 0), "CANCEL",
                                 self._cancel, enabled=not self.forced)
            self.dialog.cancel = self.cancel
            self.add_widgets([self.cancel])
        self.card_rects = self._layout()
        self._sync()
        if self.on_buttons:
            self.dialog.focus(self.ok)

    # -- choosing ---------------------------------------------------------------------------
    @property
    def valid_sets(self) -> list[frozenset[str]]:
        return [frozenset(s) for s in self.game.tradeable_sets(self.player)]

    @property
    def is_valid_choice(self) -> bool:
        return len(self.chosen) == 3 and frozenset(self.chosen) in self.valid_sets

    def toggle(self, card: str) -> None:
        """Select a card, or deselect it when chosen already; at most three are chosen."""
        if self.on_trade is None:
            return
        if card in self.chosen:
            self.chosen.remove(card)
        elif len(self.chosen) < 3:
            self.chosen.append(card)
        else:
            self.app.play(Sfx.REFUSAL)
            return
        self.app.play(Sfx.CLICK)
        self._sync()
        if self.is_valid_choice:
            self.focus_buttons()  # the set is made: one more press exchanges it

    def focus_buttons(self) -> None:
        """Move the focus from the cards to the buttons (EXCHANGE first if it can be pressed)."""
        chain = self.dialog.focus_chain()
        if not chain:
            return
        self.on_buttons = True
        self.dialog.focus(self.ok if self.ok in chain else chain[0])

    def focus_cards(self) -> None:
        if self.hand:
            self.on_buttons = False
            self.dialog.focus(None)

    def exchange(self) -> None:
        if not self.is_valid_choice or self.on_trade is None:
            self.app.play(Sfx.REFUSAL)
            return
        cards = (self.chosen[0], self.chosen[1], self.chosen[2])
        trade = self.on_trade
        self.on_close = lambda: trade(cards)
        self.close()

    def _cancel(self) -> None:
        if self.forced:
            self.app.play(Sfx.REFUSAL)
            return
        self.on_close = self.closed_callback
        self.close()

    def _sync(self) -> None:
        if self.on_trade is not None:
            self.ok.enabled = self.is_valid_choice

    # -- input -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.guard = max(0.0, self.guard - dt)
        super().update(dt)

    def handle(self, command: CommandEvent) -> None:
        kind = command.kind
        if self.guard > 0 and kind in (Command.PRESS, Command.CONFIRM, Command.MENU):
            return  # too soon: a press meant for the screen before
        if kind is Command.SHOW_CARDS and self.on_trade is None:
            self._cancel()
            return
        if kind is Command.CANCEL and self.forced:
            self.app.play(Sfx.REFUSAL)
            return
        if kind is Command.MENU and self.on_trade is not None:
            self.exchange()  # Start on a pad: the exchange, if the chosen cards make a set
            return
        if kind is Command.PRESS and command.device is Device.MOUSE:
            for card, rect in zip(self.hand, self.card_rects, strict=True):
                if rect.inflate(4, 4).collidepoint(command.pos):
                    self.cursor = self.hand.index(card)
                    self.toggle(card)
                    return
            super().handle(command)
            return
        if self.on_buttons:
            if kind is Command.UP and self.hand:
                self.focus_cards()
                return
            super().handle(command)
            return
        if kind in (Command.LEFT, Command.RIGHT, Command.UP, Command.DOWN) and self.hand:
            self._move_on_cards(kind)
            return
        if kind in (Command.PRESS, Command.CONFIRM) and self.hand:
            if kind is Command.CONFIRM and command.device is Device.KEYBOARD \
                    and self.is_valid_choice:
                self.exchange()  # Return accepts the default once the set is made
            elif self.on_trade is not None:
                self.toggle(self.hand[self.cursor])
            else:
                self._cancel()  # only looking: Return, Space or A close the window
            return
        super().handle(command)

    def _move_on_cards(self, kind: Command) -> None:
        per_row = self._per_row()
        row, col = divmod(self.cursor, per_row)
        last_row = (len(self.hand) - 1) // per_row
        if kind is Command.DOWN and row == last_row:
            self.focus_buttons()
            return
        step = {Command.LEFT: -1, Command.RIGHT: 1, Command.UP: -per_row,
                Command.DOWN: per_row}[kind]
        self.cursor = max(0, min(len(self.hand) - 1, self.cursor + step))

    # -- drawing -----------------------------------------------------------------------------
    def _per_row(self) -> int:
        return 7 if len(self.hand) <= 14 else 10

    def _layout(self) -> list[pygame.Rect]:
        count = len(self.hand)
        per_row = self._per_row()
        w, h = (60, 84) if per_row == 7 else (42, 60)
        rows = max(1, (count + per_row - 1) // per_row)
        top = self.rect.y + 46 + (1 if rows == 1 else 0) * 40
        rects = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            width = in_row * w + (in_row - 1) * CARD_GAP
            x = self.rect.centerx - width // 2 + col * (w + CARD_GAP)
            rects.append(pygame.Rect(x, top + row * (h + 18), w, h))
        return rects

    def _outline(self, card: str) -> pygame.mask.Mask | None:
        if self.game.config.flavour != "us" or card not in self.game.board.territories:
            return None
        if not self.outlines:
            art = shared_map_art(self.app)
            if art is None:
                return None
            for tid in self.hand:
                if tid in self.game.board.territories:
                    self.outlines[tid] = art.territory_mask(tid)[0]
        return self.outlines.get(card)

    def _card_name(self, card: str, width: int) -> str:
        """The territory's name, or its short name when the long one needs three lines."""
        territory = self.game.board.territories.get(card)
        if territory is None:
            return ""
        if len(self.app.fonts.body.wrap(territory.name, width - 8)) > 2:
            return territory.short_name
        return territory.name

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        game = self.game
        player = game.players[self.player]
        colour = player_colour(game, self.player)
        colour_swatch(surface, (body.x, body.y + 1, 9, 9), colour)
        count = len(self.hand)
        head = f"{player.name} holds {count} card{'s' if count != 1 else ''}."
        if self.forced:
            head += " You must exchange a set."
        elif self.on_trade is not None:
            head += " Choose three cards to exchange."
        fonts.bold.draw(surface, head, (body.x + 14, body.y + 2), palette.INK)
        if not self.hand:
            fonts.body.draw(surface, "No RISK cards yet: conquer a territory in a turn to draw one.",
                            (body.centerx, body.centery - 10), palette.SHADOW, align="center")
        owned = {t for t in self.hand if game.board.territories.get(t) is not None
                 and game.owner.get(t) == self.player}
        for i, (card, rect) in enumerate(zip(self.hand, self.card_rects, strict=True)):
            chosen = card in self.chosen
            r = rect.move(0, -4) if chosen else rect
            kind = game.board.card_kind(card)
            name = self._card_name(card, r.width)
            draw_territory_card(surface, r, fonts, name, kind, game.config.flavour,
                                outline=self._outline(card), selected=chosen,
                                order=self.chosen.index(card) + 1 if chosen else None)
            if card in owned:
                fonts.body.draw(surface, "yours +2", (rect.centerx, rect.bottom + 7),
                                palette.SHADOW, align="center")
            if i == self.cursor and not self.on_buttons:
                pygame.draw.rect(surface, palette.AMBER, r.inflate(10, 10), 2)
        self._draw_values(surface, body)

    def _draw_values(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        y = self.rect.bottom - 44
        pygame.draw.line(surface, palette.DARK, (body.x, y - 4), (body.right, y - 4))
        upcoming = self.game.upcoming_set_value()
        if upcoming is not None:
            text = f"Next set: {upcoming} armies."
        else:
            values = ", ".join(f"3 {kind} {value}" for kind, value in
                               sorted(FIXED_VALUES.items(), key=lambda kv: kv[1]))
            text = f"Set values: {values}, one of each {FIXED_MIXED_VALUE}."
        fonts.bold.draw(surface, text, (body.x, y), palette.INK)
        if self.on_trade is None:
            note = "A wild card stands for any picture."
        elif self.is_valid_choice:
            note = f"This set is worth {self.game.set_value(self.chosen)} armies. Exchange?"
        elif len(self.chosen) == 3:
            note = "Not a set: three alike, one of each, or any two with a wild card."
        else:
            note = describe_for(self.app, "{PRESS} chooses a card, again puts it back.")
            if device_of(self.app) is Device.MOUSE:
                note = "Click a card to choose it, again to put it back."
        glyphs.draw_text(surface, fonts.body, note, (body.x, y + 12), palette.SHADOW)
        if self.hand and self.on_trade is not None and not self.valid_sets:
            fonts.body.draw(surface, "No set can be made from these cards yet.",
                            (body.x, y + 24), palette.ALERT_RED)
