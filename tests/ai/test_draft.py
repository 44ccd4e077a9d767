"""The duel draft search (game/ai/draft.py): its features, its choices, its repeatability."""

from __future__ import annotations

import random

from game.ai import draft, make_general
from game.ai.good import PROFILES, good_with, load_weights
from game.ai.simulate import make_config
from game.engine import Game, Phase

BOARD = Game.new(make_config(["good", "good"], "us_full"), 1).board
DB = draft.draft_board(BOARD)


def _allocation(first_share: dict[str, int]) -> list[int]:
    """A finished draft: in each continent the first mover holds the first n territories
    (sorted by name), the second mover the rest."""
    owner = [1] * len(DB.names)
    for c, n in first_share.items():
        members = sorted(DB.continents[DB.continent_names.index(c)], key=lambda i: DB.names[i])
        for i in members[:n]:
            owner[i] = 0
    return owner


def test_features_change_sign_when_the_sides_swap() -> None:
    owner = _allocation({"australia": 4, "south_america": 3, "europe": 2, "asia": 7})
    swapped = [1 - o for o in owner]
    names = draft.feature_names(DB)
    for name, x, y in zip(names, draft.features(DB, owner), draft.features(DB, swapped), strict=True):
        if name.endswith(("_first", "_second")):
            continue  # one side's figure each: they trade places instead
        assert x == -y, name
    by_name = dict(zip(names, draft.features(DB, owner), strict=True))
    assert by_name["holds:australia"] == 1.0
    assert by_name["short1_first"] == 2.0  # South America, one short, bonus 2


def test_the_shipped_model_values_holding_a_continent() -> None:
    model = draft.shipped_model(DB)
    holding = _allocation({"australia": 4, "asia": 6, "europe": 1})
    split = _allocation({"australia": 2, "asia": 8, "europe": 1})
    assert model.first_wins(DB, holding) > model.first_wins(DB, split)


def _late_draft(last_free: int) -> list[int]:
    """A draft two claims from its end: the first mover holds three of Australia's four
    territories and the fourth (`last_free`) is free with one more territory elsewhere; the
    rest is split evenly without other whole continents."""
    owner = [i % 2 for i in range(len(DB.names))]
    australia = DB.continents[DB.continent_names.index("australia")]
    for i in australia:
        owner[i] = 0
    owner[last_free] = draft.FREE
    other = next(i for i in range(len(owner))
                 if DB.continent_of[i] == DB.continent_names.index("asia"))
    owner[other] = draft.FREE
    return owner


def test_the_search_completes_a_continent_with_its_last_territory() -> None:
    australia = DB.continents[DB.continent_names.index("australia")]
    model = draft.shipped_model(DB)
    for last in australia:
        owner = _late_draft(last)
        # the first mover completes Australia; the second mover takes it away
        assert draft.search(DB, model, owner, 0, 200, random.Random(3)) == last
        assert draft.search(DB, model, owner, 1, 200, random.Random(3)) == last


def test_the_search_is_repeatable_for_the_same_seed() -> None:
    model = draft.shipped_model(DB)
    owner = [draft.FREE] * len(DB.names)
    for i in range(0, 20):
        owner[(i * 7) % len(owner)] = i % 2
    picks = {draft.search(DB, model, owner, 0, 150, random.Random(11)) for _ in range(3)}
    assert len(picks) == 1
    assert owner[picks.pop()] == draft.FREE


def test_good_claims_by_the_search_in_duels_only() -> None:
    assert PROFILES["duel"].draft_iterations > 0
    assert PROFILES["base"].draft_iterations == 0
    game = Game.new(make_config(["good", "good"], "us_full"), 5)
    generals = {seat: make_general("good", seat, 5) for seat in (0, 1)}
    while game.phase == Phase.CLAIM:
        action = generals[game.to_move].choose(game)
        assert game.owner[action.territory] is None
        game.apply(action)
    assert all(g.fallbacks == 0 for g in generals.values())


def test_the_fast_evaluation_matches_the_features() -> None:
    model = draft.shipped_model(DB)
    fast = draft.fast_model(DB, model)
    rng = random.Random(2)
    for _ in range(300):
        owner = [rng.randint(0, 1) for _ in DB.names]
        if rng.random() < 0.5:  # now and then a whole continent to one side
            side = rng.randint(0, 1)
            for i in DB.continents[rng.randrange(len(DB.continents))]:
                owner[i] = side
        first = sum(1 << i for i, o in enumerate(owner) if o == 0)
        second = sum(1 << i for i, o in enumerate(owner) if o == 1)
        assert abs(model.first_wins(DB, owner) - fast.first_wins(first, second)) < 1e-12


def test_the_multi_player_search_completes_a_continent_we_otherwise_hold() -> None:
    australia = DB.continents[DB.continent_names.index("australia")]
    model = draft.shipped_model(DB)
    for last in australia:
        owner = _late_draft(last)  # 0: ours, 1: the rivals'; two territories free
        for players in (3, 4, 6):
            assert draft.search_multi(DB, model, owner, players, 200, random.Random(3)) == last


def test_the_multi_player_search_is_repeatable_and_keeps_to_its_candidates() -> None:
    model = draft.shipped_model(DB)
    owner = [draft.FREE] * len(DB.names)
    for i in range(0, 16):
        owner[(i * 5) % len(owner)] = int(i % 4 != 0)
    free = [i for i, o in enumerate(owner) if o == draft.FREE]
    picks = {draft.search_multi(DB, model, owner, 4, 150, random.Random(11)) for _ in range(3)}
    assert len(picks) == 1
    assert owner[picks.pop()] == draft.FREE
    candidates = free[3:8]
    pick = draft.search_multi(DB, model, owner, 4, 150, random.Random(5), candidates)
    assert pick in candidates


def test_good_with_the_multi_player_search_on_claims_alike_for_a_seed() -> None:
    weights = load_weights()
    weights["base"] = dict(weights["base"], draft_iterations=60, draft_candidates=5)
    tuned = good_with(weights)

    def claims() -> list[str]:
        game = Game.new(make_config(["good"] * 4, "us_full"), 9)
        generals = {seat: tuned(seat, 9) for seat in range(4)}
        out = []
        while game.phase == Phase.CLAIM:
            action = generals[game.to_move].choose(game)
            assert game.owner[action.territory] is None
            game.apply(action)
            out.append(action.territory)
        assert all(g.fallbacks == 0 for g in generals.values())
        return out

    first = claims()
    assert claims() == first
    assert len(first) == len(DB.names)


def test_good_denies_a_duel_rival_the_last_territory_of_their_continent() -> None:
    """The search weighs only the rule of thumb's few best claims and plays the rest of the
    draft at random, so it never saw a rival about to complete North America: now the last
    free territory of a continent the rival holds the rest of is claimed first."""
    assert PROFILES["duel"].draft_deny
    for seed in (1, 3, 4):
        game = Game.new(make_config(["good", "good"], "us_full"), seed)
        me = game.current
        rival = 1 - me
        north_america = list(game.board.continents["north_america"].territories)
        for t in north_america[:-1]:
            game.owner[t] = rival
            game.armies[t] = 1
        for t in list(game.board.continents["asia"].territories)[:8]:
            game.owner[t] = me
            game.armies[t] = 1
        for seat in (me, rival):
            game.setup_pool[seat] -= 8
        assert game.phase == Phase.CLAIM and game.to_move == me
        action = make_general("good", me, seed).choose(game)
        assert action.territory == north_america[-1]
