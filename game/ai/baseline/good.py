# FROZEN on purpose: game/ai/good.py as of commit 41ca4fe (the Good of issue 14's start). Never edit.
"""Good: cautious and strong. Picks a continent and masses for it, guards its bonuses, breaks
its rivals', finishes weak players for their cards, and plays for missions and HQs. No pygame."""

from __future__ import annotations

from dataclasses import replace

from game.ai.baseline.base import General
from game.ai.baseline.profile import Profile
from game.ai.baseline.view import SeatView
from game.engine import Phase

GOOD = Profile(
    name="good",
    min_attack_p=0.55,
    continue_p=0.3,
    min_gain=0.3,
    loss_weight=1.0,
    kill_weight=0.6,
    card_weight=1.0,
    complete_weight=3.0,
    progress_weight=1.2,
    break_weight=1.5,
    hunt=True,
    plan_continent=True,
    defend_share=0.5,
    defend_ratio=0.9,
    smart_occupy=True,
    smart_fortify=True,
    hold_cards=True,
    objectives=True,
    exposure_weight=0.12,
    territory_value=0.3,
    spread_cost=0.7,
    setup_spread=1.0,
    front_defence=0.6,
    # Among several rivals a big continent with many borders (Europe, North America) taken in
    # the claiming makes its holder everyone's target before it can be held; Australia and
    # South America, or a foothold in several continents, keep Good alive into the middle game.
    claim_focus=2.0,
    claim_scale=3.0,
    # a little seeded taste in the claiming, so no two games open quite alike
    claim_bias=0.05,
    claim_noise=0.05,
)

# Against a single rival every army the enemy loses is ours to gain and sweeping pays: the
# careful border-spreading that wins among several rivals only slows a duel down.
GOOD_DUEL = replace(
    GOOD,
    territory_value=1.0,
    spread_cost=0.0,
    setup_spread=0.0,
    front_defence=0.0,
    exposure_weight=0.0,
    smart_occupy=False,
    # Claims varying from game to game, the second player's chances hang on its share of the
    # map: a sharper taste for small continents than among several rivals keeps it compact.
    claim_focus=1.5,
    claim_scale=1.0,
)

# In a duel the first player's stack sweeps through a rival's thin territories before the
# rival moves at all (equal generals: the first player wins nine games in ten). Moving second,
# Good spends its whole set-up on the borders of the continents it holds, a little more than
# the stacks facing them: a sweep that cannot break a bonus does not pay, and the bonuses held
# decide the game from the second turn on.
GOOD_DUEL_SECOND_SETUP = replace(GOOD_DUEL, defend_share=1.0, defend_ratio=1.1)
# With no continent to hold (a random deal), half the set-up goes one army at a time to the
# borders most outmatched by the stacks facing them, so the first sweep costs more.
GOOD_DUEL_SECOND_SETUP_SPREAD = replace(GOOD_DUEL_SECOND_SETUP, setup_spread=0.5)
# Among several rivals too, a general who does not move first holds its continents' borders
# in the set-up and masses the rest on one front, rather than spreading over every border.
GOOD_SECOND_SETUP = replace(GOOD, defend_share=1.0, defend_ratio=1.1, setup_spread=0.0,
                            front_defence=0.0)


class GoodGeneral(General):
    """The strongest level: the same machinery as Standard with a plan and more care."""

    profile = GOOD
    duel_profile = GOOD_DUEL
    duel_second_setup = GOOD_DUEL_SECOND_SETUP
    duel_second_setup_spread = GOOD_DUEL_SECOND_SETUP_SPREAD
    second_setup = GOOD_SECOND_SETUP

    def profile_for(self, view: SeatView) -> Profile:
        second_setup = view.phase == Phase.PLACE and view.first_player != self.seat
        if len(view.active_players()) <= 2:
            if not second_setup:
                return self.duel_profile
            if view.continents_of(self.seat):
                return self.duel_second_setup
            return self.duel_second_setup_spread
        return self.second_setup if second_setup else self.profile
