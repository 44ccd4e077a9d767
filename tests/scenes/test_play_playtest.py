"""Regressions from a play-test in a real window: overlays, Return, battles, prompts, camera."""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

from typing import Any

import pygame

from game.engine import ArmyChoice, Phase
from game.engine import actions as act
from game.scenes.play import PlayScene
from game.scenes.title import CreditsScene
from tests.scenes.driver import (  # noqa: F401 - play_app is a fixture
    choose_menu,
    click,
    click_territory,
    key,
    new_game,
    play_app,
    start,
    step,
    territory_pos,
)


def _to_human_attack(app: Any, scene: PlayScene) -> None:
    game = scene.game
    while not (game.phase == Phase.ATTACK and scene.is_human(game.current)):
        if scene.is_human(game.to_move):
            choice = next(c for c in game.legal_actions() if isinstance(c, ArmyChoice)
                          or not isinstance(c, act.UndoPlacements))
            action = choice.make(choice.hi) if isinstance(choice, ArmyChoice) else choice
            scene.perform(action)
        else:
            step(app)
    while app.scenes.top is not scene:
        app.scenes.pop()
        app.scenes.apply_pending()


# -- 1: every overlay pops exactly once ----------------------------------------------------
def test_about_then_a_key_or_click_pops_only_the_credits(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy"), "uk_full")
    scene = start(app, game)
    step(app, 2)
    for dismiss in (lambda: key(app, pygame.K_RETURN), lambda: key(app, pygame.K_SPACE),
                    lambda: key(app, pygame.K_ESCAPE), lambda: click(app, (300, 200))):
        choose_menu(app, scene, "RISK", "About")
        step(app)
        assert isinstance(app.scenes.top, CreditsScene)
        dismiss()
        step(app)
        assert app.scenes.stack == (scene,)


def test_help_and_info_overlays_pop_once(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy"), "uk_full")
    scene = start(app, game)
    step(app, 2)
    for menu, label in (("RISK", "Help"), ("INFO", "")):
        bar = scene.menubar
        index = next(i for i, m in enumerate(bar.menus) if m.title == menu)
        labels = [it.label for it in bar.menus[index].items if it.is_enabled]
        for item in labels if not label else [label]:
            if item.endswith("...") or item in ("Fullscreen",):
                continue
            choose_menu(app, scene, menu, item)
            step(app)
            if app.scenes.top is scene:
                continue
            for press in (pygame.K_RETURN, pygame.K_ESCAPE):
                key(app, press)
                step(app)
                if app.scenes.top is scene:
                    break
            assert app.scenes.stack == (scene,), (menu, item)


# -- 2: Return presses on the map ----------------------------------------------------------
def test_return_claims_the_territory_under_the_pointer(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy"), "us_full", seed=5)
    scene = start(app, game)
    step(app, 2)
    while game.phase == Phase.CLAIM and not scene.is_humans_move:
        step(app)
    tid = next(t for t in sorted(game.board.territories) if game.owner[t] is None)
    pos = territory_pos(scene, tid)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    key(app, pygame.K_RETURN)
    assert game.owner[tid] == 0
