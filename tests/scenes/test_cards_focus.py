"""The card exchange with one device: the focus walks the cards and reaches EXCHANGE and CANCEL;
a forced exchange is completed with a pad alone, with keys alone."""

from __future__ import annotations

import pygame

from game.app import App
from game.scenes.play.cards import GUARD_SECONDS, CardExchangeScene
from tests.scenes.screens_support import app, key, show
from tests.scenes.test_cards_screen import _game

__all__ = ["app"]
PAD = 4


def _pad(app: App, button: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD,
                                         button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=PAD,
                                         button=button))
    app.step(1 / 60)


def _scene(app: App, log: list[object], forced: bool) -> CardExchangeScene:
    scene = CardExchangeScene(app, _game(), 0, log.append, lambda: log.append("closed"),
                              forced=forced)
    show(app, scene)
    _wait(app, GUARD_SECONDS)
    return scene


def _wait(app: App, seconds: float) -> None:
    for _ in range(int(seconds * 60) + 2):
        app.step(1 / 60)


def test_a_spare_press_as_the_exchange_opens_chooses_nothing(app: App) -> None:
    """The exchange opens by itself as a turn begins: a press meant for the screen before
    (hurrying the last computer's moves) must not choose a card; a moment later it does."""
    scene = CardExchangeScene(app, _game(), 0, lambda cards: None, lambda: None, forced=True)
    show(app, scene)
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.chosen == []
    _wait(app, GUARD_SECONDS)
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.chosen == [scene.hand[0]]


def _walk_to(app: App, scene: CardExchangeScene, card: str, press: callable) -> None:
    target = scene.hand.index(card)
    while scene.cursor != target:
        press("left" if scene.cursor > target else "right")


def test_a_forced_exchange_is_done_with_a_pad_alone(app: App) -> None:
    log: list[object] = []
    scene = _scene(app, log, forced=True)
    moves = {"left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
             "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
    _pad(app, pygame.CONTROLLER_BUTTON_BACK)  # refused: the trade is forced
    _pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.scenes.top is scene and log == []
    for card in ("wild_1", "brazil", "ukraine"):
        _walk_to(app, scene, card, lambda d: _pad(app, moves[d]))
        _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.is_valid_choice
    assert scene.on_buttons and scene.ok.focused  # the focus went on to EXCHANGE
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert log == [("wild_1", "brazil", "ukraine")]


def test_a_card_chosen_by_mistake_is_put_back_with_a_second_press(app: App) -> None:
    scene = _scene(app, [], forced=True)
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.chosen == [scene.hand[0]]
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.chosen == []


def test_keys_reach_cancel_below_the_cards_of_a_free_exchange(app: App) -> None:
    log: list[object] = []
    scene = _scene(app, log, forced=False)
    key(app, pygame.K_DOWN)
    assert scene.on_buttons
    assert scene.cancel.focused  # EXCHANGE is dimmed, so the focus lands on CANCEL
    key(app, pygame.K_UP)
    assert not scene.on_buttons and not scene.cancel.focused
    key(app, pygame.K_DOWN)
    key(app, pygame.K_SPACE)
    assert log == ["closed"]


def test_a_forced_exchange_is_done_with_keys_alone(app: App) -> None:
    log: list[object] = []
    scene = _scene(app, log, forced=True)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene
    for card in ("wild_1", "brazil", "ukraine"):
        _walk_to(app, scene, card,
                 lambda d: key(app, pygame.K_LEFT if d == "left" else pygame.K_RIGHT))
        key(app, pygame.K_SPACE)
    key(app, pygame.K_RETURN)
    assert log == [("wild_1", "brazil", "ukraine")]


def test_the_focused_card_has_a_visible_ring(app: App) -> None:
    scene = _scene(app, [], forced=False)
    surface = pygame.Surface((640, 400))
    scene.draw(surface)
    ring = scene.card_rects[0].inflate(10, 10)
    from game.ui import palette
    assert surface.get_at(ring.topleft)[:3] == palette.AMBER
    key(app, pygame.K_RIGHT)
    surface2 = pygame.Surface((640, 400))
    scene.draw(surface2)
    assert surface2.get_at(ring.topleft)[:3] != palette.AMBER
