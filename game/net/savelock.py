"""One server per autosave: a lock file beside each table's save, held while the server runs.

Two servers writing the same `network-1.json` and journal (a dedicated `--serve` and a window
hosting from the same folder, or two of either) would each overwrite the other's game. Each
table's autosave therefore has a lock file beside it (`.network-1.lock`), locked by the
operating system for as long as the server that keeps that save runs: a second server finds it
locked and refuses to start, saying which save is in use. The lock goes with the process, so a
crashed or killed server never leaves a stale lock behind (the file itself may stay; it is
empty and harmless). Something else in the lock file's place (a folder, a FIFO, a link) or a
saves folder that is a file is refused with a sentence naming it (`SavesUnusable`).
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

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


class SavesUnusable(OSError):
    """The saves' folder or a save's lock file cannot be used; the text says which and why, in
    a sentence for the host (never "cannot listen": the port has nothing to do with it)."""


def lock_path(save: Path) -> Path:
    """The lock file of a save: beside it, hidden, named after it."""
    return save.with_name(f".{save.stem}.lock")


_OPEN_FLAGS = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
               | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
               | getattr(os, "O_BINARY", 0))


class SaveLock:
    """Holds the lock of one save while the server runs (`acquire`, then `release`)."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.path = lock_path(save)
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise SaveInUse (another server has it) or SavesUnusable (the
        folder, or the lock file, cannot be used: which, and why)."""
        if self._fd is not None:
            return
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise SavesUnusable(f"the saves folder {folder} is a file, not a folder") from None
        except OSError as exc:
            raise SavesUnusable(f"the saves folder {folder} cannot be made "
                                f"({_why(exc)})") from None
        try:  # (not following a link, not waiting on a FIFO)
            fd = os.open(self.path, _OPEN_FLAGS, 0o644)
        except OSError as exc:
            raise SavesUnusable(self._unusable(exc)) from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SavesUnusable(f"the lock file {self.path} is not an ordinary file: "
                                    "remove it and start the server again")
            try:
                _lock(fd)
            except BlockingIOError:
                raise SaveInUse(f"another Conquest server on this machine is running the game "
                                f"saved in {self.save}") from None
            except OSError as exc:
                raise SavesUnusable(f"the lock file {self.path} cannot be locked "
                                    f"({_why(exc)})") from None
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def _unusable(self, exc: OSError) -> str:
        """Why the lock file cannot be opened, as a sentence naming it."""
        if os.path.islink(self.path):
            return (f"the lock file {self.path} is a link: remove it and start the server "
                    "again")
        if os.path.isdir(self.path):
            return (f"the lock file {self.path} is a folder: remove it and start the server "
                    "again")
        if isinstance(exc, PermissionError):
            return f"the saves folder {self.path.parent} cannot be written (permission denied)"
        return f"the lock file {self.path} cannot be opened ({_why(exc)})"

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock(fd)
        os.close(fd)

    @property
    def held(self) -> bool:
        return self._fd is not None


def _why(exc: OSError) -> str:
    return (exc.strerror or "an error").lower()


def _lock(fd: int) -> None:
    """BlockingIOError if another process holds the lock."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    elif msvcrt is not None:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except PermissionError as exc:  # (how Windows says the byte is locked already)
            raise BlockingIOError(str(exc)) from exc
    # elsewhere: no lock to take (the save is unprotected, as it was before)


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    elif msvcrt is not None:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
