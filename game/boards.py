"""Reads board data files from the shipped assets/maps; the engine itself does no file I/O.

A board is named by an id (`classic`), never by a path: a save that names `../../saves/x` is
refused before any file is looked for. Games are handed their board (`Game.new(..., board=)`).
"""

from __future__ import annotations

from functools import cache

from game.engine.board import WorldMap, is_board_id
from game.engine.errors import StateError
from game.jsonfile import FileRefused, read_json
from game.resources import asset_path

MAX_BOARD_BYTES = 256 * 1024


class BoardError(StateError):
    """The board cannot be used; the message says why in a player's words."""


@cache
def load_board(name: str = "classic") -> WorldMap:
    """The named board, read once and checked: boards are frozen, so one copy serves every
    game. Raises BoardError (a StateError) for an unknown, bad or unreadable board."""
    if not isinstance(name, str) or not is_board_id(name):
        raise BoardError("the board's name is not a board name")
    path = asset_path("maps", f"{name}.json")
    try:
        data = read_json(path, MAX_BOARD_BYTES, "board")
    except FileNotFoundError as exc:
        raise BoardError(f"there is no board called {name}") from exc
    except FileRefused as exc:
        raise BoardError(str(exc)) from exc
    try:
        board = WorldMap.from_dict(data)
    except StateError as exc:
        raise BoardError(f"the board {name} is damaged: {exc}") from exc
    if board.id != name:
        raise BoardError(f"the board file {name} holds another board ({board.id})")
    return board
