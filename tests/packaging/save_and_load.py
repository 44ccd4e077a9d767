"""A new game saved and loaded by name through the play screen's FILE menu, headless.

Run as a script by an installed copy of the game (tests/packaging/test_installed.py), from an
empty folder: it imports only the installed `game` package and pygame, never the tests. The
save goes wherever the game keeps a player's saves by default; the script prints that folder
and exits 0 when the game came back whole under its name.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.app import App, AppOptions  # noqa: E402
from game.engine import Game, GameConfig, PlayerSpec  # noqa: E402
from game.resources import saves_dir  # noqa: E402
from game.savegame import load_game  # noqa: E402
from game.scenes.setup.launch import open_game  # noqa: E402

DT = 1 / 60
NAME = "Evening1"


def key(app: App, code: int, text: str = "") -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode=text, scancode=0))
        app.step(DT)


def type_text(app: App, text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        key(app, pygame.key.key_code(char.lower()), char)


def main() -> int:
    app = App(AppOptions(headless=True, fixed_dt=DT))
    players = [PlayerSpec("Ann", "red", "human"), PlayerSpec("Bob", "blue", "human"),
               PlayerSpec("Cid", "green", "human")]  # nobody moves unless told
    game = Game.new(GameConfig.preset("uk_full", players), 11)
    open_game(app, game)
    app.scenes.apply_pending()
    play = app.scenes.top
    for _ in range(3):
        app.step(DT)
    play.menus.save()  # FILE > Save Game
    app.scenes.apply_pending()
    type_text(app, NAME)
    key(app, pygame.K_RETURN)
    saved = saves_dir() / f"{NAME}.json"
    if not saved.is_file():
        print(f"not saved: {saved} is missing", file=sys.stderr)
        return 1
    play.menus.resume_game()  # FILE > Resume Game
    app.scenes.apply_pending()
    type_text(app, NAME)
    key(app, pygame.K_RETURN)
    app.step(DT)  # the play screen swaps in the loaded game at its next frame
    resumed = app.scenes.top
    kept = load_game(saved).game
    if resumed is play or getattr(resumed, "save_name", None) != NAME or resumed.game != kept:
        print(f"not loaded: the top screen is {type(resumed).__name__}", file=sys.stderr)
        return 1
    pygame.quit()
    print(saved)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
