"""Network tests keep their autosaves in memory (/dev/shm) where there is one: the tests are about
the protocol, not the disk's fsync time (a real server saves to disk, atomically, just the same)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture()
def saves(tmp_path: Path) -> Iterator[Path]:
    shm = Path("/dev/shm")
    if shm.is_dir():
        folder = Path(tempfile.mkdtemp(prefix="conquest-net-", dir=shm))
        yield folder
        shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path


@pytest.fixture
def app(tmp_path: Path) -> Iterator[object]:
    """A headless App for the network screens' tests, at Instant speed; every bridge a
    screen still holds is closed afterwards (no server outlives its test)."""
    import pygame

    from game.app import App, AppOptions

    application = App(AppOptions(settings_path=tmp_path / "settings.json", headless=True,
                                 fixed_dt=1 / 60))
    application.change_settings(fast_game="instant")
    pygame.event.clear()
    yield application
    for scene in application.scenes.stack:
        bridge = getattr(scene, "bridge", None)
        if bridge is not None:
            bridge.close()
    pygame.quit()
