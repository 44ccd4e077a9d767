"""A network table on disk: resumed from its autosave at start, saved after every action.

The server decides when to save; this module knows how a table becomes a save and back, so the
file handling stays apart from the connections and turns. The savegame module is imported only
when a save is read or written, as before. Logs go to the server's logger, "conquest.net".
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.net.table import Table

if TYPE_CHECKING:
    from game.net.config import ServerConfig

log = logging.getLogger("conquest.net")


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


def save_table(table: Table, name: str, config: ServerConfig) -> None:
    """Write the table's game (seat tokens too) as the save `name`."""
    from game.savegame import save_game  # noqa: PLC0415

    assert table.game is not None
    save_game(table.game, name, config.saves_dir, options=table.save_options())


def restore_table(table: Table, name: str, config: ServerConfig) -> None:
    """Put the game of the save `name` back on the table; logged if there is none."""
    from game.savegame import SaveFormatError, load_game, save_path  # noqa: PLC0415

    try:
        table.game = load_game(save_path(name, config.saves_dir)).game
    except (SaveFormatError, OSError):
        log.error("game %s: no save to restore from", table.game_id)
