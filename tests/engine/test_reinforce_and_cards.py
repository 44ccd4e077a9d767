"""Reinforcements, card sets and their values, the territory bonus, forced trades, undo."""

import pytest

from game.engine import IllegalActionError, Phase, Variants
from game.engine import actions as act
from game.engine import events as ev
from game.engine.cards import fixed_value, is_valid_set, rising_value
from tests.engine.builders import BOARD, build, events_of, give_cards

NA = BOARD.continents["north_america"].territories
AUS = BOARD.continents["australia"].territories


def _start_turn(game, pid=0):
    events = []
    game._begin_turn(pid, events)
    return events


@pytest.mark.parametrize("territories,expected", [(11, 3), (14, 4), (17, 5), (5, 3), (1, 3)])
def test_reinforcements_are_territories_divided_by_three_with_at_least_three(territories, expected):
    owners = {t: 1 for t in BOARD.territories}
    for t in list(BOARD.territories)[:territories]:
        owners[t] = 0
    game = build(owners, count=2)
    for c in game.continents_of(0):
        expected += BOARD.continents[c].bonus
    assert game.base_reinforcements(0)[0] == expected


def test_continent_bonus_is_added_when_holding_the_whole_continent():
    owners = {t: 1 for t in BOARD.territories}
    for t in AUS:
        owners[t] = 0
    game = build(owners, count=2)
    assert game.base_reinforcements(0) == (3 + 2, ["australia"], 4)


def test_turn_start_gives_reinforcements_and_placing_all_moves_on_to_attack():
    game = build(count=3)
    _start_turn(game, 0)
    assert game.phase == Phase.REINFORCE and game.reinforcements == 4
    t = game.territories_of(0)[0]
    game.apply(act.PlaceArmies(t, 3))
    assert game.phase == Phase.REINFORCE and game.reinforcements == 1
    events = game.apply(act.PlaceArmies(t, 1))
    assert game.phase == Phase.ATTACK
    assert events_of(events, ev.PhaseChanged)


def test_placing_on_an_enemy_territory_or_too_many_is_refused_and_changes_nothing():
    game = build(count=3, phase=Phase.REINFORCE, reinforcements=3)
    enemy = game.territories_of(1)[0]
    before = game.to_dict()
    with pytest.raises(IllegalActionError, match="not yours"):
        game.apply(act.PlaceArmies(enemy, 1))
    with pytest.raises(IllegalActionError, match="only 3"):
        game.apply(act.PlaceArmies(game.territories_of(0)[0], 4))
    assert game.to_dict() == before


def test_rising_set_values_are_4_6_8_10_12_15_then_five_more_each():
    assert [rising_value(n) for n in range(9)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]


@pytest.mark.parametrize("kinds,valid", [
    (("infantry", "infantry", "infantry"), True),
    (("infantry", "cavalry", "artillery"), True),
    (("infantry", "infantry", "wild"), True),
    (("infantry", "cavalry", "wild"), True),
    (("wild", "wild", "cavalry"), True),
    (("infantry", "infantry", "cavalry"), False),
])
def test_valid_sets(kinds, valid):
    assert is_valid_set(kinds) is valid


@pytest.mark.parametrize("kinds,value", [
    (("artillery",) * 3, 4), (("infantry",) * 3, 6), (("cavalry",) * 3, 8),
    (("infantry", "cavalry", "artillery"), 10), (("infantry", "infantry", "wild"), 6),
    (("cavalry", "cavalry", "wild"), 8), (("artillery", "artillery", "wild"), 4),
    (("infantry", "cavalry", "wild"), 10), (("wild", "wild", "artillery"), 10),
])
def test_fixed_values_with_a_wild_worth_the_best_it_can_make(kinds, value):
    assert fixed_value(kinds) == value


def test_trading_a_rising_set_counts_sets_by_anyone_in_the_game():
    owners = {"alaska": 1, "argentina": 1, "china": 2}
    game = build(owners, count=3, phase=Phase.REINFORCE, reinforcements=3)
    game.sets_traded, game.next_set_value = 2, rising_value(2)
    give_cards(game, 0, ["alaska", "argentina", "china"])  # three infantry
    events = game.apply(act.TradeCards(("alaska", "argentina", "china")))
    traded = events_of(events, ev.SetTraded)[0]
    assert traded.value == 8 and traded.next_value == 10
    assert game.reinforcements == 3 + 8
    assert game.players[0].hand == [] and set(game.discard) == {"alaska", "argentina", "china"}


def test_us_card_bonus_gives_two_armies_on_one_owned_territory_only():
    owners = {"alaska": 0, "argentina": 0, "china": 0}
    game = build(owners, count=3, phase=Phase.REINFORCE, reinforcements=3)
    give_cards(game, 0, ["alaska", "argentina", "china"])
    before = {t: game.armies[t] for t in owners}
    events = game.apply(act.TradeCards(("argentina", "alaska", "china")))
    bonuses = events_of(events, ev.CardBonus)
    assert [(b.territory, b.count) for b in bonuses] == [("argentina", 2)]
    assert game.armies["argentina"] == before["argentina"] + 2
    assert game.armies["alaska"] == before["alaska"]
    assert game.reinforcements == 3 + 4


