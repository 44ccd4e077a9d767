"""The static board: territories, continents, borders and cards, built from plain data. No pygame.

The board is data (assets/maps/*.json), so another map could be added without touching a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.errors import StateError

TerritoryId = str
ContinentId = str
CardId = str
CARD_KINDS = ("infantry", "cavalry", "artillery")
WILD = "wild"


@dataclass(frozen=True, slots=True)
class Territory:
    id: TerritoryId
    name: str
    short_name: str
    continent: ContinentId
    card_kind: str


@dataclass(frozen=True, slots=True)
class Continent:
    id: ContinentId
    name: str
    bonus: int
    territories: tuple[TerritoryId, ...]


@dataclass(frozen=True)
class WorldMap:
    """Frozen board; adjacency comes only from here, never from the picture."""

    id: str
    name: str
    territories: Mapping[TerritoryId, Territory]
    continents: Mapping[ContinentId, Continent]
    neighbours: Mapping[TerritoryId, frozenset[TerritoryId]]
    borders: tuple[tuple[TerritoryId, TerritoryId], ...]
    wild_cards: int

    @property
    def territory_ids(self) -> tuple[TerritoryId, ...]:
        return tuple(self.territories)

    @property
    def card_ids(self) -> tuple[CardId, ...]:
        """Every card of the deck: one per territory (its id) then the wilds."""
        return self.territory_ids + tuple(f"wild_{i + 1}" for i in range(self.wild_cards))

    def card_kind(self, card: CardId) -> str:
        if card in self.territories:
            return self.territories[card].card_kind
        if card.startswith("wild_"):
            return WILD
        raise KeyError(card)

    def is_adjacent(self, a: TerritoryId, b: TerritoryId) -> bool:
        return b in self.neighbours.get(a, frozenset())

    def territory_name(self, territory: TerritoryId) -> str:
        return self.territories[territory].name

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WorldMap:
        """Builds and checks a board from its JSON form; raises StateError on bad data."""
        try:
            territories = {
                t["id"]: Territory(
                    t["id"], t["name"], t.get("short_name", t["name"]), t["continent"], t["card"]
                )
                for t in data["territories"]
            }
            members: dict[str, list[str]] = {c["id"]: [] for c in data["continents"]}
            for t in territories.values():
                members[t.continent].append(t.id)
            continents = {
                c["id"]: Continent(c["id"], c["name"], int(c["bonus"]), tuple(members[c["id"]]))
                for c in data["continents"]
            }
            neighbours: dict[str, set[str]] = {t: set() for t in territories}
            borders = []
            for a, b in data["borders"]:
                if a not in territories or b not in territories or a == b:
                    raise StateError(f"bad border {a}-{b}")
                neighbours[a].add(b)
                neighbours[b].add(a)
                borders.append((a, b))
            for t in territories.values():
                if t.card_kind not in CARD_KINDS:
                    raise StateError(f"bad card kind {t.card_kind!r} for {t.id}")
            return cls(
                id=str(data.get("id", "board")),
                name=str(data.get("name", "")),
                territories=territories,
                continents=continents,
                neighbours={t: frozenset(n) for t, n in neighbours.items()},
                borders=tuple(borders),
                wild_cards=int(data.get("wild_cards", 2)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, StateError):
                raise
            raise StateError(f"board data is malformed: {exc!r}") from exc
