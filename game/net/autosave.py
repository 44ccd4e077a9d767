"""A network table on disk: resumed from its autosave at start, saved after every action.

The server decides when to save; this module knows how a table becomes a save and back, so the
file handling stays apart from the connections and turns. The savegame module is imported only
when a save is read or written, as before. Logs go to the server's logger, "conquest.net".

A save after every action must be cheap, or it sets the pace of the whole server. So:
- The file is the ordinary save (same envelope, same `Game.to_dict()` shape, loaded by
  `savegame.load_game`), but its game record is encoded incrementally: each action is turned
  into JSON once, when it is first saved, not again with every later save.
- It is written to a temporary file in the same folder and renamed over the old save
  (`os.replace`, atomic): a reader, or a kill at any moment, sees the old save or the new one.
- There is no fsync per action. Once `os.replace` has returned, the new save is in the
  operating system's page cache, which outlives the process: a server killed with kill -9 loses
  nothing. Only a power cut or a kernel crash could lose the last moments, so the server calls
  `TableSaver.sync()` on a timer (and when a game ends or the server stops) to push the file to
  the disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.jsonfile import write_text_atomically
from game.net.table import Table

if TYPE_CHECKING:
    from game.engine import Action, Game
    from game.net.config import ServerConfig

log = logging.getLogger("conquest.net")

# Saves reach the page cache after every action (enough against kill -9); they are pushed to
# the disk (against a power cut) this often, and when a game ends or the server stops.
SYNC_SECONDS = 2.0

_COMPACT = (",", ":")


def open_table(game_id: str, name: str, config: ServerConfig) -> Table:
    """The table for `game_id`: its unfinished autosave `name` if resuming, else a new one."""
    if config.resume and config.autosave:
        from game.savegame import SaveFormatError, load_game, save_path  # noqa: PLC0415

        path = save_path(name, config.saves_dir)
        if path.exists():
            try:
                loaded = load_game(path)
                table = Table.from_save(loaded.game, loaded.options)
                if not loaded.game.is_over:
                    table.game_id = game_id
                    log.info("game %s resumed from %s at turn %d", game_id, path,
                             loaded.game.turn)
                    return table
            except (SaveFormatError, ValueError) as exc:
                log.warning("cannot resume game %s from %s: %s", game_id, path, exc)
    return Table.new(game_id, list(config.seats), config.game_type)


class TableSaver:
    """Writes one table's save file again and again, quickly (see the module's docstring).

    The server makes the save's `text` on its event loop (a snapshot: the game cannot change
    meanwhile) and has a worker thread `write` it, so the loop never waits on the disk; `sync`
    may run in another worker thread at any time.
    """

    def __init__(self, name: str, config: ServerConfig) -> None:
        from game.savegame import save_path  # noqa: PLC0415

        self.name = name
        self.path: Path = save_path(name, config.saves_dir)
        self.unsynced = False  # written since the last sync: only the page cache holds it
        self._game: Game | None = None
        self._actions: list[str] = []  # the record's actions as JSON text, in order
        self._last: Action | None = None
        self._parts: dict[str, tuple[Any, str]] = {}  # key -> (value, its JSON) of the state

    def save(self, table: Table) -> None:
        """Write the table's game (seat tokens hashed, as ever) as the save `name`."""
        self.write(self.text(table))

    def write(self, text: str) -> None:
        """Put a save's text in place, atomically (any thread)."""
        write_text_atomically(self.path, text, sync=False)
        self.unsynced = True

    def text(self, table: Table, state: dict[str, Any] | None = None) -> str:
        """The save file's text: what `savegame.save_game` writes, the record encoded once per
        action. `state`, if given, is `game_to_dict(game, with_record=False)` made already."""
        from game.engine.record import encode_action  # noqa: PLC0415
        from game.engine.serialize import game_to_dict  # noqa: PLC0415
        from game.savegame import FORMAT, VERSION, clean_options  # noqa: PLC0415

        game = table.game
        assert game is not None
        actions = game.record.actions
        known = len(self._actions)
        if game is not self._game or known > len(actions) or (
                known and actions[known - 1] is not self._last):
            self._game, self._actions, known = game, [], 0  # another game, or a restored one
        self._actions.extend(json.dumps(encode_action(a), separators=_COMPACT, allow_nan=False)
                             for a in actions[known:])
        self._last = actions[-1] if actions else None
        record = (f'{{"from_start":{"true" if game.record.from_start else "false"},'
                  f'"actions":[{",".join(self._actions)}]}}')
        state_text = self._state_text(game_to_dict(game, with_record=False) if state is None
                                      else state)
        envelope = json.dumps({
            "format": FORMAT, "version": VERSION,
            "saved_at": datetime.now().isoformat(timespec="seconds"), "name": self.name,
            "options": clean_options(table.save_options()),
        }, separators=_COMPACT, allow_nan=False)
        return f'{envelope[:-1]},"game":{state_text[:-1]},"record":{record}}}}}'

    def _state_text(self, state: dict[str, Any]) -> str:
        """The state as JSON, each top-level value encoded again only if it changed (most of
        them, the rules and the board's ownership for a start, change seldom). Equal values
        encode alike because each key of `game_to_dict` keeps one type (never 1 for True)."""
        parts = []
        for key, value in state.items():
            known = self._parts.get(key)
            if known is None or known[0] != value:
                known = (value, json.dumps(value, separators=_COMPACT, allow_nan=False))
                self._parts[key] = known
            parts.append(f"{json.dumps(key)}:{known[1]}")
        return "{" + ",".join(parts) + "}"

    def sync(self) -> None:
        """Push the last save from the page cache to the disk (against a power cut)."""
        if not self.unsynced:
            return
        self.unsynced = False
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            return
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        with contextlib.suppress(OSError):  # the rename itself lives in the folder's entry
            folder = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)


