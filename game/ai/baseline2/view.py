# FROZEN on purpose: game/ai/view.py as of commit 72faedd (the Good of issue 27's start). Never edit.
"""What one seat may see of a game: the public board plus its own cards, mission and HQ. No pygame.

Generals read the game only through a `SeatView`, so a general cannot peek at another
player's hand, mission or secret headquarters, at the deck order, or at the game's RNG.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import NamedTuple

from game.engine import Game, Phase
from game.engine.board import CardId, TerritoryId, WorldMap
from game.engine.config import GameConfig, Variants
from game.engine.missions import Mission

PlayerId = int


class BattleView(NamedTuple):
    """The attack under way, as everyone at the table sees it. (A NamedTuple: one is made at
    every decision in a battle, and a frozen dataclass is slow to make.)"""

    source: TerritoryId
    target: TerritoryId
    dice: int
    mode: str
    attacker_roll: tuple[int, ...]
    defender_roll: tuple[int, ...]
    advantages: tuple[str, ...]


class SeatView:
    """A read-only window on `game` for player `seat`.

    Everything here is either public (the map, army counts, card counts, revealed HQs) or
    belongs to `seat` (its hand, mission and HQ). The live game is not reachable from here.
    """

    __slots__ = ("_game", "seat", "board", "owner", "armies", "config")

    def __init__(self, game: Game, seat: PlayerId) -> None:
        self._game = game
        self.seat = seat
        self.board: WorldMap = game.board
        self.owner: Mapping[TerritoryId, PlayerId | None] = MappingProxyType(game.owner)
        self.armies: Mapping[TerritoryId, int] = MappingProxyType(game.armies)
        self.config: GameConfig = game.config

    # ------------------------------------------------------------------ turn state
    @property
    def phase(self) -> Phase:
        return self._game.phase

    @property
    def current(self) -> PlayerId:
        return self._game.current

    @property
    def to_move(self) -> PlayerId:
        return self._game.to_move

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def round(self) -> int:
        return self._game.round

    @property
    def seed(self) -> int:
        """The game's seed is shown on the setup screen, so it is public."""
        return self._game.seed

    @property
    def first_player(self) -> PlayerId:
        """Who moves first (drawn and announced at the start, so public)."""
        return self._game.first_player

    @property
    def variants(self) -> Variants:
        return self._game.variants

    @property
    def objective(self) -> str:
        return self._game.objective

    @property
    def hq_to_win(self) -> int:
        return self._game.hq_to_win

    @property
    def hq_revealed(self) -> bool:
        return self._game.hq_revealed

    @property
    def neutral_id(self) -> PlayerId | None:
        return self._game.neutral_id

    @property
    def reinforcements(self) -> int:
        return self._game.reinforcements

    @property
    def quota(self) -> int:
        return self._game.quota

    @property
    def neutral_quota(self) -> int:
        return self._game.neutral_quota

    @property
    def conquered_this_turn(self) -> bool:
        return self._game.conquered_this_turn

    @property
    def card_bonus_used(self) -> bool:
        return self._game.card_bonus_used

    @property
    def computer_advantage_used(self) -> bool:
        return self._game.computer_advantage_used

    @property
    def return_to_attack(self) -> bool:
        return self._game.return_to_attack

    @property
    def sets_traded(self) -> int:
        return self._game.sets_traded

    @property
    def battle(self) -> BattleView | None:
        b = self._game.battle
        if b is None:
            return None
        return BattleView(b.source, b.target, b.dice, b.mode, b.attacker_roll, b.defender_roll,
                          b.advantages)

    def occupy_range(self) -> tuple[int, int]:
        return self._game.occupy_range()

    def must_trade(self) -> bool:
        return self._game.must_trade()

    # ------------------------------------------------------------------ players
    @property
    def player_count(self) -> int:
        return len(self._game.players)

    def is_neutral(self, pid: PlayerId | None) -> bool:
        return pid is not None and self._game.players[pid].is_neutral

    def is_eliminated(self, pid: PlayerId) -> bool:
        return self._game.players[pid].eliminated

    def colour(self, pid: PlayerId) -> str:
        return self._game.players[pid].colour

    def card_count(self, pid: PlayerId) -> int:
        """How many cards a player holds is public (the INFO > Cards screen shows it)."""
        return len(self._game.players[pid].hand)

    def active_players(self) -> list[PlayerId]:
        """Players still in the game, neutral excluded."""
        return self._game.turn_order_from(0)

    def headquarters(self, pid: PlayerId) -> TerritoryId | None:
        """A player's HQ: one's own always, the others' only once all are revealed."""
        if pid == self.seat or self._game.hq_revealed:
            return self._game.players[pid].headquarters
        return None

    # ------------------------------------------------------------------ own secrets
    @property
    def hand(self) -> tuple[CardId, ...]:
        return tuple(self._game.players[self.seat].hand)

    @property
    def mission(self) -> Mission | None:
        return self._game.mission(self.seat)

    def tradeable_sets(self) -> list[tuple[str, str, str]]:
        return self._game.tradeable_sets(self.seat)

    def set_value(self, cards: Iterable[CardId]) -> int:
        return self._game.set_value(cards)

    def upcoming_set_value(self) -> int | None:
        return self._game.upcoming_set_value()

    # ------------------------------------------------------------------ board queries
    def territories_of(self, pid: PlayerId) -> list[TerritoryId]:
        return self._game.territories_of(pid)

    def continents_of(self, pid: PlayerId) -> list[str]:
        return self._game.continents_of(pid)

    def base_reinforcements(self, pid: PlayerId) -> int:
        return self._game.base_reinforcements(pid)[0]

    def army_limit(self, territory: TerritoryId | None = None) -> int:
        return self._game.army_limit(territory)

    def room(self, territory: TerritoryId) -> int:
        return self._game.room(territory)

    def rooms(self, territories: Iterable[TerritoryId]) -> dict[TerritoryId, int]:
        """room() of each territory, in one call (placement asks it of all ours each time)."""
        room = self._game.room
        return {t: room(t) for t in territories}

    def capacity(self, pid: PlayerId) -> int:
        return self._game.capacity(pid)

    def setup_pool(self, pid: PlayerId) -> int:
        """Armies a player still has to place in the set-up (public: everyone counts them)."""
        return self._game.setup_pool[pid]
