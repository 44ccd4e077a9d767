"""Occupation, elimination, cards at the end of a turn, free moves, army limit, winning, options."""

import pytest

from game.engine import IllegalActionError, Phase, Variants
from game.engine import actions as act
from game.engine import events as ev
from game.engine.missions import CONQUER_24
from tests.engine.builders import BOARD, build, events_of, give_cards

BASE = {"alaska": 0, "kamchatka": 1, "northwest_territory": 1, "alberta": 0}


def conquer_kamchatka(att=6, dice=3, **kw):
    game = build(BASE, {"alaska": att, "kamchatka": 1}, count=3,
                 dice=[6, 5, 4, 1][: dice] + [1], **kw)
    events = game.apply(act.Attack("alaska", "kamchatka", dice))
    return game, events


def test_conquest_moves_in_at_least_the_dice_rolled_and_asks_for_more():
    game, events = conquer_kamchatka(att=6, dice=3)
    assert events_of(events, ev.TerritoryConquered)[0].armies_moved == 3
    assert game.phase == Phase.OCCUPY and game.occupy_range() == (3, 5)
    with pytest.raises(IllegalActionError, match="3 to 5"):
        game.apply(act.Occupy(2))
    game.apply(act.Occupy(5))
    assert (game.armies["alaska"], game.armies["kamchatka"]) == (1, 5)
    assert game.phase == Phase.ATTACK


def test_conquest_with_no_choice_occupies_at_once():
    game, _ = conquer_kamchatka(att=2, dice=1)
    assert game.phase == Phase.ATTACK
    assert (game.armies["alaska"], game.armies["kamchatka"]) == (1, 1)


def test_a_card_is_drawn_at_the_end_of_a_turn_with_a_conquest_and_only_one():
    game, _ = conquer_kamchatka(att=6, dice=3)
    game.apply(act.Occupy(3))
    deck_before = len(game.deck)
    events = game.apply(act.EndTurn())
    assert len(events_of(events, ev.CardDrawn)) == 1
    assert len(game.players[0].hand) == 1 and len(game.deck) == deck_before - 1
    assert game.current == 1


def test_no_card_without_a_conquest():
    game = build(BASE, count=3)
    events = game.apply(act.EndTurn())
    assert not events_of(events, ev.CardDrawn)


def test_an_empty_deck_is_refilled_from_the_discards():
    game, _ = conquer_kamchatka(att=6, dice=3)
    game.apply(act.Occupy(3))
    game.discard, game.deck = game.deck, []
    events = game.apply(act.EndTurn())
    assert events_of(events, ev.DeckReshuffled) and events_of(events, ev.CardDrawn)


def _elimination_game(victim_cards, winner_cards):
    owners = {t: 0 for t in BOARD.territories}
    owners["kamchatka"] = 1
    game = build(owners, {"alaska": 5, "kamchatka": 1}, count=3, dice=[6, 1, 6, 1])
    # player 2 still holds a territory so the game goes on
    owners2 = "peru"
    game.owner[owners2] = 2
    give_cards(game, 1, victim_cards)
    give_cards(game, 0, winner_cards)
    return game


def test_eliminating_a_player_takes_its_cards():
    game = _elimination_game(["egypt", "iceland"], ["alberta"])
    events = game.apply(act.Attack("alaska", "kamchatka", 1))
    eliminated = events_of(events, ev.PlayerEliminated)[0]
    assert (eliminated.player, eliminated.by, eliminated.cards_taken) == (1, 0, 2)
    assert sorted(game.players[0].hand) == ["alberta", "egypt", "iceland"]
    assert game.players[1].eliminated and game.players[1].hand == []
    assert game.phase == Phase.OCCUPY
    game.apply(act.Occupy(1))
    assert game.phase == Phase.ATTACK


def test_six_cards_after_an_elimination_must_be_traded_down_to_four_and_placed_at_once():
    game = _elimination_game(["egypt", "iceland", "kamchatka"],
                             ["alaska", "argentina", "china"])
    game.apply(act.Attack("alaska", "kamchatka", 1))
    game.apply(act.Occupy(2))
    assert game.phase == Phase.REINFORCE and game.must_trade()
    with pytest.raises(IllegalActionError):
        game.apply(act.PlaceArmies("alaska", 1))
    game.apply(act.TradeCards(("egypt", "iceland", "kamchatka")))
    assert not game.must_trade() and len(game.players[0].hand) == 3
    assert game.reinforcements == 4
    assert not game.can_undo_placements()
    game.apply(act.PlaceArmies("alaska", 4))
    assert game.phase == Phase.ATTACK


