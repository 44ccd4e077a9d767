# FROZEN on purpose: game/ai/mapinfo.py as of commit 72faedd (the Good of issue 27's start). Never edit.
"""Static facts about a board that generals use every decision, computed once per board. No pygame.

Borders of continents and how attractive each continent is do not change during a game, so
they are worked out once and shared by every general.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from game.engine.board import TerritoryId, WorldMap


@dataclass(frozen=True)
class MapInfo:
    """Adjacency as tuples, each territory's continent, and continent borders and weights."""

    territories: tuple[TerritoryId, ...]
    neighbours: dict[TerritoryId, tuple[TerritoryId, ...]]
    continent_of: dict[TerritoryId, str]
    members: dict[str, tuple[TerritoryId, ...]]
    bonus: dict[str, int]
    # Territories of a continent that touch another continent: where it must be defended.
    borders: dict[str, tuple[TerritoryId, ...]]
    # How worth having a continent is for its size and the borders to hold (claiming, targeting).
    weight: dict[str, float]
    # Per continent, a C-speed reader of its members' entries from a list in `territories`
    # order (e.g. every territory's owner): decisions read each continent's owners this way.
    member_items: dict[str, Callable[[Sequence[Any]], tuple[Any, ...]]]

    def distances_from(self, sources: list[TerritoryId],
                       passable: set[TerritoryId]) -> dict[TerritoryId, int]:
        """Breadth-first steps from `sources` through `passable` territories."""
        dist = {t: 0 for t in sources}
        frontier = list(sources)
        while frontier:
            nxt = []
            for t in frontier:
                d = dist[t] + 1
                for n in self.neighbours[t]:
                    if n in passable and n not in dist:
                        dist[n] = d
                        nxt.append(n)
            frontier = nxt
        return dist


_CACHE: dict[int, tuple[WorldMap, MapInfo]] = {}


def map_info(board: WorldMap) -> MapInfo:
    """The MapInfo of `board`, built on first use (boards are frozen, so the cache is safe)."""
    cached = _CACHE.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    info = _build(board)
    _CACHE[id(board)] = (board, info)
    return info


def _build(board: WorldMap) -> MapInfo:
    territories = tuple(board.territories)
    neighbours = {t: tuple(sorted(board.neighbours[t])) for t in territories}
    continent_of = {t: board.territories[t].continent for t in territories}
    members = {c.id: tuple(c.territories) for c in board.continents.values()}
    bonus = {c.id: c.bonus for c in board.continents.values()}
    borders = {
        c: tuple(t for t in ts if any(continent_of[n] != c for n in neighbours[t]))
        for c, ts in members.items()
    }
    # Small continents with few borders are cheap to take and to keep: Australia and South
    # America come first, Asia last, which is how experienced players rank them.
    weight = {
        c: (bonus[c] + 2) / (len(members[c]) * math.sqrt(max(1, len(borders[c]))))
        for c in members
    }
    index = {t: i for i, t in enumerate(territories)}
    member_items = {c: _items_reader(tuple(index[t] for t in ts)) for c, ts in members.items()}
    return MapInfo(territories, neighbours, continent_of, members, bonus, borders, weight,
                   member_items)


def _items_reader(indices: tuple[int, ...]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A function giving the entries at `indices` of a sequence, always as a tuple (one
    index alone makes itemgetter give the bare entry)."""
    if len(indices) == 1:
        only = indices[0]
        return lambda seq: (seq[only],)
    reader: Callable[[Sequence[Any]], tuple[Any, ...]] = itemgetter(*indices)
    return reader
