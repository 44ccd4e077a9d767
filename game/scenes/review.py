"""INFO > Review Last Turn: the map replays what the others did since a seat's last turn.

It is the replay scene started at the end of that seat's most recent turn, on a copy rebuilt
from the record, so the game being played is never touched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.replay import ReplayScene
from game.scenes.story import chronicle_for

if TYPE_CHECKING:
    from game.app import App
    from game.engine import Game


def review_start(app: App, game: Game, seat: int) -> int:
    """The record index just after `seat`'s most recent turn (0 before it has had one)."""
    return chronicle_for(app, game).review_start(seat)


def review_scene(app: App, game: Game, seat: int) -> ReplayScene:
    name = game.players[seat].name
    return ReplayScene(app, game, review_start(app, game, seat),
                       title=f"REVIEW SINCE {name.upper()}'S TURN")
