"""Going from a menu screen into a game: the play scene is imported only when it is needed.

The title, setup and resume screens all end by opening the play screen; they share this so a
missing or broken play module becomes one readable message instead of a crash.
"""

from __future__ import annotations

import inspect
import random
from typing import TYPE_CHECKING, Any

from game.scenes.dialogs import MessageDialogScene

if TYPE_CHECKING:
    from game.app import App
    from game.engine import Game
    from game.scenes.base import Scene

NO_PLAY_SCREEN = "The play screen is not available in this build, so the game cannot start."


def chosen_seed(app: App) -> int:
    """The --seed of the command line when given, so a game can be replayed; else random."""
    args = app.options.args
    seed = getattr(args, "seed", None) if args is not None else None
    if isinstance(seed, int):
        return seed
    return random.SystemRandom().randrange(2**31)


def play_scene(app: App, game: Game, options: dict[str, Any] | None = None,
               save_name: str | None = None) -> Scene | None:
    """A PlayScene for `game`, or None (after showing why) when the play screen is missing.

    A resumed game passes its save name on, so the next Save Game offers the same name.
    """
    try:
        from game.scenes.play import PlayScene  # noqa: PLC0415 - heavy, and may be absent
    except ImportError as exc:
        app.scenes.push(MessageDialogScene(app, "NO PLAY SCREEN", f"{NO_PLAY_SCREEN}\n({exc})"))
        return None
    extra: dict[str, Any] = {}
    if options is not None and _accepts(PlayScene, "options"):
        extra["options"] = options
    if save_name is not None and _accepts(PlayScene, "save_name"):
        extra["save_name"] = save_name
    return PlayScene(app, game, **extra)


def open_game(app: App, game: Game, options: dict[str, Any] | None = None,
              save_name: str | None = None) -> bool:
    """Replace the top scene with the play screen of `game`; False if there is none."""
    scene = play_scene(app, game, options, save_name)
    if scene is None:
        return False
    app.scenes.replace(scene)
    return True


def _accepts(cls: type, name: str) -> bool:
    try:
        return name in inspect.signature(cls).parameters
    except (TypeError, ValueError):
        return False
