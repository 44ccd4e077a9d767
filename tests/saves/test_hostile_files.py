"""Each finding of issue 13 about files, reproduced: hostile or damaged files are refused
quickly with a message in a player's words, names are ids, the autosave is kept honest."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from game import savegame
from game.engine import Game, GameConfig, PlayerSpec
from game.engine import actions as act
from game.jsonfile import remove_stale_temporaries
from game.savegame import (
    SaveFormatError,
    load_game,
    save_game,
    write_autosave,
)
from game.savelist import list_saves
from game.settings import Settings, SettingsStore

PLAYERS = [PlayerSpec("Alex", "red"), PlayerSpec("Napoleon", "blue", "good"),
           PlayerSpec("Hannibal", "green", "standard")]
PYTHON_REPR = re.compile(r"[A-Z][a-zA-Z]*Error\(|Exception\(|Traceback")


def placed_game() -> Game:
    game = Game.new(GameConfig.preset("uk_short", PLAYERS), seed=42)
    while game.phase.value == "place":
        game.apply(act.PlaceArmies(game.territories_of(game.current)[0], 1))
    return game


def saved(tmp_path: Path, name: str = "good") -> tuple[Path, dict]:
    path = save_game(placed_game(), name, tmp_path)
    return path, json.loads(path.read_text())


def refused(path: Path, *words: str) -> str:
    with pytest.raises(SaveFormatError) as caught:
        load_game(path)
    message = str(caught.value)
    assert not PYTHON_REPR.search(message), message
    for word in words:
        assert word in message, message
    return message


@pytest.mark.parametrize("key", ["armies_per_placement", "two_player_armies"])
def test_a_huge_number_in_the_config_is_refused_not_a_crash(tmp_path: Path, key: str) -> None:
    path, _ = saved(tmp_path)
    text = path.read_text()
    text = re.sub(rf'"{key}":\d+', f'"{key}":1e400', text)
    path.write_text(text)
    refused(path, "too large")


def test_a_false_given_as_text_is_refused_not_coerced(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    data["game"]["config"]["special_setup"] = "false"
    path.write_text(json.dumps(data))
    refused(path, "special_setup", "true or false")


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path, _ = saved(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_game(path).game == load_game(path).game


def test_a_board_name_is_an_id_never_a_path(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    data["game"]["config"]["board"] = "../../saves/x"
    path.write_text(json.dumps(data))
    refused(path, "board")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_a_link_to_a_device_named_json_hangs_nothing(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    os.mkfifo(tmp_path / "autosave.json")
    os.symlink("/dev/zero", tmp_path / "zero.json")
    started = time.monotonic()
    listed = {s.name: s for s in list_saves(tmp_path)}
    refused(tmp_path / "pipe.json", "not an ordinary file")
    refused(tmp_path / "zero.json", "not an ordinary file")
    assert listed["pipe"].error and listed["zero"].error
    assert time.monotonic() - started < 2.0


def test_every_listed_save_loads_and_the_rest_say_why(tmp_path: Path) -> None:
    saved(tmp_path, "good")
    (tmp_path / "Événement.json").write_text((tmp_path / "good.json").read_text())
    (tmp_path / ("x" * 40 + ".json")).write_text((tmp_path / "good.json").read_text())
    (tmp_path / "broken.json").write_text("{")
    infos = list_saves(tmp_path)
    assert len(infos) == 4
    for info in infos:
        if info.error is None:
            load_game(savegame.save_path(info.name, tmp_path))
        else:
            assert not PYTHON_REPR.search(info.error)
    assert [i.name for i in infos if i.error is None] == ["good"]


def test_the_games_own_names_cannot_be_used_for_a_save(tmp_path: Path) -> None:
    for name in ("settings", "Settings", "SETTINGS"):
        with pytest.raises(SaveFormatError):
            save_game(placed_game(), name, tmp_path)
    assert not (tmp_path / "settings.json").exists()


def test_a_finished_game_is_not_kept_as_the_autosave(tmp_path: Path) -> None:
    game = placed_game()
    write_autosave(game, tmp_path)
    assert (tmp_path / "autosave.json").exists()
    game.apply(act.EndGame())
    assert write_autosave(game, tmp_path) is None
    assert not (tmp_path / "autosave.json").exists()


def test_stale_temporary_files_are_removed_at_start_up(tmp_path: Path) -> None:
    (tmp_path / ".autosave.abc123.tmp").write_text("half")
    (tmp_path / ".RISKFILE.x.tmp").write_text("half")
    (tmp_path / "keep.json").write_text("{}")
    assert remove_stale_temporaries(tmp_path) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.json"]


# -- settings ---------------------------------------------------------------------------------
@pytest.mark.parametrize("content", [
    b"\xff\xfe not text", b"[" * 5000 + b"]" * 5000, b'{"format": "conquest-settings", '
    b'"sound": "false"}', b'{"format": "conquest-settings", "pointer_speed": 1e400}',
])
def test_a_bad_settings_file_is_set_aside_with_one_message(tmp_path: Path,
                                                           content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    store = SettingsStore(path)
    settings, message = store.load()
    assert settings == Settings() and message and "defaults" in message
    assert not PYTHON_REPR.search(message)
    assert not path.exists() and store.set_aside_path.read_bytes() == content
    assert store.load() == (Settings(), None)  # said once, not at every start


def test_a_remembered_setup_of_the_wrong_shape_is_forgotten_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "conquest-settings", "sound": False,
                                "last_setup": {"game_type": ["uk_full"], "count": 3,
                                               "design": {"flavour": {"x": 1}}}}))
    settings, message = SettingsStore(path).load()
    assert message is None and settings.sound is False
    assert settings.last_setup == {"count": 3}


def test_a_settings_file_with_a_bom_loads(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({**Settings(sound=False).to_dict()}).encode())
    assert SettingsStore(path).load() == (Settings(sound=False), None)
