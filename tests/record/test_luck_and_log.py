"""Luck figures against an independent calculation, and the log telling every event in order."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from game.engine import Phase
from game.engine import actions as act
from game.engine import events as ev
from game.engine.chronicle import Chronicle
from game.engine.luck import LuckTable
from game.engine.replayer import Replayer
from tests.engine.builders import build
from tests.record.soak import soak_games

BASE = {"alaska": 0, "kamchatka": 1, "northwest_territory": 1, "alberta": 0}


def by_hand(attacker_dice: int, defender_dice: int) -> tuple[Fraction, Fraction]:
    """Expected (attacker, defender) losses of one roll, counted over every face by hand."""
    lost = killed = 0
    faces = list(product(range(1, 7), repeat=attacker_dice + defender_dice))
    for roll in faces:
        a = sorted(roll[:attacker_dice], reverse=True)
        d = sorted(roll[attacker_dice:], reverse=True)
        for x, y in zip(a, d, strict=False):
            if x > y:
                killed += 1
            else:
                lost += 1
    return Fraction(lost, len(faces)), Fraction(killed, len(faces))


def test_the_known_three_against_two_figures_are_what_the_hand_count_gives():
    lost, killed = by_hand(3, 2)
    assert killed == Fraction(2 * 2890 + 2611, 7776)
    assert lost == Fraction(2 * 2275 + 2611, 7776)


def test_luck_of_a_hand_made_game_with_scripted_dice_matches_an_independent_calculation():
    # Alex (seat 0) attacks Kamchatka (Napoleon, seat 1) three times with dice the test chooses.
    game = build(BASE, {"alaska": 10, "kamchatka": 3}, dice=[
        6, 5, 4, 6, 3,  # 3 v 2: 6-6 Alex loses one, 5-3 Napoleon loses one
        2, 2, 1, 5,  # 3 v 1: Alex loses one
        6, 6, 5, 5,  # 2 v 2: Napoleon loses two, Kamchatka falls
    ])
    table = LuckTable.for_players(len(game.players))

    def play(action):
        table.observe(action, game.apply(action))

    play(act.Attack("alaska", "kamchatka", 3))
    assert game.phase == Phase.DEFEND
    play(act.Defend(2))
    play(act.Attack("alaska", "kamchatka", 3))
    play(act.Defend(1))
    play(act.Attack("alaska", "kamchatka", 2))
    play(act.Defend(2))
    assert game.owner["kamchatka"] == 0

    rolls = [(3, 2), (3, 1), (2, 2)]
    exp_lost = sum((by_hand(a, d)[0] for a, d in rolls), Fraction(0))
    exp_killed = sum((by_hand(a, d)[1] for a, d in rolls), Fraction(0))
    alex, napoleon, other = table.players
    assert (alex.attacks, alex.defences, alex.rolls_attacking) == (3, 0, 3)
    assert (napoleon.attacks, napoleon.defences, napoleon.rolls_defending) == (0, 3, 3)
    assert (alex.lost, alex.killed, napoleon.lost, napoleon.killed) == (2, 3, 3, 2)
    assert alex.expected_lost == exp_lost and alex.expected_killed == exp_killed
    assert napoleon.expected_lost == exp_killed and napoleon.expected_killed == exp_lost
    assert alex.luck == (3 - exp_killed) - (2 - exp_lost)
    assert napoleon.luck == -alex.luck
    assert other.luck == 0 and other.attacks == other.defences == 0
    # about +0.96 armies: Alex's dice were kind
    assert 0.95 < float(alex.luck) < 0.97


def test_luck_is_zero_sum_and_counts_every_roll_in_the_soak():
    for label, game in soak_games(2):
        chronicle = Chronicle(game)
        assert chronicle.available, label
        luck = chronicle.luck.players
        assert sum((p.luck for p in luck), Fraction(0)) == 0, label
        rolls = sum(isinstance(e, ev.BattleResolved)
                    for _, events in Replayer(game).steps() for e in events)
        assert sum(p.rolls_attacking for p in luck) == rolls, label
        assert sum(p.killed for p in luck) == sum(p.lost for p in luck), label
        assert len(chronicle.luck.series) == len(chronicle.luck.turns)


TOLD = (ev.TerritoryClaimed, ev.ArmiesPlaced, ev.SetTraded, ev.BattleResolved,
        ev.TerritoryConquered, ev.ArmiesMoved, ev.PlayerEliminated, ev.TurnStarted,
        ev.CardDrawn, ev.GameWon, ev.ReinforcementsReceived, ev.AdvantageUsed, ev.CardBonus)


def test_the_log_names_every_event_in_the_order_it_happened():
    for label, game in soak_games(2):
        expected = [type(e).__name__ for _, events in Replayer(game).steps()
                    for e in events if isinstance(e, TOLD)]
        told = [e.kind for e in Chronicle(game).entries if e.kind in {t.__name__ for t in TOLD}]
        assert told == expected, label
        assert "BattleResolved" in told and "TerritoryConquered" in told, label


def test_log_lines_name_the_territories_the_dice_and_keep_drawn_cards_secret():
    _, game = next(soak_games(1))
    replayed = [e for _, events in Replayer(game).steps() for e in events]
    entries = Chronicle(game).entries
    battles = [e for e in replayed if isinstance(e, ev.BattleResolved)]
    lines = [e for e in entries if e.kind == "BattleResolved"]
    first, line = battles[0], lines[0]
    assert game.board.territory_name(first.target) in line.text
    assert "-".join(map(str, first.attacker_dice)) in line.text
    drawn = [e for e in replayed if isinstance(e, ev.CardDrawn)]
    told = [e for e in entries if e.kind == "CardDrawn"]
    assert len(drawn) == len(told)
    for event, entry in zip(drawn, told, strict=True):
        assert game.board.territory_name(event.card) not in entry.text if not \
            event.card.startswith("wild") else "Wild" not in entry.text
    conquests = [e for e in entries if e.kind == "TerritoryConquered"]
    assert all(len(e.players) == 2 for e in conquests)


def test_chronicle_update_replays_only_what_was_added():
    _, game = next(soak_games(1))
    whole = Chronicle(game)
    partial_game = game.clone()
    cut = len(game.record.actions) // 2
    partial_game.record.actions = partial_game.record.actions[:cut]
    growing = Chronicle(partial_game)
    assert len(growing.movers) == cut
    partial_game.record.actions = list(game.record.actions)
    growing.update()
    assert [e.text for e in growing.entries] == [e.text for e in whole.entries]


def test_last_turn_start_is_just_after_the_seats_latest_turn():
    _, game = next(soak_games(1))
    chronicle = Chronicle(game)
    seat = chronicle.turn_players[-1]
    other = next(s for s in range(len(game.players)) if s != seat)
    start = chronicle.last_turn_start(other)
    assert chronicle.turn_players[start - 1] == other
    assert all(s != other for s in chronicle.turn_players[start:])


def test_a_game_without_a_record_from_the_start_says_it_has_no_log():
    game = build(BASE, {"alaska": 5})
    data = game.to_dict()
    del data["record"]
    from game.engine import Game

    chronicle = Chronicle(Game.from_dict(data))
    assert not chronicle.available and "record" in (chronicle.error or "")


def test_a_game_changed_outside_its_record_is_flagged_not_trusted():
    _, game = next(soak_games(1))
    assert Chronicle(game).matches
    data = game.to_dict()
    data["turn"] += 1
    from game.engine import Game  # noqa: PLC0415

    assert not Chronicle(Game.from_dict(data)).matches
