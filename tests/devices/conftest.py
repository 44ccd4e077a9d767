"""Headless pygame for the device tests: dummy video and audio drivers, set before pygame loads."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.scenes.play.screen import PlayScene  # noqa: E402

DT = 1 / 60


@pytest.fixture
def device_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless App with the real screens; settings and every save in a temporary folder."""
    from game import resources
    from game.app import App, AppOptions

    saves = tmp_path / "saves"
    monkeypatch.setattr(PlayScene, "saves_dir", saves)
    resources.set_saves_dir(saves)  # (tests/conftest.py sets it back after the test)
    application = App(AppOptions(settings_path=tmp_path / "settings.json", headless=True,
                                 fixed_dt=DT))
    pygame.event.clear()
    yield application
    pygame.quit()
