"""One driver per device, each posting only that device's pygame events to play the game.

A driver reads the screen's state (where a territory is drawn, which menu item is where) the way
a player looks at the screen, but acts only through its own device's events and `app.step`.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.dialogs.boxes import NumberDialogScene
from game.scenes.play.screen import PlayScene

DT = 1 / 60
PAD_ID = 7  # the instance id of the pretend joystick (the dummy driver opens no real one)


def post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


class DeviceDriver:
    """What every device can do; subclasses say how."""

    name = "device"

    def __init__(self, app: Any) -> None:
        self.app = app

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(DT)

    @property
    def scene(self) -> PlayScene:
        for scene in reversed(self.app.scenes.stack):
            if isinstance(scene, PlayScene):
                return scene
        raise AssertionError("no play screen")

    # -- the map ---------------------------------------------------------------------------
    def bring_into_view(self, tid: str) -> None:
        view = self.scene.view
        for _ in range(60):
            if view.is_in_view(tid, 30):
                return
            ax, ay = view.art.anchor(tid)
            cx, cy = view.x + view.rect.width / 2, view.y + view.rect.height / 2
            dx, dy = ax - cx, ay - cy
            self.scroll_towards(int((dx > 20) - (dx < -20)), int((dy > 20) - (dy < -20)),
                                max(abs(dx), abs(dy)))
        raise AssertionError(f"{tid} never came into view")

    def point_at(self, tid: str) -> None:
        self.bring_into_view(tid)
        target = self.scene.view.anchor_on_screen(tid)
        self.move_pointer(target)
        assert self.scene.view.territory_at(self.app.input.pointer) == tid, (
            self.name, tid, target, self.app.input.pointer)

    def select(self, tid: str) -> None:
        """Point at a territory and press on it."""
        self.point_at(tid)
        self.press()

    # -- to be provided ----------------------------------------------------------------------
    def scroll_towards(self, sx: int, sy: int, distance: float) -> None:
        raise NotImplementedError

    def move_pointer(self, target: tuple[int, int]) -> None:
        raise NotImplementedError

    def press(self) -> None:
        raise NotImplementedError

    def confirm(self) -> None:
        """Accept what the top dialog offers (its default button)."""
        raise NotImplementedError

    def set_number(self, value: int) -> None:
        """Make the open number prompt show `value` and accept it."""
        raise NotImplementedError

    def menu(self, title: str, label: str) -> None:
        """Choose a menu item of the play screen."""
        raise NotImplementedError

    def end_turn(self) -> None:
        raise NotImplementedError

    def free_move(self) -> None:
        self.menu("PLAY", "Free Move")

    def save(self) -> None:
        """FILE > Save Game, accepting or giving a name."""
        self.menu("FILE", "Save Game")
        self.step()
        self.confirm()
        self.step()

    def resume(self, name: str) -> None:
        """FILE > Resume Game and load `name`."""
        self.menu("FILE", "Resume Game")
        self.step()
        self.confirm()
        self.step(2)

    # -- helpers for subclasses --------------------------------------------------------------
    def menu_place(self, title: str, label: str) -> tuple[int, int]:
        bar = self.scene.menubar
        index = next(i for i, m in enumerate(bar.menus) if m.title == title)
        item = next(i for i, it in enumerate(bar.menus[index].items)
                    if it.label.startswith(label))
        return index, item

    def number_prompt(self) -> Any:
        top = self.app.scenes.top
        assert isinstance(top, NumberDialogScene), top
        return top.prompt


class KeyboardDriver(DeviceDriver):
    """KEYDOWN and KEYUP only."""

    name = "keyboard"

    def tap(self, key: int, mod: int = 0, unicode: str = "") -> None:
        post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.step()

    def hold(self, key: int, frames: int, mod: int = 0) -> None:
        post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.step(frames)
        post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.step()

    def type(self, text: str) -> None:
        for char in text:
            code = pygame.key.key_code(char.lower()) if char.isalnum() else ord(char)
            mod = pygame.KMOD_LSHIFT if char.isupper() else 0
            self.tap(code, mod, char)

    def scroll_towards(self, sx: int, sy: int, distance: float) -> None:
        frames = max(1, min(30, int(distance / 6)))
        if sx:
            self.hold(pygame.K_RIGHT if sx > 0 else pygame.K_LEFT, frames, pygame.KMOD_LSHIFT)
        if sy:
            self.hold(pygame.K_DOWN if sy > 0 else pygame.K_UP, frames, pygame.KMOD_LSHIFT)

    def move_pointer(self, target: tuple[int, int]) -> None:
        for _ in range(200):
            x, y = self.app.input.pointer
            dx, dy = target[0] - x, target[1] - y
            if (dx, dy) == (0, 0):
                return
            key = (pygame.K_RIGHT if dx > 0 else pygame.K_LEFT) if dx else \
                (pygame.K_DOWN if dy > 0 else pygame.K_UP)
            distance = abs(dx) if dx else abs(dy)
            if distance > 6:
                self.hold(key, max(1, int(distance / 2.67) - 1))  # 160 px/s at the F6 step
            else:
                self.tap(key)  # a one-pixel nudge
        raise AssertionError("the pointer never arrived")

    def press(self) -> None:
        self.tap(pygame.K_SPACE)

    def confirm(self) -> None:
        self.tap(pygame.K_RETURN)

    def set_number(self, value: int) -> None:
        self.number_prompt()
        self.type(str(value))
        assert self.number_prompt().value == value
        self.confirm()

    def menu(self, title: str, label: str) -> None:
        index, item = self.menu_place(title, label)
        self.tap(pygame.K_m)  # opens the first menu, first item highlighted
        bar = self.scene.menubar
        for _ in range(index):
            self.tap(pygame.K_RIGHT)
        while bar.highlight != item:
            self.tap(pygame.K_DOWN)
        self.confirm()

    def free_move(self) -> None:
        self.tap(pygame.K_f)

    def end_turn(self) -> None:
        self.tap(pygame.K_ESCAPE)

    def save(self) -> None:
        self.menu("FILE", "Save Game")
        self.step()
        self.type("Keys1")  # typing replaces the offered name
        self.confirm()
        self.step()

    def resume(self, name: str) -> None:
        self.menu("FILE", "Resume Game")
        self.step()
        self.type(name)
        self.confirm()
        self.step(2)


class PadDriver(DeviceDriver):
    """JOYDEVICEADDED, JOYAXISMOTION, JOYHATMOTION, JOYBUTTONDOWN and JOYBUTTONUP only."""

    name = "joystick"
    A, B, LB, RB, BACK, START = 0, 1, 4, 5, 6, 7

    def plug_in(self, instance_id: int = PAD_ID) -> None:
        self.instance_id = instance_id
        post(pygame.JOYDEVICEADDED, device_index=0, instance_id=instance_id, guid="")
        self.step()

    def unplug(self) -> None:
        post(pygame.JOYDEVICEREMOVED, instance_id=self.instance_id)
        self.step()

    def button(self, number: int) -> None:
        post(pygame.JOYBUTTONDOWN, instance_id=self.instance_id, joy=0, button=number)
        post(pygame.JOYBUTTONUP, instance_id=self.instance_id, joy=0, button=number)
        self.step()

    def axis(self, axis: int, value: float) -> None:
        post(pygame.JOYAXISMOTION, instance_id=self.instance_id, joy=0, axis=axis, value=value)

    def hat(self, x: int, y: int) -> None:
        """Push the d-pad for one frame and let it go (one step in menus and prompts)."""
        post(pygame.JOYHATMOTION, instance_id=self.instance_id, joy=0, hat=0, value=(x, y))
        self.step()
        post(pygame.JOYHATMOTION, instance_id=self.instance_id, joy=0, hat=0, value=(0, 0))
        self.step()

    def flick(self, axis: int, value: float) -> None:
        """Push the stick for one frame and let it go."""
        self.axis(axis, value)
        self.step()
        self.axis(axis, 0.0)
        self.step()

    def scroll_towards(self, sx: int, sy: int, distance: float) -> None:
        post(pygame.JOYBUTTONDOWN, instance_id=self.instance_id, joy=0, button=self.B)
        self.axis(0, float(sx))
        self.axis(1, float(sy))
        self.step(max(1, min(30, int(distance / 8))))
        self.axis(0, 0.0)
        self.axis(1, 0.0)
        post(pygame.JOYBUTTONUP, instance_id=self.instance_id, joy=0, button=self.B)
        self.step()

    def move_pointer(self, target: tuple[int, int]) -> None:
        # Aim, let go, and look again, as a player does. Once, in a whole-suite run on a busy
        # machine, the pointer ended a pixel off after the stick was let go (the cause is not
        # pinned down; alone the test never showed it): a player would simply aim again.
        for _attempt in range(3):
            for _ in range(900):
                x, y = self.app.input.pointer
                dx, dy = target[0] - x, target[1] - y
                if (dx, dy) == (0, 0):
                    break
                self.axis(0, _deflection(dx))
                self.axis(1, _deflection(dy))
                self.step()
            self.axis(0, 0.0)
            self.axis(1, 0.0)
            self.step()
            if self.app.input.pointer == target:
                return
        assert self.app.input.pointer == target, (self.app.input.pointer, target)

    def press(self) -> None:
        self.button(self.A)

    def confirm(self) -> None:
        self.button(self.A)  # fire answers a dialog with its default

    def set_number(self, value: int) -> None:
        prompt = self.number_prompt()
        for _ in range(200):
            if prompt.value == value:
                break
            self.flick(1, 1.0 if prompt.value > value else -1.0)  # stick down takes one
        assert prompt.value == value
        self.confirm()

    def menu(self, title: str, label: str) -> None:
        index, item = self.menu_place(title, label)
        self.button(self.START)
        bar = self.scene.menubar
        for _ in range(index):
            self.hat(1, 0)
        while bar.highlight != item:
            self.hat(0, -1)  # hats count up as +1: down is -1
        self.button(self.A)

    def end_turn(self) -> None:
        self.button(self.BACK)

    def type_on_keyboard(self, text: str) -> None:
        """Enter `text` on the open on-screen keyboard with the d-pad and A, then DONE."""
        from game.scenes.dialogs.boxes import TextEntryScene

        top = self.app.scenes.top
        assert isinstance(top, TextEntryScene), top
        osk = top.keyboard
        self.walk_keyboard(osk, "CLEAR")
        self.button(self.A)
        for char in text:
            if char == " ":
                self.walk_keyboard(osk, "SPACE")
                self.button(self.A)
                continue
            layer, letter = osk.key_for(char)
            for _ in range(3):  # SHIFT steps through the three layers
                if osk.layer == layer:
                    break
                self.walk_keyboard(osk, "SHIFT")
                self.button(self.A)
            self.walk_keyboard(osk, letter)
            self.button(self.A)
        assert osk.text == text, osk.text
        self.walk_keyboard(osk, "DONE")
        self.button(self.A)
        assert self.app.scenes.top is not top

    def walk_keyboard(self, osk: Any, key: str) -> None:
        """Move the keyboard's focus to `key` with the d-pad (rows first, then columns)."""
        target = next((r, c) for r, line in enumerate(osk.keys)
                      for c, (k, _) in enumerate(line) if k == key)
        for _ in range(40):
            if osk.row == target[0]:
                break
            self.hat(0, -1 if osk.row < target[0] else 1)
        for _ in range(40):
            if osk.col == target[1]:
                break
            self.hat(1 if osk.col < target[1] else -1, 0)
        assert (osk.row, osk.col) == target

    def save(self) -> None:
        """FILE > Save Game; A on the name opens the on-screen keyboard to type one."""
        self.menu("FILE", "Save Game")
        self.step()
        self.button(self.A)
        self.type_on_keyboard("Pad1")
        self.confirm()
        self.step()

    def resume(self, name: str) -> None:
        self.menu("FILE", "Resume Game")
        self.step()
        top = self.app.scenes.top
        for _ in range(len(top.saves)):
            if top.chosen_name == name:
                break
            self.flick(1, 1.0)  # the stick walks down the list of saves
        assert top.chosen_name == name
        self.confirm()
        self.step(2)


