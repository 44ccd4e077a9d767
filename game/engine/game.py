"""The Game: the whole state of one game and the one path that changes it, `apply`. No pygame.

Every rule of the game lives here (and in the small modules it uses). Screens, computer
generals, replays and tests all call `legal_actions()` and `apply(action)`; an illegal action
raises IllegalActionError with a message a player can read and leaves the state untouched.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.engine import actions as act
from game.engine import events as ev
from game.engine.actions import Action, ArmyChoice
from game.engine.board import CardId, TerritoryId, WorldMap
from game.engine.classic import CLASSIC_ID, classic_board
from game.engine.cards import fixed_value, is_valid_set, rising_value, valid_sets
from game.engine.config import (
    HARD_ARMY_LIMIT,
    MIN_ARMY_LIMIT,
    NEUTRAL_COLOUR,
    GameConfig,
    allows_low_exchange_rate,
    Variants,
)
from game.engine.dice import compare, roll
from game.engine.errors import IllegalActionError, StateError
from game.engine.missions import CONQUER_24, MISSIONS, Mission
from game.engine.record import GameRecord

PlayerId = int
FORCED_TRADE_HAND = 5
ELIMINATION_TRADE_ABOVE = 4
ELIMINATION_TRADE_FROM = 6
CARD_BONUS_ARMIES = 2
MAX_SEED = 2**63 - 1


def board_for(config: GameConfig, board: WorldMap | None) -> WorldMap:
    """The board a game is played on: the one handed in (it must be the board the config
    names), or the built-in classic board. The engine never reads a board file itself."""
    if board is None:
        if config.board != CLASSIC_ID:
            raise StateError(f"the board {config.board!r} was not given to the game")
        return classic_board()
    if board.id != config.board:
        raise StateError(f"the game is set up for the board {config.board!r}, not {board.id!r}")
    return board


class Phase(str, Enum):
    """Where the game stands; `Game.to_move` says who must act in it."""

    CLAIM = "claim"
    PLACE = "place"
    CHOOSE_HQ = "choose_hq"
    REINFORCE = "reinforce"
    ATTACK = "attack"
    DEFEND = "defend"
    ADVANTAGE = "advantage"
    OCCUPY = "occupy"
    FORTIFY = "fortify"
    GAME_OVER = "game_over"


TURN_PHASES = frozenset({Phase.REINFORCE, Phase.ATTACK, Phase.OCCUPY, Phase.FORTIFY})


@dataclass
class PlayerState:
    name: str
    colour: str
    level: str
    is_neutral: bool = False
    eliminated: bool = False
    hand: list[CardId] = field(default_factory=list)
    mission: str | None = None
    headquarters: TerritoryId | None = None


@dataclass
class Battle:
    """The attack under way: kept after it stops so Repeat Attack knows the territories."""

    source: TerritoryId
    target: TerritoryId
    dice: int
    mode: str
    attacker_roll: tuple[int, ...] = ()
    defender_roll: tuple[int, ...] = ()
    advantages: tuple[str, ...] = ()
    used_reroll: bool = False


@dataclass
class Statistics:
    """League-table counts and per-turn history for the INFO screens and end-game graphs."""

    battles_won: list[int]
    battles_lost: list[int]
    invasions_won: list[int]
    invasions_lost: list[int]
    history: list[dict[str, Any]] = field(default_factory=list)


class Game:
    """One game of Conquest. Create with `Game.new(config, seed)`; change only with `apply`."""

    board: WorldMap
    config: GameConfig

    # ------------------------------------------------------------------ creation
    def __init__(self, board: WorldMap, config: GameConfig) -> None:
        """Bare state; use `Game.new` or `Game.from_dict`."""
        self.board = board
        self.config = config
        self.rng = random.Random(0)
        self.seed: int = 0
        self.players: list[PlayerState] = []
        self.owner: dict[TerritoryId, PlayerId | None] = {t: None for t in board.territories}
        self.armies: dict[TerritoryId, int] = {t: 0 for t in board.territories}
        self.deck: list[CardId] = []
        self.discard: list[CardId] = []
        self.removed: list[CardId] = []
        self.phase = Phase.CLAIM
        self.current: PlayerId = 0
        self.first_player: PlayerId = 0
        self.turn = 0
        self.round = 0
        self.setup_pool: list[int] = []
        self.quota = 0
        self.neutral_quota = 0
        self.reinforcements = 0
        self.placements: list[tuple[TerritoryId, int]] = []
        self.has_attacked = False
        self.conquered_this_turn = False
        self.card_bonus_used = False
        self.computer_advantage_used = False
        self.return_to_attack = False
        self.sets_traded = 0
        self.next_set_value = rising_value(0)
        self.variants: Variants = config.variants
        self.objective = config.objective
        self.hq_to_win = 0
        self.hq_revealed = False
        self.battle: Battle | None = None
        self.occupy_moved = 0
        self.winner: PlayerId | None = None
        self.end_reason: str | None = None
        self.stats = Statistics([], [], [], [])
        self.opening_events: list[ev.Event] = []
        self.record = GameRecord()  # every applied action, for replay, the log and luck

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

    def _set_up(self) -> list[ev.Event]:
        events: list[ev.Event] = []
        self.deck = list(self.board.card_ids)
        self.rng.shuffle(self.deck)
        active = self.turn_order_from(0)
        self.first_player = self.rng.choice(active)
        self.current = self.first_player
        events.append(ev.FirstPlayerChosen(self.first_player))
        start = self.config.starting_armies
        self.setup_pool = [start] * len(self.players)
        if self.config.objective == "missions":
            self._deal_missions(events)
        neutral = self.neutral_id
        if neutral is not None:
            self._deal_territories(events, seats=[*self.turn_order_from(self.first_player),
                                                  neutral])
            if self.config.flavour == "uk":
                for t in self.territories_of(neutral):
                    self.armies[t] = 2
                self.setup_pool[neutral] = 0
        elif self.config.territory_selection == "random" or self.config.special_setup:
            self._deal_territories(events, seats=self.turn_order_from(self.first_player))
        if self.config.special_setup and any(o is None for o in self.owner.values()):
            raise AssertionError("special setup deals every territory")
        if all(o is not None for o in self.owner.values()):
            if self.config.special_setup:
                self._place_all_at_random(events)
                self._after_placement(events)
            else:
                self._begin_placement(events)
        else:
            self.phase = Phase.CLAIM
            events.append(ev.PhaseChanged(self.phase.value, self.current))
        return events

    def _deal_missions(self, events: list[ev.Event]) -> None:
        in_play = {p.colour for p in self.players if not p.is_neutral}
        cards = [m.id for m in MISSIONS.values()
                 if m.destroy_colour is None or m.destroy_colour in in_play]
        self.rng.shuffle(cards)
        dealt = []
        for pid in self.turn_order_from(self.first_player):
            mission = cards.pop()
            if MISSIONS[mission].destroy_colour == self.players[pid].colour:
                mission = CONQUER_24
            self.players[pid].mission = mission
            dealt.append(pid)
        events.append(ev.MissionsDealt(tuple(dealt)))

    def _deal_territories(self, events: list[ev.Event], seats: list[PlayerId]) -> None:
        territories = list(self.board.territories)
        self.rng.shuffle(territories)
        for index, territory in enumerate(territories):
            pid = seats[index % len(seats)]
            self.owner[territory] = pid
            self.armies[territory] = 1
            self.setup_pool[pid] -= 1
            events.append(ev.TerritoryClaimed(pid, territory))

    def _place_all_at_random(self, events: list[ev.Event]) -> None:
        for pid, player in enumerate(self.players):
            if player.is_neutral and self.config.flavour == "uk":
                continue
            own = self.territories_of(pid)
            while self.setup_pool[pid] > 0:
                open_ = [t for t in own if self.room(t) > 0]
                if not open_:
                    self.setup_pool[pid] = 0  # every territory is at the army limit
                    break
                territory = self.rng.choice(open_)
                self.armies[territory] += 1
                self.setup_pool[pid] -= 1
            for territory in own:
                events.append(ev.ArmiesPlaced(pid, territory, self.armies[territory]))

    def _begin_placement(self, events: list[ev.Event]) -> None:
        self.current = self.first_player
        self.phase = Phase.PLACE
        if not self._start_placement_turn(self.first_player):
            self._advance_placement(events)
            return
        events.append(ev.PhaseChanged(self.phase.value, self.current))

    def _start_placement_turn(self, pid: PlayerId) -> bool:
        """Sets the quotas of a placement turn; False if the player has nothing to place."""
        per_turn = self.config.armies_per_placement
        neutral = self.neutral_id
        self.neutral_quota = 0
        if neutral is not None and self.config.flavour == "us":
            per_turn = 2
            self.neutral_quota = min(1, self.setup_pool[neutral])
        if self.capacity(pid) == 0:
            self.setup_pool[pid] = 0  # every territory is at the army limit: the rest is lost
        self.quota = min(per_turn, self.setup_pool[pid])
        return self.quota + self.neutral_quota > 0

    def _advance_placement(self, events: list[ev.Event]) -> None:
        order = self.turn_order_from(self.current)
        for pid in order[1:] + order[:1]:
            self.current = pid
            if self._start_placement_turn(pid):
                events.append(ev.PhaseChanged(self.phase.value, self.current))
                return
        self._after_placement(events)

    def _after_placement(self, events: list[ev.Event]) -> None:
        self.quota = self.neutral_quota = 0
        if self.objective == "headquarters" and not self.hq_revealed:
            self.phase = Phase.CHOOSE_HQ
            self.current = self.first_player
            events.append(ev.PhaseChanged(self.phase.value, self.current))
            return
        self._begin_turn(self.first_player, events)

    # ------------------------------------------------------------------ queries
    @property
    def neutral_id(self) -> PlayerId | None:
        if self.players and self.players[-1].is_neutral:
            return len(self.players) - 1
        return None

    @property
    def to_move(self) -> PlayerId:
        """Who must act now: the defender while dice are asked of it, else the current player."""
        if self.phase == Phase.DEFEND and self.battle is not None:
            owner = self.owner[self.battle.target]
            assert owner is not None
            return owner
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def turn_order_from(self, start: PlayerId) -> list[PlayerId]:
        """Active (not neutral, not eliminated) players, starting at `start` or the next after it."""
        count = len(self.players)
        order = []
        for step in range(count):
            pid = (start + step) % count
            player = self.players[pid]
            if not player.is_neutral and not player.eliminated:
                order.append(pid)
        return order

    def territories_of(self, pid: PlayerId) -> list[TerritoryId]:
        return [t for t, o in self.owner.items() if o == pid]

    def territory_count(self, pid: PlayerId) -> int:
        return sum(1 for o in self.owner.values() if o == pid)

    def army_count(self, pid: PlayerId) -> int:
        return sum(self.armies[t] for t, o in self.owner.items() if o == pid)

    def continents_of(self, pid: PlayerId) -> list[str]:
        return [
            c.id for c in self.board.continents.values()
            if all(self.owner[t] == pid for t in c.territories)
        ]

    def army_limit(self, territory: TerritoryId | None = None) -> int:
        """Most armies a territory may hold: the Army Limit variant or 750; neutral is exempt."""
        if territory is not None and self.owner[territory] == self.neutral_id \
                and self.neutral_id is not None:
            return HARD_ARMY_LIMIT
        return self.variants.army_limit or HARD_ARMY_LIMIT

    def room(self, territory: TerritoryId) -> int:
        return max(0, self.army_limit(territory) - self.armies[territory])

    def capacity(self, pid: PlayerId) -> int:
        return sum(self.room(t) for t in self.territories_of(pid))

    def base_reinforcements(self, pid: PlayerId) -> tuple[int, list[str], int]:
        """(armies, continents held, territories held) a turn starting now would give."""
        territories = self.territory_count(pid)
        continents = self.continents_of(pid)
        armies = max(3, territories // 3)
        armies += sum(self.board.continents[c].bonus for c in continents)
        return armies, continents, territories

    def set_value(self, cards: Iterable[CardId]) -> int:
        """What trading these three cards would give now (before any territory bonus)."""
        if self.config.set_values == "fixed":
            return fixed_value([self.board.card_kind(c) for c in cards])
        return self.next_set_value

    def upcoming_set_value(self) -> int | None:
        """The value of the next rising set (None when sets have fixed values)."""
        return self.next_set_value if self.config.set_values == "increasing" else None

    def tradeable_sets(self, pid: PlayerId) -> list[tuple[str, str, str]]:
        kinds = {c: self.board.card_kind(c) for c in self.players[pid].hand}
        return valid_sets(self.players[pid].hand, kinds)

    def trade_orders(self, cards: tuple[str, str, str]) -> list[tuple[str, str, str]]:
        """The orders of a set that `legal_actions` lists: one per distinct result.

        The first card showing a territory the trader holds earns the card bonus. In a US game,
        where only one card a turn earns it, a set holding two or more such cards is listed once
        per choice of bonus card (that card first, the others in hand order); otherwise the order
        changes nothing and the set is listed once, in hand order. `apply` accepts any order
        and gives the bonus by this same rule.
        """
        pid = self.current
        owned = [c for c in cards if c in self.board.territories and self.owner[c] == pid]
        if self.config.flavour != "us" or self.card_bonus_used or len(owned) < 2:
            return [cards]
        orders = []
        for first in owned:
            rest = [c for c in cards if c != first]
            orders.append((first, rest[0], rest[1]))
        return orders

    def must_trade(self) -> bool:
        """In the reinforce phase: a trade is required before placing."""
        if self.phase != Phase.REINFORCE:
            return False
        hand = len(self.players[self.current].hand)
        if self.return_to_attack:
            return hand > ELIMINATION_TRADE_ABOVE
        return hand >= FORCED_TRADE_HAND

    def mission(self, pid: PlayerId) -> Mission | None:
        mission = self.players[pid].mission
        return MISSIONS[mission] if mission else None

    def headquarters_of(self, pid: PlayerId) -> TerritoryId | None:
        return self.players[pid].headquarters

    def occupy_range(self) -> tuple[int, int]:
        """(least, most) total armies the conqueror may have in the new territory."""
        assert self.battle is not None
        source, target = self.battle.source, self.battle.target
        most = self.occupy_moved + min(self.armies[source] - 1, self.room(target))
        return self.occupy_moved, max(self.occupy_moved, most)

    def attack_dice_allowed(self, source: TerritoryId) -> int:
        return min(3, self.armies[source] - 1)

    def defence_dice_allowed(self, target: TerritoryId) -> int:
        return min(2, self.armies[target])

    def can_undo_placements(self) -> bool:
        return (
            self.phase in (Phase.REINFORCE, Phase.ATTACK)
            and bool(self.placements)
            and not self.has_attacked
            and not self.return_to_attack
        )

    # ------------------------------------------------------------------ legal actions
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

    # ------------------------------------------------------------------ apply
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
        validators: dict[type, Callable[[Any], None]] = {
            act.ClaimTerritory: self._check_claim,
            act.PlaceArmies: self._check_place,
            act.ChooseHeadquarters: self._check_hq,
            act.TradeCards: self._check_trade,
            act.Attack: self._check_attack,
            act.Defend: self._check_defend,
            act.UseAdvantage: self._check_use_advantage,
            act.DeclineAdvantage: self._check_decline_advantage,
            act.Occupy: self._check_occupy,
            act.Fortify: self._check_fortify,
            act.EndTurn: self._check_end_turn,
            act.UndoPlacements: self._check_undo,
            act.SetVariant: self._check_set_variant,
            act.ChangeSides: self._check_change_sides,
            act.CheatConquer: self._check_cheat,
            act.ExtendGame: self._check_extend,
            act.EndGame: self._check_end_game,
        }
        validator = validators.get(type(action))
        if validator is None:
            raise IllegalActionError(f"{action!r} is not an action of this game")
        return validator

    def _handler(self, action: Action) -> Callable[[Any, list[ev.Event]], None]:
        handlers: dict[type, Callable[[Any, list[ev.Event]], None]] = {
            act.ClaimTerritory: self._do_claim,
            act.PlaceArmies: self._do_place,
            act.ChooseHeadquarters: self._do_hq,
            act.TradeCards: self._do_trade,
            act.Attack: self._do_attack,
            act.Defend: self._do_defend,
            act.UseAdvantage: self._do_use_advantage,
            act.DeclineAdvantage: self._do_decline_advantage,
            act.Occupy: self._do_occupy,
            act.Fortify: self._do_fortify,
            act.EndTurn: self._do_end_turn,
            act.UndoPlacements: self._do_undo,
            act.SetVariant: self._do_set_variant,
            act.ChangeSides: self._do_change_sides,
            act.CheatConquer: self._do_cheat,
            act.ExtendGame: self._do_extend,
            act.EndGame: self._do_end_game,
        }
        return handlers[type(action)]

    # ------------------------------------------------------------------ checks
    def _require(self, ok: bool, message: str) -> None:
        if not ok:
            raise IllegalActionError(message)

    def _require_phase(self, *phases: Phase, what: str) -> None:
        if self.phase not in phases:
            raise IllegalActionError(f"You cannot {what} now ({self._phase_text()}).")

    def _phase_text(self) -> str:
        texts = {
            Phase.CLAIM: "territories are being claimed",
            Phase.PLACE: "armies are being placed",
            Phase.CHOOSE_HQ: "headquarters are being chosen",
            Phase.REINFORCE: "reinforcements are being placed",
            Phase.ATTACK: "it is time to attack",
            Phase.DEFEND: "the defender is choosing dice",
            Phase.ADVANTAGE: "an advantage is on offer",
            Phase.OCCUPY: "a conquered territory must be occupied",
            Phase.FORTIFY: "it is time for free moves",
            Phase.GAME_OVER: "the game is over",
        }
        return texts[self.phase]

    def _require_territory(self, territory: object) -> None:
        if not isinstance(territory, str) or territory not in self.board.territories:
            raise IllegalActionError(f"There is no territory called {territory!r}.")

    def _require_count(self, count: object) -> None:
        if not isinstance(count, int) or isinstance(count, bool):
            raise IllegalActionError("The number of armies must be a whole number.")

    def _name(self, territory: TerritoryId) -> str:
        return self.board.territory_name(territory)

    def _check_claim(self, action: act.ClaimTerritory) -> None:
        self._require_phase(Phase.CLAIM, what="claim a territory")
        self._require_territory(action.territory)
        self._require(self.owner[action.territory] is None,
                      f"{self._name(action.territory)} is already claimed.")

    def _check_place(self, action: act.PlaceArmies) -> None:
        self._require_phase(Phase.PLACE, Phase.REINFORCE, what="place armies")
        self._require_territory(action.territory)
        self._require_count(action.count)
        t = action.territory
        self._require(action.count >= 1, "Place at least one army.")
        owner = self.owner[t]
        if self.phase == Phase.PLACE:
            if owner is not None and owner == self.neutral_id and self.neutral_quota > 0:
                self._require(action.count <= self.neutral_quota,
                              f"Only {self.neutral_quota} neutral army to place this turn.")
                return
            self._require(owner == self.current,
                          f"{self._name(t)} is not yours: place armies on your own territories.")
            self._require(self.quota > 0, "You have no more armies to place this turn.")
            self._require(action.count <= self.quota,
                          f"You may place only {self.quota} this turn.")
        else:
            self._require(not self.must_trade(),
                          "You hold too many cards: trade a set before placing armies.")
            self._require(owner == self.current,
                          f"{self._name(t)} is not yours: reinforce your own territories.")
            self._require(action.count <= self.reinforcements,
                          f"You have only {self.reinforcements} armies to place.")
        self._require(action.count <= self.room(t),
                      f"{self._name(t)} can hold only {self.army_limit(t)} armies.")

    def _check_hq(self, action: act.ChooseHeadquarters) -> None:
        self._require_phase(Phase.CHOOSE_HQ, what="choose headquarters")
        self._require_territory(action.territory)
        self._require(self.owner[action.territory] == self.current,
                      f"{self._name(action.territory)} is not yours: choose one of your own.")

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

    def _check_attack(self, action: act.Attack) -> None:
        self._require_phase(Phase.ATTACK, what="attack")
        self._require_territory(action.source)
        self._require_territory(action.target)
        source, target = action.source, action.target
        self._require(self.owner[source] == self.current,
                      f"{self._name(source)} is not yours: attack from your own territory.")
        self._require(self.owner[target] != self.current,
                      f"{self._name(target)} is yours: attack an enemy territory.")
        self._require(self.board.is_adjacent(source, target),
                      f"{self._name(target)} is not adjacent to {self._name(source)}.")
        self._require(self.armies[source] >= 2,
                      f"{self._name(source)} needs at least 2 armies to attack.")
        self._require(isinstance(action.dice, int) and 1 <= action.dice <= 3,
                      "Attack with 1, 2 or 3 dice.")
        self._require(action.dice <= self.armies[source] - 1,
                      f"With {self.armies[source]} armies you may roll at most "
                      f"{self.attack_dice_allowed(source)} dice.")
        self._require(action.mode in act.ATTACK_MODES, f"Unknown attack mode {action.mode!r}.")

    def _check_defend(self, action: act.Defend) -> None:
        self._require_phase(Phase.DEFEND, what="choose defending dice")
        assert self.battle is not None
        most = self.defence_dice_allowed(self.battle.target)
        self._require(isinstance(action.dice, int) and 1 <= action.dice <= most,
                      f"Defend with 1 to {most} dice.")

    def _check_use_advantage(self, action: act.UseAdvantage) -> None:
        self._require_phase(Phase.ADVANTAGE, what="use an advantage")
        assert self.battle is not None
        self._require(action.advantage in self.battle.advantages,
                      f"The {action.advantage!r} advantage is not on offer.")

    def _check_decline_advantage(self, action: act.DeclineAdvantage) -> None:
        self._require_phase(Phase.ADVANTAGE, what="decline an advantage")

    def _check_occupy(self, action: act.Occupy) -> None:
        self._require_phase(Phase.OCCUPY, what="occupy")
        self._require_count(action.count)
        lo, hi = self.occupy_range()
        self._require(lo <= action.count <= hi, f"Move in {lo} to {hi} armies.")

    def _check_fortify(self, action: act.Fortify) -> None:
        self._require_phase(Phase.ATTACK, Phase.FORTIFY, what="make a free move")
        self._require_territory(action.source)
        self._require_territory(action.target)
        self._require_count(action.count)
        source, target = action.source, action.target
        self._require(self.owner[source] == self.current and self.owner[target] == self.current,
                      "A free move goes between two of your own territories.")
        self._require(self.board.is_adjacent(source, target),
                      f"{self._name(target)} is not adjacent to {self._name(source)}.")
        self._require(action.count >= 1, "Move at least one army.")
        self._require(action.count <= self.armies[source] - 1,
                      f"Leave at least one army in {self._name(source)}.")
        self._require(action.count <= self.room(target),
                      f"{self._name(target)} can hold only {self.army_limit(target)} armies.")

    def _check_end_turn(self, action: act.EndTurn) -> None:
        self._require_phase(Phase.ATTACK, Phase.FORTIFY, what="end your turn")

    def _check_undo(self, action: act.UndoPlacements) -> None:
        self._require(self.can_undo_placements(),
                      "Placements can be taken back only before the first attack or free move.")

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

    # ------------------------------------------------------------------ set-up handlers
    def _do_claim(self, action: act.ClaimTerritory, events: list[ev.Event]) -> None:
        pid = self.current
        self.owner[action.territory] = pid
        self.armies[action.territory] = 1
        self.setup_pool[pid] -= 1
        events.append(ev.TerritoryClaimed(pid, action.territory))
        if all(o is not None for o in self.owner.values()):
            self._begin_placement(events)
            return
        order = self.turn_order_from(pid)
        self.current = order[1 % len(order)]

    def _do_place(self, action: act.PlaceArmies, events: list[ev.Event]) -> None:
        t, count = action.territory, action.count
        owner = self.owner[t]
        assert owner is not None
        self.armies[t] += count
        events.append(ev.ArmiesPlaced(owner, t, count))
        if self.phase == Phase.PLACE:
            if owner == self.neutral_id and owner != self.current:
                self.neutral_quota -= count
            else:
                self.quota -= count
            self.setup_pool[owner] -= count
            if self.quota == 0 and self.neutral_quota == 0:
                self._advance_placement(events)
            elif self.quota > 0 and self.capacity(self.current) == 0:
                self.quota = 0
                if self.neutral_quota == 0:
                    self._advance_placement(events)
            return
        self.reinforcements -= count
        if not self.return_to_attack:
            self.placements.append((t, count))
        self._maybe_finish_reinforcing(events)

    def _maybe_finish_reinforcing(self, events: list[ev.Event]) -> None:
        if self.phase != Phase.REINFORCE or self.must_trade():
            return
        if self.reinforcements > 0 and self.capacity(self.current) > 0:
            return
        if self.reinforcements > 0:
            events.append(ev.ArmiesLostToLimit(self.current, None, self.reinforcements))
            self.reinforcements = 0
        self.return_to_attack = False
        self.phase = Phase.ATTACK
        events.append(ev.PhaseChanged(self.phase.value, self.current))

    def _do_hq(self, action: act.ChooseHeadquarters, events: list[ev.Event]) -> None:
        self.players[self.current].headquarters = action.territory
        events.append(ev.HeadquartersChosen(self.current))
        order = self.turn_order_from(self.current)
        pending = [p for p in order if self.players[p].headquarters is None]
        if pending:
            self.current = pending[0]
            events.append(ev.PhaseChanged(self.phase.value, self.current))
            return
        self.hq_revealed = True
        hqs = tuple(
            (pid, p.headquarters) for pid, p in enumerate(self.players)
            if p.headquarters is not None
        )
        for _, territory in hqs:
            if territory in self.deck:
                self.deck.remove(territory)
                self.removed.append(territory)
        events.append(ev.HeadquartersRevealed(hqs))
        self._begin_turn(self.first_player, events)

    # ------------------------------------------------------------------ turns
    def _begin_turn(self, pid: PlayerId, events: list[ev.Event]) -> None:
        if self.turn == 0:
            self.round = 1
        elif self._seat_position(pid) <= self._seat_position(self.current):
            self.round += 1
        self.turn += 1
        self.current = pid
        self.placements = []
        self.has_attacked = False
        self.conquered_this_turn = False
        self.card_bonus_used = False
        self.computer_advantage_used = False
        self.return_to_attack = False
        self.battle = None
        self.occupy_moved = 0
        events.append(ev.TurnStarted(pid, self.turn, self.round))
        self._record_history()
        base, continents, territories = self.base_reinforcements(pid)
        neutral = self.neutral_id
        if neutral is not None and self.config.flavour == "uk" and not self.players[neutral].eliminated:
            self._reinforce_neutral(base // 2, events)
        self.reinforcements = 0
        events.append(ev.ReinforcementsReceived(pid, territories, tuple(continents), base))
        self._add_reinforcements(base, events)
        self.phase = Phase.REINFORCE
        events.append(ev.PhaseChanged(self.phase.value, pid))
        if self._check_winner(events):
            return
        self._maybe_finish_reinforcing(events)

    def _seat_position(self, pid: PlayerId) -> int:
        """Place in the round: the first player sits at 0, so a wrap means a new round."""
        return (pid - self.first_player) % len(self.players)

    def _reinforce_neutral(self, count: int, events: list[ev.Event]) -> None:
        neutral = self.neutral_id
        assert neutral is not None
        own = self.territories_of(neutral)
        placed: dict[str, int] = {}
        for _ in range(count):
            open_ = [t for t in own if self.armies[t] < HARD_ARMY_LIMIT]
            if not open_:
                break
            t = self.rng.choice(open_)
            self.armies[t] += 1
            placed[t] = placed.get(t, 0) + 1
        for t in sorted(placed):
            events.append(ev.NeutralReinforced(t, placed[t]))

    def _add_reinforcements(self, count: int, events: list[ev.Event]) -> None:
        """Adds armies to place; what cannot fit under the army limit is lost, with an event."""
        room = self.capacity(self.current) - self.reinforcements
        if count > room:
            events.append(ev.ArmiesLostToLimit(self.current, None, count - max(0, room)))
            count = max(0, room)
        self.reinforcements += count

    def _record_history(self) -> None:
        count = len(self.players)
        territories = [0] * count
        armies = [0] * count
        for t, o in self.owner.items():
            if o is not None:
                territories[o] += 1
                armies[o] += self.armies[t]
        self.stats.history.append({
            "turn": self.turn,
            "round": self.round,
            "player": self.current,
            "territories": territories,
            "armies": armies,
            "continents": [len(self.continents_of(p)) for p in range(count)],
        })

    def _do_end_turn(self, action: act.EndTurn, events: list[ev.Event]) -> None:
        self._finish_turn(events)

    def _finish_turn(self, events: list[ev.Event]) -> None:
        pid = self.current
        if self.conquered_this_turn:
            self._draw_card(pid, events)
        order = self.turn_order_from(pid)
        self._begin_turn(order[1 % len(order)], events)

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

    def _do_undo(self, action: act.UndoPlacements, events: list[ev.Event]) -> None:
        total = 0
        for territory, count in reversed(self.placements):
            self.armies[territory] -= count
            total += count
        self.placements = []
        self.reinforcements += total
        events.append(ev.PlacementsUndone(self.current, total))
        if self.phase != Phase.REINFORCE:
            self.phase = Phase.REINFORCE
            events.append(ev.PhaseChanged(self.phase.value, self.current))

    # ------------------------------------------------------------------ cards
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

    # ------------------------------------------------------------------ battle
    def _do_attack(self, action: act.Attack, events: list[ev.Event]) -> None:
        self.battle = Battle(action.source, action.target, action.dice, action.mode)
        self.has_attacked = True
        self._fight(events, defender_dice=None)

    def _do_defend(self, action: act.Defend, events: list[ev.Event]) -> None:
        self._fight(events, defender_dice=action.dice)

    def _fight(self, events: list[ev.Event], defender_dice: int | None) -> None:
        """Rolls battle after battle until the attack stops or someone must decide something."""
        battle = self.battle
        assert battle is not None
        while True:
            source, target = battle.source, battle.target
            dice = min(battle.dice, self.attack_dice_allowed(source))
            defender = self.owner[target]
            assert defender is not None
            allowed = self.defence_dice_allowed(target)
            if defender_dice is None:
                if allowed == 1 or defender == self.neutral_id:
                    defender_dice = allowed
                else:
                    self.phase = Phase.DEFEND
                    events.append(ev.DefenceRequested(defender, source, target, allowed))
                    return
            battle.attacker_roll = roll(self.rng, dice)
            battle.defender_roll = roll(self.rng, defender_dice)
            battle.used_reroll = False
            defender_dice = None
            events.append(ev.DiceRolled(self.current, defender, source, target,
                                        battle.attacker_roll, battle.defender_roll))
            if self._offer_advantages(events):
                return
            if not self._resolve_roll(events):
                return

    def _available_advantages(self) -> tuple[str, ...]:
        battle = self.battle
        assert battle is not None
        if min(battle.attacker_roll) == 6:
            return ()
        offers = []
        hand = self.players[self.current].hand
        if (self.variants.attack_advantage and not battle.used_reroll
                and (battle.source in hand or battle.target in hand)):
            offers.append("reroll")
        if self.variants.computer_advantage and not self.computer_advantage_used:
            offers.append("six")
        return tuple(offers)

    def _offer_advantages(self, events: list[ev.Event]) -> bool:
        battle = self.battle
        assert battle is not None
        battle.advantages = self._available_advantages()
        if not battle.advantages:
            return False
        self.phase = Phase.ADVANTAGE
        events.append(ev.AdvantageOffered(self.current, battle.advantages,
                                          battle.attacker_roll, battle.defender_roll))
        return True

    def _do_use_advantage(self, action: act.UseAdvantage, events: list[ev.Event]) -> None:
        battle = self.battle
        assert battle is not None
        dice = list(battle.attacker_roll)
        before = min(dice)
        index = dice.index(before)
        if action.advantage == "reroll":
            dice[index] = self.rng.randint(1, 6)
            battle.used_reroll = True
        else:
            dice[index] = 6
            self.computer_advantage_used = True
        battle.attacker_roll = tuple(sorted(dice, reverse=True))
        events.append(ev.AdvantageUsed(self.current, action.advantage, before, dice[index],
                                       battle.attacker_roll))
        if self._offer_advantages(events):
            return
        self.phase = Phase.ATTACK
        if self._resolve_roll(events):
            self._fight(events, defender_dice=None)

    def _do_decline_advantage(self, action: act.DeclineAdvantage, events: list[ev.Event]) -> None:
        self.phase = Phase.ATTACK
        if self._resolve_roll(events):
            self._fight(events, defender_dice=None)

    def _resolve_roll(self, events: list[ev.Event]) -> bool:
        """Applies the losses of the roll on the table; True if the attack rolls again."""
        battle = self.battle
        assert battle is not None
        source, target = battle.source, battle.target
        attacker, defender = self.current, self.owner[target]
        assert defender is not None
        attacker_losses, defender_losses = compare(battle.attacker_roll, battle.defender_roll)
        self.armies[source] -= attacker_losses
        self.armies[target] -= defender_losses
        self.stats.battles_won[attacker] += defender_losses
        self.stats.battles_lost[attacker] += attacker_losses
        self.stats.battles_won[defender] += attacker_losses
        self.stats.battles_lost[defender] += defender_losses
        events.append(ev.BattleResolved(source, target, battle.attacker_roll,
                                        battle.defender_roll, attacker_losses, defender_losses))
        self.phase = Phase.ATTACK
        if self.armies[target] == 0:
            self._conquer(source, target, len(battle.attacker_roll), events)
            return False
        stop = None
        if self.armies[source] < 2:
            stop = "one army left"
        elif battle.mode == "single":
            stop = "single battle"
        elif battle.mode == "continuous" and attacker_losses > 0:
            stop = "attacker lost a battle"
        if stop is not None:
            events.append(ev.AttackStopped(source, target, stop))
            return False
        return True

    def _conquer(self, source: TerritoryId, target: TerritoryId, dice: int,
                 events: list[ev.Event]) -> None:
        attacker = self.current
        loser = self.owner[target]
        assert loser is not None
        moved = min(dice, self.armies[source] - 1, self.army_limit(target))
        self.owner[target] = attacker
        self.armies[source] -= moved
        self.armies[target] = moved
        self.occupy_moved = moved
        self.conquered_this_turn = True
        self.stats.invasions_won[attacker] += 1
        self.stats.invasions_lost[loser] += 1
        events.append(ev.TerritoryConquered(attacker, loser, source, target, moved))
        self._after_capture(loser, events)
        if self.is_over:
            return
        lo, hi = self.occupy_range()
        if lo == hi:
            self._finish_occupation(events)
        else:
            self.phase = Phase.OCCUPY
            events.append(ev.PhaseChanged(self.phase.value, attacker))

    def _after_capture(self, loser: PlayerId, events: list[ev.Event]) -> None:
        """Elimination, mission changes and victory after a territory changed hands."""
        attacker = self.current
        if self.territory_count(loser) == 0 and not self.players[loser].eliminated:
            victim = self.players[loser]
            victim.eliminated = True
            taken = list(victim.hand)
            victim.hand.clear()
            self.players[attacker].hand.extend(taken)
            events.append(ev.PlayerEliminated(loser, attacker, len(taken)))
            if victim.is_neutral:
                pass
            elif self.objective == "missions":
                for pid, player in enumerate(self.players):
                    mission = self.mission(pid)
                    if (pid != attacker and mission is not None and not player.eliminated
                            and mission.destroy_colour == victim.colour):
                        player.mission = CONQUER_24
                        events.append(ev.MissionChanged(pid, CONQUER_24,
                                                        "target destroyed by another player"))
        self._check_winner(events)

    def _do_occupy(self, action: act.Occupy, events: list[ev.Event]) -> None:
        battle = self.battle
        assert battle is not None
        extra = action.count - self.occupy_moved
        if extra:
            self.armies[battle.source] -= extra
            self.armies[battle.target] += extra
        self.occupy_moved = action.count
        self._finish_occupation(events)

    def _finish_occupation(self, events: list[ev.Event]) -> None:
        battle = self.battle
        assert battle is not None
        events.append(ev.ArmiesMoved(self.current, battle.source, battle.target,
                                     self.occupy_moved, "occupy"))
        self.phase = Phase.ATTACK
        if len(self.players[self.current].hand) >= ELIMINATION_TRADE_FROM:
            self.return_to_attack = True
            self.reinforcements = 0
            self.phase = Phase.REINFORCE
        events.append(ev.PhaseChanged(self.phase.value, self.current))

    # ------------------------------------------------------------------ free move
    def _do_fortify(self, action: act.Fortify, events: list[ev.Event]) -> None:
        self.armies[action.source] -= action.count
        self.armies[action.target] += action.count
        self.has_attacked = True
        events.append(ev.ArmiesMoved(self.current, action.source, action.target, action.count,
                                     "fortify"))
        if self.variants.supply_lines:
            if self.phase != Phase.FORTIFY:
                self.phase = Phase.FORTIFY
                events.append(ev.PhaseChanged(self.phase.value, self.current))
            return
        self._finish_turn(events)

    # ------------------------------------------------------------------ winning
    def _check_winner(self, events: list[ev.Event]) -> bool:
        """Ends the game if the current player has won; True if it has."""
        pid = self.current
        reason = None
        rivals = [p for p in self.turn_order_from(0) if p != pid]
        if not rivals:
            reason = "world"
        elif self.objective == "missions" and self._mission_done(pid):
            reason = "mission"
        elif self.objective == "headquarters" and self._headquarters_won(pid):
            reason = "headquarters"
        if reason is None:
            return False
        self.winner = pid
        self.end_reason = reason
        self.phase = Phase.GAME_OVER
        events.append(ev.GameWon(pid, reason))
        return True

    def _mission_done(self, pid: PlayerId) -> bool:
        mission = self.mission(pid)
        if mission is None:
            return False
        if mission.destroy_colour is not None:
            return any(p.colour == mission.destroy_colour and p.eliminated for p in self.players)
        if mission.continents:
            held = set(self.continents_of(pid))
            if not set(mission.continents) <= held:
                return False
            return not mission.plus_one_continent or len(held) >= len(mission.continents) + 1
        owned = [t for t, o in self.owner.items() if o == pid]
        return sum(1 for t in owned if self.armies[t] >= mission.min_armies) >= mission.territories

    def _headquarters_won(self, pid: PlayerId) -> bool:
        if not self.hq_revealed:
            return False
        own = self.players[pid].headquarters
        if own is None or self.owner[own] != pid:
            return False
        held = sum(1 for p in self.players
                   if p.headquarters is not None and self.owner[p.headquarters] == pid)
        return held >= self.hq_to_win

    # ------------------------------------------------------------------ options
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

    # ------------------------------------------------------------------ copying
    def clone(self) -> Game:
        """An independent copy (sharing the frozen board and config) for look-ahead."""
        from game.engine.serialize import game_from_dict, game_to_dict  # noqa: PLC0415

        copy = game_from_dict(game_to_dict(self, with_record=False), self.board)
        copy.record = GameRecord(list(self.record.actions), self.record.from_start)
        return copy

    def to_dict(self) -> dict[str, Any]:
        from game.engine.serialize import game_to_dict  # noqa: PLC0415

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], board: WorldMap | None = None, *,
                  seat_view: bool = False) -> Game:
        """Rebuilds a game from `to_dict` output, checking every field (StateError if bad).

        `seat_view`: the data is one seat's view (a network client's copy), in which the other
        seats' missions and unrevealed headquarters are unknown, so their absence is no fault.
        """
        from game.engine.serialize import game_from_dict  # noqa: PLC0415

        return game_from_dict(data, board, seat_view=seat_view)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
