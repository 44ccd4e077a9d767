"""The four-player draft (game/ai/draft_multi.py): its rule of thumb, features and claims."""

from __future__ import annotations

import copy
import random
from dataclasses import replace

from game.ai import draft, draft_multi, placement
from game.ai.evaluate import Situation
from game.ai.good import GOOD, good_with, load_weights
from game.ai.mapinfo import map_info
from game.ai.simulate import make_config
from game.ai.view import SeatView
from game.engine import Game, Phase
from game.engine import actions as act

BOARD = Game.new(make_config(["good"] * 4, "us_full"), 1).board
DB = draft.draft_board(BOARD)


def _claimed_at_random(seed: int, claims: int) -> Game:
    game = Game.new(make_config(["good"] * 4, "us_full"), seed)
    rng = random.Random(seed)
    for _ in range(claims):
        free = sorted(t for t in game.board.territories if game.owner[t] is None)
        game.apply(act.ClaimTerritory(rng.choice(free)))
    return game


def test_the_rule_of_thumb_scores_as_placement_does() -> None:
    rule = draft_multi.RuleOfThumb(DB, map_info(BOARD), GOOD.claim_focus, GOOD.claim_scale, 4)
    captured: list[list[tuple[float, str]]] = []

    def capture(scored: list[tuple[float, str]], noise: float, rng: random.Random) -> str:
        captured.append(scored)
        return scored[0][1]

    original = placement._near_best
    placement._near_best = capture  # type: ignore[assignment]
    try:
        for seed, claims in ((3, 0), (4, 9), (5, 23), (6, 37)):
            game = _claimed_at_random(seed, claims)
            # the rule of thumb alone (no rollouts), whose scores are captured
            sit = Situation(SeatView(game, game.to_move), replace(GOOD, draft_rollouts=0))
            placement.choose_claim(sit, random.Random(0), {})
            owner = [draft.FREE if game.owner[t] is None else int(game.owner[t])
                     for t in DB.names]
            ours = {DB.names[t]: s for s, t in
                    rule.scores(owner, rule.counts(owner), game.to_move)}
            theirs = dict((t, s) for s, t in captured.pop())
            assert set(ours) == set(theirs)
            for t, s in theirs.items():
                assert abs(ours[t] - s) < 1e-9, t
    finally:
        placement._near_best = original  # type: ignore[assignment]


def _holding(seat: int, continent: str) -> list[int]:
    """A finished draft where `seat` holds `continent` and the rest is dealt round."""
    owner = [i % 4 for i in range(len(DB.names))]
    for i in DB.continents[DB.continent_names.index(continent)]:
        owner[i] = seat
    return owner


def test_features_see_a_held_continent_and_a_clump() -> None:
    owner = _holding(2, "australia")
    names = draft_multi.feature_names()
    mine = dict(zip(names, draft_multi.seat_features(DB, owner, 2, 1, 4), strict=True))
    other = dict(zip(names, draft_multi.seat_features(DB, owner, 0, 3, 4), strict=True))
    assert mine["holds:australia"] == 1.0 and other["holds:australia"] == 0.0
    assert other["rival_holds"] >= 2.0  # Australia's bonus, held by someone else
    assert mine["largest"] >= 4.0
    assert mine["pos1"] == 1.0 and other["pos3"] == 1.0


def test_rollouts_finish_the_draft_in_turn() -> None:
    rule = draft_multi.RuleOfThumb(DB, map_info(BOARD), GOOD.claim_focus, GOOD.claim_scale, 4)
    owner = [draft.FREE] * len(DB.names)
    owner[0] = 1
    final = draft_multi.rollout(rule, owner, [2, 3, 0, 1], 0.05, random.Random(1), {})
    assert draft.FREE not in final
    counts = [final.count(s) for s in range(4)]
    assert counts == [10, 11, 11, 10]  # seat 1 claimed first; 2 and 3 claimed the extra two


def test_the_claim_goes_where_the_model_says() -> None:
    """With a model that only likes Australia's share, the rollouts pick Australia."""
    rule = draft_multi.RuleOfThumb(DB, map_info(BOARD), GOOD.claim_focus, GOOD.claim_scale, 4)
    model = draft_multi.SeatModel({"bias": 0.0, "weights": {"share:australia": 5.0}})
    owner = [draft.FREE] * len(DB.names)
    pick = draft_multi.choose(DB, rule, model, owner, 0, [0, 1, 2, 3], 0, 42, 1, 0.0,
                              random.Random(2))
    assert DB.continent_names[DB.continent_of[pick]] == "australia"
    model = draft_multi.SeatModel({"bias": 0.0, "weights": {"share:europe": 5.0}})
    pick = draft_multi.choose(DB, rule, model, owner, 0, [0, 1, 2, 3], 0, 42, 1, 0.0,
                              random.Random(2))
    assert DB.continent_names[DB.continent_of[pick]] == "europe"


def _draft(general_class: type, seed: int) -> dict[str, int | None]:
    game = Game.new(make_config(["good"] * 4, "us_full"), seed)
    generals = {s: general_class(s, seed) for s in range(4)}
    while game.phase == Phase.CLAIM:
        action = generals[game.to_move].choose(game)
        assert game.is_legal(action)
        game.apply(action)
    assert all(g.fallbacks == 0 for g in generals.values())
    return dict(game.owner)


def test_good_with_rollouts_claims_every_territory_alike_for_a_seed() -> None:
    weights = copy.deepcopy(load_weights())
    weights["base"]["draft_rollouts"] = 2
    tuned = good_with(weights)
    first = _draft(tuned, 77)
    assert all(o is not None for o in first.values())
    assert _draft(tuned, 77) == first


def test_the_shipped_model_likes_a_lead_in_australia() -> None:
    """Trading an Asian territory for an Australian one (the counts unchanged) makes the
    learned four-player model like the seat's draft better: small continents count."""
    owner = [i % 4 for i in range(len(DB.names))]
    australia = DB.continents[DB.continent_names.index("australia")]
    asia = DB.continents[DB.continent_names.index("asia")]
    for k, i in enumerate(australia):
        owner[i] = (1, 1, 2, 3)[k]
    mine = next(i for i in asia if owner[i] == 0)
    model = draft_multi.shipped_model()
    before = model.wins(DB, owner, 0, 0, 4)
    swapped = owner[:]
    swapped[mine], swapped[australia[0]] = 1, 0
    assert model.wins(DB, swapped, 0, 0, 4) > before


def test_the_shipped_good_drafts_by_rollouts_among_several_rivals_only() -> None:
    def claim_by_rollouts(players: int) -> str | None:
        game = Game.new(make_config(["good"] * players, "us_full"), 5)
        sit = Situation(SeatView(game, game.to_move), GOOD)
        return draft_multi.claim_for(sit, random.Random(5), {})

    assert claim_by_rollouts(4) is not None
    assert claim_by_rollouts(2) is None  # the duel's own search
    assert claim_by_rollouts(5) is None  # learned on four
