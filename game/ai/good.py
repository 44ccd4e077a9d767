"""Good: plans each turn as chains of conquests with the exact odds, masses for it, guards its
continents' borders, breaks its rivals', finishes weak players for their cards, and plays for
missions and HQs. Its numbers live in weights/good.json (tuned by tools/tune_good.py). No pygame.
"""

from __future__ import annotations

import json
import random
from dataclasses import fields, replace
from typing import Any

from game.ai import setup_search
from game.ai.base import Controller, General
from game.ai.evaluate import Situation
from game.ai.placement import ranked_fronts
from game.ai.profile import Profile
from game.ai.view import SeatView
from game.engine import Action, Game, Phase
from game.engine.board import TerritoryId
from game.resources import package_path

PROFILE_NAMES = ("base", "second_setup", "dealt", "duel", "duel_hq", "duel_second",
                 "duel_second_setup", "duel_second_setup_spread", "duel_second_setup_hq")
_FIELDS = {f.name for f in fields(Profile)} - {"name"}


def load_weights() -> dict[str, Any]:
    """The weights shipped with the game (game/ai/weights/good.json)."""
    text = package_path("ai", "weights", "good.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def build_profiles(weights: dict[str, Any], name: str = "good") -> dict[str, Profile]:
    """Every profile Good plays with, each resolved through its chain of 'from' entries.
    Raises ValueError on an unknown field or profile, so a typo in the file is loud."""
    resolved: dict[str, dict[str, Any]] = {}

    def resolve(key: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
        if key in resolved:
            return resolved[key]
        if key not in weights or key in seen:
            raise ValueError(f"good weights: no profile {key!r} (or a loop through it)")
        entry = dict(weights[key])
        parent = entry.pop("from", None)
        unknown = set(entry) - _FIELDS
        if unknown:
            raise ValueError(f"good weights: unknown field(s) {sorted(unknown)} in {key!r}")
        values = {**(resolve(parent, (*seen, key)) if parent else {}), **entry}
        resolved[key] = values
        return values

    return {key: Profile(name=name, **resolve(key)) for key in PROFILE_NAMES}


PROFILES = build_profiles(load_weights())
GOOD = PROFILES["base"]


class GoodGeneral(General):
    """The strongest level: the shared machinery with turn planning, a plan and more care.
    `profiles` (from build_profiles) replace the shipped weights, for tuning."""

    profile = GOOD
    profiles = PROFILES
    _searched = False  # the opening has been played out once this game

    def choose(self, game: Game) -> Action:
        """One action; moving second in a duel, the set-up stack's spot is first chosen by
        playing the opening out (setup_search.py), once, at our first set-up placement."""
        if self.will_deliberate(game):
            view = SeatView(game, self.seat)
            self.setup_front = self._search_stack(game, view, self.profile_for(view))
            self._searched = True
        return super().choose(game)

    def will_deliberate(self, game: Game) -> bool:
        """Whether the next choice plays the opening out (a second or so of thought, which
        the play screen announces first)."""
        if self._searched or game.phase != Phase.PLACE or \
                game.is_over or game.to_move != self.seat:
            return False
        view = SeatView(game, self.seat)
        return self.profile_for(view).setup_rollouts > 0 and view.quota > 0 and \
            len(view.active_players()) == 2 and view.neutral_id is None and \
            view.first_player != self.seat and view.objective == "world"

    def _search_stack(self, game: Game, view: SeatView, profile: Profile) -> TerritoryId | None:
        """The spot for our set-up stack among the rule of thumb's best, by play-outs."""
        sit = Situation(view, profile)
        pool = view.setup_pool(self.seat)
        ranked = ranked_fronts(sit, pool, {}, view.rooms(sit.mine))
        candidates = [t for _, t in ranked[:profile.setup_candidates]]
        if not candidates:
            return None
        plain = _without_search(type(self))
        rival = 1 - self.seat

        def make_generals(spot: TerritoryId, seed: int) -> dict[int, Controller]:
            ours = plain(self.seat, seed)
            ours.setup_front = spot
            return {self.seat: ours, rival: plain(rival, seed)}

        rng = random.Random(self.rng.getrandbits(64))
        return setup_search.choose_stack(game, self.seat, candidates, profile.setup_rollouts,
                                         rng, make_generals, profile.setup_horizon,
                                         profile.setup_margin)

    def profile_for(self, view: SeatView) -> Profile:
        profiles = self.profiles
        setup = view.phase == Phase.PLACE
        second = view.first_player != self.seat
        if len(view.active_players()) <= 2:
            if not second:
                if view.objective == "headquarters":
                    return profiles["duel_hq"]
                return profiles["duel"]
            if not setup:
                return profiles["duel_second"]
            if view.objective == "headquarters":
                # the headquarters, chosen after the set-up, decide: no armies held back to
                # guard continents (a rule of thumb borne out by games, see good.json)
                return profiles["duel_second_setup_hq"]
            if view.continents_of(self.seat):
                return profiles["duel_second_setup"]
            return profiles["duel_second_setup_spread"]
        if setup and second:
            return profiles["second_setup"]
        if view.config.territory_selection == "random" and view.objective == "world":
            # territories dealt at random: nobody starts with a continent, and the land
            # itself (income, the spread to build one from) is worth more (see good.json)
            return profiles["dealt"]
        return profiles["base"]


def good_with(weights: dict[str, Any]) -> type[GoodGeneral]:
    """A Good general class playing with `weights` instead of the shipped ones (tuning)."""
    profiles = build_profiles(weights)
    return type("TunedGoodGeneral", (GoodGeneral,),
                {"profile": profiles["base"], "profiles": profiles})


_PLAIN: dict[type, type[GoodGeneral]] = {}


def _without_search(cls: type[GoodGeneral]) -> type[GoodGeneral]:
    """`cls` with its play-outs of the opening switched off: the generals of a play-out (a
    play-out that searched again would never end)."""
    if cls not in _PLAIN:
        profiles = {k: replace(p, setup_rollouts=0) for k, p in cls.profiles.items()}
        _PLAIN[cls] = type(f"Plain{cls.__name__}", (cls,),
                           {"profile": profiles["base"], "profiles": profiles})
    return _PLAIN[cls]
