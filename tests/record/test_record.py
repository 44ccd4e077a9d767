"""The game record: codec, save round trip, replay equal to the original, record files, CLI."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.engine import Game, GameConfig, IllegalActionError, PlayerSpec, StateError
from game.engine import actions as act
from game.engine.record import (
    ReplayError,
    decode_action,
    encode_action,
    record_from_data,
)
from game.engine.replayer import Replayer, replay_game
from game.replay import load_recorded_game, verify_file, verify_game, write_record
from game.savegame import load_game, save_game
from tests.record.soak import soak_games

EVERY_ACTION = [
    act.ClaimTerritory("alaska"), act.PlaceArmies("peru", 3), act.ChooseHeadquarters("siam"),
    act.TradeCards(("alaska", "peru", "wild1")), act.Attack("peru", "brazil", 3, "do_or_die"),
    act.Defend(2), act.UseAdvantage("six"), act.DeclineAdvantage(), act.Occupy(4),
    act.Fortify("peru", "brazil", 2), act.EndTurn(), act.UndoPlacements(),
    act.SetVariant("army_limit", 12), act.SetVariant("supply_lines", True),
    act.SetVariant("army_limit", None), act.ChangeSides(2), act.CheatConquer("siam"),
    act.ExtendGame(), act.EndGame(),
]


def test_every_action_kind_is_covered_by_the_codec_test():
    assert {a.kind for a in EVERY_ACTION} == set(act.ACTION_TYPES)


@pytest.mark.parametrize("action", EVERY_ACTION, ids=repr)
def test_each_action_survives_encoding_through_json(action):
    assert decode_action(json.loads(json.dumps(encode_action(action)))) == action


@pytest.mark.parametrize("bad", [
    None, [], [3], ["fly"], ["claim"], ["claim", 5], ["claim", "a", "b"], ["place", "peru", "3"],
    ["place", "peru", True], ["trade", ["a", "b"]], ["set_variant", "army_limit", "x"],
    ["end_turn", None], "end_turn",
])
def test_a_damaged_action_is_refused_with_a_state_error(bad):
    with pytest.raises(StateError):
        decode_action(bad)


def test_a_damaged_record_is_refused():
    for bad in (None, [], {"actions": []}, {"from_start": True}, {"from_start": 1, "actions": []},
                {"from_start": True, "actions": [["nothing"]]}):
        with pytest.raises(StateError):
            record_from_data(bad)


def small_game() -> Game:
    players = [PlayerSpec("Alex", "red"), PlayerSpec("Bea", "blue", "good")]
    return Game.new(GameConfig.preset("us_full", players), seed=11)


def test_a_new_game_records_every_applied_action_but_not_a_refused_one():
    game = small_game()
    assert game.record.from_start and game.record.actions == []
    first = act.ClaimTerritory("alaska")
    game.apply(first)
    with pytest.raises(IllegalActionError):
        game.apply(act.ClaimTerritory("alaska"))
    game.apply(act.ClaimTerritory("peru"))
    assert game.record.actions == [first, act.ClaimTerritory("peru")]


def test_the_record_round_trips_through_the_save_file(tmp_path):
    _, game = next(soak_games(1, max_turns=30))
    path = save_game(game, "RECORDED", tmp_path)
    assert "record" in json.loads(path.read_text())["game"]
    loaded = load_game(path).game
    assert loaded.record.actions == game.record.actions and loaded.record.from_start
    assert replay_game(loaded) == game


def test_a_save_from_before_records_loads_and_records_from_then_on(tmp_path):
    game = small_game()
    game.apply(act.ClaimTerritory("alaska"))
    data = game.to_dict()
    del data["record"]
    old = Game.from_dict(data)
    assert not old.record.from_start and old.record.actions == []
    old.apply(act.ClaimTerritory("peru"))
    assert old.record.actions == [act.ClaimTerritory("peru")]
    with pytest.raises(ReplayError):
        replay_game(old)


def test_replayer_gives_the_opening_and_then_each_action_with_its_events():
    _, game = next(soak_games(1, max_turns=20))
    steps = list(Replayer(game).steps())
    assert steps[0][0] is None and steps[0][1]
    assert [a for a, _ in steps[1:]] == game.record.actions


@pytest.mark.parametrize("seeds", [3])
def test_replay_of_every_soak_record_equals_the_original_final_state(seeds, tmp_path):
    checked = 0
    for label, game in soak_games(seeds):
        path = write_record(game, tmp_path / "r.json")
        result = verify_file(path)
        assert result.ok, f"{label}: {result.message}"
        assert replay_game(load_recorded_game(path)) == game, label
        checked += 1
    assert checked == 4 * seeds


@pytest.mark.slow
def test_replay_of_a_long_soak_equals_the_original_final_state():
    for label, game in soak_games(24, max_turns=600):
        assert verify_game(game).ok, label


def test_a_changed_record_or_final_state_fails_verification(tmp_path):
    _, game = next(soak_games(1, max_turns=40))
    data = game.to_dict()
    data["record"]["actions"].insert(3, ["end_turn"])
    assert not verify_game(Game.from_dict(data)).ok
    data = game.to_dict()
    data["turn"] += 1
    result = verify_game(Game.from_dict(data))
    assert not result.ok and "turn" in result.message


def test_simulate_writes_one_record_per_game_and_each_verifies(tmp_path, capsys):
    out = tmp_path / "records"
    assert main(["--simulate", "3", "--players", "good,standard", "--seed", "4",
                 "--record-dir", str(out)]) == 0
    files = sorted(out.glob("*.json"))
    assert len(files) == 3
    assert not list(out.glob(".*"))  # no temporary file left behind
    for path in files:
        assert main(["--replay", str(path), "--verify"]) == 0
        assert "OK" in capsys.readouterr().out


@pytest.mark.parametrize("content", [b"\xff\xfe", b"{not json", b'{"format": "other"}',
                                     b'{"format": "conquest-record", "version": 99, "game": {}}',
                                     b'{"format": "conquest-record", "version": 1, "game": {}}'])
def test_verify_fails_with_a_clear_message_on_a_bad_file(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["--replay", str(path), "--verify"]) == 1
    err = capsys.readouterr().err
    assert "FAILED" in err and "bad.json" in err


def test_verify_without_replay_is_refused(capsys):
    assert main(["--verify"]) == 2
    assert "--replay" in capsys.readouterr().err


def test_a_clone_keeps_the_record_without_sharing_it():
    game = small_game()
    game.apply(act.ClaimTerritory("alaska"))
    copy = game.clone()
    assert copy == game and copy.record.from_start
    copy.apply(act.ClaimTerritory("peru"))
    assert len(game.record.actions) == 1 and len(copy.record.actions) == 2


def test_replay_opens_on_screen_headless_and_runs_frames(tmp_path):
    out = tmp_path / "records"
    assert main(["--simulate", "1", "--players", "easy,easy", "--seed", "2",
                 "--record-dir", str(out)]) == 0
    record = next(out.glob("*.json"))
    shots = tmp_path / "shots"
    assert main(["--replay", str(record), "--headless", "--frames", "20", "--shots",
                 str(shots), "--settings", str(tmp_path / "settings.json")]) == 0
    assert len(list(shots.glob("*.png"))) == 1


def test_replay_of_a_bad_file_does_not_open_a_window(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert main(["--replay", str(bad), "--headless", "--frames", "5"]) == 1
    assert "cannot replay" in capsys.readouterr().err


def test_export_writes_log_and_luck_into_a_chosen_folder(tmp_path, capsys):
    out = tmp_path / "records"
    assert main(["--simulate", "1", "--players", "easy,good", "--seed", "9",
                 "--record-dir", str(out)]) == 0
    record = next(out.glob("*.json"))
    folder = tmp_path / "chosen"
    assert main(["--replay", str(record), "--export", str(folder)]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(f"{record.stem}-{s}" for s in
                           ("log.txt", "log.csv", "luck.txt", "luck.csv"))
    assert str(folder) in capsys.readouterr().out
    assert "TURN 1:" in (folder / f"{record.stem}-log.txt").read_text()
