"""The Game: the whole state of one game and the one path that changes it, `apply`. No pygame.

Every rule of the game lives here (and in the small modules it uses). Screens, computer
generals, replays and tests all call `legal_actions()` and `apply(action)`; an illegal action
raises IllegalActionError with a message a player can read and leaves the state untouched.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.engine import actions as act
from game.engine import events as ev
from game.engine.actions import Action, ArmyChoice
from game.engine.battle import BattleRules
from game.engine.board import WorldMap
from game.engine.config import (
    NEUTRAL_COLOUR,
    GameConfig,
)
from game.engine.errors import IllegalActionError, StateError
from game.engine.options import OptionRules
from game.engine.record import GameRecord
from game.engine.serialize import game_from_dict, game_to_dict
from game.engine.setup import SetupRules
from game.engine.state import (
    CARD_BONUS_ARMIES,
    ELIMINATION_TRADE_ABOVE,
    ELIMINATION_TRADE_FROM,
    FORCED_TRADE_HAND,
    MAX_ATTACK_DICE,
    MAX_DEFENCE_DICE,
    MAX_SEED,
    TURN_PHASES,
    Battle,
    Phase,
    PlayerId,
    PlayerState,
    Statistics,
    board_for,
)
from game.engine.trading import TradeRules
from game.engine.turns import TurnRules

__all__ = [
    "Battle",
    "CARD_BONUS_ARMIES",
    "ELIMINATION_TRADE_ABOVE",
    "ELIMINATION_TRADE_FROM",
    "FORCED_TRADE_HAND",
    "Game",
    "MAX_ATTACK_DICE",
    "MAX_DEFENCE_DICE",
    "MAX_SEED",
    "Phase",
    "PlayerId",
    "PlayerState",
    "Statistics",
    "TURN_PHASES",
    "board_for",
]


class Game(SetupRules, TradeRules, BattleRules, TurnRules, OptionRules):
    """One game of Conquest. Create with `Game.new(config, seed)`; change only with `apply`."""

    @classmethod
    def new(cls, config: GameConfig, seed: int, board: WorldMap | None = None) -> Game:
        """A new game, set up as far as chance allows (random dealing, missions, first player).

        The events of that set-up are in `game.opening_events`.
        """
        game = cls(board_for(config, board), config)
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise StateError(f"a seed is a whole number from 0 to {MAX_SEED}")
        game.seed = seed
        game.rng = random.Random(seed)
        game.players = [PlayerState(p.name, p.colour, p.level) for p in config.players]
        if config.neutral:
            game.players.append(PlayerState("Neutral", NEUTRAL_COLOUR, "neutral", is_neutral=True))
        count = len(game.players)
        game.stats = Statistics([0] * count, [0] * count, [0] * count, [0] * count)
        game.hq_to_win = config.hq_to_win or len(config.players)
        game.opening_events = game._set_up()
        game.record.from_start = True
        return game

    def legal_actions(self) -> list[Action | ArmyChoice]:
        """What the player to move may do now. Army counts come as ArmyChoice ranges.

        The option commands (SetVariant, ChangeSides, CheatConquer, ExtendGame, EndGame) are
        not listed: they belong to the menus, and `is_legal` answers for them.
        """
        phase = self.phase
        pid = self.current
        result: list[Action | ArmyChoice] = []
        if phase == Phase.CLAIM:
            result.extend(act.ClaimTerritory(t) for t, o in self.owner.items() if o is None)
        elif phase == Phase.PLACE:
            for t, o in self.owner.items():
                if o == pid and self.quota > 0 and self.room(t) > 0:
                    result.append(ArmyChoice(act.PlaceArmies(t, 1), 1,
                                             min(self.quota, self.room(t))))
                elif o is not None and o == self.neutral_id and self.neutral_quota > 0:
                    result.append(ArmyChoice(act.PlaceArmies(t, 1), 1, self.neutral_quota))
        elif phase == Phase.CHOOSE_HQ:
            result.extend(act.ChooseHeadquarters(t) for t in self.territories_of(pid))
        elif phase == Phase.REINFORCE:
            for cards in self.tradeable_sets(pid):
                result.extend(act.TradeCards(order) for order in self.trade_orders(cards))
            if not self.must_trade():
                for t in self.territories_of(pid):
                    most = min(self.reinforcements, self.room(t))
                    if most > 0:
                        result.append(ArmyChoice(act.PlaceArmies(t, 1), 1, most))
            if self.can_undo_placements():
                result.append(act.UndoPlacements())
        elif phase in (Phase.ATTACK, Phase.FORTIFY):
            if phase == Phase.ATTACK:
                result.extend(self._legal_attacks(pid))
                if self.can_undo_placements():
                    result.append(act.UndoPlacements())
            result.extend(self._legal_fortifies(pid))
            result.append(act.EndTurn())
        elif phase == Phase.DEFEND:
            assert self.battle is not None
            result.extend(act.Defend(n) for n in
                          range(1, self.defence_dice_allowed(self.battle.target) + 1))
        elif phase == Phase.ADVANTAGE:
            assert self.battle is not None
            result.extend(act.UseAdvantage(a) for a in self.battle.advantages)
            result.append(act.DeclineAdvantage())
        elif phase == Phase.OCCUPY:
            lo, hi = self.occupy_range()
            result.append(ArmyChoice(act.Occupy(lo), lo, hi))
        return result

    def _legal_attacks(self, pid: PlayerId) -> list[Action]:
        found: list[Action] = []
        for source in self.territories_of(pid):
            dice = self.attack_dice_allowed(source)
            if dice < 1:
                continue
            for target in sorted(self.board.neighbours[source]):
                if self.owner[target] != pid:
                    for n in range(1, dice + 1):
                        for mode in act.ATTACK_MODES:
                            found.append(act.Attack(source, target, n, mode))
        return found

    def _legal_fortifies(self, pid: PlayerId) -> list[ArmyChoice]:
        found = []
        for source in self.territories_of(pid):
            movable = self.armies[source] - 1
            if movable < 1:
                continue
            for target in sorted(self.board.neighbours[source]):
                if self.owner[target] == pid:
                    most = min(movable, self.room(target))
                    if most > 0:
                        found.append(ArmyChoice(act.Fortify(source, target, 1), 1, most))
        return found

    def is_legal(self, action: Action) -> bool:
        try:
            self._validator(action)(action)
        except IllegalActionError:
            return False
        return True

    def check(self, action: Action) -> None:
        """Raises IllegalActionError, with the reason, if `action` may not be applied now."""
        self._validator(action)(action)

    def apply(self, action: Action) -> list[ev.Event]:
        """Applies one action and returns what happened.

        Raises:
            IllegalActionError: the action is not allowed now; nothing changed.
        """
        self._validator(action)(action)
        if isinstance(action, act.TradeCards):
            # the record keeps the set as it was traded (one order per result), so a replay
            # and a comparison of states never depend on the order the cards were named in
            action = act.TradeCards(self.canonical_trade(action.cards))
        events: list[ev.Event] = []
        self._handler(action)(action, events)
        if self.phase in TURN_PHASES and self.objective != "world":
            # a mission (18 territories with 2 armies) can be fulfilled by placing or moving
            self._check_winner(events)
        self.record.actions.append(action)
        return events

    def _validator(self, action: Action) -> Callable[[Any], None]:
        name = _VALIDATORS.get(type(action))
        if name is None:
            raise IllegalActionError(f"{action!r} is not an action of this game")
        validator: Callable[[Any], None] = getattr(self, name)
        return validator

    def _handler(self, action: Action) -> Callable[[Any, list[ev.Event]], None]:
        handler: Callable[[Any, list[ev.Event]], None] = getattr(self, _HANDLERS[type(action)])
        return handler

    def clone(self) -> Game:
        """An independent copy (sharing the frozen board and config) for look-ahead."""
        copy = game_from_dict(game_to_dict(self, with_record=False), self.board, kind=Game)
        copy.record = GameRecord(list(self.record.actions), self.record.from_start)
        return copy

    def to_dict(self) -> dict[str, Any]:
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], board: WorldMap | None = None, *,
                  seat_view: bool = False) -> Game:
        """Rebuilds a game from `to_dict` output, checking every field (StateError if bad).

        `seat_view`: the data is one seat's view (a network client's copy), in which the other
        seats' missions and unrevealed headquarters are unknown, so their absence is no fault.
        """
        return game_from_dict(data, board, seat_view=seat_view, kind=Game)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


# Each kind of action's check and its effect, by method name: looked up on the game at every
# action (the generals' look-ahead and the network server apply thousands a second), instead
# of a table of bound methods built anew each time.
_VALIDATORS: dict[type, str] = {
    act.ClaimTerritory: "_check_claim",
    act.PlaceArmies: "_check_place",
    act.ChooseHeadquarters: "_check_hq",
    act.TradeCards: "_check_trade",
    act.Attack: "_check_attack",
    act.Defend: "_check_defend",
    act.UseAdvantage: "_check_use_advantage",
    act.DeclineAdvantage: "_check_decline_advantage",
    act.Occupy: "_check_occupy",
    act.Fortify: "_check_fortify",
    act.EndTurn: "_check_end_turn",
    act.UndoPlacements: "_check_undo",
    act.SetVariant: "_check_set_variant",
    act.ChangeSides: "_check_change_sides",
    act.CheatConquer: "_check_cheat",
    act.ExtendGame: "_check_extend",
    act.EndGame: "_check_end_game",
}
_HANDLERS: dict[type, str] = {
    act.ClaimTerritory: "_do_claim",
    act.PlaceArmies: "_do_place",
    act.ChooseHeadquarters: "_do_hq",
    act.TradeCards: "_do_trade",
    act.Attack: "_do_attack",
    act.Defend: "_do_defend",
    act.UseAdvantage: "_do_use_advantage",
    act.DeclineAdvantage: "_do_decline_advantage",
    act.Occupy: "_do_occupy",
    act.Fortify: "_do_fortify",
    act.EndTurn: "_do_end_turn",
    act.UndoPlacements: "_do_undo",
    act.SetVariant: "_do_set_variant",
    act.ChangeSides: "_do_change_sides",
    act.CheatConquer: "_do_cheat",
    act.ExtendGame: "_do_extend",
    act.EndGame: "_do_end_game",
}
