"""Save files: round trip, atomic writes, a corpus of bad files that each give a clear error."""

import copy
import json
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import jsonfile, savegame, savelist
from game.engine import Game, GameConfig, PlayerSpec
from game.engine import actions as act
from game.savegame import SaveFormatError, UnsupportedSaveVersion, load_game, save_game

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
PLAYERS = [PlayerSpec("Alex", "red"), PlayerSpec("Napoleon", "blue", "good"),
           PlayerSpec("Hannibal", "green", "standard")]


def played_game() -> Game:
    game = Game.new(GameConfig.preset("uk_short", PLAYERS), seed=42)
    while game.phase.value == "place":
        game.apply(act.PlaceArmies(game.territories_of(game.current)[0], 1))
    return game


def test_save_then_load_gives_the_same_game_and_the_same_future(tmp_path):
    game = played_game()
    path = save_game(game, "RISKFILE", tmp_path, options={"fast_game": "fast"})
    loaded = load_game(path)
    assert loaded.game == game and loaded.name == "RISKFILE"
    assert loaded.options == {"fast_game": "fast"}
    # the RNG state travels too: the same actions give the same results afterwards
    for g in (game, loaded.game):
        t = g.territories_of(g.current)[0]
        g.apply(act.PlaceArmies(t, g.reinforcements))
    assert loaded.game == game
    assert game.rng.random() == loaded.game.rng.random()


def test_saving_leaves_no_temporary_file_and_a_failed_write_keeps_the_old_save(tmp_path,
                                                                               monkeypatch):
    game = played_game()
    path = save_game(game, "keep", tmp_path)
    original = path.read_bytes()

    def broken_sync(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(jsonfile.os, "fsync", broken_sync)
    with pytest.raises(OSError):
        save_game(game, "keep", tmp_path)
    assert path.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]


def test_bad_save_names_are_refused():
    for bad in ("", "../x", "a/b", "x" * 40, "."):
        assert not savegame.is_valid_name(bad)
    with pytest.raises(SaveFormatError):
        savegame.save_path("../escape")


def test_suggested_names_follow_the_dated_numbered_style(tmp_path):
    day = date(1989, 11, 18)
    assert savegame.suggest_name(tmp_path, day) == "RG111889.001"
    save_game(played_game(), "RG111889.001", tmp_path)
    assert savegame.suggest_name(tmp_path, day) == "RG111889.002"


def test_list_saves_shows_good_and_damaged_files(tmp_path):
    save_game(played_game(), "good", tmp_path)
    (tmp_path / "bad.json").write_text("{nope")
    listed = {s.name: s for s in savelist.list_saves(tmp_path)}
    assert listed["good"].error is None and "UK SHORT" in listed["good"].summary
    assert "is damaged" in listed["bad"].error


def _valid_data() -> dict:
    game = played_game()
    return {"format": "conquest-save", "version": 1, "saved_at": "2026-01-01T00:00:00",
            "name": "x", "game": game.to_dict(), "options": {}}


def _corrupt(kind: str) -> object:
    data = _valid_data()
    g = data["game"]
    if kind == "wrong types":
        g["turn"] = "seven"
    elif kind == "negative armies":
        g["armies"]["alaska"] = -3
    elif kind == "unknown territory":
        g["armies"]["atlantis"] = 3
    elif kind == "duplicated card":
        g["deck"].append(g["deck"][0])
    elif kind == "card in two hands":
        card = g["deck"].pop()
        g["players"][0]["hand"].append(card)
        g["players"][1]["hand"].append(card)
    elif kind == "wrong phase":
        g["phase"] = "occupy"
    elif kind == "unknown phase":
        g["phase"] = "teatime"
    elif kind == "future version":
        data["version"] = 99
    elif kind == "not a save":
        return [1, 2, 3]
    elif kind == "owner not a player":
        g["owner"]["alaska"] = 9
    elif kind == "missing field":
        del g["current"]
    elif kind == "rng damaged":
        g["rng"]["state"] = [1, 2]
    elif kind == "too many armies":
        g["armies"]["alaska"] = 751
    return data


@pytest.mark.parametrize("kind,message", [
    ("wrong types", "'turn' must be a whole number"),
    ("negative armies", "alaska holds -3 armies"),
    ("unknown territory", "unknown territory 'atlantis'"),
    ("duplicated card", "is both in deck and in deck"),
    ("card in two hands", "player 1's hand and in player 2's hand"),
    ("wrong phase", "needs a battle"),
    ("unknown phase", "'phase' has a value this game does not know"),
    ("future version", "newer version"),
    ("not a save", "not a Conquest saved game"),
    ("owner not a player", "not a player"),
    ("missing field", "missing 'current'"),
    ("rng damaged", "random number state"),
    ("too many armies", "751"),
])
def test_each_bad_save_gives_a_clear_error(tmp_path, kind, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_corrupt(kind)))
    with pytest.raises(SaveFormatError, match=message):
        load_game(path)


def test_future_version_raises_unsupported_version(tmp_path):
    path = tmp_path / "future.json"
    path.write_text(json.dumps(_corrupt("future version")))
    with pytest.raises(UnsupportedSaveVersion):
        load_game(path)


def test_truncated_and_non_json_and_binary_files_are_refused(tmp_path):
    good = tmp_path / "good.json"
    save_game(played_game(), "good", tmp_path)
    text = good.read_text()
    cases = {"truncated": text[: len(text) // 2], "not json": "hello, general",
             "nan": '{"format": NaN}'}
    for name, content in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(content)
        with pytest.raises(SaveFormatError, match="is damaged"):
            load_game(path)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveFormatError):
        load_game(binary)


def test_a_50_mb_file_is_refused_without_being_parsed(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as out:
        out.seek(50 * 1024 * 1024)
        out.write(b"0")
    with pytest.raises(SaveFormatError, match="too large"):
        load_game(path)


def test_deeply_nested_json_is_refused_cleanly(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100000 + "]" * 100000)
    with pytest.raises(SaveFormatError):
        load_game(path)


def test_missing_file_gives_a_message(tmp_path):
    with pytest.raises(SaveFormatError, match="Cannot open"):
        load_game(tmp_path / "nothing.json")


def test_version_1_fixture_still_loads():
    loaded = load_game(FIXTURES / "v1.json")
    assert loaded.game.config.game_type == "uk_short"


def _paths(value, prefix=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list) and value:
        for i in (0, len(value) - 1):
            yield from _paths(value[i], (*prefix, i))
    yield prefix


BASE_DATA = _valid_data()
ALL_PATHS = [p for p in _paths(BASE_DATA["game"]) if p]
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=5),
                 st.floats(allow_nan=False), st.lists(st.integers(), max_size=3),
                 st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(ALL_PATHS), junk=JUNK)
def test_any_single_damaged_field_loads_or_gives_a_save_error_never_a_crash(tmp_path_factory,
                                                                            path, junk):
    data = copy.deepcopy(BASE_DATA)
    node = data["game"]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    target = tmp_path_factory.mktemp("fuzz") / "f.json"
    target.write_text(json.dumps(data))
    try:
        loaded = load_game(target)
    except SaveFormatError:
        return
    loaded.game.legal_actions()
