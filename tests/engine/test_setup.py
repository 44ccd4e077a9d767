"""Setting up: starting armies, claiming, dealing, placement turns, neutral, special setup, HQs, missions."""

import pytest

from game.engine import Game, GameConfig, IllegalActionError, Phase, StateError
from game.engine import actions as act
from game.engine.config import PlayerSpec
from game.engine.missions import CONQUER_24, MISSIONS
from tests.engine.builders import BOARD, config, players


@pytest.mark.parametrize("count,armies", [(2, 40), (3, 35), (4, 30), (5, 25), (6, 20)])
def test_starting_armies_depend_on_the_number_of_players(count, armies):
    assert config("us_full", count).starting_armies == armies


def test_two_player_armies_may_be_50_in_a_game_of_your_own_design():
    assert config("custom", 2, two_player_armies=50).starting_armies == 50


def test_config_refuses_duplicate_colours_and_wrong_player_counts():
    with pytest.raises(StateError):
        GameConfig.preset("us_full", [PlayerSpec("A", "red"), PlayerSpec("B", "red")])
    with pytest.raises(StateError):
        GameConfig.preset("us_full", players(1))
    with pytest.raises(StateError, match="neutral"):
        GameConfig.preset("us_full", players(3), neutral=True)


def test_us_game_starts_with_manual_claiming_by_the_first_player():
    game = Game.new(config("us_full", 3), seed=5, board=BOARD)
    assert game.phase == Phase.CLAIM
    assert game.current == game.first_player
    assert all(o is None for o in game.owner.values())


def test_claiming_takes_turns_and_refuses_a_claimed_territory():
    game = Game.new(config("us_full", 3), seed=5, board=BOARD)
    first = game.current
    game.apply(act.ClaimTerritory("alaska"))
    assert game.owner["alaska"] == first and game.armies["alaska"] == 1
    assert game.current == (first + 1) % 3
    with pytest.raises(IllegalActionError, match="already claimed"):
        game.apply(act.ClaimTerritory("alaska"))


def test_after_all_claims_each_player_places_one_army_a_turn_until_all_are_placed():
    game = Game.new(config("us_full", 3), seed=5, board=BOARD)
    for t in BOARD.territories:
        game.apply(act.ClaimTerritory(t))
    assert game.phase == Phase.PLACE
    assert game.current == game.first_player
    assert sum(game.setup_pool) == 3 * 35 - 42
    mover = game.current
    own = game.territories_of(mover)[0]
    with pytest.raises(IllegalActionError):
        game.apply(act.PlaceArmies(own, 2))
    game.apply(act.PlaceArmies(own, 1))
    assert game.current != mover
    while game.phase == Phase.PLACE:
        game.apply(act.PlaceArmies(game.territories_of(game.current)[0], 1))
    assert game.phase == Phase.REINFORCE
    assert game.current == game.first_player
    on_board = [game.army_count(p) for p in range(3)]
    on_board[game.current] -= sum(n for _, n in game.placements)
    assert on_board == [35, 35, 35]


def test_three_armies_a_placement_turn_may_be_split():
    game = Game.new(config("custom", 3, territory_selection="random", armies_per_placement=3),
                    seed=2, board=BOARD)
    assert game.phase == Phase.PLACE
    mover = game.current
    a, b = game.territories_of(mover)[:2]
    game.apply(act.PlaceArmies(a, 2))
    assert game.current == mover
    game.apply(act.PlaceArmies(b, 1))
    assert game.current != mover


def test_random_selection_deals_every_territory_evenly():
    game = Game.new(config("uk_full", 4), seed=3, board=BOARD)
    counts = sorted(game.territory_count(p) for p in range(4))
    assert counts == [10, 10, 11, 11]
    assert game.phase == Phase.PLACE


def test_special_setup_places_every_army_at_random_and_starts_play():
    game = Game.new(config("custom", 4, territory_selection="random", special_setup=True),
                    seed=3, board=BOARD)
    assert game.phase == Phase.REINFORCE
    assert [game.army_count(p) for p in range(4)] == [30] * 4


def test_us_neutral_game_starts_neutral_with_one_army_and_places_two_own_and_one_neutral():
    game = Game.new(GameConfig.preset("us_full", players(2), neutral=True), seed=4, board=BOARD)
    neutral = game.neutral_id
    assert neutral == 2
    assert [game.territory_count(p) for p in range(3)] == [14, 14, 14]
    assert all(game.armies[t] == 1 for t in game.territories_of(neutral))
    assert game.quota == 2 and game.neutral_quota == 1
    mover = game.current
    game.apply(act.PlaceArmies(game.territories_of(mover)[0], 2))
    assert game.current == mover
    game.apply(act.PlaceArmies(game.territories_of(neutral)[0], 1))
    assert game.current != mover
    while game.phase == Phase.PLACE:
        if game.quota:
            game.apply(act.PlaceArmies(game.territories_of(game.current)[0], game.quota))
        else:
            game.apply(act.PlaceArmies(game.territories_of(neutral)[0], 1))
    assert game.army_count(0) == 40 and game.army_count(1) == 40 and game.army_count(neutral) == 40


