"""The fourteen mission cards of the UK short game, and when each is fulfilled. No pygame."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.config import COLOURS

CONQUER_24 = "conquer_24"
OCCUPY_18 = "occupy_18_with_2"


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    text: str
    continents: tuple[str, ...] = ()
    plus_one_continent: bool = False
    destroy_colour: str | None = None
    territories: int = 0
    min_armies: int = 1


def _continent_missions() -> list[Mission]:
    pairs = [
        ("north_america", "africa", False), ("north_america", "australia", False),
        ("asia", "south_america", False), ("asia", "africa", False),
        ("europe", "south_america", True), ("europe", "australia", True),
    ]
    names = {
        "north_america": "North America", "south_america": "South America", "europe": "Europe",
        "africa": "Africa", "asia": "Asia", "australia": "Australia",
    }
    missions = []
    for a, b, plus in pairs:
        text = f"Conquer {names[a]} and {names[b]}"
        if plus:
            text = f"Conquer {names[a]}, {names[b]} and a third continent of your choice"
        missions.append(Mission(f"{a}+{b}" + ("+1" if plus else ""), text, (a, b), plus))
    return missions


MISSIONS: dict[str, Mission] = {
    m.id: m
    for m in [
        *_continent_missions(),
        Mission(CONQUER_24, "Conquer 24 territories", territories=24),
        Mission(OCCUPY_18, "Occupy 18 territories with at least 2 armies in each",
                territories=18, min_armies=2),
        *[Mission(f"destroy_{c}", f"Destroy all {c} armies", destroy_colour=c) for c in COLOURS],
    ]
}


def mission_deck(colours_in_play: set[str] | frozenset[str]) -> list[str]:
    """The mission cards of a game, in a fixed order: destroy cards only for colours in play."""
    return [m.id for m in MISSIONS.values()
            if m.destroy_colour is None or m.destroy_colour in colours_in_play]


def as_dealt(mission: str, colour: str) -> str:
    """The card a player of `colour` plays who draws `mission`: their own destroy card is
    "Conquer 24 territories" instead."""
    return CONQUER_24 if MISSIONS[mission].destroy_colour == colour else mission
