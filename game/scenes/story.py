"""The game's story for the screens: one Chronicle per game, kept up to date, and exporting it.

Replaying a long record takes a few hundredths of a second; the chronicle is kept with the
App's assets (one at a time) and only replays the actions added since it was last asked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game import savegame
from game.engine.chronicle import Chronicle
from game.export import export_story

if TYPE_CHECKING:
    from game.app import App
    from game.engine import Game


def chronicle_for(app: App, game: Game) -> Chronicle:
    """The log and luck of `game`, brought up to date with its record."""
    kept = getattr(app.assets, "chronicle", None)
    if isinstance(kept, Chronicle) and kept.final is game and kept.available:
        kept.update()
        return kept
    chronicle = Chronicle(game)
    app.assets.chronicle = chronicle  # type: ignore[attr-defined]
    return chronicle


def export_message(app: App, game: Game, folder: Path | None = None) -> tuple[bool, str]:
    """Writes the log and luck files (into saves/ unless told); (done, what to tell the player)."""
    target = folder or savegame.SAVES_DIR
    try:
        done = export_story(game, target, chronicle=chronicle_for(app, game))
    except ValueError as exc:
        return False, str(exc)
    except OSError as exc:
        return False, f"Could not write to {target}: {exc.strerror or exc}."
    return True, f"Log and luck saved in {done.folder} as {done.files[0].stem[:-4]}-*"
