"""What the game found wrong with its files while reading them, kept for the player. No pygame.

Most files are read where a screen can show what went wrong (a save refused by the Resume
screen says why in a dialog). Some are read deep below any screen: the network forms' and
seats' files behind the title's offer, a journal replayed under a save. Their readers set a
damaged file aside and `tell` what happened here; the App takes these notes with its other
start-up notices (`take`) and the next screen with a message area shows them. Each note is
also logged, so a dedicated server's host reads it on the console. Thread-safe: the network
thread reads the seats file too.
"""

from __future__ import annotations

import logging
import threading

log = logging.getLogger("conquest.files")

_lock = threading.Lock()
_pending: list[str] = []
MAX_PENDING = 20  # (a folder of hundreds of damaged files: the first few are enough to say)


def tell(message: str) -> None:
    """Keep `message` (in a player's words) for the next screen that shows messages; a note
    already waiting is not repeated."""
    log.warning("%s", message)
    with _lock:
        if message not in _pending and len(_pending) < MAX_PENDING:
            _pending.append(message)


def take() -> list[str]:
    """The notes kept since the last call, oldest first."""
    with _lock:
        notes = list(_pending)
        _pending.clear()
    return notes
