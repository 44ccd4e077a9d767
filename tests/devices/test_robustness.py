"""Pads plugged and pulled mid-prompt, snapping to territories, skipping animations, and a game
that survives a missing sound device or a damaged settings file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.audio import NO_AUDIO_MESSAGE
from game.engine import Phase
from game.scenes.dialogs.boxes import NumberDialogScene
from game.scenes.play.screen import PlayScene
from tests.devices.players import KeyboardDriver, PadDriver, post
from tests.devices.test_each_device_alone import (
    setup_until_human_reinforces,
    weakest_neighbour_attack,
)
from tests.scenes.driver import new_game

DT = 1 / 60


def _start(app: Any, levels: tuple[str, ...] = ("human", "easy")) -> PlayScene:
    app.change_settings(fast_game="instant", automatic_dice=False)
    scene = PlayScene(app, new_game(levels, "us_full", seed=4))
    app.scenes.push(scene)
    app.scenes.apply_pending()
    setup_until_human_reinforces(app, scene)
    return scene


def test_pad_unplugged_mid_prompt_loses_nothing_and_the_keyboard_carries_on(
        device_app: Any) -> None:
    app = device_app
    scene = _start(app)
    game = scene.game
    pad = PadDriver(app)
    pad.plug_in()
    mine = game.territories_of(game.current)[0]
    pad.select(mine)
    dialog = app.scenes.top
    assert isinstance(dialog, NumberDialogScene)
    pad.flick(1, 1.0)  # one fewer than the default
    wanted = dialog.prompt.value
    post(pygame.JOYBUTTONDOWN, instance_id=pad.instance_id, joy=0, button=pad.B)  # held...
    pad.axis(0, 1.0)
    pad.unplug()  # ...and pulled out: no release ever comes
    assert app.scenes.top is dialog and dialog.prompt.value == wanted
    assert app.input.pad_count == 0 and not app.input.is_hurrying
    pad.step(30)
    assert app.scenes.top is dialog  # nothing moved on its own
    before = game.armies[mine]
    keys = KeyboardDriver(app)
    keys.confirm()
    assert game.armies[mine] == before + wanted
    pad.plug_in(instance_id=11)  # plugged in again under a new id: it plays on
    assert app.input.pad_count == 1
    assert any("Joystick" in text for text, _ in scene.messages.log.lines)


def test_pad_plugged_in_mid_prompt_can_answer_it(device_app: Any) -> None:
    app = device_app
    scene = _start(app)
    game = scene.game
    keys = KeyboardDriver(app)
    mine = game.territories_of(game.current)[0]
    keys.select(mine)
    assert isinstance(app.scenes.top, NumberDialogScene)
    pad = PadDriver(app)
    pad.plug_in(instance_id=3)
    before = game.armies[mine]
    pad.confirm()
    assert app.scenes.top is scene and game.armies[mine] > before


def test_tab_and_shoulder_buttons_snap_to_the_territories_worth_pressing(device_app: Any) -> None:
    app = device_app
    scene = _start(app)
    game = scene.game
    me = game.current
    keys = KeyboardDriver(app)
    visited = []
    for _ in range(len(game.territories_of(me))):
        keys.tap(pygame.K_TAB)
        tid = scene.view.territory_at(app.input.pointer)
        assert tid is not None and game.owner[tid] == me  # reinforcing: only our own
        visited.append(tid)
    assert sorted(visited) == sorted(game.territories_of(me))  # each once, then round again
    keys.tap(pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert scene.view.territory_at(app.input.pointer) == visited[-2]
    pad = PadDriver(app)
    pad.plug_in()
    pad.button(pad.RB)
    assert scene.view.territory_at(app.input.pointer) == visited[-1]
    pad.button(pad.LB)
    assert scene.view.territory_at(app.input.pointer) == visited[-2]
    # The free pointer still works as the manual says: cursor keys move it a pixel at a time.
    x, y = app.input.pointer
    keys.tap(pygame.K_RIGHT)
    assert app.input.pointer == (x + 1, y)


def test_snapping_while_attacking_visits_only_enemy_neighbours(device_app: Any) -> None:
    app = device_app
    scene = _start(app)
    game = scene.game
    me = game.current
    source, _ = weakest_neighbour_attack(game, me)
    scene.perform(next(c for c in game.legal_actions() if hasattr(c, "make")
                       and c.template.territory == source).make(game.reinforcements))
    assert game.phase == Phase.ATTACK
    assert source in scene.snap_candidates()
    assert all(game.owner[t] == me and game.armies[t] >= 2 for t in scene.snap_candidates())
    scene.select(source)
    assert scene.mode == "attack_to"
    targets = scene.snap_candidates()
    assert targets and all(game.owner[t] != me and t in game.board.neighbours[source]
                           for t in targets)


def test_any_key_settles_the_dice_of_a_computer_battle(device_app: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    app = device_app
    app.change_settings(fast_game="normal", automatic_dice=True)
    scene = PlayScene(app, new_game(("easy", "easy"), "us_full", seed=6))
    app.scenes.push(scene)
    app.scenes.apply_pending()
    dice = scene.panel.dice
    for _ in range(20000):
        app.step(DT)
        if dice.is_rolling:
            break
    assert dice.is_rolling
    settled: list[int] = []
    settle = dice.settle
    monkeypatch.setattr(dice, "settle", lambda: (settled.append(app.frame), settle()))
    keys = KeyboardDriver(app)
    keys.tap(pygame.K_z)  # any key at all
    assert settled  # (the computer may roll again at once: its pause was skipped too)


def test_a_players_own_attack_press_does_not_cut_its_dice_short(device_app: Any) -> None:
    app = device_app
    scene = _start(app)
    app.change_settings(fast_game="normal", automatic_dice=True)
    game = scene.game
    source, target = weakest_neighbour_attack(game, game.current)
    scene.perform(next(c for c in game.legal_actions() if hasattr(c, "make")
                       and c.template.territory == source).make(game.reinforcements))
    keys = KeyboardDriver(app)
    keys.select(source)
    keys.select(target)
    assert scene.panel.dice.is_rolling  # the SKIP of the same key press left it alone


def test_sound_switched_off_in_options_stays_off_next_run(device_app: Any, tmp_path: Path) -> None:
    from game.app import App, AppOptions

    app = device_app
    scene = _start(app)
    KeyboardDriver(app).menu("OPTIONS", "Sound")
    assert not app.settings.sound and not app.audio.enabled
    assert any("Sound off" in text for text, _ in scene.messages.log.lines)
    again = App(AppOptions(settings_path=tmp_path / "settings.json", headless=True, fixed_dt=DT))
    assert not again.settings.sound and not again.audio.enabled


def test_game_starts_silent_with_one_notice_when_the_sound_device_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.app import App, AppOptions

    def fail(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    monkeypatch.setattr(PlayScene, "saves_dir", tmp_path / "saves")
    app = App(AppOptions(settings_path=tmp_path / "settings.json", headless=True, fixed_dt=DT))
    try:
        scene = _start(app)
        notices = [text for text, _ in scene.messages.log.lines if NO_AUDIO_MESSAGE in text]
        assert len(notices) == 1
        keys = KeyboardDriver(app)
        keys.select(scene.game.territories_of(scene.game.current)[0])
        keys.confirm()  # plays the click: silently
        assert scene.game.phase == Phase.ATTACK
    finally:
        pygame.quit()


def test_game_starts_with_defaults_and_a_notice_when_the_settings_file_is_damaged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.app import App, AppOptions

    path = tmp_path / "settings.json"
    path.write_text('{"format": "conquest-settings", "sound": ', encoding="utf-8")
    monkeypatch.setattr(PlayScene, "saves_dir", tmp_path / "saves")
    app = App(AppOptions(settings_path=path, headless=True, fixed_dt=DT))
    try:
        scene = _start(app)  # changes a setting: the file is written again, whole
        assert any("damaged" in text for text, _ in scene.messages.log.lines)
        again = App(AppOptions(settings_path=path, headless=True, fixed_dt=DT))
        assert again.settings.fast_game == "instant" and not again.notices
    finally:
        pygame.quit()