def _deflection(distance: int) -> float:
    if distance == 0:
        return 0.0
    size = min(1.0, 0.4 + abs(distance) / 60)
    return size if distance > 0 else -size


class MouseDriver(DeviceDriver):
    """MOUSEMOTION, MOUSEBUTTONDOWN and MOUSEBUTTONUP only."""

    name = "mouse"

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.step()

    def scroll_towards(self, sx: int, sy: int, distance: float) -> None:
        amount = int(min(distance, 150))
        start = (256, 190)
        end = (start[0] - sx * amount, start[1] - sy * amount)  # grab the map and pull it
        post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=3)
        self.step()
        post(pygame.MOUSEMOTION, pos=end, rel=(end[0] - start[0], end[1] - start[1]),
             buttons=(0, 0, 1))
        self.step()
        post(pygame.MOUSEBUTTONUP, pos=end, button=3)
        self.step()

    def move_pointer(self, target: tuple[int, int]) -> None:
        post(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))
        self.step()

    def press(self) -> None:
        self.click(self.app.input.pointer)

    def confirm(self) -> None:
        self.click(self.app.scenes.top.dialog.default.rect.center)

    def set_number(self, value: int) -> None:
        prompt = self.number_prompt()
        for _ in range(200):
            if prompt.value == value:
                break
            rect = prompt.down_rect if prompt.value > value else prompt.up_rect
            self.click(rect.center)
        assert prompt.value == value
        self.confirm()

    def menu(self, title: str, label: str) -> None:
        index, item = self.menu_place(title, label)
        bar = self.scene.menubar
        self.click(bar.title_rects[index].center)
        self.click(bar.item_rects(index)[item].center)

    def end_turn(self) -> None:
        self.menu("PLAY", "End Turn")

    def resume(self, name: str) -> None:
        self.menu("FILE", "Resume Game")
        self.step()
        top = self.app.scenes.top
        row = next(i for i, s in enumerate(top.saves) if s.name == name)
        lst = top.list
        self.click((lst.rect.x + 20, lst.rect.y + 2 + (row - lst.top) * 11 + 5))
        assert top.chosen_name == name
        if self.app.scenes.top is top:  # a click on the row already chosen loads it at once
            self.confirm()
        self.step(2)


