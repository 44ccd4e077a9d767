"""What the play screen does with a player's command: the menu bar and message area first, then
the map, the RISK card, Cancel, snapping the pointer and skipping an animation. No rule.

A press on the map selects the territory under it (the turn controller decides what that
means); Cancel drops a half-made choice, and with none it ends the attack step (never by a
right click); Next and Previous jump the pointer between the territories the step accepts;
Skip settles what is already on show. A demo, the first-player roll and the game's end each
take any press as "go on".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.input import Command, CommandEvent, Device
from game.ui import palette

if TYPE_CHECKING:
    from game.scenes.play.face import PlaySceneFace

_GO_ON = (Command.PRESS, Command.CONFIRM, Command.CANCEL, Command.SKIP)


class PlayCommands:
    """The play screen's answer to each command (`scene` is the play screen it serves)."""

    def __init__(self, scene: PlaySceneFace) -> None:
        self.scene = scene
        self.animation_frame = -1  # the frame an animation began in (its own SKIP leaves it)

    def handle(self, command: CommandEvent) -> None:
        scene = self.scene
        if scene.menubar.handle(command) or scene.messages.handle(command):
            return
        kind = command.kind
        if scene.demo and kind in _GO_ON:
            scene._replace(scene.app.title_scene())  # the attract mode: any key or button leaves
            return
        if scene.first_roll is not None and kind in _GO_ON:
            scene.first_roll.skip()  # any press: the dice settle, the game begins
            return
        if scene.game.is_over and not scene.demo and kind in _GO_ON:
            scene.ending.hurry()
            return
        if kind is Command.SCROLL:
            scene.view.scroll_by(*command.delta)
        elif kind in (Command.PRESS, Command.CONFIRM):  # Return presses: no default here
            self._press(command)
        elif kind is Command.CANCEL:
            scene.messages.clear_alert()
            if scene.mode != "attack_from" or scene.source is not None:
                scene.cancel_selection()
                scene.say("Cancelled.", palette.LIGHT)
            elif command.device is not Device.MOUSE:  # a right click never ends the turn
                scene.turns.cancel()
        elif kind in (Command.NEXT, Command.PREVIOUS):
            self.snap(1 if kind is Command.NEXT else -1)
        elif kind is Command.SKIP:
            self.skip_animation()

    def _press(self, command: CommandEvent) -> None:
        scene = self.scene
        if scene.panel.card_rect.collidepoint(command.pos):
            scene.menus.risk_card()
        elif scene.view.rect.collidepoint(command.pos):
            tid = scene.view.territory_at(command.pos)
            if tid is not None:
                scene.messages.clear_alert()
                scene.select(tid)

    def snap(self, step: int) -> None:
        """Jump the pointer to the next (or previous) territory the current step accepts."""
        scene = self.scene
        if not scene.menubar.is_open:
            scene.camera.steer()
            _, point = scene.snapper.next(scene.app.input.pointer, step)
            scene.app.input.warp(point)
            scene.readouts.hover()

    def skip_animation(self) -> None:
        """Any key or button: the dice settle, the map arrives, a computer's pause ends.

        Only what was already showing is skipped: the press that starts a roll does not
        also cut it short.
        """
        scene = self.scene
        if self.animation_frame == scene.app.frame:
            return
        scene.presenter.skip()
        scene.camera.stop()
        if not scene.is_humans_move:
            scene.wait = 0.0
