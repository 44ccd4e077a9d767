"""How the NEW GAME window looks and what its hint line says (the scene keeps the state).

Drawing never changes state; the hint names the controls of the device used last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.input import Device
from game.scenes.dialogs.overlay import shared_map_art
from game.engine.config import COLOURS
from game.scenes.setup.offers import (
    DEFAULT_NAMES,
    DESCRIPTIONS,
    DIALOG_RECT,
    NEUTRAL_REMINDER,
    NEUTRAL_RULES,
    ROW_STEP,
    ROW_Y0,
)
from game.ui import palette
from game.ui.controlnames import describe_for, device_of
from game.ui.draw import sunken_field
from game.ui.palette import PLAYER_COLOUR_BY_NAME
from game.ui.widgets import Button, TextBox

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.scenes.setup.form import SetupForm
    from game.ui.font import Fonts


def setup_hint(scene: SetupForm) -> str:
    """The hint for what has the focus, in the controls of the device used last; a pad is
    told that Start starts the game (as OK), keys and pads on the top row that up again
    opens the menus."""
    text = _focus_hint(scene)
    device = device_of(scene.app)
    if device is Device.MOUSE or scene.picker is not None:
        return text
    if scene.at_the_top():
        text = text.rstrip(".") + "; up again: the menus."
    if device is Device.PAD:
        text += "  " + _say(scene, "{MENU} starts the game.")
    return text


def _focus_hint(scene: SetupForm) -> str:
    focused = scene.dialog.focused
    mouse = device_of(scene.app) is Device.MOUSE
    if scene.picker is not None:
        if mouse:
            return "Click a colour; a colour taken by another player swaps."
        return _say(scene, "{FOCUS} and {PRESS} choose a colour; taken colours swap.")
    if isinstance(focused, TextBox):
        if device_of(scene.app) is Device.KEYBOARD:
            return "Type the name; Return when done."
        if mouse and scene.app.input.keys_typed:  # a click only put the cursor there
            return "Type the name, or click it again for the on-screen keyboard."
        return _say(scene, "{PRESS} opens the keyboard to enter the name.")  # pad or mouse
    if mouse:
        return "Click to choose.  Click OK to start the game."
    if focused in scene.swatches:
        return _say(scene, "{PRESS} opens the colour list; move on with {FOCUS}.")
    if isinstance(focused, Button) and focused.visible:
        label = focused.label.strip() or "this"
        if focused in scene.count_row.buttons:
            text = _say(scene, f"{{PRESS}} chooses {label} players")
            if device_of(scene.app) is Device.KEYBOARD:
                return text + "; a digit key too."
            return text + "."
        for i, row in enumerate(scene.level_rows):
            if focused in row.buttons:
                return _say(scene, f"{{PRESS}} makes player {i + 1} {label}; move on with "
                                 "{FOCUS}.")
        return _say(scene, f"{{PRESS}} chooses {label}; move on with {{FOCUS}}.")
    return _say(scene, "Move the focus with {FOCUS}.  {CONFIRM} = OK.")

def _say(scene: SetupForm, template: str) -> str:
    """`template` in the words of the device used last. The focus control is named as an
    object ("move on with {FOCUS}"), never as a subject: the keyboard's name for it is plural
    ("the arrows") and a pad's singular ("the d-pad"), so a verb after it ("{FOCUS} moves on")
    read "arrows moves on" for one of them."""
    text = describe_for(scene.app, template)
    text = text[:1].upper() + text[1:]
    if device_of(scene.app) is Device.KEYBOARD:
        text = text.replace("the arrow keys", "the arrows").replace("digits", "a digit")
    return text


def draw_setup(scene: SetupForm, surface: pygame.Surface) -> None:
    """The window, its table, the description, the neutral rules and the colour list."""
    if scene.background is not None:
        surface.blit(scene.background, (0, 0))
    else:
        surface.fill(palette.SEA_DEEP)
    fonts = scene.app.fonts
    d = DIALOG_RECT
    scene.dialog.draw(surface)
    bold = fonts.bold
    bold.draw(surface, "#", (66, 82), palette.SHADOW)
    bold.draw(surface, "NAME", (80, 82), palette.SHADOW)
    bold.draw(surface, "COLOUR", (206, 82), palette.SHADOW)
    bold.draw(surface, "LEVEL", (254, 82), palette.SHADOW)
    bold.draw(surface, "GAME TYPE", (d.x + 11, 242), palette.INK)
    table = pygame.Rect(61, 93, 518, ROW_STEP * 6 + 3)
    sunken_field(surface, table, palette.FACE_LIGHT, palette.SHADOW)
    pygame.draw.rect(surface, palette.WHITE, table.inflate(2, 2), 1)
    for i in range(len(DEFAULT_NAMES)):
        y = ROW_Y0 + i * ROW_STEP
        if i % 2:
            pygame.draw.rect(surface, palette.LIGHT, (table.x + 1, y - 4, table.width - 2,
                                                      ROW_STEP))
        shown = i < scene.count
        bold.draw(surface, str(i + 1), (66, y + 4), palette.INK if shown else palette.DIM_TEXT)
        if not shown:
            fonts.body.draw(surface, "-", (86, y + 4), palette.DIM_TEXT)
    for w in scene.dialog.widgets:
        if w.visible and (w in scene.names or any(w in r.buttons for r in scene.level_rows)):
            w.draw(surface)
    for i in range(scene.count):
        _draw_swatch(scene, surface, i)
    _draw_description(scene, surface, fonts)
    sep_y = d.bottom - 38
    pygame.draw.line(surface, palette.DARK, (d.x + 8, sep_y), (d.right - 9, sep_y))
    pygame.draw.line(surface, palette.FACE_LIGHT, (d.x + 8, sep_y + 1), (d.right - 9, sep_y + 1))
    if scene.neutral_row.visible:
        x = scene.neutral_row.right + 12
        fonts.body.draw(surface, NEUTRAL_RULES[scene.flavour], (x, 316), palette.INK)
        fonts.body.draw(surface, NEUTRAL_REMINDER, (x, 327), palette.SHADOW)
    if scene.hq_row.visible:
        x = scene.hq_row.buttons[scene.count - 2].rect.right + 10
        fonts.body.draw(surface, "(default: all, your own included)", (x, 322),
                        palette.SHADOW)
    _draw_picker(scene, surface)
    scene.menubar.draw(surface)

def _draw_swatch(scene: SetupForm, surface: pygame.Surface, index: int) -> None:
    rect = scene.swatches[index].rect
    colour = PLAYER_COLOUR_BY_NAME[scene.colours[index]]
    pygame.draw.rect(surface, palette.INK, rect)
    pygame.draw.rect(surface, colour.rgb, rect.inflate(-2, -2))
    if scene.picker == index:
        pygame.draw.rect(surface, palette.AMBER, rect.inflate(4, 4), 2)
    elif scene.swatches[index].focused:
        pygame.draw.rect(surface, palette.AMBER, rect.inflate(2, 2), 1)

def _draw_description(scene: SetupForm, surface: pygame.Surface, fonts: Fonts) -> None:
    box = pygame.Rect(DIALOG_RECT.x + 11, 280, 520, 30)
    pygame.draw.rect(surface, palette.INK, box)
    pygame.draw.rect(surface, palette.LIGHT, box.inflate(2, 2), 1)
    if scene.game_type == "custom":
        text = scene.design.summary()
        width = box.width - 104
    else:
        text = DESCRIPTIONS[scene.game_type]
        width = box.width - 12
    lines = [line for para in text.split("\n") for line in fonts.body.wrap(para, width)]
    for i, line in enumerate(lines[:2]):
        if i == 1 and len(lines) > 2:
            line = fonts.body.ellipsize(line + " " + " ".join(lines[2:]), width)
        fonts.body.draw(surface, line, (box.x + 6, box.y + 4 + i * 12), palette.CREAM)
    if scene.game_type == "custom":
        scene.design_button.draw(surface)

def _draw_picker(scene: SetupForm, surface: pygame.Surface) -> None:
    rects = scene.picker_rects()
    if not rects or scene.picker is None:
        return
    fonts = scene.app.fonts
    frame = rects[0][1].unionall([r for _, r in rects]).inflate(8, 8)
    pygame.draw.rect(surface, palette.INK, frame.move(3, 3))
    pygame.draw.rect(surface, palette.WHITE, frame)
    pygame.draw.rect(surface, palette.INK, frame, 1)
    for i, (colour, rect) in enumerate(rects):
        pc = PLAYER_COLOUR_BY_NAME[colour]
        if i == scene.picker_cursor:
            pygame.draw.rect(surface, palette.SELECT_BLUE, rect.inflate(6, 6), 2)
        pygame.draw.rect(surface, palette.INK, rect)
        pygame.draw.rect(surface, pc.rgb, rect.inflate(-2, -2))
        owner = scene.colours.index(colour)
        fonts.body.draw(surface, pc.name, (rect.centerx, rect.y + 3), pc.text, align="center")
        if owner == scene.picker:
            pygame.draw.rect(surface, palette.AMBER, rect.inflate(2, 2), 2)
        elif owner < scene.count:
            fonts.body.draw(surface, f"#{owner + 1}", (rect.centerx, rect.y + 13), pc.text,
                            align="center")


def backdrop(app: SceneContext) -> pygame.Surface | None:
    """The world map behind the window, as in the mock-up; None if the art cannot load."""
    art = shared_map_art(app)
    if art is None:
        return None
    surf = pygame.Surface((640, 400))
    surf.fill(palette.SEA_DEEP)
    world = art.world_surface
    surf.blit(world, (0, 12), pygame.Rect(40, 60, 640, 388))
    return surf


def picker_rects(scene: SetupForm) -> list[tuple[str, pygame.Rect]]:
    """Where the open colour list draws each colour (below the player's swatch)."""
    if scene.picker is None:
        return []
    swatch = scene.swatches[scene.picker].rect
    y = swatch.bottom + 3
    if y + 30 > DIALOG_RECT.bottom - 40:
        y = swatch.top - 33
    return [(c, pygame.Rect(swatch.x - 4 + i * 44, y + 3, 40, 24))
            for i, c in enumerate(COLOURS)]
