"""Save Game and Resume Game with real clicks and keys, on files in a temporary folder."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from game.app import App
from game.savegame import LoadedSave, load_game, save_game
from game.scenes.dialogs.boxes import ConfirmDialogScene, MessageDialogScene
from game.scenes.dialogs.files import ResumeGameScene, SaveGameScene
from tests.scenes.screens_support import app, click, key, played_game, show, type_text

__all__ = ["app"]


def _message(app: App) -> str:
    top = app.scenes.top
    assert isinstance(top, MessageDialogScene)
    return " ".join(getattr(w, "text", "") for w in top.dialog.widgets)


def test_save_with_the_default_name_writes_riskfile(app: App, tmp_path: Path) -> None:
    game, saved = played_game(turns=4), []
    show(app, SaveGameScene(app, game, {"note": 1}, saved.append, directory=tmp_path))
    key(app, pygame.K_RETURN)
    assert saved == ["RISKFILE"]
    loaded = load_game(tmp_path / "RISKFILE.json")
    assert loaded.game == game and loaded.options == {"note": 1}


def test_typing_a_name_replaces_the_default(app: App, tmp_path: Path) -> None:
    saved: list[str] = []
    show(app, SaveGameScene(app, played_game(turns=2), {}, saved.append, directory=tmp_path))
    type_text(app, "Evening1")
    key(app, pygame.K_RETURN)
    assert saved == ["Evening1"] and (tmp_path / "Evening1.json").exists()


def test_new_dated_name_follows_the_zjz_style(app: App, tmp_path: Path) -> None:
    scene = show(app, SaveGameScene(app, played_game(turns=1), {}, lambda n: None,
                                    directory=tmp_path))
    assert isinstance(scene, SaveGameScene)
    click(app, scene.dated.rect.center)
    assert re.fullmatch(r"RG\d{6}\.001", scene.chosen_name)


def test_overwriting_asks_first_and_keep_leaves_the_file(app: App, tmp_path: Path) -> None:
    old = played_game(turns=1)
    save_game(old, "RISKFILE", tmp_path)
    before = (tmp_path / "RISKFILE.json").read_text()
    game, saved = played_game(turns=5), []
    scene = show(app, SaveGameScene(app, game, {}, saved.append, directory=tmp_path))
    assert isinstance(scene, SaveGameScene)
    click(app, scene.go.rect.center)
    assert isinstance(app.scenes.top, ConfirmDialogScene)
    key(app, pygame.K_RETURN)  # the safe default: Keep
    assert (tmp_path / "RISKFILE.json").read_text() == before and saved == []
    click(app, scene.go.rect.center)
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmDialogScene)
    click(app, confirm.buttons[1].rect.center)  # Replace
    assert saved == ["RISKFILE"]
    assert load_game(tmp_path / "RISKFILE.json").game == game


def test_picking_a_save_in_the_list_fills_the_name(app: App, tmp_path: Path) -> None:
    save_game(played_game(turns=1), "Alpha", tmp_path)
    save_game(played_game(turns=2), "Beta", tmp_path)
    scene = show(app, SaveGameScene(app, played_game(turns=1), {}, lambda n: None,
                                    directory=tmp_path))
    assert isinstance(scene, SaveGameScene)
    second_row = (scene.list.rect.x + 30, scene.list.rect.y + 2 + 11 + 5)
    click(app, second_row)
    assert scene.chosen_name == scene.saves[1].name


def test_a_bad_name_is_refused_with_a_message(app: App, tmp_path: Path) -> None:
    saved: list[str] = []
    scene = show(app, SaveGameScene(app, played_game(turns=1), {}, saved.append,
                                    directory=tmp_path))
    assert isinstance(scene, SaveGameScene)
    scene.set_name("../evil")
    click(app, scene.go.rect.center)
    assert "cannot be used" in _message(app)
    assert saved == [] and list(tmp_path.iterdir()) == []


def test_a_disk_error_is_shown_and_the_game_goes_on(app: App, tmp_path: Path) -> None:
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("x")
    saved: list[str] = []
    scene = show(app, SaveGameScene(app, played_game(turns=1), {}, saved.append,
                                    directory=blocker))
    key(app, pygame.K_RETURN)
    assert "could not be saved" in _message(app)
    assert saved == []
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene


def test_resume_lists_saves_and_damaged_files_with_their_error(app: App, tmp_path: Path) -> None:
    save_game(played_game(turns=3), "RISKFILE", tmp_path)
    (tmp_path / "broken.json").write_text("{nope")
    scene = show(app, ResumeGameScene(app, lambda loaded: None, directory=tmp_path))
    assert isinstance(scene, ResumeGameScene)
    rows = scene.list.items
    assert any(r.startswith("RISKFILE") and "UK FULL" in r for r in rows)
    assert any(r.startswith("broken") and "DAMAGED" in r for r in rows)
    scene.list._select(rows.index(next(r for r in rows if r.startswith("broken"))))
    scene._show_detail()
    assert "is damaged" in scene.detail.text


def test_resume_loads_the_chosen_game(app: App, tmp_path: Path) -> None:
    game = played_game(turns=3)
    save_game(game, "RISKFILE", tmp_path, {"fast": True})
    loaded: list[LoadedSave] = []
    show(app, ResumeGameScene(app, loaded.append, directory=tmp_path))
    key(app, pygame.K_RETURN)
    assert len(loaded) == 1 and loaded[0].game == game and loaded[0].options == {"fast": True}


def test_a_bad_file_shows_its_error_and_nothing_else_changes(app: App, tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{nope")
    loaded: list[LoadedSave] = []
    scene = show(app, ResumeGameScene(app, loaded.append, directory=tmp_path))
    assert isinstance(scene, ResumeGameScene)
    scene.set_name("broken")
    key(app, pygame.K_RETURN)
    assert "damaged" in _message(app)
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene and loaded == []


def test_resume_of_a_missing_name_says_so(app: App, tmp_path: Path) -> None:
    show(app, ResumeGameScene(app, lambda loaded: None, directory=tmp_path))
    key(app, pygame.K_RETURN)
    assert "no saved game called RISKFILE" in _message(app)


def test_save_list_highlight_follows_the_name_box_and_leaves_out_the_autosave(
        app: App, tmp_path: Path) -> None:
    save_game(played_game(turns=1), "autosave", tmp_path)
    save_game(played_game(turns=1), "Alpha", tmp_path)
    scene = show(app, SaveGameScene(app, played_game(turns=1), {}, lambda n: None,
                                    directory=tmp_path))
    assert isinstance(scene, SaveGameScene)
    assert [s.name for s in scene.saves] == ["Alpha"]  # the autosave is not offered
    assert not any("autosave" in row for row in scene.list.items)
    assert scene.chosen_name == "RISKFILE" and scene.list.selected is None
    type_text(app, "Alph")
    assert scene.list.selected is None
    type_text(app, "a")
    assert scene.list.selected == 0  # the row named in the box
    key(app, pygame.K_BACKSPACE)
    assert scene.list.selected is None
    app.draw()
    row = scene.list.rect.x + 30, scene.list.rect.y + 5
    assert tuple(app.screen.get_at(row))[:3] != (40, 88, 168)  # no blue highlight drawn


def test_the_autosave_name_is_refused_but_resume_lists_it_as_automatic(
        app: App, tmp_path: Path) -> None:
    save_game(played_game(turns=1), "autosave", tmp_path)
    scene = show(app, SaveGameScene(app, played_game(turns=1), {}, lambda n: None,
                                    directory=tmp_path))
    type_text(app, "autosave")
    key(app, pygame.K_RETURN)
    assert "automatic save" in _message(app)
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene
    key(app, pygame.K_ESCAPE)
    resume = show(app, ResumeGameScene(app, lambda loaded: None, directory=tmp_path))
    assert isinstance(resume, ResumeGameScene)
    assert resume.list.items[0].startswith("autosave (automatic)")
    assert resume.list.selected == 0 and resume.chosen_name == "autosave"


def _many_saves(folder: Path, count: int) -> None:
    """`count` saves written one second apart (by their files' dates), oldest first, named to
    sort before the autosave and the newest: the first 100 names were all a list showed."""
    import os

    text = save_game(played_game(turns=1), "seed", folder).read_text()
    (folder / "seed.json").unlink()
    base = 1_700_000_000
    for index in range(count):
        name = "zz-newest" if index == count - 1 else f"a-game {index:03d}"
        path = folder / f"{name}.json"
        path.write_text(text.replace('"name":"seed"', f'"name":"{name}"'))
        os.utime(path, (base + index, base + index))
    autosave = folder / "autosave.json"
    autosave.write_text(text.replace('"name":"seed"', '"name":"autosave"'))
    os.utime(autosave, (base - 10_000, base - 10_000))  # older than all: still first


def test_with_300_saves_the_autosave_and_the_newest_are_on_the_first_page(
        app: App, tmp_path: Path) -> None:
    _many_saves(tmp_path, 300)
    scene = show(app, ResumeGameScene(app, lambda loaded: None, directory=tmp_path))
    assert isinstance(scene, ResumeGameScene)
    rows = scene.list.items
    assert len(rows) == 301  # every one of them, none left out
    page = rows[:scene.list.visible_rows]
    assert page[0].startswith("autosave (automatic)  -  ") and "UK FULL" in page[0]
    assert page[1].startswith("zz-newest  -  ") and "UK FULL" in page[1]
    assert page[2].startswith("a-game 298")  # then newest first
    count = next(w for w in scene.form.widgets if getattr(w, "text", "").endswith("first"))
    assert count.text == "301 saved games, newest first"
    loaded = sum(entry.loaded for entry in scene.saves)
    assert loaded <= scene.list.visible_rows  # only the rows shown were read
    scene.form.focus(scene.list)
    key(app, pygame.K_END)  # to the last page: its rows are read as they come into view
    assert scene.list.selected == 300
    assert rows[300].startswith("a-game 000  -  ") and "UK FULL" in rows[300]
    key(app, pygame.K_PAGEUP)
    middle = scene.list.top
    assert "UK FULL" in rows[middle] and scene.list.top < 300


def test_the_save_list_pages_through_hundreds_too_without_the_autosave(
        app: App, tmp_path: Path) -> None:
    _many_saves(tmp_path, 150)
    scene = show(app, SaveGameScene(app, played_game(turns=1), {}, lambda n: None,
                                    directory=tmp_path))
    assert isinstance(scene, SaveGameScene)
    assert len(scene.saves) == 150 and scene.saves[0].name == "zz-newest"
    assert not any(s.name == "autosave" for s in scene.saves)
