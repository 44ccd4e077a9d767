"""Going from a menu screen into a game: the title, setup and resume screens all end here.

The play scene is imported when it is needed, because it imports those screens itself.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any


if TYPE_CHECKING:
    from game.app import App
    from game.engine import Game
    from game.scenes.base import Scene


def chosen_seed(app: App) -> int:
    """The --seed of the command line when given, so a game can be replayed; else random."""
    args = app.options.args
    seed = getattr(args, "seed", None) if args is not None else None
    if isinstance(seed, int):
        return seed
    return random.SystemRandom().randrange(2**31)


def play_scene(app: App, game: Game, options: dict[str, Any] | None = None,
               save_name: str | None = None) -> Scene:
    """A PlayScene for `game`; a resumed game passes its save name and options on, so the next
    Save Game offers the same name and the attack mode is as it was."""
    from game.scenes.play import PlayScene  # noqa: PLC0415 - the play screen imports setup

    return PlayScene(app, game, options=options, save_name=save_name)


def open_game(app: App, game: Game, options: dict[str, Any] | None = None,
              save_name: str | None = None) -> bool:
    """Replace the top scene with the play screen of `game`."""
    app.scenes.replace(play_scene(app, game, options, save_name))
    return True
