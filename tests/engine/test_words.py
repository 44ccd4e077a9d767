"""Counts that can be 1 take the singular: the one rule (game/engine/words.py) and the
engine's refusals that print a count before a noun ("at most 1 dice" read wrong)."""

import pytest

from game.engine import IllegalActionError, Phase
from game.engine import actions as act
from game.engine.words import plural
from tests.engine.builders import build


def test_plural_follows_the_number():
    assert plural(1) == "1 army" and plural(2) == "2 armies" and plural(0) == "0 armies"
    assert plural(1, "turn") == "1 turn" and plural(3, "turn") == "3 turns"
    assert plural(1, "die") == "1 die" and plural(2, "die") == "2 dice"
    assert plural(1, "territory") == "1 territory" and plural(5, "territory") == "5 territories"
    assert plural(2, "placed army", "placed armies") == "2 placed armies"


def test_two_armies_may_roll_at_most_one_die():
    game = build({"alaska": 0, "kamchatka": 1}, {"alaska": 2}, count=3)
    with pytest.raises(IllegalActionError, match=r"With 2 armies you may roll at most 1 die\.$"):
        game.apply(act.Attack("alaska", "kamchatka", 2))


def test_one_army_left_to_place_is_one_army():
    game = build({"alaska": 0}, phase=Phase.REINFORCE, reinforcements=1)
    with pytest.raises(IllegalActionError, match=r"You have only 1 army to place\."):
        game.apply(act.PlaceArmies("alaska", 2))


def test_the_game_log_counts_one_territory_one_card_one_army_in_the_singular():
    from game.engine import events as ev  # noqa: PLC0415
    from game.engine.chronicle import Chronicle  # noqa: PLC0415

    log = Chronicle(build(phase=Phase.REINFORCE))
    told = [log._describe(e)[0] for e in (  # noqa: SLF001 - one line per event, no replay
        ev.ReinforcementsReceived(0, 1, (), 3), ev.PlayerEliminated(1, 0, 1),
        ev.ArmiesLostToLimit(0, None, 1), ev.PlacementsUndone(0, 1), ev.DeckReshuffled(1))]
    assert told[0].endswith("receives 3 armies (1 territory)")
    assert told[1].endswith("and takes 1 card")
    assert "loses 1 army to the army limit" in told[2]
    assert told[3].endswith("takes back 1 placed army")
    assert told[4].endswith("(1 card)")


def test_an_elimination_names_the_taker_first_in_the_message_and_the_log():
    """"Napoleon is eliminated by Alex and takes 3 cards!" read as if Napoleon took them: the
    taker is the subject, in the message area's words and the log's alike."""
    from game.engine import events as ev  # noqa: PLC0415
    from game.engine.chronicle import Chronicle  # noqa: PLC0415
    from game.engine.words import elimination  # noqa: PLC0415

    assert elimination("Alex", "Napoleon", 3) == "Alex eliminates Napoleon and takes 3 cards"
    assert elimination("Alex", "Napoleon", 0) == "Alex eliminates Napoleon"
    game = build(phase=Phase.REINFORCE)
    taker, loser = (game.players[i].name for i in (0, 1))
    told = Chronicle(game)._describe(ev.PlayerEliminated(1, 0, 3))[0]  # noqa: SLF001
    assert told.endswith(f"{taker} eliminates {loser} and takes 3 cards")
