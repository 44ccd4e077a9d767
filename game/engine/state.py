"""The plain data of a game (phases, players, the battle under way, statistics) and its constants. No pygame.

It exists so the rules modules (core, setup, trading, battle, turns, options) and game.py can all
share these types without importing one another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.engine.board import CardId, TerritoryId, WorldMap
from game.engine.classic import CLASSIC_ID, classic_board
from game.engine.config import (
    GameConfig,
)
from game.engine.errors import StateError

PlayerId = int
FORCED_TRADE_HAND = 5
ELIMINATION_TRADE_ABOVE = 4
ELIMINATION_TRADE_FROM = 6
MAX_ATTACK_DICE = 3  # (fewer with fewer armies: one always stays behind)
MAX_DEFENCE_DICE = 2  # (fewer with fewer armies)
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
