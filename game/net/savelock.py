"""One server per autosave: a lock file beside each table's save, held while the server runs.

Two servers writing the same `network-1.json` and journal (a dedicated `--serve` and a window
hosting from the same folder, or two of either) would each overwrite the other's game. Each
table's autosave therefore has a lock file beside it (`.network-1.lock`), locked by the
operating system for as long as the server that keeps that save runs: a second server finds it
locked and refuses to start, saying which save is in use. The lock goes with the process, so a
crashed or killed server never leaves a stale lock behind (the file itself may stay; it is
empty and harmless).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import IO

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
try:  # Windows
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]


class SaveInUse(OSError):
    """Another running server keeps this save."""


def lock_path(save: Path) -> Path:
    """The lock file of a save: beside it, hidden, named after it."""
    return save.with_name(f".{save.stem}.lock")


class SaveLock:
    """Holds the lock of one save while the server runs (`acquire`, then `release`)."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.path = lock_path(save)
        self._file: IO[bytes] | None = None

    def acquire(self) -> None:
        """Take the lock, or raise SaveInUse (another server has it) or OSError (the folder
        cannot be written, which the autosave would find out anyway)."""
        if self._file is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+b")  # noqa: SIM115 - held open for the server's life
        try:
            _lock(handle)
        except OSError as exc:
            handle.close()
            raise SaveInUse(f"another Conquest server on this machine is running the game "
                            f"saved in {self.save}") from exc
        self._file = handle

    def release(self) -> None:
        handle, self._file = self._file, None
        if handle is None:
            return
        with contextlib.suppress(OSError):
            _unlock(handle)
        handle.close()

    @property
    def held(self) -> bool:
        return self._file is not None


def _lock(handle: IO[bytes]) -> None:
    if fcntl is not None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    elif msvcrt is not None:  # pragma: no cover - Windows
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    # elsewhere: no lock to take (the save is unprotected, as it was before)


def _unlock(handle: IO[bytes]) -> None:
    if fcntl is not None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    elif msvcrt is not None:  # pragma: no cover - Windows
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

