"""Headless pygame for the UI tests: dummy video and audio drivers, set before pygame loads."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture
def pg() -> Iterator[None]:
    """pygame with a 640x400 display, torn down after the test."""
    pygame.init()
    pygame.display.set_mode((640, 400))
    pygame.event.clear()
    yield
    pygame.quit()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[object]:
    """A headless App with its settings file in a temporary folder."""
    from game.app import App, AppOptions

    application = App(AppOptions(settings_path=tmp_path / "settings.json", headless=True,
                                 fixed_dt=1 / 60))
    pygame.event.clear()
    yield application
    pygame.quit()
