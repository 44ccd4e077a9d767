"""Option commands: variants, change sides, cheat, extend and end the game. No pygame.

It exists to keep the out-of-the-ordinary commands apart from the ordinary rules of `Game`.
"""

from __future__ import annotations

from typing import Any

from game.engine import actions as act
from game.engine import events as ev
from game.engine.config import (
    HARD_ARMY_LIMIT,
    MIN_ARMY_LIMIT,
    Variants,
    allows_low_exchange_rate,
)
from game.engine.core import GameCore
from game.engine.state import (
    ELIMINATION_TRADE_FROM,
    Phase,
)


class OptionRules(GameCore):
    """The options rules of `Game` (a mixin; `Game` inherits it)."""

    def _check_set_variant(self, action: act.SetVariant) -> None:
        self._require(not self.is_over, "The game is over.")
        self._require(self.phase not in (Phase.DEFEND, Phase.ADVANTAGE, Phase.OCCUPY),
                      "Change the variants between battles, not during one.")
        self._require(action.name in act.VARIANT_NAMES, f"Unknown variant {action.name!r}.")
        if action.name == "army_limit":
            value = action.value
            self._require(value is None or (isinstance(value, int) and not isinstance(value, bool)
                                            and MIN_ARMY_LIMIT <= value <= HARD_ARMY_LIMIT),
                          "The army limit must be between 5 and 750.")
        else:
            self._require(isinstance(action.value, bool), "A variant is either on or off.")
        if action.name == "low_exchange_rate" and action.value:
            self._require(allows_low_exchange_rate(self.config.set_values),
                          "Low Exchange Rate needs set values that increase.")

    def _check_own_turn_option(self, what: str) -> None:
        self._require_phase(Phase.REINFORCE, Phase.ATTACK, Phase.FORTIFY, what=what)

    def _check_change_sides(self, action: act.ChangeSides) -> None:
        self._check_own_turn_option("change sides")
        other = action.other
        self._require(isinstance(other, int) and 0 <= other < len(self.players),
                      "There is no such player.")
        self._require(other != self.current, "You cannot change sides with yourself.")
        player = self.players[other]
        self._require(not player.is_neutral and not player.eliminated,
                      "Change sides only with a player still in the game.")

    def _check_cheat(self, action: act.CheatConquer) -> None:
        self._require_phase(Phase.REINFORCE, Phase.ATTACK, Phase.FORTIFY, what="cheat")
        self._require_territory(action.territory)
        self._require(self.owner[action.territory] != self.current,
                      f"{self._name(action.territory)} is yours already.")

    def _check_extend(self, action: act.ExtendGame) -> None:
        self._require(not self.is_over, "The game is over.")
        self._require(self.objective != "world", "This is a full game already.")

    def _check_end_game(self, action: act.EndGame) -> None:
        self._require(not self.is_over, "The game is over.")

    def _do_set_variant(self, action: act.SetVariant, events: list[ev.Event]) -> None:
        changes: dict[str, Any] = {action.name: action.value}
        data = self.variants.to_dict() | changes
        self.variants = Variants.from_dict(data)
        events.append(ev.VariantChanged(action.name, action.value))
        if action.name == "army_limit" and action.value is not None:
            limit = int(action.value)
            placed = {t for t, _ in self.placements}
            for t in self.board.territories:
                owner = self.owner[t]
                if owner is None or owner == self.neutral_id:
                    continue
                if self.armies[t] > limit:
                    if t in placed:
                        self.placements = []  # armies lost to the limit cannot be taken back
                    events.append(ev.ArmiesLostToLimit(owner, t, self.armies[t] - limit))
                    self.armies[t] = limit
            if self.phase == Phase.REINFORCE:
                room = self.capacity(self.current)
                if self.reinforcements > room:
                    events.append(ev.ArmiesLostToLimit(self.current, None,
                                                       self.reinforcements - room))
                    self.reinforcements = room
                self._maybe_finish_reinforcing(events)
            if self.phase == Phase.PLACE:
                self.quota = min(self.quota, self.capacity(self.current))

    def _do_change_sides(self, action: act.ChangeSides, events: list[ev.Event]) -> None:
        me, other = self.players[self.current], self.players[action.other]
        me.name, other.name = other.name, me.name
        me.level, other.level = other.level, me.level
        events.append(ev.SidesChanged(self.current, action.other))
        self.battle = None
        self._finish_turn(events)

    def _do_cheat(self, action: act.CheatConquer, events: list[ev.Event]) -> None:
        t = action.territory
        loser = self.owner[t]
        assert loser is not None
        self.owner[t] = self.current
        self.armies[t] = 1
        self.conquered_this_turn = True
        events.append(ev.CheatUsed(self.current, t))
        self._after_capture(loser, events)
        if self.is_over:
            return
        if self.phase == Phase.ATTACK and len(self.players[self.current].hand) \
                >= ELIMINATION_TRADE_FROM:
            self.return_to_attack = True
            self.reinforcements = 0
            self.phase = Phase.REINFORCE
            events.append(ev.PhaseChanged(self.phase.value, self.current))

    def _do_extend(self, action: act.ExtendGame, events: list[ev.Event]) -> None:
        self.objective = "world"
        events.append(ev.GameExtended())

    def _do_end_game(self, action: act.EndGame, events: list[ev.Event]) -> None:
        self.phase = Phase.GAME_OVER
        self.end_reason = "abandoned"
        events.append(ev.GameAbandoned())