def test_free_move_leaves_one_army_and_ends_the_turn():
    game = build(BASE, {"alaska": 5}, count=3)
    with pytest.raises(IllegalActionError, match="Leave at least one"):
        game.apply(act.Fortify("alaska", "alberta", 5))
    events = game.apply(act.Fortify("alaska", "alberta", 4))
    assert game.armies["alaska"] == 1 and game.current == 1
    assert events_of(events, ev.TurnStarted)


def test_free_move_only_between_adjacent_own_territories():
    game = build({**BASE, "peru": 0}, {"alaska": 5}, count=3)
    with pytest.raises(IllegalActionError, match="not adjacent"):
        game.apply(act.Fortify("alaska", "peru", 1))
    with pytest.raises(IllegalActionError, match="own territories"):
        game.apply(act.Fortify("alaska", "kamchatka", 1))


def test_supply_lines_allow_several_free_moves():
    game = build({**BASE, "ontario": 0}, {"alaska": 5}, count=3,
                 variants=Variants(supply_lines=True))
    game.apply(act.Fortify("alaska", "alberta", 3))
    assert game.phase == Phase.FORTIFY and game.current == 0
    game.apply(act.Fortify("alberta", "ontario", 2))
    assert game.current == 0
    with pytest.raises(IllegalActionError):
        game.apply(act.Attack("alaska", "kamchatka", 1))
    game.apply(act.EndTurn())
    assert game.current == 1


def test_army_limit_trims_territories_and_is_exempt_for_neutral():
    game = build(BASE, {"alaska": 20, "kamchatka": 15}, count=3)
    events = game.apply(act.SetVariant("army_limit", 12))
    lost = {e.territory: e.count for e in events_of(events, ev.ArmiesLostToLimit)}
    assert lost == {"alaska": 8, "kamchatka": 3}
    assert game.armies["alaska"] == 12


def test_army_limit_refuses_placements_over_it_and_loses_reinforcements_that_cannot_fit():
    owners = {t: 1 for t in BOARD.territories}
    owners["alaska"] = owners["alberta"] = 0
    game = build(owners, {"alaska": 4, "alberta": 4}, count=2,
                 variants=Variants(army_limit=5))
    events = []
    game._begin_turn(0, events)
    assert events_of(events, ev.ArmiesLostToLimit)[0].count == 1  # 3 received, room for 2
    with pytest.raises(IllegalActionError, match="can hold only 5"):
        game.apply(act.PlaceArmies("alaska", 2))


def test_army_limit_must_be_between_5_and_750():
    game = build(count=3)
    for bad in (4, 751, True):
        with pytest.raises(IllegalActionError):
            game.apply(act.SetVariant("army_limit", bad))
    game.apply(act.SetVariant("army_limit", None))


def test_world_domination_wins():
    owners = {t: 0 for t in BOARD.territories}
    owners["kamchatka"] = 1
    game = build(owners, {"alaska": 5, "kamchatka": 1}, count=2, dice=[6, 1])
    events = game.apply(act.Attack("alaska", "kamchatka", 1))
    won = events_of(events, ev.GameWon)[0]
    assert (won.player, won.reason) == (0, "world") and game.phase == Phase.GAME_OVER
    assert game.legal_actions() == []


def test_mission_of_two_continents_wins_at_once():
    owners = {t: 1 for t in BOARD.territories}
    for c in ("north_america", "africa"):
        for t in BOARD.continents[c].territories:
            owners[t] = 0
    owners["alaska"] = 1
    owners["alberta"] = 0
    game = build(owners, {"alberta": 5, "alaska": 1}, count=3, game_type="uk_short",
                 dice=[6, 1], objective="missions")
    game.players[0].mission = "north_america+africa"
    events = game.apply(act.Attack("alberta", "alaska", 1))
    assert events_of(events, ev.GameWon)[0].reason == "mission"


def test_mission_with_a_third_continent_needs_any_third():
    owners = {t: 1 for t in BOARD.territories}
    for c in ("europe", "australia"):
        for t in BOARD.continents[c].territories:
            owners[t] = 0
    game = build(owners, count=3, game_type="uk_short")
    game.players[0].mission = "europe+australia+1"
    assert not game._mission_done(0)
    for t in BOARD.continents["south_america"].territories:
        game.owner[t] = 0
    assert game._mission_done(0)


def test_mission_of_18_territories_needs_two_armies_in_each():
    owners = {t: (0 if i < 18 else 1) for i, t in enumerate(BOARD.territories)}
    game = build(owners, count=2, game_type="uk_short")
    game.players[0].mission = "occupy_18_with_2"
    assert not game._mission_done(0)
    for t in game.territories_of(0):
        game.armies[t] = 2
    assert game._mission_done(0)


