"""Helpers for the tests of the menu screens: a headless App, real events, a quick game.

Events go through pygame's queue and `app.step`, so the tests exercise the same input path as
a player (keys and mouse buttons become Commands in game/input.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App, AppOptions
from game.engine import Game, GameConfig, PlayerSpec
from game.scenes.base import Scene

DT = 1 / 60


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """A headless App with its settings in a temporary folder."""
    application = App(AppOptions(settings_path=tmp_path / "settings.json", headless=True,
                                 fixed_dt=DT))
    pygame.event.clear()
    yield application
    pygame.quit()


def show(app: App, scene: Scene, frames: int = 2) -> Scene:
    app.scenes.push(scene)
    app.scenes.apply_pending()
    step(app, frames)
    return scene


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)


def key(app: App, code: int, text: str = "") -> None:
    """Press and release a key, one frame each."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text,
                                         scancode=0))
    app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=text,
                                         scancode=0))
    app.step(DT)


def type_text(app: App, text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        key(app, pygame.key.key_code(char.lower()) if char.isalnum() else 0, char)


def click(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse to a logical point and click the left button."""
    app.input.warp(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.step(DT)


def players(count: int = 3, humans: int = 1) -> list[PlayerSpec]:
    names = ("Alex", "Napoleon", "Hannibal", "Genghis", "Caesar", "Joan")
    colours = ("red", "blue", "green", "yellow", "black", "pink")
    return [PlayerSpec(names[i], colours[i], "human" if i < humans else "standard")
            for i in range(count)]


def played_game(game_type: str = "uk_full", count: int = 3, turns: int = 6,
                seed: int = 5, finish: bool = False) -> Game:
    """A game some turns in (or played to its end), every seat moved by a Standard general."""
    from game.ai import make_general  # noqa: PLC0415 - only the tests that need it pay for it

    game = Game.new(GameConfig.preset(game_type, players(count)), seed)
    generals = {p: make_general("standard", p, seed) for p in range(len(game.players))}
    for _ in range(20000):
        if game.is_over or (not finish and game.turn >= turns):
            break
        game.apply(generals[game.to_move].choose(game))
    return game


def keep_frame(app: App, name: str) -> None:
    """Save the logical screen as NAME.png in $CONQUEST_SHOTS, to look at (nothing if unset)."""
    import os  # noqa: PLC0415

    folder = os.environ.get("CONQUEST_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / f"{name}.png"))
