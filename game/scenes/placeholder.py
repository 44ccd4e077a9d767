"""A stand-in main screen until the game scenes arrive: the real menu bar, options that work,
the message area, and sample dialogs (save name and list, army-limit prompt, help).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent
from game.scenes.base import Scene
from game.scenes.title import CreditsScene, draw_sea_backdrop
from game.settings import FAST_GAME_LEVELS
from game.ui import palette
from game.ui.menubar import Menu, MenuBar, MenuItem, separator
from game.ui.messages import MessageArea
from game.ui.panels import TextPanel
from game.ui.widgets import Button, Dialog, Label, ListBox, NumberPrompt, TextBox

if TYPE_CHECKING:
    from game.app import App

SAVES_DIR = Path(__file__).resolve().parent.parent.parent / "saves"
HELP_TEXT = """# Pointer and selection
Mouse: move, left button presses; right button held and moved scrolls the map.
Keyboard: cursor keys move the pointer (F3 slowest to F10 fastest); Return, Space or keypad 5 press; Shift + cursor keys (or Num Lock + keypad) scroll the map.
Joystick: stick or d-pad move, A presses, B held with the stick scrolls the map, Back cancels, Start opens the menu.
# Commands
ESC  cancel, or end your turn
N  new attack      R  repeat attack
C  show cards      F  free move
M  open the menu bar (then the cursor keys)
F1  this help      F2  continents
F11 or Alt+Return  fullscreen
Page Up / Page Down  message history
# Hurry
Hold any key or button during a computer's turn to hurry it; any key skips an animation."""


