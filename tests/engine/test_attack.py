"""Attacks: who may attack whom, dice, ties, the defender's choice, modes, advantages."""

import pytest

from game.engine import IllegalActionError, Phase, Variants
from game.engine import actions as act
from game.engine import events as ev
from tests.engine.builders import build, events_of, give_cards

BASE = {"alaska": 0, "kamchatka": 1, "northwest_territory": 1, "alberta": 0}


def attack_game(att=5, dfn=1, dice=(), **kw):
    return build(BASE, {"alaska": att, "kamchatka": dfn}, count=3, dice=dice, **kw)


def test_attack_on_a_territory_that_is_not_adjacent_is_refused_with_a_readable_message():
    game = build({"alaska": 0, "peru": 1}, {"alaska": 5}, count=3)
    before = game.to_dict()
    with pytest.raises(IllegalActionError, match="Peru is not adjacent to Alaska"):
        game.apply(act.Attack("alaska", "peru", 1))
    assert game.to_dict() == before


def test_attack_from_single_army_territory_is_illegal():
    game = attack_game(att=1)
    with pytest.raises(IllegalActionError, match="at least 2 armies"):
        game.apply(act.Attack("alaska", "kamchatka", 1))


def test_attacker_must_keep_one_more_army_than_dice():
    game = attack_game(att=3)
    with pytest.raises(IllegalActionError, match="at most 2 dice"):
        game.apply(act.Attack("alaska", "kamchatka", 3))


def test_attacking_your_own_territory_or_from_an_enemy_one_is_refused():
    game = attack_game()
    with pytest.raises(IllegalActionError, match="is yours"):
        game.apply(act.Attack("alaska", "alberta", 1))
    with pytest.raises(IllegalActionError, match="not yours"):
        game.apply(act.Attack("kamchatka", "alaska", 1))


def test_ties_go_to_the_defender():
    game = attack_game(att=5, dfn=3, dice=[4, 4])
    game.apply(act.Attack("alaska", "kamchatka", 1))
    assert game.phase == Phase.DEFEND and game.to_move == 1
    events = game.apply(act.Defend(1))
    resolved = events_of(events, ev.BattleResolved)[0]
    assert (resolved.attacker_losses, resolved.defender_losses) == (1, 0)
    assert game.armies["alaska"] == 4 and game.armies["kamchatka"] == 3


def test_highest_dice_are_compared_pairwise():
    game = attack_game(att=5, dfn=3, dice=[6, 2, 3, 5, 1])
    game.apply(act.Attack("alaska", "kamchatka", 3))
    events = game.apply(act.Defend(2))
    rolled = events_of(events, ev.DiceRolled)[0]
    assert rolled.attacker_dice == (6, 3, 2) and rolled.defender_dice == (5, 1)
    assert game.armies["kamchatka"] == 1 and game.armies["alaska"] == 5


def test_defender_with_one_army_rolls_one_die_without_being_asked():
    game = attack_game(att=5, dfn=1, dice=[1, 6])
    events = game.apply(act.Attack("alaska", "kamchatka", 1))
    assert not events_of(events, ev.DefenceRequested)
    assert game.phase == Phase.ATTACK and game.armies["alaska"] == 4


def test_defender_may_not_roll_more_dice_than_armies_or_two():
    game = attack_game(att=5, dfn=2)
    game.apply(act.Attack("alaska", "kamchatka", 1))
    with pytest.raises(IllegalActionError, match="1 to 2"):
        game.apply(act.Defend(3))


def test_neutral_defends_with_the_most_dice_automatically():
    game = build({"alaska": 0, "kamchatka": 2}, {"alaska": 5, "kamchatka": 3}, count=2,
                 dice=[6, 6, 1, 1], game_type="us_full")
    # make seat 2 a neutral seat
    from game.engine.game import PlayerState
    game.players.append(PlayerState("Neutral", "grey", "neutral", is_neutral=True))
    for s in (game.stats.battles_won, game.stats.battles_lost, game.stats.invasions_won,
              game.stats.invasions_lost):
        s.append(0)
    events = game.apply(act.Attack("alaska", "kamchatka", 2))
    rolled = events_of(events, ev.DiceRolled)[0]
    assert len(rolled.defender_dice) == 2


def test_single_attack_stops_after_one_battle_and_can_be_repeated():
    game = attack_game(att=5, dfn=1, dice=[1, 6, 1, 6])
    events = game.apply(act.Attack("alaska", "kamchatka", 1))
    assert [e.reason for e in events_of(events, ev.AttackStopped)] == ["single battle"]
    game.apply(act.Attack(game.battle.source, game.battle.target, game.battle.dice))
    assert game.armies["alaska"] == 3


