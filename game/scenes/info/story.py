"""The game's story for the screens: one Chronicle per game, kept up to date, and exporting it.

Replaying a long record takes a few hundredths of a second; the chronicle is kept with the
App's assets (one at a time) and only replays the actions added since it was last asked for.

A network game's client has no record while the game goes on (it would reveal the dice): its
play screen registers itself as the App's "story teller", and for the games it shows, the
screens read the story the server told (`game.net.story_client.NetChronicle`) instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from game.engine.chronicle import Chronicle
from game.export import export_story
from game.net.story_client import NetChronicle
from game.resources import saves_dir

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game


class StoryTeller(Protocol):
    """Who tells the story of games that carry no record (a network game's play screen)."""

    def told_story(self, game: Game) -> NetChronicle | None:
        """What has been told of `game` so far (None: not one of this teller's games)."""

    def refresh_story(self, game: Game) -> None:
        """Ask for news of `game`'s story if due (called each frame a story screen is up)."""


def set_story_teller(app: SceneContext, teller: StoryTeller | None) -> None:
    app.assets.story_teller = teller  # type: ignore[attr-defined]


def told_story(app: SceneContext, game: Game) -> NetChronicle | None:
    """The story a teller holds for `game` (never changes any state: safe while drawing)."""
    teller = getattr(app.assets, "story_teller", None)
    return teller.told_story(game) if teller is not None else None


def refresh_story(app: SceneContext, game: Game) -> None:
    """Ask the teller of `game`'s story for news (nothing for a local game)."""
    teller = getattr(app.assets, "story_teller", None)
    if teller is not None:
        teller.refresh_story(game)


def chronicle_for(app: SceneContext, game: Game) -> Chronicle | NetChronicle:
    """The log and luck of `game`, brought up to date with its record (or as told)."""
    told = told_story(app, game)
    if told is not None:
        return told
    kept = getattr(app.assets, "chronicle", None)
    if isinstance(kept, Chronicle) and kept.final is game and kept.available:
        kept.update()
        return kept
    chronicle = Chronicle(game)
    app.assets.chronicle = chronicle  # type: ignore[attr-defined]
    return chronicle


def export_message(app: SceneContext, game: Game, folder: Path | None = None) -> tuple[bool, str]:
    """Writes the log and luck files (into the saves folder unless told); (done, what to tell the player)."""
    target = folder or saves_dir()
    told = told_story(app, game)  # a network game: its seed is secret, so not in the name
    stem = None if told is None else f"network-game-turn{game.turn}"
    try:
        done = export_story(game, target, stem, chronicle=chronicle_for(app, game))
    except ValueError as exc:
        return False, str(exc)
    except OSError as exc:
        return False, f"Could not write to {target}: {exc.strerror or exc}."
    return True, f"Log and luck saved in {done.folder} as {done.files[0].stem[:-4]}-*"
