"""The scene stack: lifecycle calls happen between frames, drawing starts at the top opaque scene."""

from __future__ import annotations

from unittest.mock import Mock, call

import pygame

from game.input import Command, CommandEvent
from game.scenes.base import Scene, SceneManager


def _scene(opaque: bool = True) -> Mock:
    scene = Mock(spec=Scene)
    scene.is_opaque = opaque
    return scene


def test_push_is_applied_between_frames_and_enters_the_scene() -> None:
    manager = SceneManager()
    scene = _scene()
    manager.push(scene)
    scene.enter.assert_not_called()
    manager.apply_pending()
    scene.enter.assert_called_once_with()
    assert manager.top is scene


def test_push_pauses_the_scene_below_and_pop_resumes_it() -> None:
    manager = SceneManager()
    below, above = _scene(), _scene()
    manager.push(below)
    manager.apply_pending()
    manager.push(above)
    manager.apply_pending()
    below.pause.assert_called_once_with()
    manager.pop()
    manager.apply_pending()
    above.exit.assert_called_once_with()
    below.resume.assert_called_once_with()
    assert manager.top is below


def test_replace_exits_the_old_scene_without_resuming_the_one_below() -> None:
    manager = SceneManager()
    base, old, new = _scene(), _scene(), _scene()
    for scene in (base, old):
        manager.push(scene)
    manager.apply_pending()
    manager.replace(new)
    manager.apply_pending()
    old.exit.assert_called_once_with()
    new.enter.assert_called_once_with()
    base.resume.assert_not_called()
    assert manager.stack == (base, new)


def test_only_the_top_scene_handles_commands_and_updates() -> None:
    manager = SceneManager()
    below, above = _scene(), _scene()
    manager.push(below)
    manager.push(above)
    manager.apply_pending()
    cmd = CommandEvent(Command.CONFIRM, (0, 0))
    manager.handle(cmd)
    manager.update(0.5)
    above.handle.assert_called_once_with(cmd)
    above.update.assert_called_once_with(0.5)
    below.handle.assert_not_called()
    below.update.assert_not_called()


def test_drawing_starts_at_the_topmost_opaque_scene_and_goes_upward() -> None:
    manager = SceneManager()
    hidden, opaque, overlay = _scene(), _scene(), _scene(opaque=False)
    order = Mock()
    for name, scene in (("hidden", hidden), ("opaque", opaque), ("overlay", overlay)):
        scene.draw.side_effect = lambda surface, name=name: order(name)
        manager.push(scene)
    manager.apply_pending()
    manager.draw(pygame.Surface((4, 4)))
    assert order.call_args_list == [call("opaque"), call("overlay")]
    hidden.draw.assert_not_called()


def test_quit_all_gives_each_scene_on_quit_from_the_top_then_exits_them() -> None:
    manager = SceneManager()
    order = Mock()
    scenes = [_scene(), _scene()]
    for i, scene in enumerate(scenes):
        scene.on_quit.side_effect = lambda i=i: order(i)
        manager.push(scene)
    manager.apply_pending()
    manager.quit_all()
    assert order.call_args_list == [call(1), call(0)]
    for scene in scenes:
        scene.exit.assert_called_once_with()
    assert manager.is_empty


def test_a_change_requested_during_handle_waits_for_the_frame_end() -> None:
    manager = SceneManager()
    first, second = _scene(), _scene()
    first.handle.side_effect = lambda cmd: manager.push(second)
    manager.push(first)
    manager.apply_pending()
    manager.handle(CommandEvent(Command.PRESS, (1, 1)))
    assert manager.top is first
    manager.apply_pending()
    assert manager.top is second
