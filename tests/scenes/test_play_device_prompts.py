"""The play screen names the controls of the device in hand: a pad prompt shows buttons and
never a key, a keyboard prompt names keys, a mouse prompt names clicks and menu items; the
message area follows a change of device on the next frame; the pad pages the history."""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from game.engine import Phase
from game.input import Device
from game.scenes.dialogs.padbuttons import PadButtonsScene
from game.scenes.play.screen import PlayScene
from game.ui import glyphs
from game.ui.messages import AREA_RECT
from tests.scenes.driver import (  # noqa: F401 - play_app is a fixture
    attack_pair,
    choose_menu,
    new_game,
    play_app,
    start,
    step,
    to_human_attack,
)

KEY_WORDS = re.compile(r"\bESC\b|\(F\)|\bF1\b|\bF2\b|Return|\bTab\b|Page (Up|Down)|Space")
PAD = 7


def _attacking(app: Any) -> tuple[PlayScene, str, str]:
    app.change_settings(automatic_dice=True, fast_game="instant")
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    source, target = attack_pair(game)
    return scene, source, target


def _prompts(scene: PlayScene, source: str) -> dict[str, str]:
    """The prompt of every map step of the attack phase, for the device used last."""
    turns = scene.turns
    out = {"attack": scene.prompt_text()}
    for mode, src in (("attack_to", source), ("move_from", None), ("move_to", source),
                      ("cheat", None)):
        turns.mode, turns.source = mode, src
        out[mode] = scene.prompt_text()
    turns.cancel_selection()
    scene.game.phase, real = Phase.FORTIFY, scene.game.phase
    out["fortify"] = scene.prompt_text()
    scene.game.phase = real
    return out


def test_a_pad_prompt_shows_buttons_and_never_names_a_key(play_app: Any) -> None:
    scene, source, _ = _attacking(play_app)
    play_app.input.last_device = Device.PAD
    for step_name, text in _prompts(scene, source).items():
        assert text and not KEY_WORDS.search(text), (step_name, text)
        assert "click" not in text, (step_name, text)
        assert "{BACK}" in text, (step_name, text)  # Back cancels or ends the turn on the map
    prompts = _prompts(scene, source)
    assert "{X}" in prompts["attack"] and "{X}" in prompts["fortify"]
    assert "{B}" not in "".join(prompts.values())  # B held scrolls the map: it cancels nothing


def test_keyboard_prompts_name_keys(play_app: Any) -> None:
    scene, source, _ = _attacking(play_app)
    play_app.input.last_device = Device.KEYBOARD
    prompts = _prompts(scene, source)
    for step_name, text in prompts.items():
        assert "ESC" in text and "{" not in text, (step_name, text)
    assert "free move (F)" in prompts["attack"] and "end the turn (ESC)" in prompts["attack"]


def test_mouse_prompts_say_click_and_name_menu_items(play_app: Any) -> None:
    scene, source, _ = _attacking(play_app)
    play_app.input.last_device = Device.MOUSE
    prompts = _prompts(scene, source)
    for step_name, text in prompts.items():
        assert not KEY_WORDS.search(text) and "{" not in text, (step_name, text)
    for mode in ("attack_to", "move_from", "move_to", "cheat"):
        assert "right click cancels" in prompts[mode]
    assert "PLAY > Free Move" in prompts["attack"] and "PLAY > End Turn" in prompts["attack"]


def test_the_refusal_and_the_history_follow_the_device_in_hand(play_app: Any) -> None:
    scene, source, _ = _attacking(play_app)
    game = scene.game
    game.phase, real = Phase.FORTIFY, game.phase
    scene.turns.select_attack(source)  # "Your attacks are over: ..."
    game.phase = real
    play_app.input.last_device = Device.KEYBOARD
    assert "(F)" in scene.messages.alerting and "(ESC)" in scene.messages.alerting
    play_app.input.last_device = Device.PAD
    assert "({X})" in scene.messages.alerting and not KEY_WORDS.search(scene.messages.alerting)
    logged = [text for text, _ in scene.messages.log.lines if "attacks are over" in text]
    assert logged and all(not KEY_WORDS.search(scene.messages.shown(t)) for t in logged)


def _strip(app: Any, scene: PlayScene) -> pygame.Surface:
    scene.draw(app.screen)
    return app.screen.subsurface(pygame.Rect(AREA_RECT)).copy()


def test_picking_up_the_pad_redraws_the_message_area_with_glyphs(play_app: Any) -> None:
    app = play_app
    scene, _, _ = _attacking(app)
    step(app)
    app.input.last_device = Device.KEYBOARD
    keys = _strip(app, scene)
    assert scene.messages.hint_text == "F1 Help   F2 Continents"
    app.input.last_device = Device.PAD
    pad = _strip(app, scene)  # the very next frame, no new message needed
    assert scene.messages.hint_text == "{L3} Help   {R3} Continents"
    colours = {tuple(pad.get_at((x, y)))[:3] for x in range(pad.get_width())
               for y in range(pad.get_height())}
    assert glyphs.FACE_COLOURS["X"] in colours  # the attack prompt's X button is drawn
    assert pygame.image.tobytes(keys, "RGB") != pygame.image.tobytes(pad, "RGB")
    app.input.last_device = Device.MOUSE
    assert scene.messages.hint_text == "INFO > Help, Continents"


def test_options_pad_buttons_opens_the_button_assignment(play_app: Any) -> None:
    app = play_app
    scene, _, _ = _attacking(app)
    choose_menu(app, scene, "OPTIONS", "Pad Buttons")
    step(app)
    assert isinstance(app.scenes.top, PadButtonsScene)


def _trigger(axis: int, value: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD,
                                         axis=axis, value=value))


@pytest.mark.parametrize("hold_frames", [1, 40])
def test_the_pad_triggers_page_the_message_history(play_app: Any, hold_frames: int) -> None:
    app = play_app
    scene, _, _ = _attacking(app)
    for i in range(12):
        scene.say(f"line {i}")
    assert scene.messages.back == 0
    _trigger(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 32767)
    step(app, hold_frames)
    back = scene.messages.back
    assert back >= 2
    if hold_frames > 1:
        assert back > 2  # held, it repeats like Page Up
    _trigger(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0)
    step(app)
    assert app.input.last_device is Device.PAD
    assert "{RT}" in scene.messages.newer_hint()  # the history names its way back on a pad
    _trigger(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32767)
    step(app)
    _trigger(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0)
    step(app)
    assert scene.messages.back == back - 2


def _right_click(app: Any, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=3))
    step(app)


def test_a_right_click_drops_a_selection_but_never_ends_the_turn(play_app: Any) -> None:
    app = play_app
    scene, source, _ = _attacking(app)
    game = scene.game
    spot = scene.view.rect.center
    scene.turns.source, scene.turns.mode = source, "attack_to"
    post = pygame.event.post  # a right-button drag scrolls the map and keeps the selection
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=3))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(spot[0] + 30, spot[1]), rel=(30, 0),
                            buttons=(0, 0, 1)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(spot[0] + 30, spot[1]), button=3))
    step(app)
    assert scene.turns.mode == "attack_to" and scene.turns.source == source
    _right_click(app, spot)
    assert scene.turns.mode == "attack_from" and scene.turns.source is None
    turn, current = game.turn, game.current
    _right_click(app, spot)
    _right_click(app, spot)
    assert (game.turn, game.current, game.phase) == (turn, current, Phase.ATTACK)
