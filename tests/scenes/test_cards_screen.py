"""The card exchange screen with real clicks and keys: choosing, deselecting, forced trades."""

from __future__ import annotations

import pygame

from game.app import App
from game.engine import Game, GameConfig
from game.scenes.play.cards import GUARD_SECONDS, CardExchangeScene
from game.ui import palette
from tests.scenes.screens_support import app, click, key, players, show

__all__ = ["app"]

HAND = ["brazil", "ukraine", "kamchatka", "wild_1", "new_guinea"]


def _game(game_type: str = "uk_full") -> Game:
    game = Game.new(GameConfig.preset(game_type, players(3)), 1)
    game.players[0].hand = list(HAND)
    return game


def _scene(app: App, game: Game, log: list[object], *, forced: bool = False,
           trade: bool = True) -> CardExchangeScene:
    scene = CardExchangeScene(app, game, 0, (lambda cards: log.append(cards)) if trade else None,
                              lambda: log.append("closed"), forced=forced)
    show(app, scene, frames=int(GUARD_SECONDS * 60) + 2)  # past the guard against spare presses
    return scene


def _card(scene: CardExchangeScene, card: str) -> tuple[int, int]:
    return scene.card_rects[scene.hand.index(card)].center


def test_three_chosen_cards_of_a_set_are_traded_in_the_order_chosen(app: App) -> None:
    game, log = _game(), []
    scene = _scene(app, game, log)
    assert not scene.ok.enabled
    for card in ("wild_1", "brazil", "ukraine"):  # artillery, wild, cavalry: a set
        click(app, _card(scene, card))
    assert scene.chosen == ["wild_1", "brazil", "ukraine"] and scene.ok.enabled
    click(app, scene.ok.rect.center)
    assert log == [("wild_1", "brazil", "ukraine")]
    assert app.scenes.top is not scene


def test_choosing_a_card_again_puts_it_back(app: App) -> None:
    scene = _scene(app, _game(), [])
    click(app, _card(scene, "kamchatka"))
    click(app, _card(scene, "brazil"))
    click(app, _card(scene, "kamchatka"))
    assert scene.chosen == ["brazil"]


def test_three_cards_that_are_no_set_cannot_be_exchanged(app: App) -> None:
    game, log = _game(), []
    by_kind = {k: [t for t in game.board.territories if game.board.card_kind(t) == k]
               for k in ("infantry", "cavalry", "artillery")}
    no_set = [*by_kind["infantry"][:2], by_kind["cavalry"][0]]
    game.players[0].hand = [*no_set, by_kind["artillery"][0]]
    scene = _scene(app, game, log)
    for card in no_set:
        click(app, _card(scene, card))
    assert scene.chosen == no_set and not scene.is_valid_choice
    assert not scene.ok.enabled
    click(app, scene.ok.rect.center)
    assert log == [] and app.scenes.top is scene


def test_a_forced_exchange_cannot_be_cancelled(app: App) -> None:
    log: list[object] = []
    scene = _scene(app, _game(), log, forced=True)
    assert not scene.cancel.enabled
    key(app, pygame.K_ESCAPE)
    click(app, scene.cancel.rect.center)
    assert app.scenes.top is scene and log == []


def test_cancel_closes_an_offered_exchange(app: App) -> None:
    log: list[object] = []
    _scene(app, _game(), log)
    key(app, pygame.K_ESCAPE)
    assert log == ["closed"]


def test_show_cards_is_read_only_and_return_closes_it(app: App) -> None:
    log: list[object] = []
    scene = _scene(app, _game("us_full"), log, trade=False)
    click(app, _card(scene, "brazil"))
    assert scene.chosen == []
    key(app, pygame.K_RETURN)
    assert log == ["closed"]


def test_the_chosen_card_is_drawn_highlighted(app: App) -> None:
    scene = _scene(app, _game(), [])
    rect = scene.card_rects[0]
    before = tuple(app.screen.get_at((rect.x - 3, rect.centery)))[:3]
    click(app, rect.center)
    after = [tuple(app.screen.get_at((rect.x - dx, rect.centery)))[:3] for dx in range(1, 6)]
    assert palette.AMBER in after and before != palette.AMBER


def test_keys_move_a_card_cursor_and_space_chooses(app: App) -> None:
    scene = _scene(app, _game(), [])
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    app.input.warp((5, 5))  # the pointer is nowhere near a card or button
    key(app, pygame.K_SPACE, " ")
    assert scene.chosen == [HAND[2]]
