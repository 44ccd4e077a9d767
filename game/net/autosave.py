"""A network table on disk: resumed from its autosave at start, saved after every action.

The server decides when to save; this module knows how a table becomes a save and back, so the
file handling stays apart from the connections and turns. The savegame module is imported only
when a save is read or written, as before. Logs go to the server's logger, "conquest.net".

A save after every action must be cheap, or it sets the pace of the whole server. Rewriting the
whole save after every action cost half a millisecond and more (the record grows with the game,
and a rename over a file makes the file system write it out), so an action is saved by a journal:
- After every action one line is appended to the table's journal (`.network-N.journal` beside
  the save): the action as the game's record encodes it, its place in the record and the
  table's sequence number. One small `write` to a file opened for appending: microseconds, on
  the event loop, before any client hears of the action.
- Every `FULL_SAVE_EVERY` actions, when a game starts or ends, after a resume and when the
  server stops, the ordinary save is written whole (same envelope, same `Game.to_dict()` shape,
  loaded by `savegame.load_game`; the record encoded incrementally) by a worker thread, to a
  temporary file renamed over the old save (`os.replace`, atomic). The journal it covers is
  first renamed aside (`.journal.old`) and deleted once the new save is in place, so at every
  moment the save plus the journal(s) on disk hold every action.
- `load_table_save` reads a save and replays the journals after it (each line names its place
  in the record: lines the save already holds are skipped, a torn last line ends the replay),
  so a server killed with kill -9 at any moment resumes at its last action.
- There is no fsync per action. A `write` that has returned is in the operating system's page
  cache, which outlives the process: kill -9 loses nothing. Only a power cut or a kernel crash
  could lose the last moments, so the server syncs the saves and journals on a timer (and when
  a game ends or the server stops).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.jsonfile import write_text_atomically
from game.journal import Journal, journal_paths
from game.journal_replay import JournalReplay, replay
from game.net.table import Table

if TYPE_CHECKING:
    from game.engine import Action, Game
    from game.net.config import ServerConfig
    from game.savegame import LoadedSave

log = logging.getLogger("conquest.net")

# Saves reach the page cache after every action (enough against kill -9); they are pushed to
# the disk (against a power cut) this often, and when a game ends or the server stops.
SYNC_SECONDS = 2.0
# Actions journaled between two whole saves of a table (also written when a game starts or
# ends, after a resume and when the server stops). A whole save (its text made on the loop,
# written and renamed into place by a thread) costs as much as a few hundred journal lines: at
# one every 100 actions the saves took a tenth of the server's time in bench/network.py. A
# resume replays at most this many actions (about 20 ms at 300).
FULL_SAVE_EVERY = 300
# The first whole save after a table starts comes this much sooner at each table than at the one
# before (modulo half of FULL_SAVE_EVERY): a server's tables start together, and whole saves
# made by all of them within the same moment stalled every game at once (bench/network.py).
FIRST_SAVE_STAGGER = 37

_COMPACT = (",", ":")


def open_table(game_id: str, name: str, config: ServerConfig
               ) -> tuple[Table, str | None, JournalReplay | None]:
    """The table for `game_id`: its unfinished autosave `name` if resuming, else a new one;
    why a save found there is not gone on with ("ended"; "bad": unreadable; "stopped": a
    new game was asked for; None if there was none, or it is resumed), for the caller to
    `set_aside` once it holds the save's lock; and what replaying the journal did (its
    `keep`: the journals to set aside then too, before a whole save would delete them)."""
    from game.savegame import SaveFormatError, save_path  # noqa: PLC0415

    path = save_path(name, config.saves_dir)
    if config.autosave and not config.resume and path.exists():
        return Table.for_server(game_id, config), "stopped", None  # a new game asked for: kept
    if config.resume and config.autosave and path.exists():
        try:
            loaded, journal = load_table_save_and_journal(path, _progress_of(path))
            table = Table.from_save(loaded.game, loaded.options)
            if not loaded.game.is_over:
                table.game_id = game_id
                log.info("game %s resumed from %s at turn %d", game_id, path,
                         loaded.game.turn)
                tell_journal(journal, path)
                return table, None, journal
            fresh = Table.for_server(game_id, config)
            fresh.ended_tokens = {s.token_hash for s in table.seats
                                  if s.token_hash is not None and not s.is_computer}
            return fresh, "ended", None
        except (SaveFormatError, ValueError) as exc:
            log.warning("cannot resume game %s from %s: %s", game_id, path, exc)
            return Table.for_server(game_id, config), "bad", None
    return Table.for_server(game_id, config), None, _orphan_journals(path)


def tell_journal(journal: JournalReplay, save: Path) -> None:
    """Say to the host what the journal's replay did, and every trouble it met: in the log (a
    dedicated server's console) and, through game/filenotes.py, in the message area of a
    window hosting the game."""
    from game import filenotes  # noqa: PLC0415

    if journal.lost:
        filenotes.tell(journal.summary(save.name))
    elif journal.replayed:
        log.info("%s", journal.summary(save.name))
    for problem in journal.problems:
        filenotes.tell(f"{save.name}: {problem}")


def _orphan_journals(save: Path) -> JournalReplay | None:
    """Journals with no save beside them (removed by hand, or a save never written): kept
    aside when the server holds the lock, never truncated by the new game's first line."""
    found = [p for p in journal_paths(save) if os.path.lexists(p)]
    if not found:
        return None
    report = JournalReplay(keep=found)
    report.problems.append(f"{save.name} is missing but its journal is there: the journal "
                           "was not replayed")
    return report


