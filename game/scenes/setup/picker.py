"""The NEW GAME window's colour list: walking it, taking a colour, closing it.

Each colour is held once: taking one hands the taker's old colour to whoever had it. The list
is drawn by draw.py; this module answers the commands while it is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.audio import Sfx
from game.engine.config import COLOURS
from game.input import Command, CommandEvent, Device

if TYPE_CHECKING:
    from game.scenes.setup.form import SetupForm


def pick_colour(scene: SetupForm, index: int, colour: str) -> None:
    """Give player `index` the colour; whoever had it takes theirs (each colour once)."""
    other = scene.colours.index(colour)
    scene.colours[other], scene.colours[index] = scene.colours[index], colour
    scene.picker = None
    scene.app.play(Sfx.CLICK)


def handle_picker(scene: SetupForm, command: CommandEvent) -> bool:
    """The open colour list: arrows or d-pad walk it, a press or Return takes the colour
    under the focus (a click the one under the pointer), ESC or B closes it."""
    assert scene.picker is not None
    kind = command.kind
    if kind is Command.CANCEL:
        scene.picker = None
        return True
    if kind in (Command.LEFT, Command.RIGHT):
        step = 1 if kind is Command.RIGHT else -1
        scene.picker_cursor = (scene.picker_cursor + step) % len(COLOURS)
        return True
    if kind in (Command.UP, Command.DOWN):
        return True
    if kind is Command.CONFIRM or (kind is Command.PRESS
                                   and command.device is not Device.MOUSE):
        pick_colour(scene, scene.picker, COLOURS[scene.picker_cursor])
        return True
    if kind is not Command.PRESS:
        return False
    for colour, rect in scene.picker_rects():
        if rect.collidepoint(command.pos):
            pick_colour(scene, scene.picker, colour)
            return True
    if scene.swatches[scene.picker].rect.collidepoint(command.pos):
        scene.picker = None
        return True
    scene.picker = None
    return False