def test_continuous_attack_stops_when_the_attacker_loses_a_battle():
    # roll 1: 6 v 1 (defender loses); roll 2: 6 v 1; roll 3: 1 v 6 (attacker loses) -> stop
    game = attack_game(att=6, dfn=1, dice=[6, 1, 6, 1, 1, 6])
    game.armies["kamchatka"] = 1
    game.apply(act.Attack("alaska", "kamchatka", 1, "continuous"))
    # conquest after the first roll: defender had a single army
    assert game.owner["kamchatka"] == 0
    game2 = attack_game(att=6, dfn=5, dice=[6, 1, 6, 1, 1, 6])
    events = game2.apply(act.Attack("alaska", "kamchatka", 1, "continuous"))
    assert game2.phase == Phase.DEFEND  # defender with 5 armies chooses its dice each battle
    events = game2.apply(act.Defend(1))
    events += game2.apply(act.Defend(1))
    events += game2.apply(act.Defend(1))
    assert len(events_of(events, ev.BattleResolved)) == 3
    assert events_of(events, ev.AttackStopped)[0].reason == "attacker lost a battle"
    assert game2.armies["kamchatka"] == 3 and game2.armies["alaska"] == 5
    assert game2.phase == Phase.ATTACK


def test_do_or_die_fights_until_one_army_is_left():
    game = attack_game(att=4, dfn=1, dice=[1, 2, 1, 6, 2, 6])
    game.armies["kamchatka"] = 1
    events = game.apply(act.Attack("alaska", "kamchatka", 1, "do_or_die"))
    assert game.armies["alaska"] == 1 and game.owner["kamchatka"] == 1
    assert events_of(events, ev.AttackStopped)[0].reason == "one army left"
    assert len(events_of(events, ev.BattleResolved)) == 3


def test_do_or_die_fights_until_the_defender_is_gone():
    game = attack_game(att=10, dfn=1, dice=[1, 6, 1, 6, 6, 1])
    game.apply(act.Attack("alaska", "kamchatka", 1, "do_or_die"))
    assert game.owner["kamchatka"] == 0


def test_attack_dice_shrink_as_the_attacker_loses_armies():
    game = attack_game(att=4, dfn=1, dice=[1, 1, 1, 6, 1, 1, 6, 6, 1])
    events = game.apply(act.Attack("alaska", "kamchatka", 3, "do_or_die"))
    dice_counts = [len(e.attacker_dice) for e in events_of(events, ev.DiceRolled)]
    assert dice_counts[0] == 3 and dice_counts[1] == 2


def test_attack_advantage_offers_a_reroll_of_the_lowest_die_when_holding_a_card():
    game = attack_game(att=5, dfn=1, dice=[5, 2, 6, 6], variants=Variants(attack_advantage=True))
    give_cards(game, 0, ["kamchatka"])
    events = game.apply(act.Attack("alaska", "kamchatka", 2))
    offered = events_of(events, ev.AdvantageOffered)[0]
    assert offered.advantages == ("reroll",) and game.phase == Phase.ADVANTAGE
    events = game.apply(act.UseAdvantage("reroll"))
    used = events_of(events, ev.AdvantageUsed)[0]
    assert (used.before, used.after) == (2, 6)
    # 6,5 against a single 6: tie goes to the defender
    assert game.armies["alaska"] == 4


def test_attack_advantage_is_not_offered_without_the_card():
    game = attack_game(att=5, dfn=1, dice=[1, 6], variants=Variants(attack_advantage=True))
    events = game.apply(act.Attack("alaska", "kamchatka", 1))
    assert not events_of(events, ev.AdvantageOffered)


def test_computer_advantage_turns_the_lowest_die_into_a_six_once_a_turn():
    game = attack_game(att=8, dfn=2, dice=[1, 6, 1, 5, 1, 6],
                       variants=Variants(computer_advantage=True))
    game.apply(act.Attack("alaska", "kamchatka", 1))
    game.apply(act.Defend(1))
    assert game.phase == Phase.ADVANTAGE
    game.apply(act.DeclineAdvantage())
    assert game.armies["alaska"] == 7
    game.apply(act.Attack("alaska", "kamchatka", 1))
    game.apply(act.Defend(1))
    events = game.apply(act.UseAdvantage("six"))
    assert events_of(events, ev.AdvantageUsed)[0].after == 6
    assert game.armies["kamchatka"] == 1
    events = game.apply(act.Attack("alaska", "kamchatka", 1))
    assert not events_of(events, ev.AdvantageOffered)
    assert game.armies["alaska"] == 6


def test_statistics_count_battles_and_invasions():
    game = attack_game(att=5, dfn=1, dice=[1, 6, 6, 1])
    game.apply(act.Attack("alaska", "kamchatka", 1))
    game.apply(act.Attack("alaska", "kamchatka", 1))
    s = game.stats
    assert (s.battles_won[0], s.battles_lost[0], s.battles_won[1], s.battles_lost[1]) == (1, 1, 1, 1)
    assert (s.invasions_won[0], s.invasions_lost[1]) == (1, 1)