def test_destroy_mission_wins_when_the_holder_destroys_the_colour():
    owners = {"alaska": 0, "kamchatka": 1, "peru": 2}
    game = build({t: 2 for t in BOARD.territories} | owners, {"alaska": 5, "kamchatka": 1},
                 count=3, game_type="uk_short", dice=[6, 1])
    game.players[0].mission = "destroy_blue"
    events = game.apply(act.Attack("alaska", "kamchatka", 1))
    assert events_of(events, ev.GameWon)[0].reason == "mission"


def test_destroy_mission_changes_to_24_territories_when_another_destroys_the_target():
    owners = {"alaska": 0, "kamchatka": 1, "peru": 2}
    game = build({t: 2 for t in BOARD.territories} | owners, {"alaska": 5, "kamchatka": 1},
                 count=3, game_type="uk_short", dice=[6, 1])
    game.players[0].mission = CONQUER_24
    game.players[2].mission = "destroy_blue"
    events = game.apply(act.Attack("alaska", "kamchatka", 1))
    changed = events_of(events, ev.MissionChanged)[0]
    assert (changed.player, changed.mission) == (2, CONQUER_24)
    assert not events_of(events, ev.GameWon)


def test_headquarters_win_needs_the_number_of_hqs_including_ones_own():
    owners = {"alaska": 0, "kamchatka": 1, "peru": 2, "alberta": 0}
    game = build(owners, {"alaska": 5, "kamchatka": 1}, count=3, game_type="us_short",
                 dice=[6, 1])
    game.objective, game.hq_to_win, game.hq_revealed = "headquarters", 2, True
    game.players[0].headquarters = "alberta"
    game.players[1].headquarters = "kamchatka"
    game.players[2].headquarters = "peru"
    events = game.apply(act.Attack("alaska", "kamchatka", 1))
    assert events_of(events, ev.GameWon)[0].reason == "headquarters"


def test_headquarters_do_not_win_without_holding_ones_own():
    game = build({"alaska": 1, "kamchatka": 0, "peru": 0}, count=3, game_type="us_short")
    game.objective, game.hq_to_win, game.hq_revealed = "headquarters", 2, True
    game.players[0].headquarters = "alaska"
    game.players[1].headquarters = "kamchatka"
    game.players[2].headquarters = "peru"
    assert not game._headquarters_won(0)


def test_extend_game_turns_a_short_game_into_world_domination():
    game = build(count=3, game_type="uk_short")
    game.objective = "missions"
    game.apply(act.ExtendGame())
    assert game.objective == "world"
    with pytest.raises(IllegalActionError, match="full game"):
        game.apply(act.ExtendGame())


def test_end_game_abandons_without_a_winner():
    game = build(count=3)
    game.apply(act.EndGame())
    assert game.is_over and game.winner is None and game.end_reason == "abandoned"


def test_change_sides_swaps_seats_and_ends_the_turn():
    game = build(count=3)
    game.players[1].level = "good"
    game.apply(act.ChangeSides(1))
    assert game.players[0].level == "good" and game.players[1].level == "human"
    assert game.players[1].name == "Alex"
    assert game.current == 1


def test_cheat_conquers_any_territory():
    game = build({"peru": 2}, count=3)
    events = game.apply(act.CheatConquer("peru"))
    assert game.owner["peru"] == 0 and game.armies["peru"] == 1
    assert events_of(events, ev.CheatUsed) and game.conquered_this_turn


def test_uk_neutral_gets_half_the_reinforcements_of_the_player_to_move_at_random():
    owners = {t: 2 for t in BOARD.territories}
    africa = BOARD.continents["africa"].territories
    for i, t in enumerate(BOARD.territories):
        owners[t] = 2 if i % 2 else 1
    for t in list(africa) + [t for t in BOARD.territories if t not in africa][::2][:13]:
        owners[t] = 0
    game = build(owners, count=2, game_type="uk_full", neutral=True)
    assert game.neutral_id == 2
    assert game.territory_count(0) == 19
    before = game.army_count(2)
    events = []
    game._begin_turn(0, events)
    assert game.reinforcements == 9  # 6 + Africa 3, the manual's example
    assert game.army_count(2) == before + 4
    assert sum(e.count for e in events_of(events, ev.NeutralReinforced)) == 4


def test_a_mission_fulfilled_by_placing_reinforcements_wins_at_once():
    owners = {t: (0 if i < 18 else 1) for i, t in enumerate(BOARD.territories)}
    game = build(owners, count=2, game_type="uk_short", phase=Phase.REINFORCE, reinforcements=3)
    game.objective = "missions"
    game.players[0].mission = "occupy_18_with_2"
    own = game.territories_of(0)
    for t in own[1:]:
        game.armies[t] = 2
    events = game.apply(act.PlaceArmies(own[0], 1))
    assert events_of(events, ev.GameWon)[0].reason == "mission"
