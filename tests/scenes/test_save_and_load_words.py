"""Save and load tell the truth (a real-window pass): after loading the autosave, Save Game
offered "autosave" as the name (which SAVE then refused); the Resume list offered the autosave
first, the newest file, so a second load brought it back instead of the save chosen before;
and a load said nothing a player would notice, though a save is confirmed."""

from __future__ import annotations

from typing import Any

import pygame

from game.savegame import AUTOSAVE_NAME, save_game
from game.scenes.dialogs.files import ResumeGameScene, SaveGameScene
from game.scenes.play.screen import PlayScene
from game.ui import palette
from tests.scenes.driver import choose_menu, key, new_game, play_app, start, step

__all__ = ["play_app"]


def _load(app: Any, scene: PlayScene, name: str) -> PlayScene:
    """FILE > Resume Game, the row of `name` chosen with the arrows, Return."""
    choose_menu(app, scene, "FILE", "Resume Game")
    step(app)
    dialog = app.scenes.top
    assert isinstance(dialog, ResumeGameScene)
    while dialog.chosen_name != name:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    step(app, 3)
    loaded = app.scenes.top
    assert isinstance(loaded, PlayScene) and loaded is not scene
    return loaded


def test_after_loading_the_autosave_save_game_offers_riskfile_not_autosave(play_app: Any
                                                                           ) -> None:
    scene = start(play_app, new_game(("human", "easy", "easy")))
    save_game(scene.game, AUTOSAVE_NAME, scene.saves_dir)
    loaded = _load(play_app, scene, AUTOSAVE_NAME)
    choose_menu(play_app, loaded, "FILE", "Save Game")
    step(play_app)
    dialog = play_app.scenes.top
    assert isinstance(dialog, SaveGameScene)
    assert dialog.chosen_name == "RISKFILE"
    key(play_app, pygame.K_RETURN)  # the name offered saves at once
    assert (scene.saves_dir / "RISKFILE.json").exists()


def test_a_second_load_offers_the_save_loaded_before_not_the_newer_autosave(play_app: Any
                                                                            ) -> None:
    scene = start(play_app, new_game(("human", "easy", "easy")))
    save_game(scene.game, "Evening", scene.saves_dir)
    save_game(scene.game, "Older", scene.saves_dir)
    loaded = _load(play_app, scene, "Evening")
    loaded.autosave()  # a move later the autosave is the newest file of all
    choose_menu(play_app, loaded, "FILE", "Resume Game")
    step(play_app)
    dialog = play_app.scenes.top
    assert isinstance(dialog, ResumeGameScene)
    assert dialog.saves[0].name == AUTOSAVE_NAME  # listed first, as always
    assert dialog.chosen_name == "Evening"
    assert dialog.saves[dialog.list.selected].name == "Evening"  # the row shown is the file


def test_without_a_save_of_its_own_the_newest_players_save_is_offered_not_the_autosave(
        play_app: Any, tmp_path: Any) -> None:
    import os

    folder = tmp_path / "own"
    folder.mkdir()
    game = new_game(("human", "easy"))
    for stamp, name in ((1_700_000_000, "Monday"), (1_700_000_100, "Tuesday"),
                        (1_700_000_200, AUTOSAVE_NAME)):
        path = save_game(game, name, folder)
        os.utime(path, (stamp, stamp))
    dialog = ResumeGameScene(play_app, lambda loaded: None, directory=folder)
    assert dialog.chosen_name == "Tuesday"


def test_a_load_is_confirmed_in_a_band_naming_the_save(play_app: Any) -> None:
    scene = start(play_app, new_game(("human", "easy", "easy")))
    save_game(scene.game, "Evening", scene.saves_dir)
    loaded = _load(play_app, scene, "Evening")
    step(play_app)
    told = loaded.messages.alerting
    assert told.startswith("Game loaded from Evening: turn ")
    play_app.draw()
    area = loaded.messages.rect
    assert tuple(play_app.screen.get_at((area.x + 4, area.y + 3)))[:3] == palette.SELECT_BLUE


def test_the_first_a_of_a_pad_in_resume_game_loads_the_save_offered(play_app: Any) -> None:
    """With the name box focused, A opened the on-screen keyboard for it instead of LOAD."""
    from tests.devices.players import ControllerDriver

    scene = start(play_app, new_game(("human", "easy", "easy")))
    save_game(scene.game, "Evening", scene.saves_dir)
    pad = ControllerDriver(play_app)
    pad.plug_in()
    pad.menu("FILE", "Resume Game")
    pad.step()
    dialog = play_app.scenes.top
    assert isinstance(dialog, ResumeGameScene) and dialog.chosen_name == "Evening"
    pad.button(pad.A)
    pad.step(3)
    loaded = play_app.scenes.top
    assert isinstance(loaded, PlayScene) and loaded is not scene
    assert loaded.messages.alerting.startswith("Game loaded from Evening")


def test_a_copied_save_is_named_by_its_file_not_by_the_name_written_inside(play_app: Any
                                                                          ) -> None:
    """Evening.json copied to Backup.json holds the name Evening: loading Backup said
    'Game loaded from Evening', and Save and Resume offered Evening, another file."""
    import shutil

    scene = start(play_app, new_game(("human", "easy", "easy")))
    save_game(scene.game, "Evening", scene.saves_dir)
    shutil.copy(scene.saves_dir / "Evening.json", scene.saves_dir / "Backup.json")
    loaded = _load(play_app, scene, "Backup")
    step(play_app)
    assert loaded.messages.alerting.startswith("Game loaded from Backup: turn ")
    choose_menu(play_app, loaded, "FILE", "Save Game")
    step(play_app)
    dialog = play_app.scenes.top
    assert isinstance(dialog, SaveGameScene) and dialog.chosen_name == "Backup"
    key(play_app, pygame.K_ESCAPE)
    step(play_app)
    choose_menu(play_app, loaded, "FILE", "Resume Game")
    step(play_app)
    dialog = play_app.scenes.top
    assert isinstance(dialog, ResumeGameScene) and dialog.chosen_name == "Backup"


def test_a_servers_finished_game_kept_aside_is_offered_by_its_own_name(play_app: Any) -> None:
    """A server's finished game is set aside as network-1-ended-<date>.json, still holding the
    name network-1: loaded, Save offered network-1, the live server's own save."""
    scene = start(play_app, new_game(("human", "easy", "easy")))
    save_game(scene.game, "network-1", scene.saves_dir)
    (scene.saves_dir / "network-1.json").rename(scene.saves_dir / "network-1-ended-261204.json")
    loaded = _load(play_app, scene, "network-1-ended-261204")
    choose_menu(play_app, loaded, "FILE", "Save Game")
    step(play_app)
    dialog = play_app.scenes.top
    assert isinstance(dialog, SaveGameScene) and dialog.chosen_name == "network-1-ended-261204"
