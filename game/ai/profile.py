"""The knobs that make one level of general differ from another. No pygame.

All three levels share the same decision code; a level is a `Profile` (how cautious, what it
pays attention to) and, for Easy, a dose of carelessness. Numbers are in armies.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Profile:
    """How a general weighs its choices.

    Attributes:
        name: the level ("easy", "standard", "good").
        min_attack_p: least chance of conquest (fighting to the end) to start an attack.
        continue_p: least chance of conquest to roll on in an attack already begun.
        min_gain: least expected gain (in armies) an attack must promise.
        loss_weight: what one lost army of ours costs.
        kill_weight: what one army killed of the enemy is worth.
        card_weight: scale of the value of earning this turn's card.
        complete_weight: value of completing a continent, per army of its bonus.
        progress_weight: value of a step into the continent we are taking, per bonus army.
        break_weight: value of breaking an opponent's continent, per bonus army.
        hunt: whether to finish weak players off for their cards.
        plan_continent: whether to pick a continent to take this turn and mass for it.
        defend_share: most of the reinforcements spent on holding continent borders.
        defend_ratio: armies wanted on a border per army of the strongest stack facing it.
        smart_occupy: split armies between the old and the new territory by threats.
        smart_fortify: free moves also rebalance borders, not only bring up the rear.
        hold_cards: hold sets in fixed-value games until the set is worth it.
        objectives: play for missions and headquarters, not only for the world.
        exposure_weight: cost of standing in a newly taken territory, per army threatening it.
        territory_value: worth of one more territory in itself (income, a rival's loss).
        spread_cost: cost of the army a conquest leaves behind, thinning the stack.
        setup_spread: share of set-up armies put on the most outmatched borders, not the stack.
        front_defence: share of each turn's armies spread over the most outmatched borders.
        careless: chance of a careless (random) choice at each decision.
        claim_focus, claim_scale: how strongly claiming prefers small continents with few
            borders: a continent's worth w (mapinfo weight) counts as claim_scale * w ** claim_focus
            (against the pull of neighbouring claims); 1 and 1 leave it as it is.
        claim_bias: spread (standard deviation of its logarithm) of the factor this game's
            liking puts on each continent's worth when claiming, drawn once per game from the
            general's RNG, so another seed opens another way.
        claim_noise: claims are drawn among the territories scoring within this share of the
            best claim's score (the best likeliest); 0 takes the best (ties at random).
        chain_depth: how many conquests ahead a turn's attacks are planned (plan.py); 0 prices
            each attack alone (Easy, Standard).
        chain_beam: how many next targets each step of that search follows.
        chain_min_p: least chance of conquest for a step of a chain.
        chain_discount: share of a chain's further value counted (the plan may change).
        occupy_keep: with chain planning, armies left behind per army threatening the source
            when it guards no continent of ours (the rest moves on with the stack).
        front_bonus: with chain planning, worth per army of a stack's size when choosing the
            front to reinforce (a bigger stack threatens more next turn too).
        leader_break: among several rivals, extra worth of breaking the leader's continent, as a
            share of break_weight (the leader is the rival with the most armies and income).
        strong_loss: among several rivals, extra share of loss_weight for armies lost against
            a rival stronger than us (do not bleed against the strongest; the others profit).
        kill_plan: with chain planning, share of the worth of knocking a rival out (hunt.py)
            added to each of their territories when this turn's armies can finish them; the
            turn's armies go first where the kill needs them. 0 leaves kills to single attacks.
        fortify_threat: with smart_fortify, how much a move of surplus to a threatened border
            beside it (per army, scaled by the threat) may outweigh bringing up the rear by one
            step (per army); 0 always brings up the rear first.
        hold_rising: among several rivals, with rising sets, hold a set until the hand must be
            traded, unless its armies let us knock a rival out this turn: every set traded by
            anyone raises the next one, so a held set grows while the others trade.
        leader_focus: among several rivals, worth (in armies) added to each conquest from a
            runaway leader (stronger than us and than every other rival by half again): the
            one who will win unless checked.
        approach: among several rivals, share of the worth of knocking out a small rival
            (six territories or fewer) added to a conquest that first brings us beside them:
            a card-rich player we cannot reach is knocked out by someone else, for their cards.
        draft_iterations: with claiming by hand, UCT iterations of the draft search (draft.py)
            behind each claim; 0 claims by the rule of thumb alone. In a duel, draft.search;
            among several rivals, draft.search_multi (us against the others together).
        draft_candidates: how many of the rule of thumb's best claims the draft search
            weighs at its root (0: every free territory).
        draft_rollouts: among three or four players, with claiming by hand on the US board,
            rule-of-thumb rollouts of the rest of the draft behind each of the
            `draft_rollout_candidates` best claims, each finished draft scored by the learned
            four-player model (draft_multi.py); 0 claims by the rule of thumb alone.
        draft_rollout_candidates: how many of the rule of thumb's best claims those rollouts
            weigh.
        draft_model: the file in game/ai/weights/ (without ".json") holding that model.
        duel_draft_model: the same for the duel's draft search (draft.py's model).
        multi_continue_p: among several rivals, least chance of conquest to roll on in an
            attack already begun without pricing the turn again (eased from round 30 on, as
            min_attack_p is); 0 uses continue_p. Below it, each roll is chosen afresh by the
            planner, which stops an attack whose dice went wrong unless it still pays.
        draft_deny: when claiming, first take the last free territory of a continent a rival
            holds all the rest of (the most valuable such continent).
        block_weight: with secret missions, the scale of what taking a rival's territory is
            worth for stopping a mission they may be close to (mission_watch.py); 0: off.
        setup_rollouts: moving second in a duel of the world, play-outs (setup_search.py) of
            the opening behind each candidate spot for the set-up stack, chosen once at our
            first set-up placement; 0 leaves the stack to the rule of thumb (best_front).
        setup_candidates: how many of the rule of thumb's best spots those play-outs weigh.
        setup_horizon: the turn at whose start a play-out is scored (3: after our first turn,
            5: after our second; setup_search's models).
        setup_margin: how much more likely to win (0 to 1) another spot's play-outs must make
            us than the rule of thumb's own spot's before the stack goes there instead.
    """

    name: str
    min_attack_p: float
    continue_p: float
    min_gain: float
    loss_weight: float
    kill_weight: float
    card_weight: float
    complete_weight: float
    progress_weight: float
    break_weight: float
    hunt: bool
    plan_continent: bool
    defend_share: float
    defend_ratio: float
    smart_occupy: bool
    smart_fortify: bool
    hold_cards: bool
    objectives: bool
    exposure_weight: float = 0.0
    territory_value: float = 1.0
    spread_cost: float = 0.0
    setup_spread: float = 0.0
    front_defence: float = 0.0
    careless: float = 0.0
    claim_focus: float = 1.0
    claim_scale: float = 1.0
    claim_bias: float = 0.0
    claim_noise: float = 0.0
    chain_depth: int = 0
    chain_beam: int = 3
    chain_min_p: float = 0.15
    chain_discount: float = 0.9
    occupy_keep: float = 0.0
    front_bonus: float = 0.02
    leader_break: float = 0.0
    strong_loss: float = 0.0
    kill_plan: float = 0.0
    fortify_threat: float = 0.0
    hold_rising: bool = False
    leader_focus: float = 0.0
    approach: float = 0.0
    draft_iterations: int = 0
    draft_candidates: int = 0
    draft_rollouts: int = 0
    draft_rollout_candidates: int = 4
    draft_model: str = "draft4"
    duel_draft_model: str = "draft"
    multi_continue_p: float = 0.0
    draft_deny: bool = False
    block_weight: float = 0.0
    setup_rollouts: int = 0
    setup_candidates: int = 4
    setup_horizon: int = 3
    setup_margin: float = 0.0
