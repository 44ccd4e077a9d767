"""Cards: trading sets for armies and drawing a card at the end of a turn. No pygame.

It exists to keep the card rules in one place, apart from the rest of `Game`.
"""

from __future__ import annotations

from game.engine import actions as act
from game.engine import events as ev
from game.engine.cards import is_valid_set, rising_value
from game.engine.core import GameCore
from game.engine.state import (
    CARD_BONUS_ARMIES,
    Phase,
    PlayerId,
)


class TradeRules(GameCore):
    """The trading rules of `Game` (a mixin; `Game` inherits it)."""

    def _check_trade(self, action: act.TradeCards) -> None:
        self._require_phase(Phase.REINFORCE, what="trade cards")
        cards = action.cards
        self._require(isinstance(cards, tuple) and len(cards) == 3 and len(set(cards)) == 3,
                      "A set is three different cards.")
        hand = self.players[self.current].hand
        self._require(all(c in hand for c in cards), "You can trade only cards you hold.")
        kinds = [self.board.card_kind(c) for c in cards]
        self._require(is_valid_set(kinds),
                      "Not a set: three of a kind, one of each, or two with a wild card.")

    def canonical_trade(self, cards: tuple[str, str, str]) -> tuple[str, str, str]:
        """The listed order (see `trade_orders`) that trading `cards` in this order amounts to:
        the same bonus card, the same discard pile. `apply` trades in this order."""
        hand = self.players[self.current].hand
        ordered = sorted(cards, key=hand.index)
        orders = self.trade_orders((ordered[0], ordered[1], ordered[2]))
        if len(orders) == 1:
            return orders[0]
        first = next(c for c in cards if c in self.board.territories
                     and self.owner[c] == self.current)
        return next(o for o in orders if o[0] == first)

    def _do_trade(self, action: act.TradeCards, events: list[ev.Event]) -> None:
        pid = self.current
        player = self.players[pid]
        action = act.TradeCards(self.canonical_trade(action.cards))
        value = self.set_value(action.cards)
        for card in action.cards:
            player.hand.remove(card)
            self.discard.append(card)
        self.sets_traded += 1
        if self.config.set_values == "increasing":
            if self.variants.low_exchange_rate:
                self.next_set_value = value + 1
            else:
                self.next_set_value = rising_value(self.sets_traded)
        events.append(ev.SetTraded(pid, action.cards, value, self.next_set_value))
        self._add_reinforcements(value, events)
        for card in action.cards:
            if card not in self.board.territories or self.owner[card] != pid:
                continue
            if self.config.flavour == "us" and self.card_bonus_used:
                continue
            self.card_bonus_used = True
            placed = min(CARD_BONUS_ARMIES, self.room(card))
            if placed:
                self.armies[card] += placed
                events.append(ev.CardBonus(pid, card, placed))
            if placed < CARD_BONUS_ARMIES:
                events.append(ev.ArmiesLostToLimit(pid, card, CARD_BONUS_ARMIES - placed))
        self._maybe_finish_reinforcing(events)

    def _draw_card(self, pid: PlayerId, events: list[ev.Event]) -> None:
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            events.append(ev.DeckReshuffled(len(self.deck)))
        if self.deck:
            card = self.deck.pop()
            self.players[pid].hand.append(card)
            events.append(ev.CardDrawn(pid, card))
