"""Good: plans each turn as chains of conquests with the exact odds, masses for it, guards its
continents' borders, breaks its rivals', finishes weak players for their cards, and plays for
missions and HQs. Its numbers live in weights/good.json (tuned by tools/tune_good.py). No pygame.
"""

from __future__ import annotations

import json
import random
from dataclasses import fields
from importlib import resources
from typing import Any

from game.ai import draft, draft_multi, placement
from game.ai.base import General
from game.ai.evaluate import Situation
from game.ai.mapinfo import map_info
from game.ai.profile import Profile
from game.ai.view import SeatView
from game.engine import Action, Phase
from game.engine import actions as act

PROFILE_NAMES = ("base", "second_setup", "duel", "duel_second", "duel_second_setup",
                 "duel_second_setup_spread")
_FIELDS = {f.name for f in fields(Profile)} - {"name"}


def load_weights() -> dict[str, Any]:
    """The weights shipped with the game (game/ai/weights/good.json)."""
    text = resources.files("game.ai").joinpath("weights/good.json").read_text(encoding="utf-8")
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

    def profile_for(self, view: SeatView) -> Profile:
        profiles = self.profiles
        setup = view.phase == Phase.PLACE
        second = view.first_player != self.seat
        if len(view.active_players()) <= 2:
            if not second:
                return profiles["duel"]
            if not setup:
                return profiles["duel_second"]
            if view.continents_of(self.seat):
                return profiles["duel_second_setup"]
            return profiles["duel_second_setup_spread"]
        return profiles["second_setup"] if setup and second else profiles["base"]

    def decide(self, view: SeatView) -> Action | None:
        """The shared decisions, but among three or four players the draft's claims come
        from rollouts scored by the learned four-player model (draft_multi.py)."""
        if view.phase == Phase.CLAIM:
            claim = self._multi_claim(view)
            if claim is not None:
                return claim
        return super().decide(view)

    def _multi_claim(self, view: SeatView) -> act.ClaimTerritory | None:
        """A claim by the four-player draft rollouts (draft_multi.py) when the profile asks
        for them and three or four players draft the US board; None leaves it to the rule
        of thumb."""
        profile = self.profile_for(view)
        active = view.active_players()
        if (profile.draft_rollouts <= 0 or not 3 <= len(active) <= draft_multi.MAX_PLAYERS
                or profile.careless):
            return None
        db = draft.draft_board(view.board)
        if db.continent_names != draft_multi.NAMES:
            return None
        owner = [draft.FREE if view.owner[t] is None else int(view.owner[t]) for t in db.names]
        if sum(1 for o in owner if o == draft.FREE) <= 1:
            return None
        if self._claim_prefs is None:  # drawn as the rule of thumb draws it, before any claim
            self._claim_prefs = placement.claim_preferences(Situation(view, profile), self.rng)
        rule = _rule_for(db, view, profile)
        mine = [w * self._claim_prefs.get(c, 1.0)
                for w, c in zip(rule.worth, db.continent_names, strict=True)]
        start = active.index(self.seat)
        order = active[start:] + active[:start]
        position = (self.seat - view.first_player) % view.player_count
        model = draft_multi.shipped_model(profile.draft_model)
        pick = draft_multi.choose(db, rule, model, owner, self.seat, order, position,
                                  profile.draft_rollout_candidates, profile.draft_rollouts,
                                  profile.claim_noise,
                                  random.Random(self.rng.random()), mine)
        return act.ClaimTerritory(db.names[pick])


_RULES: dict[tuple[int, float, float, int], draft_multi.RuleOfThumb] = {}


def _rule_for(db: draft.DraftBoard, view: SeatView, profile: Profile) -> draft_multi.RuleOfThumb:
    key = (id(db), profile.claim_focus, profile.claim_scale, view.player_count)
    rule = _RULES.get(key)
    if rule is None or rule.db is not db:
        rule = draft_multi.RuleOfThumb(db, map_info(view.board), profile.claim_focus,
                                       profile.claim_scale, view.player_count,
                                       profile.plan_continent)
        _RULES[key] = rule
    return rule


def good_with(weights: dict[str, Any]) -> type[GoodGeneral]:
    """A Good general class playing with `weights` instead of the shipped ones (tuning)."""
    profiles = build_profiles(weights)
    return type("TunedGoodGeneral", (GoodGeneral,),
                {"profile": profiles["base"], "profiles": profiles})
