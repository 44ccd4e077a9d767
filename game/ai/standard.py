"""Standard: plays soundly. Fair odds, takes and guards continents, no long-range plans. No pygame."""

from __future__ import annotations

from game.ai.base import General
from game.ai.profile import Profile

STANDARD = Profile(
    name="standard",
    min_attack_p=0.5,
    continue_p=0.4,
    min_gain=0.5,
    loss_weight=1.0,
    kill_weight=0.5,
    card_weight=0.8,
    complete_weight=2.0,
    progress_weight=0.0,
    break_weight=0.8,
    hunt=False,
    plan_continent=False,
    defend_share=0.3,
    defend_ratio=0.7,
    smart_occupy=False,
    smart_fortify=False,
    hold_cards=False,
    objectives=True,
    claim_bias=0.1,
    claim_noise=0.05,
)


class StandardGeneral(General):
    """The middle level: each choice is sensible on its own, but there is no plan behind it."""

    profile = STANDARD