class PlaceholderScene(Scene):
    """Shows that the frame works; the scene engineers replace it with the game screens."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        fonts = app.fonts
        self.messages = MessageArea(fonts)
        self.menubar = MenuBar(fonts, self.build_menus(), right_text="CONQUEST",
                               on_choose=lambda item: app.play(Sfx.CLICK),
                               on_refuse=lambda item: self.refuse())

    @property
    def wants_navigation(self) -> bool:  # type: ignore[override]
        return self.menubar.is_open

    def enter(self) -> None:
        for notice in self.app.take_notices():
            self.messages.add(notice, palette.AMBER)
        self.messages.add("Welcome to Conquest. The game screens arrive soon.")

    def refuse(self) -> None:
        self.app.play(Sfx.REFUSAL)
        self.messages.add("That is not possible yet.", palette.AMBER)

    def build_menus(self) -> list[Menu]:
        """The six menus of the manual; game actions stay dimmed until there is a game."""
        app = self.app
        s = lambda: app.settings  # noqa: E731 - read fresh each time the menu is drawn

        def toggle(name: str, label: str) -> Callable[[], None]:
            def act() -> None:
                value = not getattr(app.settings, name)
                app.change_settings(**{name: value})
                self.messages.add(f"{label} {'on' if value else 'off'}.")
            return act

        def fast(level: str) -> Callable[[], None]:
            def act() -> None:
                app.change_settings(fast_game=level)
                self.messages.add(f"Fast game: {level.capitalize()}.")
            return act

        def map_scroll(mode: str) -> Callable[[], None]:
            def act() -> None:
                app.change_settings(map_scroll=mode)
                self.messages.add(f"Map scroll: {mode}.")
            return act

        def fullscreen() -> None:
            app.toggle_fullscreen()

        nothing = None
        return [
            Menu("RISK", [
                MenuItem("About Conquest", self.about),
                MenuItem("Help", self.help, hotkey="F1", command=Command.HELP),
                separator(),
                MenuItem("Quit", app.quit),
            ]),
            Menu("FILE", [
                MenuItem("New Game", nothing, enabled=False),
                MenuItem("Resume Game", nothing, enabled=False),
                MenuItem("Save Game...", self.save_dialog),
                separator(),
                MenuItem("Shutdown", app.quit),
            ]),
            Menu("PLAY", [
                MenuItem("New Attack", nothing, hotkey="N", command=Command.NEW_ATTACK),
                MenuItem("Repeat Attack", nothing, hotkey="R", command=Command.REPEAT_ATTACK),
                MenuItem("Continuous Attack", nothing, checked=False),
                MenuItem("Do Or Die Attack", nothing, checked=False),
                separator(),
                MenuItem("Show Cards", nothing, hotkey="C", command=Command.SHOW_CARDS),
                MenuItem("Free Move", nothing, hotkey="F", command=Command.FREE_MOVE),
                MenuItem("End Turn", nothing, hotkey="ESC"),
            ]),
            Menu("INFO", [
                MenuItem("Battles", nothing),
                MenuItem("Territories", nothing),
                MenuItem("Cards", nothing),
                MenuItem("Full Map", nothing),
                separator(),
                MenuItem("Help", self.help, hotkey="F1"),
                MenuItem("Continents", nothing, hotkey="F2", command=Command.CONTINENTS),
            ]),
            Menu("VARIANTS", [
                MenuItem("Low Exchange Rate", nothing, checked=False),
                MenuItem("Supply Lines", nothing, checked=False),
                MenuItem("Army Limit...", self.army_limit_dialog),
                MenuItem("Attack Advantage", nothing, checked=False),
                MenuItem("Computer Advantage", nothing, checked=False),
            ]),
            Menu("OPTIONS", [
                MenuItem("Sound", toggle("sound", "Sound"), checked=lambda: s().sound),
                *[MenuItem(f"Fast Game: {level.capitalize()}", fast(level),
                           checked=lambda level=level: s().fast_game == level)
                  for level in FAST_GAME_LEVELS],
                MenuItem("Automatic Dice", toggle("automatic_dice", "Automatic dice"),
                         checked=lambda: s().automatic_dice),
                separator(),
                MenuItem("Map Scroll: Scroll", map_scroll("scroll"),
                         checked=lambda: s().map_scroll == "scroll"),
                MenuItem("Map Scroll: Jump", map_scroll("jump"),
                         checked=lambda: s().map_scroll == "jump"),
                MenuItem("Map Direction Reversed", toggle("map_reversed", "Reversed map direction"),
                         checked=lambda: s().map_reversed),
                MenuItem("Colour-blind Patterns", toggle("colour_blind", "Colour-blind patterns"),
                         checked=lambda: s().colour_blind),
                MenuItem("Fullscreen", fullscreen, hotkey="F11", checked=lambda: s().fullscreen),
                separator(),
                MenuItem("Change Sides", nothing),
                MenuItem("Cheat", nothing),
            ]),
        ]

    # -- menu actions ----------------------------------------------------------------------
    def about(self) -> None:
        self.app.scenes.push(CreditsScene(self.app))

    def help(self) -> None:
        self.app.scenes.push(HelpScene(self.app))

    def save_dialog(self) -> None:
        self.app.scenes.push(SaveDialogScene(self.app, self.messages))

    def army_limit_dialog(self) -> None:
        def done(value: int | None) -> None:
            if value is not None:
                self.messages.add(f"Army limit would be {value} armies a territory.")
        self.app.scenes.push(NumberDialogScene(self.app, "ARMY LIMIT", "Armies a territory may hold",
                                               5, 750, 12, done))

    # -- frame -----------------------------------------------------------------------------
    def handle(self, command: CommandEvent) -> None:
        if self.menubar.handle(command):
            return
        if self.messages.handle(command):
            return
        if command.kind is Command.POINTER_SPEED:
            self.messages.add(f"Pointer speed {command.value + 1} of 8.")
        elif command.kind is Command.PAD_ADDED:
            self.messages.add("Joystick connected.")
        elif command.kind is Command.PAD_REMOVED:
            self.messages.add("Joystick unplugged: play on with any device.")
        elif command.kind is Command.PRESS and command.pos[1] >= 12:
            self.app.play(Sfx.CLICK)

    def update(self, dt: float) -> None:
        x, y = self.app.input.pointer
        self.messages.status = f"Pointer: {x}, {y}"

    def draw(self, surface: pygame.Surface) -> None:
        draw_sea_backdrop(surface)
        fonts = self.app.fonts
        w = surface.get_width()
        fonts.large.draw(surface, "The game screens arrive soon", (w // 2, 150), palette.GOLD,
                         align="center")
        fonts.body.draw(surface, "Try the menus with the pointer, or press M and the cursor keys.",
                        (w // 2, 186), palette.LIGHT, align="center")
        fonts.body.draw(surface, "OPTIONS are kept between runs.  F1 shows the keys.",
                        (w // 2, 198), palette.LIGHT, align="center")
        self.messages.draw(surface)
        self.menubar.draw(surface)


class DialogScene(Scene):
    """An overlay holding one `Dialog`; the scene below stays visible."""

    is_opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.dialog: Dialog | None = None

    @property
    def wants_text(self) -> bool:  # type: ignore[override]
        return self.dialog is not None and self.dialog.wants_text

    @property
    def wants_navigation(self) -> bool:  # type: ignore[override]
        return True

    def close(self) -> None:
        self.app.play(Sfx.CLICK)
        self.app.scenes.pop()

    def handle(self, command: CommandEvent) -> None:
        if self.dialog is not None:
            self.dialog.handle(command)

    def update(self, dt: float) -> None:
        if self.dialog is not None:
            self.dialog.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.dialog is not None:
            self.dialog.draw(surface)


class NumberDialogScene(DialogScene):
    """'How many?' with a default that Return accepts."""

    def __init__(self, app: App, title: str, question: str, minimum: int, maximum: int,
                 default: int, done: Callable[[int | None], None]) -> None:
        super().__init__(app)
        fonts = app.fonts
        rect = pygame.Rect(0, 0, 240, 92)
        rect.center = (320, 190)
        self.done = done
        body = pygame.Rect(rect.x + 10, rect.y + 20, rect.width - 20, rect.height - 24)
        self.prompt = NumberPrompt(fonts, (body.x, body.y + 20, 60, 16), minimum=minimum,
                                   maximum=maximum, default=default, on_accept=self._accept)
        ok = Button(fonts, (rect.right - 66, rect.bottom - 22, 56, 15), "OK",
                    self.prompt.accept, is_default=True)
        cancel = Button(fonts, (rect.right - 130, rect.bottom - 22, 56, 15), "CANCEL", self._cancel)
        widgets = [Label(fonts, (body.x, body.y, body.width, 10), question),
                   Label(fonts, (body.x + 68, body.y + 24, 120, 10),
                         f"{minimum} to {maximum}, Return = {default}", colour=palette.DARK),
                   self.prompt, cancel, ok]
        self.dialog = Dialog(fonts, rect, title, widgets, default=ok, cancel=cancel)
        self.dialog.focus(self.prompt)

    def _accept(self, value: int) -> None:
        self.done(value)
        self.close()

    def _cancel(self) -> None:
        self.done(None)
        self.close()


class SaveDialogScene(DialogScene):
    """The shape of FILE > Save Game: a name box (default RISKFILE) and the existing saves."""

    def __init__(self, app: App, messages: MessageArea) -> None:
        super().__init__(app)
        fonts = app.fonts
        self.messages = messages
        rect = pygame.Rect(170, 80, 300, 200)
        saves = sorted(p.stem for p in SAVES_DIR.glob("*.json") if p.stem != "settings")
        self.name = TextBox(fonts, (rect.x + 60, rect.y + 22, 150, 14), "RISKFILE", max_length=20)
        self.files = ListBox(fonts, (rect.x + 10, rect.y + 56, rect.width - 20, 102),
                             saves or ["(no saved games yet)"],
                             on_select=lambda i: self._pick(saves, i))
        ok = Button(fonts, (rect.right - 70, rect.bottom - 24, 60, 15), "SAVE", self._save,
                    is_default=True)
        cancel = Button(fonts, (rect.right - 140, rect.bottom - 24, 60, 15), "CANCEL", self.close)
        widgets = [Label(fonts, (rect.x + 10, rect.y + 25, 50, 10), "Name:", bold=True),
                   self.name,
                   Label(fonts, (rect.x + 10, rect.y + 44, 200, 10), "Saved games", bold=True),
                   self.files,
                   Label(fonts, (rect.x + 10, rect.bottom - 20, 140, 10),
                         "Type a name, or pick one.", colour=palette.DARK),
                   cancel, ok]
        self.dialog = Dialog(fonts, rect, "SAVE GAME", widgets, default=ok, cancel=cancel)
        self.dialog.focus(self.name)

    def _pick(self, saves: list[str], index: int) -> None:
        if index < len(saves):
            self.name.text = saves[index]
            self.name.cursor = len(self.name.text)

    def _save(self) -> None:
        self.messages.add(f"There is no game to save as {self.name.text} yet.", palette.AMBER)
        self.close()


class HelpScene(Scene):
    """F1: the commands and keys in a scrolling panel."""

    is_opaque = False
    wants_navigation = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        fonts = app.fonts
        rect = pygame.Rect(80, 40, 480, 300)
        self.panel = TextPanel(fonts, (rect.x + 6, rect.y + 18, rect.width - 12, rect.height - 46),
                               HELP_TEXT)
        ok = Button(fonts, (rect.right - 70, rect.bottom - 22, 60, 15), "OK", app.scenes.pop,
                    is_default=True)
        self.dialog = Dialog(fonts, rect, "HELP", [self.panel, ok], default=ok, cancel=ok)

    def handle(self, command: CommandEvent) -> None:
        if command.kind is Command.HELP:
            self.app.scenes.pop()
        elif not self.panel.handle(command):
            self.dialog.handle(command)

    def update(self, dt: float) -> None:
        self.dialog.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.dialog.draw(surface)
