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
