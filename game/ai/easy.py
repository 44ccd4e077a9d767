"""Easy: careless. It attacks on thin odds, scatters its armies and forgets its borders. No pygame."""

from __future__ import annotations

from game.ai.base import General
from game.ai.profile import Profile

EASY = Profile(
    name="easy",
    min_attack_p=0.3,
    continue_p=0.2,
    min_gain=-1.0,
    loss_weight=0.6,
    kill_weight=0.5,
    card_weight=0.5,
    complete_weight=1.0,
    progress_weight=0.0,
    break_weight=0.0,
    hunt=False,
    plan_continent=False,
    defend_share=0.0,
    defend_ratio=0.5,
    smart_occupy=False,
    smart_fortify=False,
    hold_cards=False,
    objectives=False,
    careless=0.75,
    claim_bias=0.3,
    claim_noise=0.2,
)


class EasyGeneral(General):
    """The careless level: sound rules of thumb, but three choices in four made at random."""

    profile = EASY
