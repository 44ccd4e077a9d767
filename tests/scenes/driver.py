"""Drive the play screen with real pygame events: clicks on territories and menus, keys."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import Game
from game.scenes.play.screen import PlayScene

DT = 1 / 60


@pytest.fixture
def play_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless App whose settings and saves live in a temporary folder."""
    from game.app import App, AppOptions

    monkeypatch.setattr(PlayScene, "saves_dir", tmp_path / "saves")
    application = App(AppOptions(settings_path=tmp_path / "settings.json", headless=True,
                                 fixed_dt=DT))
    pygame.event.clear()
    yield application
    pygame.quit()


def step(app: Any, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app)


def key(app: Any, code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod))
    step(app)


def pass_hand_over(app: Any) -> None:
    """Wait out the hand-over's guard (it ignores presses at first), then press Return."""
    from game.scenes.play.pass_to import HandOverScene

    top = app.scenes.top
    assert isinstance(top, HandOverScene)
    while not top.ready:
        step(app)
    key(app, pygame.K_RETURN)


def territory_pos(scene: PlayScene, tid: str) -> tuple[int, int]:
    """Screen point of a territory's badge, scrolling the map there first if needed."""
    view = scene.view
    if not view.is_in_view(tid, 12):
        view.centre_on(view.art.anchor(tid))
    return view.anchor_on_screen(tid)


def click_territory(app: Any, scene: PlayScene, tid: str) -> None:
    click(app, territory_pos(scene, tid))


def choose_menu(app: Any, scene: PlayScene, menu: str, label: str) -> None:
    """Open a menu by its title and press one item, with the mouse."""
    bar = scene.menubar
    index = next(i for i, m in enumerate(bar.menus) if m.title == menu)
    click(app, bar.title_rects[index].center)
    items = bar.menus[index].items
    item = next(i for i, it in enumerate(items) if it.label.startswith(label))
    click(app, bar.item_rects(index)[item].center)


def new_game(levels: tuple[str, ...], game_type: str = "us_full", seed: int = 3,
             **options: Any) -> Game:
    from game.engine import GameConfig, PlayerSpec
    from game.engine.config import COLOURS

    names = ("Alex", "Napoleon", "Hannibal", "Genghis", "Caesar", "Boudicca")
    players = [PlayerSpec(names[i], COLOURS[i], level) for i, level in enumerate(levels)]
    return Game.new(GameConfig.preset(game_type, players, **options), seed)


def start(app: Any, game: Game, *, first_roll: bool = False, **kwargs: Any) -> PlayScene:
    """The play screen on `game`; the roll for the first player is skipped unless asked for."""
    scene = PlayScene(app, game, **kwargs)
    app.scenes.push(scene)
    app.scenes.apply_pending()
    if scene.first_roll is not None and not first_roll:
        scene.first_roll.skip()
    return scene


def to_human_attack(app: Any, scene: PlayScene) -> None:
    """Play set-up and reinforcement through the engine until the human may attack."""
    from game.engine import ArmyChoice, Phase
    from game.engine import actions as act

    game = scene.game
    while not (game.phase == Phase.ATTACK and scene.is_human(game.current)):
        if scene.is_human(game.to_move):
            choice = next(c for c in game.legal_actions() if isinstance(c, ArmyChoice)
                          or not isinstance(c, act.UndoPlacements))
            action = choice.make(choice.hi) if isinstance(choice, ArmyChoice) else choice
            scene.perform(action)
        else:
            step(app)
    step(app)  # the human's first frame: the map comes to their territories
    while app.scenes.top is not scene:
        app.scenes.pop()
        app.scenes.apply_pending()


def attack_pair(game: Any) -> tuple[str, str]:
    """The first of the current player's territories that can attack, and its first target."""
    me = game.current
    return next((s, t) for s in sorted(game.territories_of(me)) if game.armies[s] >= 2
                for t in sorted(game.board.neighbours[s]) if game.owner[t] != me)