def _progress_of(path: Path) -> Callable[[int, int], None]:
    def told(done: int, about: int) -> None:
        log.info("%s: replaying its journal, %d of about %d actions", path.name, done, about)
    return told


def set_aside(save: Path, why: str) -> Path | None:
    """Move a save the table will not go on with (its game is over, or it cannot be read) out
    of the way of the table's next game, to a dated name with `why` in it, its journals with
    it: nothing is ever written over. Its name is still a save name (savegame.is_valid_name:
    at most 32 characters), "network-1-ended-261204-2131". Returns where it went (None: there
    was no save); OSError (logged) if the disk refused."""
    from game.savegame import is_valid_name  # noqa: PLC0415

    if not save.exists():
        return None
    stamp = f"{datetime.now():%y%m%d-%H%M}"
    kept, extra = save, 0
    while kept.exists():  # (two in one minute: -2, -3...)
        extra += 1
        name = f"{save.stem}-{why}-{stamp}" + (f"-{extra}" if extra > 1 else "")
        if not is_valid_name(name):  # (a table numbered in the hundreds)
            name = f"{why}-{stamp}-{extra}"
        kept = save.with_name(name + save.suffix)
    try:
        # the journals first: a crash between the two leaves the save with its journals
        # gone (a set-aside save is whole or unreadable: nothing is lost), never a new game's
        # journal replayed into the old save
        for journal, moved in zip(journal_paths(save), journal_paths(kept), strict=True):
            if os.path.lexists(journal):  # (a link to nowhere too: never left in the way)
                os.replace(journal, moved)
        os.replace(save, kept)
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.error("%s could not be set aside: %s", save.name, exc)
        raise
    log.info("%s is kept as %s", save.name, kept.name)
    return kept


def load_table_save(path: Path) -> LoadedSave:
    """A table's save with the actions of its journal replayed after it (the sequence number
    in its options too): the game as it was after its last action. SaveFormatError if the save
    itself cannot be loaded."""
    return load_table_save_and_journal(path)[0]


