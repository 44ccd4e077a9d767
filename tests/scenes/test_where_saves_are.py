"""The player is told where saves are (the Save and Resume screens name the folder) and which
version they have (the title screen), as drawn pixels, not only as state."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.app import App
from game.resources import shown_path
from game.scenes.dialogs.files import ResumeGameScene, SaveGameScene, fit_from_the_left
from game.scenes.title import TitleScene
from game.ui import palette
from game.version import version
from tests.scenes.screens_support import app, played_game, show

__all__ = ["app"]


def _drawn(app: App, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """How many pixels of `colour` the screen has inside `rect`."""
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if app.screen.get_at((x, y))[:3] == colour)


def test_resume_game_names_the_folder_of_the_saves(app: App) -> None:
    scene = show(app, ResumeGameScene(app, lambda loaded: None))  # the default folder
    assert isinstance(scene, ResumeGameScene)
    from game.resources import saves_dir

    assert scene.folder.text == f"in {shown_path(saves_dir())}"
    assert _drawn(app, scene.folder.rect, palette.SHADOW) > 40


def test_save_game_names_its_folder_and_a_long_one_keeps_its_end(app: App, tmp_path: Path) -> None:
    deep = tmp_path.joinpath(*["a-folder-with-a-long-name"] * 6, "Conquest")
    scene = show(app, SaveGameScene(app, played_game(turns=1), {}, lambda name: None,
                                    directory=deep))
    assert isinstance(scene, SaveGameScene)
    assert scene.folder.text.startswith("in ...") and scene.folder.text.endswith("/Conquest")
    assert app.fonts.body.width(scene.folder.text) <= scene.folder.rect.width
    assert _drawn(app, scene.folder.rect, palette.SHADOW) > 40


def test_a_short_folder_is_not_cut(app: App) -> None:
    assert fit_from_the_left(app.fonts.body, "saves", 200) == "saves"


def test_the_title_shows_the_version_small_in_the_corner(app: App, tmp_path: Path) -> None:
    show(app, TitleScene(app, saves_dir=tmp_path))
    text = f"v{version()}"
    width = app.fonts.body.width(text)
    corner = pygame.Rect(640 - 8 - width, 380, width, app.fonts.body.line_height)
    assert _drawn(app, corner, palette.SELECT_BLUE) > 10
