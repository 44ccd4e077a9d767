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
        """Builds and checks a board from its JSON form; raises StateError on bad data.

        Everything is checked before anything is built: ids are short names, counts are
        bounded, every continent and border names territories of this board.
        """
        if not isinstance(data, Mapping):
            raise StateError("board data must be a table")
        territory_rows = _rows(data, "territories", MAX_TERRITORIES)
        continent_rows = _rows(data, "continents", MAX_CONTINENTS)
        continents_seen = [_id(c, "id", "continent") for c in continent_rows]
        if len(set(continents_seen)) != len(continents_seen):
            raise StateError("board data names a continent twice")
        territories: dict[str, Territory] = {}
        for row in territory_rows:
            tid = _id(row, "id", "territory")
            if tid in territories:
                raise StateError(f"board data names territory {tid} twice")
            name = _text(row, "name")
            short = _text(row, "short_name") if "short_name" in row else name
            continent = _id(row, "continent", "continent")
            if continent not in continents_seen:
                raise StateError(f"territory {tid} is in an unknown continent")
            kind = row.get("card")
            if kind not in CARD_KINDS:
                raise StateError(f"territory {tid} has a bad card kind")
            territories[tid] = Territory(tid, name, short, continent, kind)
        members: dict[str, list[str]] = {c: [] for c in continents_seen}
        for t in territories.values():
            members[t.continent].append(t.id)
        continents = {}
        for row in continent_rows:
            cid = row["id"]
            bonus = row.get("bonus")
            if type(bonus) is not int or not 0 <= bonus <= MAX_BONUS:
                raise StateError(f"continent {cid} has a bad bonus")
            if not members[cid]:
                raise StateError(f"continent {cid} has no territory")
            continents[cid] = Continent(cid, _text(row, "name"), bonus, tuple(members[cid]))
        border_rows = data.get("borders")
        if not isinstance(border_rows, list) or len(border_rows) > MAX_TERRITORIES ** 2:
            raise StateError("board data needs a list of borders")
        neighbours: dict[str, set[str]] = {t: set() for t in territories}
        borders = []
        for pair in border_rows:
            if (not isinstance(pair, list) or len(pair) != 2 or pair[0] not in territories
                    or pair[1] not in territories or pair[0] == pair[1]):
                raise StateError("board data has a bad border")
            a, b = pair
            neighbours[a].add(b)
            neighbours[b].add(a)
            borders.append((a, b))
        wild = data.get("wild_cards", 2)
        if type(wild) is not int or not 0 <= wild <= MAX_WILD_CARDS:
            raise StateError("board data has a bad number of wild cards")
        board_id = data.get("id", "board")
        if not isinstance(board_id, str) or not is_board_id(board_id):
            raise StateError("board data has a bad id")
        board_name = data.get("name", "")
        if not isinstance(board_name, str) or len(board_name) > MAX_NAME:
            raise StateError("board data has a bad name")
        return cls(
            id=board_id,
            name=board_name,
            territories=territories,
            continents=continents,
            neighbours={t: frozenset(n) for t, n in neighbours.items()},
            borders=tuple(borders),
            wild_cards=wild,
        )


MAX_TERRITORIES = 200
MAX_CONTINENTS = 50
MAX_BONUS = 100
MAX_WILD_CARDS = 10
MAX_NAME = 40
MAX_ID = 40


def is_board_id(text: str) -> bool:
    """An id is 1 to 40 lower-case letters, digits and underscores: never a path."""
    return 0 < len(text) <= MAX_ID and all(c.isascii() and (c.islower() or c.isdigit() or c == "_")
                                           for c in text)


def _rows(data: Mapping[str, Any], key: str, most: int) -> list[Mapping[str, Any]]:
    rows = data.get(key)
    if not isinstance(rows, list) or not 0 < len(rows) <= most \
            or not all(isinstance(r, Mapping) for r in rows):
        raise StateError(f"board data needs a list of {key} (at most {most})")
    return rows


def _id(row: Mapping[str, Any], key: str, what: str) -> str:
    value = row.get(key)
    if not isinstance(value, str) or not is_board_id(value):
        raise StateError(f"board data has a {what} without a proper id")
    return value


def _text(row: Mapping[str, Any], key: str) -> str:
    value = row.get(key)
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
        raise StateError(f"board data has a bad {key} for {row.get('id')}")
    return value