def load_table_save_and_journal(path: Path, progress: Callable[[int, int], None] | None = None
                                ) -> tuple[LoadedSave, JournalReplay]:
    """`load_table_save`, and what replaying the journal did (game/journal_replay.py)."""
    from game.savegame import LoadedSave, load_game  # noqa: PLC0415

    for _ in range(5):  # a running server put a new whole save in place meanwhile: again
        before = _identity(path)
        loaded = load_game(path, journal=False)
        journal = replay(loaded.game, path, progress)
        if not journal.gap and _identity(path) == before:
            break
    if journal.seq is None:
        return loaded, journal
    options = dict(loaded.options)
    network = options.get("network")
    if isinstance(network, dict):
        options["network"] = {**network, "seq": journal.seq}
        seats = network.get("seats")
        numbers = journal.numbers  # each seat's last action number replayed (numbering.py)
        if numbers and isinstance(seats, list):
            options["network"]["seats"] = [
                {**entry, "n": numbers[index]} if index in numbers and isinstance(entry, dict)
                else entry for index, entry in enumerate(seats)]
    return LoadedSave(loaded.game, loaded.name, loaded.saved_at, options), journal


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file `path` is now (a whole save replaces it by another), None if none."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns


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
        self.journal = Journal(self.path)
        self.pending: Future[None] | None = None  # a whole save being written by a thread
        # an action the journal could not take (the disk refused its line): only a whole save
        # keeps it, so one is written as soon as none is under way
        self.behind = False
        self.full_after = FULL_SAVE_EVERY  # journal lines before the next whole save
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

    def note(self, game: Game, encoded: bytes) -> None:
        """The action just applied to `game`, as its journal line holds it (`encoded`): kept
        as the record's text for the next whole save, so that save does not encode hundreds of
        actions again on the loop. Taken only where the journal's encoder (orjson) writes what
        `json.dumps` does: ASCII with nothing escaped (an action holds names, whole numbers,
        booleans and null, never a float); anything else `text` encodes as ever."""
        actions = game.record.actions
        known = len(self._actions)
        if game is not self._game or known != len(actions) - 1 or (
                known and actions[known - 1] is not self._last):
            return  # not up to date with this game: `text` catches up
        text = encoded.decode()
        if text.isascii() and "\\" not in text:
            self._actions.append(text)
            self._last = actions[-1]

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
        """Push the last save and the journal from the page cache to the disk (against a
        power cut)."""
        self.journal.sync()
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
    from game.savegame import SaveFormatError, save_path  # noqa: PLC0415

    try:
        table.game = load_table_save(save_path(name, config.saves_dir)).game
    except (SaveFormatError, OSError):
        log.error("game %s: no save to restore from", table.game_id)



