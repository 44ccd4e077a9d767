"""Hot-seat privacy in set-up: claiming and placing go round the table without a hand-over,
so a human's mission or cards asked for then open only behind "Pass to <owner>"."""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from game.engine import Game, GameConfig, Phase, PlayerSpec
from game.engine.config import COLOURS
from game.scenes.play.cards import CardExchangeScene
from game.scenes.play.pass_to import HandOverScene
from game.scenes.info.menu_screens import RiskCardScene
from game.scenes.play.screen import PlayScene
from tests.scenes.driver import (  # noqa: F401
    new_game,
    pass_hand_over,
    play_app,
    start,
    step,
)


def _to_human_claim(app: Any, scene: PlayScene) -> None:
    """Frames until a human is to claim, handing the machine over whenever asked."""
    for _ in range(3000):
        top = app.scenes.top
        if isinstance(top, HandOverScene):
            pass_hand_over(app)
            continue
        if top is scene and scene.is_humans_move and scene.wait <= 0:
            return
        step(app)
    raise AssertionError("no human claim came")


def _missions_game(selection: str, levels: tuple[str, ...]) -> Game:
    """A UK Short game (missions dealt before set-up); `selection` "manual" makes its
    territories claimed one by one instead of dealt."""
    config = GameConfig.preset("uk_short", [PlayerSpec(name, COLOURS[i], level) for i, (
        name, level) in enumerate(zip(("Alex", "Napoleon", "Hannibal"), levels, strict=False))])
    return Game.new(dataclasses.replace(config, territory_selection=selection), 5)


@pytest.mark.parametrize(("selection", "phase"), [("manual", Phase.CLAIM),
                                                  ("random", Phase.PLACE)])
def test_two_humans_in_set_up_see_a_mission_only_behind_a_hand_over(
        play_app: Any, selection: str, phase: Phase) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = _missions_game(selection, ("human", "human", "easy"))
    scene = start(app, game)
    _to_human_claim(app, scene)
    assert game.phase == phase and game.mission(game.to_move) is not None
    owner = game.players[game.to_move].name
    scene.menus.risk_card()
    app.scenes.apply_pending()
    step(app)
    top = app.scenes.top
    assert isinstance(top, HandOverScene)  # not the mission itself
    assert top.is_opaque and top.headline == f"Pass to {owner}"
    assert "eyes only: the mission" in top.detail
    pass_hand_over(app)  # the owner has the machine: now the card shows
    app.scenes.apply_pending()
    card = app.scenes.top
    assert isinstance(card, RiskCardScene) and card.viewer == game.to_move
    app.scenes.pop()
    app.scenes.apply_pending()
    scene.menus.show_cards()
    app.scenes.apply_pending()
    assert isinstance(app.scenes.top, HandOverScene)  # the cards too
    assert "eyes only: the cards" in app.scenes.top.detail


def test_one_human_claiming_sees_the_mission_at_once(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = _missions_game("manual", ("human", "easy", "easy"))
    scene = start(app, game)
    _to_human_claim(app, scene)
    assert game.phase == Phase.CLAIM
    scene.menus.risk_card()
    app.scenes.apply_pending()
    assert isinstance(app.scenes.top, RiskCardScene)


def test_two_humans_in_a_turn_see_their_cards_without_a_second_hand_over(
        play_app: Any) -> None:
    from tests.scenes.driver import to_human_attack

    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "human"), "us_full", seed=3)
    scene = start(app, game)
    to_human_attack(app, scene)
    while isinstance(app.scenes.top, HandOverScene):
        pass_hand_over(app)
        app.scenes.apply_pending()
    assert game.phase not in (Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ)
    scene.menus.risk_card()
    app.scenes.apply_pending()
    assert isinstance(app.scenes.top, CardExchangeScene)  # the turn began behind a hand-over