def test_us_card_bonus_is_once_a_turn_even_over_two_trades():
    owners = {"alaska": 0, "egypt": 0}
    game = build(owners, count=3, phase=Phase.REINFORCE, reinforcements=3)
    give_cards(game, 0, ["alaska", "argentina", "china", "egypt", "iceland", "kamchatka"])
    game.apply(act.TradeCards(("alaska", "argentina", "china")))
    events = game.apply(act.TradeCards(("egypt", "iceland", "kamchatka")))
    assert not events_of(events, ev.CardBonus)


def test_uk_card_bonus_is_two_armies_for_each_owned_card():
    owners = {"alaska": 0, "argentina": 0, "china": 1}
    game = build(owners, count=3, game_type="uk_full", phase=Phase.REINFORCE, reinforcements=3)
    give_cards(game, 0, ["alaska", "argentina", "china"])
    events = game.apply(act.TradeCards(("alaska", "argentina", "china")))
    assert sorted(b.territory for b in events_of(events, ev.CardBonus)) == ["alaska", "argentina"]
    assert events_of(events, ev.SetTraded)[0].value == 6  # three infantry, fixed


def test_five_cards_force_a_trade_before_placing():
    game = build(count=3)
    give_cards(game, 0, ["alaska", "argentina", "china", "egypt", "alberta"])
    _start_turn(game, 0)
    assert game.must_trade()
    legal = game.legal_actions()
    assert legal and all(isinstance(a, act.TradeCards) for a in legal)
    with pytest.raises(IllegalActionError, match="too many cards"):
        game.apply(act.PlaceArmies(game.territories_of(0)[0], 1))
    game.apply(act.TradeCards(("alaska", "argentina", "china")))
    assert not game.must_trade()


def test_an_invalid_set_or_cards_not_held_are_refused():
    game = build(count=3, phase=Phase.REINFORCE, reinforcements=3)
    give_cards(game, 0, ["alaska", "argentina", "alberta"])
    with pytest.raises(IllegalActionError, match="Not a set"):
        game.apply(act.TradeCards(("alaska", "argentina", "alberta")))
    with pytest.raises(IllegalActionError, match="only cards you hold"):
        game.apply(act.TradeCards(("alaska", "argentina", "china")))


def test_low_exchange_rate_makes_each_set_after_the_next_one_worth_one_more():
    game = build(count=3, phase=Phase.REINFORCE, reinforcements=3,
                 variants=Variants(low_exchange_rate=True))
    game.sets_traded, game.next_set_value = 3, 10
    give_cards(game, 0, ["alaska", "argentina", "china", "egypt", "iceland", "kamchatka"])
    first = events_of(game.apply(act.TradeCards(("alaska", "argentina", "china"))), ev.SetTraded)[0]
    second = events_of(game.apply(act.TradeCards(("egypt", "iceland", "kamchatka"))),
                       ev.SetTraded)[0]
    assert (first.value, second.value, second.next_value) == (10, 11, 12)


def test_low_exchange_rate_is_refused_with_fixed_set_values():
    game = build(count=3, game_type="uk_full")
    with pytest.raises(IllegalActionError, match="increase"):
        game.apply(act.SetVariant("low_exchange_rate", True))


def test_placements_can_be_taken_back_before_the_first_attack_but_not_card_trades():
    owners = {"alaska": 0}
    game = build(owners, count=3, phase=Phase.REINFORCE, reinforcements=3)
    give_cards(game, 0, ["alaska", "argentina", "china"])
    game.apply(act.TradeCards(("alaska", "argentina", "china")))
    bonus_armies = game.armies["alaska"]
    game.apply(act.PlaceArmies("alaska", 5))
    game.apply(act.PlaceArmies(game.territories_of(0)[1], 2))
    assert game.phase == Phase.ATTACK
    game.apply(act.UndoPlacements())
    assert game.phase == Phase.REINFORCE and game.reinforcements == 7
    assert game.armies["alaska"] == bonus_armies
    assert game.players[0].hand == []


def test_placements_cannot_be_taken_back_after_an_attack():
    owners = {"alaska": 0, "kamchatka": 1}
    game = build(owners, {"alaska": 5}, count=3, dice=[6, 1], phase=Phase.REINFORCE,
                 reinforcements=1)
    game.apply(act.PlaceArmies("alaska", 1))
    game.apply(act.Attack("alaska", "kamchatka", 1))
    with pytest.raises(IllegalActionError, match="taken back"):
        game.apply(act.UndoPlacements())
