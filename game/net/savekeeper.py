"""The saves one game server keeps: each table's save locked while it runs, every action
journaled, whole saves written, and the last good state put back after an engine failure.

The GameServer routes messages and runs turns; what it asks of the disk is gathered here so it
has one place and one face: which save is each table's (`save_name`), the lock that keeps a
second server off those saves (savelock.py) for as long as this one runs, and every save counted
in the server's Counters. A save that fails is logged and counted, never raised: the game goes
on (the journal still holds every action). How a table becomes a save on disk and back is
autosave.py's job; this module knows nothing of connections, seats or turns. No pygame.
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from game import filenotes
from game.journal_replay import JournalReplay, keep_journals
from game.net import autosave
from game.net.savelock import SaveLock
from game.net.table import Table

if TYPE_CHECKING:
    from game.net.computers import Counters
    from game.net.config import ServerConfig

log = logging.getLogger("conquest.net")


def _why(exc: OSError) -> str:
    """What the disk said, in words (no error number, no path)."""
    if exc.errno == errno.ENXIO:
        return "a pipe is in its place"
    if exc.errno == errno.ELOOP:
        return "a link is in its place"
    return (exc.strerror or str(exc)).lower()


class SaveKeeper:
    """Every table's save of one server, from its start to its stop."""

    def __init__(self, config: ServerConfig, game_ids: Iterable[str], counters: Counters) -> None:
        self.config = config
        self.counters = counters
        self._game_ids = list(game_ids)
        self._locks: list[SaveLock] = []
        self._superseded: dict[str, str] = {}  # table -> why its save found is not gone on with
        self._journals: dict[str, JournalReplay] = {}  # table -> its journal's replay, to keep
        self._journal_refused: set[str] = set()  # tables whose journal refuses lines now
        self.autosaves = autosave.Autosaves(
            config, {game_id: self.save_name(game_id) for game_id in self._game_ids},
            on_error=self._count_error)

    def save_name(self, game_id: str) -> str:
        """The name of table `game_id`'s save (network-1 ... for a dedicated server)."""
        return f"{self.config.save_prefix}-{game_id}"

    def open_table(self, game_id: str) -> Table:
        """Table `game_id`: resumed from its unfinished save if the config says so, else new.
        A save it does not go on with (finished, unreadable, or a new game was asked for) is
        set aside when the server starts and holds its lock, so the new game's saves never
        write over it."""
        table, why, journal = autosave.open_table(game_id, self.save_name(game_id), self.config)
        if why is not None:
            self._superseded[game_id] = why
        if journal is not None and journal.keep:
            self._journals[game_id] = journal
        return table

    def _count_error(self) -> None:
        self.counters.errors += 1

    # -- while the server runs --------------------------------------------------------------
    def lock(self) -> None:
        """Hold every table's save for as long as this server runs (game/net/savelock.py):
        two servers writing one save would each overwrite the other's game. SaveInUse (an
        OSError) if another server holds one; then none is held."""
        if not self.config.autosave:
            return
        from game.savegame import save_path  # noqa: PLC0415

        for game_id in self._game_ids:
            lock = SaveLock(save_path(self.save_name(game_id), self.config.saves_dir))
            try:
                lock.acquire()
            except OSError:
                self.unlock()
                raise
            self._locks.append(lock)
        for game_id, why in self._superseded.items():  # ours now: out of the new games' way
            self._set_aside(game_id, why)
        self._superseded.clear()
        for game_id, journal in self._journals.items():  # before a whole save deletes them
            save = save_path(self.save_name(game_id), self.config.saves_dir)
            for kept in keep_journals(save, journal):
                filenotes.tell(f"{save.name}: its journal is kept as {kept.name} (it holds "
                               "what could not be replayed).")
        self._journals.clear()

    def unlock(self) -> None:
        """Let the saves go: another server may take them now."""
        for lock in self._locks:
            lock.release()
        self._locks.clear()

    def start(self) -> None:
        """Push the saves to the disk on a timer from now on (on the running event loop)."""
        self.autosaves.start()

    async def stop(self, tables: Iterable[Table]) -> None:
        """Write the last whole saves of `tables`, push everything to the disk, then unlock."""
        await self.autosaves.stop(tables)
        self.unlock()  # the last save is written: another server may take them now

    # -- after an action ----------------------------------------------------------------------
    def journal(self, table: Table) -> None:
        """Save the action just applied (a line in the table's journal, at once: before anyone
        hears of it)."""
        try:
            if self.autosaves.record(table):
                self.counters.saves += 1
        except OSError as exc:
            self.counters.errors += 1
            if table.game_id not in self._journal_refused:  # (said once, not every action)
                self._journal_refused.add(table.game_id)
                log.error("game %s: its actions cannot be written to the journal beside %s "
                          "(%s); a whole save after each keeps the game meanwhile",
                          table.game_id, self.save_name(table.game_id), _why(exc))
        else:
            if table.game_id in self._journal_refused:
                self._journal_refused.discard(table.game_id)
                log.info("game %s: its journal is written again", table.game_id)

    async def save(self, table: Table, state: dict[str, Any] | None = None) -> None:
        """Write the table's whole save as it is now and wait for it; `state` is its
        game_to_dict(with_record=False) if made already."""
        try:
            if await self.autosaves.save(table, state):
                self.counters.saves += 1
        except OSError as exc:
            self.counters.errors += 1
            log.error("game %s: autosave failed: %s", table.game_id, exc)

    async def keep_finished(self, table: Table) -> bool:
        """Move the table's finished game aside to a dated save of its own (FILE > Resume Game
        lists it), once any whole save being written is in place, so the table's next game
        does not write over it. False if the disk refused (logged and counted)."""
        if not self.config.autosave:
            return True
        await self.autosaves.settle(table)
        return self._set_aside(table.game_id, "ended")

    def _set_aside(self, game_id: str, why: str) -> bool:
        from game.savegame import save_path  # noqa: PLC0415

        try:
            autosave.set_aside(save_path(self.save_name(game_id), self.config.saves_dir), why)
        except OSError:  # (logged) the disk refused: counted
            self.counters.errors += 1
            return False
        return True

    def restore(self, table: Table) -> None:
        """After an unplanned engine failure, put the table's last save (its last good state)
        back on it."""
        autosave.restore_table(table, self.save_name(table.game_id), self.config)
