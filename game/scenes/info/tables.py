"""The figures the INFO screens show, read from the engine's public state (no pygame).

Kept apart from the drawing so the tables can be tested without a screen, and so every
number shown comes straight from the engine (statistics, owners, armies, hands).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Game, WorldMap


@dataclass(frozen=True)
class BattleRow:
    pid: int
    name: str
    battles_won: int
    battles_lost: int
    invasions_won: int
    invasions_lost: int

    @property
    def score(self) -> tuple[int, int, int]:
        """League order: invasions won, then battles won, then fewest battles lost."""
        return (self.invasions_won, self.battles_won, -self.battles_lost)


@dataclass(frozen=True)
class HoldingRow:
    pid: int
    name: str
    territories: int
    continents: tuple[str, ...]
    armies: int
    eliminated: bool


@dataclass(frozen=True)
class ContinentRow:
    id: str
    name: str
    bonus: int
    territories: tuple[tuple[str, str], ...]
    holders: list[tuple[int, int]]


def seats(game: Game) -> list[int]:
    """Every seat in play order of the table, the neutral player last."""
    return list(range(len(game.players)))


def battle_table(game: Game) -> list[BattleRow]:
    """The league table of battles and invasions, best first (the neutral player included)."""
    s = game.stats
    rows = [BattleRow(p, game.players[p].name, s.battles_won[p], s.battles_lost[p],
                      s.invasions_won[p], s.invasions_lost[p]) for p in seats(game)]
    return sorted(rows, key=lambda r: r.score, reverse=True)


def holding_table(game: Game) -> list[HoldingRow]:
    """Territories, continents and armies per player, most territories first."""
    rows = []
    for p in seats(game):
        names = tuple(game.board.continents[c].name for c in game.continents_of(p))
        rows.append(HoldingRow(p, game.players[p].name, game.territory_count(p), names,
                               game.army_count(p), game.players[p].eliminated))
    return sorted(rows, key=lambda r: (r.territories, r.armies), reverse=True)


def continent_rows(board: WorldMap, game: Game | None = None) -> list[ContinentRow]:
    """Each continent with its bonus, territories and (in a game) how many each player holds."""
    rows = []
    for c in board.continents.values():
        holders: dict[int, int] = {}
        if game is not None:
            for t in c.territories:
                owner = game.owner.get(t)
                if owner is not None:
                    holders[owner] = holders.get(owner, 0) + 1
        ranked = sorted(holders.items(), key=lambda kv: (-kv[1], kv[0]))
        rows.append(ContinentRow(c.id, c.name, c.bonus,
                                 tuple((t, board.territory_name(t)) for t in c.territories),
                                 ranked))
    return rows


def card_counts(game: Game) -> list[tuple[int, str, int]]:
    """(seat, name, cards held) for every player still in the game (never which cards)."""
    return [(p, game.players[p].name, len(game.players[p].hand)) for p in seats(game)
            if not game.players[p].is_neutral]