class ControllerDriver(PadDriver):
    """A pad SDL knows, through the game-controller layer: CONTROLLERDEVICEADDED,
    CONTROLLERBUTTONDOWN/UP and CONTROLLERAXISMOTION only (buttons by meaning, the d-pad as
    buttons), as SDL sends them for Xbox, PlayStation, Switch and generic pads alike."""

    name = "controller"
    A = pygame.CONTROLLER_BUTTON_A
    B = pygame.CONTROLLER_BUTTON_B
    X = pygame.CONTROLLER_BUTTON_X
    Y = pygame.CONTROLLER_BUTTON_Y
    LB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER
    RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
    BACK = pygame.CONTROLLER_BUTTON_BACK
    START = pygame.CONTROLLER_BUTTON_START
    DPAD = {(0, 1): pygame.CONTROLLER_BUTTON_DPAD_UP, (0, -1): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
            (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            (1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT}

    def plug_in(self, instance_id: int = PAD_ID) -> None:
        self.instance_id = instance_id
        post(pygame.CONTROLLERDEVICEADDED, device_index=0, instance_id=instance_id)
        self.step()

    def unplug(self) -> None:
        post(pygame.CONTROLLERDEVICEREMOVED, instance_id=self.instance_id)
        self.step()

    def button(self, number: int) -> None:
        post(pygame.CONTROLLERBUTTONDOWN, instance_id=self.instance_id, button=number)
        post(pygame.CONTROLLERBUTTONUP, instance_id=self.instance_id, button=number)
        self.step()

    def axis(self, axis: int, value: float) -> None:
        post(pygame.CONTROLLERAXISMOTION, instance_id=self.instance_id, axis=axis,
             value=int(max(-1.0, min(1.0, value)) * 32767))

    def hat(self, x: int, y: int) -> None:
        """One d-pad press (up is (0, 1), as a hat counts)."""
        button = self.DPAD[(x, y)]
        post(pygame.CONTROLLERBUTTONDOWN, instance_id=self.instance_id, button=button)
        self.step()
        post(pygame.CONTROLLERBUTTONUP, instance_id=self.instance_id, button=button)
        self.step()

    def free_move(self) -> None:
        self.button(self.X)

    def scroll_towards(self, sx: int, sy: int, distance: float) -> None:
        """The right stick scrolls the map."""
        self.axis(2, float(sx))
        self.axis(3, float(sy))
        self.step(max(1, min(30, int(distance / 8))))
        self.axis(2, 0.0)
        self.axis(3, 0.0)
        self.step()