def test_own_armies_placed_the_refusal_asks_for_the_neutral_army_still_owed():
    """'You have no more armies to place this turn' while the neutral's army was still owed
    read as if the turn were over: the refusal says what is left to do."""
    game = Game.new(GameConfig.preset("us_full", players(2), neutral=True), seed=4, board=BOARD)
    own = game.territories_of(game.current)[0]
    game.apply(act.PlaceArmies(own, 2))
    assert game.quota == 0 and game.neutral_quota == 1
    with pytest.raises(IllegalActionError, match=r"^Now place the neutral army: select a "
                                                 r"neutral territory\.$"):
        game.apply(act.PlaceArmies(own, 1))
    game.apply(act.PlaceArmies(game.territories_of(game.neutral_id)[0], 1))


def test_uk_neutral_territories_start_with_two_armies():
    game = Game.new(GameConfig.preset("uk_full", players(2), neutral=True), seed=4, board=BOARD)
    assert all(game.armies[t] == 2 for t in game.territories_of(game.neutral_id))
    assert game.neutral_quota == 0


def test_neutral_games_always_use_random_selection():
    cfg = GameConfig.preset("us_full", players(2), neutral=True)
    assert cfg.territory_selection == "random"


def test_missions_are_dealt_without_cards_for_absent_colours_or_ones_own_colour():
    for seed in range(30):
        game = Game.new(config("uk_short", 3), seed=seed, board=BOARD)
        in_play = {p.colour for p in game.players}
        for p in game.players:
            mission = MISSIONS[p.mission]
            if mission.destroy_colour:
                assert mission.destroy_colour in in_play
                assert mission.destroy_colour != p.colour
        assert len({p.mission for p in game.players if p.mission != CONQUER_24}) == len(
            [p for p in game.players if p.mission != CONQUER_24])


def _finish_placement(game):
    while game.phase in (Phase.CLAIM, Phase.PLACE):
        if game.phase == Phase.CLAIM:
            game.apply(act.ClaimTerritory(next(t for t, o in game.owner.items() if o is None)))
        else:
            game.apply(act.PlaceArmies(game.territories_of(game.current)[0], 1))


def test_headquarters_are_chosen_in_turn_after_placement_kept_secret_then_revealed():
    game = Game.new(config("us_short", 3), seed=8, board=BOARD)
    _finish_placement(game)
    assert game.phase == Phase.CHOOSE_HQ
    chosen = {}
    while game.phase == Phase.CHOOSE_HQ:
        pid = game.current
        t = game.territories_of(pid)[0]
        events = game.apply(act.ChooseHeadquarters(t))
        chosen[pid] = t
        if game.phase == Phase.CHOOSE_HQ:
            assert not game.hq_revealed
            assert all(not hasattr(e, "headquarters") for e in events)
    assert game.hq_revealed and game.phase == Phase.REINFORCE
    assert {p: game.players[p].headquarters for p in chosen} == chosen
    assert all(t in game.removed and t not in game.deck for t in chosen.values())


def test_headquarters_must_be_ones_own_territory():
    game = Game.new(config("us_short", 3), seed=8, board=BOARD)
    _finish_placement(game)
    other = next(t for t, o in game.owner.items() if o != game.current)
    with pytest.raises(IllegalActionError, match="not yours"):
        game.apply(act.ChooseHeadquarters(other))


def test_play_begins_with_the_player_who_placed_first():
    game = Game.new(config("uk_full", 3), seed=11, board=BOARD)
    first = game.first_player
    while game.phase == Phase.PLACE:
        game.apply(act.PlaceArmies(game.territories_of(game.current)[0], 1))
    assert game.current == first and game.turn == 1


def test_special_setup_respects_an_army_limit_set_before_the_game():
    from game.engine import Variants

    game = Game.new(config("custom", 4, territory_selection="random", special_setup=True,
                           variants=Variants(army_limit=5)), seed=0, board=BOARD)
    assert max(game.armies.values()) <= 5
    assert all(game.army_count(p) <= 5 * game.territory_count(p) for p in range(4))


def test_low_exchange_rate_is_refused_in_a_setup_with_fixed_set_values():
    from game.engine import Variants

    with pytest.raises(StateError, match="increase"):
        config("uk_full", 3, variants=Variants(low_exchange_rate=True))
    assert config("us_full", 3, variants=Variants(low_exchange_rate=True)).variants.low_exchange_rate