class Autosaves:
    """The saves of every table of one server: a journal line after every action, a whole save
    now and then written by a worker thread (the event loop never waits on the disk for it), all
    pushed to the disk on a timer.

    `on_error` is called (on the loop or a worker thread) when the disk refuses a save or a
    sync; a refused journal line raises OSError from `record` for the server to count and log.
    """

    def __init__(self, config: ServerConfig, names: dict[str, str],
                 on_error: Callable[[], None] = lambda: None) -> None:
        self.enabled = config.autosave
        self.savers = {game_id: TableSaver(name, config) for game_id, name in names.items()}
        for index, saver in enumerate(self.savers.values()):
            saver.full_after -= index * FIRST_SAVE_STAGGER % (FULL_SAVE_EVERY // 2)
        self.written = 0  # whole saves written
        self._on_error = on_error
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="autosave")
        # a thread of its own for the syncs, so no save ever queues behind them
        self._sync_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave-sync")
        self._syncer: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.enabled:
            self._syncer = asyncio.get_running_loop().create_task(self._sync_loop(),
                                                                  name="autosave-sync")

    async def stop(self, tables: Iterable[Table] = ()) -> None:
        """Write a whole save of every table with journaled actions, then push all to the disk."""
        if self._syncer is not None:
            self._syncer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._syncer
            self._syncer = None
        if self.enabled:
            for table in tables:
                saver = self.savers.get(table.game_id)
                if table.game is not None and saver is not None and \
                        (saver.journal.lines or saver.behind):
                    with contextlib.suppress(OSError):
                        await self.save(table)
        self._pool.shutdown(wait=True)
        self._sync_pool.shutdown(wait=True)
        self.sync_all()
        for saver in self.savers.values():
            saver.journal.close()

    def record(self, table: Table, state: dict[str, Any] | None = None) -> bool:
        """Save the action just applied to the table (a journal line, at once); False if this
        server does not save. Every `FULL_SAVE_EVERY` actions a whole save follows in the
        background (`state`: the game's game_to_dict(with_record=False), if made)."""
        if not self.enabled:
            return False
        assert table.game is not None
        saver = self.savers[table.game_id]
        try:
            encoded = saver.journal.append(table.game, table.seq, table.sent)
        except OSError:
            # the journal cannot take it: a whole save must (at once, or after the one under
            # way), or no whole save would ever come again (they come after journal lines)
            saver.behind = True
            self._save_soon(saver, table, state)
            raise
        saver.note(table.game, encoded)
        if saver.journal.lines >= saver.full_after:
            self._save_soon(saver, table, state)
        return True

    def _save_soon(self, saver: TableSaver, table: Table, state: dict[str, Any] | None) -> None:
        """A whole save in the background, unless one is under way (then the next action's
        record starts it, or, for an action the journal could not take, the end of this one:
        `_start_save`)."""
        if saver.pending is None:
            self._start_save(saver, table, state).add_done_callback(self._note_failure)

    def _catch_up(self, saver: TableSaver, table: Table) -> None:
        """(On the loop, after a whole save:) an action the journal could not take came
        while it was written, so it is not in it: another whole save."""
        if saver.behind and saver.pending is None and table.game is not None and \
                self.savers.get(table.game_id) is saver:
            self._save_soon(saver, table, None)

    async def save(self, table: Table, state: dict[str, Any] | None = None) -> bool:
        """Write a whole save of the table as it is now (`state`: its
        game_to_dict(with_record=False), if made) and wait for it; False if this server does not
        save. The text is made at once, a snapshot; a worker thread writes it. OSError if the
        disk refuses."""
        if not self.enabled:
            return False
        assert table.game is not None
        saver = self.savers[table.game_id]
        pending = saver.pending  # (a worker thread clears it when done)
        if pending is not None:  # one whole save at a time: its journal is set aside
            with contextlib.suppress(OSError):
                await asyncio.wrap_future(pending)
        await asyncio.wrap_future(self._start_save(saver, table, state))
        return True

    async def settle(self, table: Table) -> None:
        """Wait for a whole save of the table a worker thread may be writing (before its save
        is moved aside: the write would put the old game back under the table's name)."""
        saver = self.savers.get(table.game_id)
        pending = saver.pending if saver is not None else None
        if pending is not None:
            with contextlib.suppress(OSError):
                await asyncio.wrap_future(pending)

    def _start_save(self, saver: TableSaver, table: Table, state: dict[str, Any] | None
                    ) -> Future[None]:
        assert table.game is not None
        text = saver.text(table, state)
        saver.journal.set_aside()
        saver.behind = False  # (the text holds every action so far)
        saver.full_after = FULL_SAVE_EVERY
        future = self._pool.submit(self._write, saver, text, table.game.is_over)
        saver.pending = future
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # (a test's saves, written with no loop running)
            loop = None

        def done(_: Future[None]) -> None:
            if saver.pending is future:
                saver.pending = None
            if saver.behind and loop is not None and not loop.is_closed():
                with contextlib.suppress(RuntimeError):  # (the loop closed meanwhile)
                    loop.call_soon_threadsafe(self._catch_up, saver, table)
        future.add_done_callback(done)
        return future

    def _write(self, saver: TableSaver, text: str, over: bool) -> None:
        saver.write(text)
        saver.journal.drop_old()  # (kept if the save failed: the old save still needs it)
        self.written += 1
        if over:
            saver.sync()

    def _note_failure(self, future: Future[None]) -> None:
        exc = future.exception()
        if exc is not None:
            self._on_error()
            log.error("a whole save failed (the journal keeps every action): %s", exc)

    def sync_all(self) -> None:
        """Push every save and journal written since the last time to the disk."""
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
            if any(s.unsynced or s.journal.unsynced for s in self.savers.values()):
                await loop.run_in_executor(self._sync_pool, self.sync_all)
