"""Going from a menu screen into a game: the title, setup and resume screens all end here."""

from __future__ import annotations

import os
import stat
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.engine.game import MAX_SEED
from game.scenes.play.screen import PlayScene

if TYPE_CHECKING:
    from game.scenes.base import Scene, SceneContext
    from game.engine import Game


def chosen_seed(app: SceneContext) -> int:
    """The --seed of the command line when given, so a game can be replayed; else random."""
    args = app.options.args
    seed = getattr(args, "seed", None) if args is not None else None
    if type(seed) is int and 0 <= seed <= MAX_SEED:
        return seed
    return random.SystemRandom().randrange(2**31)


def play_scene(app: SceneContext, game: Game, options: dict[str, Any] | None = None,
               save_name: str | None = None) -> Scene:
    """A PlayScene for `game`; a resumed game passes its save name and options on, so the next
    Save Game offers the same name and the attack mode is as it was."""
    return PlayScene(app, game, options=options, save_name=save_name)


def open_game(app: SceneContext, game: Game, options: dict[str, Any] | None = None,
              save_name: str | None = None) -> bool:
    """Replace the top scene with the play screen of `game`."""
    app.scenes.replace(play_scene(app, game, options, save_name))
    return True


GAME_TYPE_NAMES = {"uk_full": "UK FULL", "us_full": "US FULL", "uk_short": "UK SHORT",
                   "us_short": "US SHORT", "custom": "DESIGN YOUR OWN"}


def describe_interrupted(game: Game) -> str:
    """What the resume offer says: the game type, the players (and who plays them), the turn."""
    kind = GAME_TYPE_NAMES.get(game.config.game_type, game.config.game_type.upper())
    seats = ", ".join(f"{p.name} ({p.level})" for p in game.players
                      if not p.is_neutral and not p.eliminated)
    return (f"An interrupted game can be resumed: {kind}, turn {game.turn}.\n"
            f"Players: {seats}.\nResume it, or set up a new game?")


def offer_interrupted_game(app: SceneContext, saves_dir: Path | None = None) -> bool:
    """Push the RESUME INTERRUPTED GAME question if the autosave loads (Yes is the default:
    after a crash or a closed window the game is never lost). A finished game is not
    interrupted: its autosave is removed and nothing is offered. A damaged autosave is set
    aside (autosave.json.bad) and reported once. True when something was pushed. The title
    calls this over the setup screen."""
    from game.savegame import (  # noqa: PLC0415
        SaveFormatError,
        autosave_path,
        discard_autosave,
        load_game,
    )
    from game.scenes.dialogs.boxes import ConfirmDialogScene, MessageDialogScene  # noqa: PLC0415

    path = autosave_path(saves_dir)
    if not os.path.lexists(path):
        return False
    try:
        loaded = load_game(path)
    except SaveFormatError as exc:
        kept = _set_aside(path)
        where = f" It was kept as {kept}." if kept else ""
        app.scenes.push(MessageDialogScene(app, "INTERRUPTED GAME",
                                           f"The interrupted game cannot be resumed. {exc}{where}"))
        return True
    game = loaded.game
    if game.is_over:
        discard_autosave(saves_dir)
        return False

    def resume() -> None:
        open_game(app, game, loaded.options, loaded.name)  # "Game loaded from the automatic..."

    app.scenes.push(ConfirmDialogScene(app, "RESUME INTERRUPTED GAME", describe_interrupted(game),
                                       resume, default_yes=True, yes="Resume", no="New game",
                                       width=380))
    return True


def _set_aside(path: Path) -> str | None:
    """Rename a damaged autosave so it is reported once, not at every start; its new name."""
    aside = path.with_name(path.name + ".bad")
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None  # a FIFO, a folder or a link is not ours to move
        os.replace(path, aside)
    except OSError:
        return None
    return aside.name
