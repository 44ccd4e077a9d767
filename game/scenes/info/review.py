"""INFO > Review Last Turn: the map replays what the others did since a seat's last turn.

It is the replay scene started at the end of that seat's most recent turn, on a copy rebuilt
from the record, so the game being played is never touched. A network client has no record
while the game goes on: it steps through the seat's views the server sent instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.chronicle import Chronicle
from game.net.story_client import Review, ViewReplayer
from game.scenes.info.replay import ReplayScene
from game.scenes.info.story import chronicle_for

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game


def review_start(app: SceneContext, game: Game, seat: int) -> int:
    """The record index just after `seat`'s most recent turn (0 before it has had one)."""
    chronicle = chronicle_for(app, game)
    return chronicle.review_start(seat) if isinstance(chronicle, Chronicle) else 0


def review_scene(app: SceneContext, game: Game, seat: int) -> ReplayScene:
    name = game.players[seat].name
    return ReplayScene(app, game, review_start(app, game, seat),
                       title=f"REVIEW SINCE {name.upper()}'S TURN")


def told_review_scene(app: SceneContext, game: Game, seat: int, review: Review) -> ReplayScene:
    """Review Last Turn in a network game: the views the server sent since `seat`'s last
    turn, stepped through on the same replay screen (the game being played is not touched)."""
    name = game.players[seat].name
    return ReplayScene(app, game, review.start, title=f"REVIEW SINCE {name.upper()}'S TURN",
                       replayer=lambda: ViewReplayer(review))  # type: ignore[arg-type,return-value]
