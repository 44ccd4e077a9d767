"""The state every rule reads, and the read-only questions asked of it. No pygame.

It exists so each rules mixin (setup, trading, battle, turns, options) shares one definition
of the game's fields, its queries and the small checks they all use.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING
from collections.abc import Iterable

from game.engine import events as ev
from game.engine.board import CardId, TerritoryId, WorldMap
from game.engine.cards import fixed_value, rising_value, valid_sets
from game.engine.config import (
    HARD_ARMY_LIMIT,
    GameConfig,
    Variants,
)
from game.engine.errors import IllegalActionError
from game.engine.missions import MISSIONS, Mission
from game.engine.record import GameRecord
from game.engine.state import (
    ELIMINATION_TRADE_ABOVE,
    FORCED_TRADE_HAND,
    MAX_ATTACK_DICE,
    MAX_DEFENCE_DICE,
    Battle,
    Phase,
    PlayerId,
    PlayerState,
    Statistics,
)


class GameCore:
    """The fields of a `Game` and the questions asked of them (the base of every rules mixin)."""

    board: WorldMap
    config: GameConfig

    if TYPE_CHECKING:
        # Rules one mixin (or invariants.py) uses and another defines; declared here only for
        # the type checker.
        def _maybe_finish_reinforcing(self, events: list[ev.Event]) -> None: ...
        def _add_reinforcements(self, count: int, events: list[ev.Event]) -> None: ...
        def _draw_card(self, pid: PlayerId, events: list[ev.Event]) -> None: ...
        def _begin_turn(self, pid: PlayerId, events: list[ev.Event]) -> None: ...
        def _finish_turn(self, events: list[ev.Event]) -> None: ...
        def _after_capture(self, loser: PlayerId, events: list[ev.Event]) -> None: ...
        def _check_winner(self, events: list[ev.Event]) -> bool: ...
        def _available_advantages(self) -> tuple[str, ...]: ...

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
        return min(MAX_ATTACK_DICE, self.armies[source] - 1)

    def defence_dice_allowed(self, target: TerritoryId) -> int:
        return min(MAX_DEFENCE_DICE, self.armies[target])

    def can_undo_placements(self) -> bool:
        return (
            self.phase in (Phase.REINFORCE, Phase.ATTACK)
            and bool(self.placements)
            and not self.has_attacked
            and not self.return_to_attack
        )

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

    def _seat_position(self, pid: PlayerId) -> int:
        """Place in the round: the first player sits at 0, so a wrap means a new round."""
        return (pid - self.first_player) % len(self.players)
