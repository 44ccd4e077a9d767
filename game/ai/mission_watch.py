"""Which rivals may be about to fulfil a secret mission, and which of their territories to take
first to stop them. No pygame.

In the game with missions a rival wins the moment their mission is done, often ten rounds in,
long before anyone rules the world. Their mission is secret, but the deck is public: every
rival holds one of the cards we do not hold, and what they own says how close each card
would be to done. A rival holding Asia and three of Africa's six is one conquest from winning
if that is their card; one with 22 territories is two from "Conquer 24 territories".

`blocking_values` prices, for every territory of a rival, what taking it from them is worth
in armies: over each mission card they might hold (all equally likely, ours excluded), the
chance that this one conquest is what stops them next turn. Their conquests in a turn are
counted as a Poisson draw whose mean is what their income and stacks can take against the
average defence, so a rival far from any card is hardly worth a look, and one a conquest
away is worth a great deal. Destroy missions are left out: taking the victim's land brings
that rival closer, not further. Only the board and our own card are read (fair play).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Protocol

from game.ai.mapinfo import MapInfo
from game.ai.view import PlayerId, SeatView
from game.engine.board import TerritoryId
from game.engine.missions import MISSIONS, Mission, as_dealt, mission_deck


class Situation(Protocol):
    """What the watch reads of evaluate.py's Situation (which asks it for its prices, so this
    module names only what it uses instead of importing it)."""

    view: SeatView
    info: MapInfo
    armies: Mapping[TerritoryId, int]
    income: dict[PlayerId, int]
    count: dict[PlayerId | None, int]
    total: dict[PlayerId | None, int]

    def held_by(self, pid: PlayerId | None) -> list[TerritoryId]: ...

    def owners(self) -> list[PlayerId | None]: ...


# What a rival's win costs us, in armies: the whole game (target_value's scale for a turn's
# conquests is a few armies; a win is valued far above any of them).
GAME_WORTH = 60.0
# Territories a conquest costs a rival on average, per defending army (dice and the army left
# behind), when turning their armies into an expected count of conquests.
ARMIES_PER_CONQUEST = 1.6


def rival_cards(view: SeatView, rival: PlayerId) -> tuple[Mission, ...]:
    """The mission cards `rival` may hold, each once: the deck of this game (destroy cards of
    colours in play only) without ours; a destroy card of their own colour counts as
    "Conquer 24 territories", as the deal makes it."""
    own = view.mission
    colours = frozenset(view.colour(p) for p in range(view.player_count)
                        if not view.is_neutral(p))
    return _cards(None if own is None else own.id, colours, view.colour(rival))


@lru_cache(maxsize=256)
def _cards(own: str | None, colours: frozenset[str], theirs: str) -> tuple[Mission, ...]:
    """rival_cards, kept per (our card, colours in play, their colour): asked every turn."""
    return tuple(MISSIONS[as_dealt(card, theirs)] for card in mission_deck(colours)
                 if card != own)


def expected_conquests(sit: Situation, rival: PlayerId) -> float:
    """How many territories `rival` can take next turn, on average: their new armies and the
    spare ones in their stacks, against the average defence of the others' land."""
    held, armies = sit.count.get(rival, 0), sit.total.get(rival, 0)
    spare = armies - held
    others = len(sit.info.territories) - held
    defence = (sum(sit.total.values()) - armies) / max(1, others)
    income = sit.income.get(rival, 3)
    return max(0.3, (income + 0.5 * spare) / (ARMIES_PER_CONQUEST * (defence + 1.0)))


def _stop_chance(need: int, mean: float) -> float:
    """Chance that exactly `need` conquests is what they make (Poisson): one conquest fewer
    is then what stops them."""
    if need <= 0:
        return 0.0
    return math.exp(-mean + need * math.log(mean) - math.lgamma(need + 1))


def blocking_values(sit: Situation, rivals: list[PlayerId], weight: float
                    ) -> dict[TerritoryId, float]:
    """What taking each territory of `rivals` is worth for stopping a mission (territories
    that stop none are left out)."""
    view, info, armies = sit.view, sit.info, sit.armies
    owners = sit.owners()
    values: dict[TerritoryId, float] = {}
    for rival in rivals:
        held = sit.held_by(rival)
        if not held:
            continue
        cards = rival_cards(view, rival)
        if not cards:
            continue
        mean = expected_conquests(sit, rival)
        lacking = {c: len(info.members[c]) - items(owners).count(rival)
                   for c, items in info.member_items.items()}
        solid = sum(1 for t in held if armies[t] >= 2)
        share = weight * GAME_WORTH / len(cards)
        for card in cards:
            if card.destroy_colour is not None:
                continue
            if card.continents:
                need = sum(lacking[c] for c in card.continents)
                counted = set(card.continents)
                if card.plus_one_continent:
                    rest = [c for c in info.members if c not in counted]
                    third = min(rest, key=lambda c: (lacking[c], c))
                    need += lacking[third]
                    counted.add(third)
                worth = share * _stop_chance(need, mean)
                if worth > 0:
                    for t in held:
                        if info.continent_of[t] in counted:
                            values[t] = values.get(t, 0.0) + worth
            elif card.min_armies > 1:
                worth = share * _stop_chance(max(0, card.territories - solid), mean)
                if worth > 0:
                    for t in held:
                        if armies[t] >= card.min_armies:
                            values[t] = values.get(t, 0.0) + worth
            elif card.territories:
                worth = share * _stop_chance(max(0, card.territories - len(held)), mean)
                if worth > 0:
                    for t in held:
                        values[t] = values.get(t, 0.0) + worth
    return values