def restore_table(table: Table, name: str, config: ServerConfig) -> None:
    """Put the game of the save `name` back on the table; logged if there is none."""
    from game.savegame import SaveFormatError, load_game, save_path  # noqa: PLC0415

    try:
        table.game = load_game(save_path(name, config.saves_dir)).game
    except (SaveFormatError, OSError):
        log.error("game %s: no save to restore from", table.game_id)



class Autosaves:
    """The saves of every table of one server: each written after every action by a worker
    thread (the event loop never waits on the disk), all pushed to the disk on a timer.

    `on_error` is called (on the loop or a worker thread) when the disk refuses a sync; a
    refused save raises OSError from `save` for the server to count and log.
    """

    def __init__(self, config: ServerConfig, names: dict[str, str],
                 on_error: Callable[[], None] = lambda: None) -> None:
        self.enabled = config.autosave
        self.savers = {game_id: TableSaver(name, config) for game_id, name in names.items()}
        self.written = 0
        self._on_error = on_error
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="autosave")
        # a thread of its own for the syncs, so no action's save ever queues behind them
        self._sync_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave-sync")
        self._syncer: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.enabled:
            self._syncer = asyncio.get_running_loop().create_task(self._sync_loop(),
                                                                  name="autosave-sync")

    async def stop(self) -> None:
        if self._syncer is not None:
            self._syncer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._syncer
            self._syncer = None
        self._pool.shutdown(wait=True)
        self._sync_pool.shutdown(wait=True)
        self.sync_all()

    async def save(self, table: Table, state: dict[str, Any] | None = None) -> bool:
        """Save the table as it is now (`state`: its game_to_dict(with_record=False), if made);
        False if this server does not save. The text is made at once, a snapshot; a worker
        thread writes it."""
        if not self.enabled:
            return False
        assert table.game is not None
        saver = self.savers[table.game_id]
        text = saver.text(table, state)
        await asyncio.get_running_loop().run_in_executor(self._pool, self._write, saver, text,
                                                         table.game.is_over)
        return True

    def _write(self, saver: TableSaver, text: str, over: bool) -> None:
        saver.write(text)
        self.written += 1
        if over:
            saver.sync()

    def sync_all(self) -> None:
        """Push every save written since the last time to the disk."""
        for saver in self.savers.values():
            try:
                saver.sync()
            except OSError as exc:
                self._on_error()
                log.error("%s could not be pushed to the disk: %s", saver.path.name, exc)

    async def _sync_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(SYNC_SECONDS)
            if any(s.unsynced for s in self.savers.values()):
                await loop.run_in_executor(self._sync_pool, self.sync_all)
