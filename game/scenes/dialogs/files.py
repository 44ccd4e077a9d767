"""FILE > Save Game and FILE > Resume Game (manual p.35, and the ZJZ dated names of seed 001).

Save: a name (default RISKFILE), a 'new dated name' button (RG + MMDDYY + a number), the list
of saves to pick one to overwrite (asked first). Resume: the list with each save's summary and
date, damaged files listed with their error. Both list every save of the folder, however many
(game/savelist.py): the autosave first, then newest first, how many said above the list; a save
is loaded only when its row is shown; the folder they are in is named beside (an installed game
keeps them in the player's data folder, which a player would not guess). A refused name, a disk
error or a bad file is shown in a dialog and nothing else changes: the game in play is never
lost.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.audio import Sfx
from game.resources import saves_dir, shown_path
from game.input import Command, CommandEvent, Device
from game.savegame import (
    AUTOSAVE_NAME,
    DEFAULT_NAME,
    LoadedSave,
    SaveFormatError,
    SaveInfo,
    is_reserved_name,
    is_valid_name,
    load_game,
    save_game,
    save_path,
    suggest_name,
)
from game.savelist import SaveEntry, count_text, scan_saves
from game.scenes.dialogs.boxes import ConfirmDialogScene, DialogScene, MessageDialogScene
from game.scenes.dialogs.overlay import centred_rect
from game.ui import palette
from game.ui.dialog import Dialog
from game.ui.listbox import ListBox
from game.ui.widgets import Button, Label, TextBox

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game
    from game.ui.font import BitmapFont

BAD_NAME = ("A save name is 1 to 32 letters, digits, spaces, dots, dashes or underscores, "
            "starting with a letter or digit.")
SIZE = (420, 250)


def format_saved_at(stamp: str) -> str:
    """'2024-05-01T12:30:00' as '01 May 2024 12:30'; anything else as it is."""
    try:
        return datetime.fromisoformat(stamp).strftime("%d %b %Y %H:%M")
    except ValueError:
        return stamp


def fit_from_the_left(font: BitmapFont, text: str, width: int, prefix: str = "") -> str:
    """`prefix` and `text`, the text cut from its start ('in ...share/Conquest') until the whole
    fits `width`: a folder's end is the part that tells it apart. (Measured whole: the font's
    spacing between the two parts counts too.)"""
    if font.width(prefix + text) <= width:
        return prefix + text
    while text and font.width(prefix + "..." + text) > width:
        text = text[1:]
    return prefix + "..." + text


def describe(info: SaveInfo | SaveEntry) -> str:
    """One list row: name, date and summary, or the damage (a SaveEntry is loaded for it)."""
    name = "autosave (automatic)" if info.name == AUTOSAVE_NAME else info.name
    if info.error:
        return f"{name}  -  DAMAGED"
    return f"{name}  -  {format_saved_at(info.saved_at)}  -  {info.summary}"


def describe_unloaded(entry: SaveEntry) -> str:
    """A row not shown yet: its name and the file's date (loaded when it comes into view)."""
    name = "autosave (automatic)" if entry.name == AUTOSAVE_NAME else entry.name
    return f"{name}  -  {entry.modified_text}"


class _FileScene(DialogScene):
    """The shared window: a name box, the list of saves, a detail line and two buttons."""

    def __init__(self, app: SceneContext, title: str, action: str, default_name: str,
                 directory: Path | None) -> None:
        super().__init__(app)
        fonts = app.fonts
        self.directory = directory
        rect = centred_rect(*SIZE)
        self.rect = rect
        x = rect.x + 10
        self.saves: list[SaveEntry] = self.listed(scan_saves(directory))
        self._described: set[int] = set()  # rows showing what their save holds
        self.name = TextBox(fonts, (x + 50, rect.y + 22, 180, 14), default_name, max_length=32)
        self._untouched = True
        self.list = ListBox(fonts, (x, rect.y + 58, rect.width - 20, 134),
                            [describe_unloaded(s) for s in self.saves]
                            or ["(no saved games yet)"],
                            on_select=self._picked, on_activate=self._activated)
        if not self.saves:
            self.list.selected = None
        self.detail = Label(fonts, (x, rect.y + 196, rect.width - 20, 22), "",
                            colour=palette.SHADOW)
        self.go = Button(fonts, (rect.right - 74, rect.bottom - 24, 64, 15), action, self.submit,
                         is_default=True, bold=True)
        self.cancel = Button(fonts, (rect.right - 146, rect.bottom - 24, 64, 15), "CANCEL",
                             self.close)
        count = count_text(self.saves)
        count_width = fonts.bold.width(count) + 4
        folder_width = rect.width - 20 - count_width - 12
        folder = fit_from_the_left(fonts.body, shown_path(directory or saves_dir()),
                                   folder_width, prefix="in ")
        self.folder = Label(fonts, (rect.right - 10 - folder_width, rect.y + 46, folder_width, 10),
                            folder, colour=palette.SHADOW, align="right")
        self.widgets = [Label(fonts, (x, rect.y + 25, 48, 10), "Name:", bold=True), self.name,
                        Label(fonts, (x, rect.y + 46, count_width, 10), count, bold=True),
                        self.folder, self.list, self.detail, self.cancel, self.go]
        self.form = Dialog(fonts, rect, title, self.widgets, default=self.go, cancel=self.cancel)
        self.dialog = self.form
        self.form.focus(self.name)
        self._follow_name()
        self.load_shown_rows()

    def listed(self, saves: list[SaveEntry]) -> list[SaveEntry]:
        """The saves the list offers (all of them; Save leaves out the autosave)."""
        return saves

    def load_shown_rows(self) -> None:
        """Load the saves whose rows are in view now (each once), so their rows say what they
        hold: at most a page of loads as the list is opened or paged through."""
        if not self.saves:
            return
        first = self.list.top
        for index in range(first, min(first + self.list.visible_rows, len(self.saves))):
            if index not in self._described:
                self._described.add(index)
                self.list.items[index] = describe(self.saves[index])

    # -- the name and the list ---------------------------------------------------------------
    @property
    def chosen_name(self) -> str:
        return self.name.text.strip()

    def set_name(self, name: str) -> None:
        self.name.text = name[: self.name.max_length]
        self.name.cursor = len(self.name.text)
        self._untouched = True
        self._follow_name()

    def _follow_name(self) -> None:
        """Highlight the save the name box names, or none: the row shown is the file used."""
        wanted = self.chosen_name.casefold()
        match = next((i for i, s in enumerate(self.saves) if s.name.casefold() == wanted), None)
        self.list.selected = match
        if match is not None:
            if match < self.list.top:
                self.list.top = match
            elif match >= self.list.top + self.list.visible_rows:
                self.list.top = match - self.list.visible_rows + 1
        self._show_detail()

    def _picked(self, index: int) -> None:
        if index < len(self.saves):
            self.set_name(self.saves[index].name)
        self._show_detail()

    def _activated(self, index: int) -> None:
        self._picked(index)
        self.submit()

    def _show_detail(self) -> None:
        index = self.list.selected
        info = self.saves[index] if index is not None and index < len(self.saves) else None
        if info is not None and info.error:
            self.detail.text, self.detail.colour = info.error, palette.ALERT_RED
        else:
            self.detail.text, self.detail.colour = self.hint(), palette.SHADOW

    def hint(self) -> str:
        return ""

    def refuse(self, title: str, text: str) -> None:
        self.app.play(Sfx.REFUSAL)
        self.app.scenes.push(MessageDialogScene(self.app, title, text, width=340))

    def submit(self) -> None:
        raise NotImplementedError

    # -- input ------------------------------------------------------------------------------
    def handle(self, command: CommandEvent) -> None:
        kind = command.kind
        if kind in (Command.UP, Command.DOWN, Command.PAGE_UP, Command.PAGE_DOWN) \
                and self.form.focused is self.name:
            self.list.handle(command)  # the list answers the arrows while typing a name
            if command.device is Device.PAD and self.saves:
                self.form.focus(self.list)  # a pad has no typing to go on with: A takes the row
            return
        if self.form.focused is self.name:
            if kind is Command.TEXT and self._untouched:
                self.name.text, self.name.cursor = "", 0  # typing replaces the offered name
            if kind in (Command.TEXT, Command.BACKSPACE, Command.DELETE, Command.LEFT,
                        Command.RIGHT):
                self._untouched = False
        before = self.name.text
        super().handle(command)
        if self.name.text != before:
            self._follow_name()

    def draw(self, surface: pygame.Surface) -> None:
        self.load_shown_rows()
        super().draw(surface)


class SaveGameScene(_FileScene):
    """Save the game under a name; `on_saved(name)` after the file is written."""

    def __init__(self, app: SceneContext, game: Game, options: dict[str, Any],
                 on_saved: Callable[[str], None], *, default_name: str | None = None,
                 directory: Path | None = None) -> None:
        # The name the game was saved or loaded as comes back, never the game's own files'
        # (a game loaded from the autosave offered "autosave", which SAVE then refused).
        if not default_name or is_reserved_name(default_name):
            default_name = DEFAULT_NAME
        super().__init__(app, "SAVE GAME", "SAVE", default_name, directory)
        self.game = game
        self.options = options
        self.on_saved = on_saved
        fonts = app.fonts
        self.dated = Button(fonts, (self.rect.x + 246, self.rect.y + 21, 110, 15),
                            "New dated name", self.new_dated_name)
        self.form.widgets.insert(2, self.dated)
        self.list.on_activate = self._picked  # choosing a row fills the name; SAVE saves

    def listed(self, saves: list[SaveEntry]) -> list[SaveEntry]:
        # The autosave is the game's own: it is never offered as a file to write over.
        return [s for s in saves if s.name.casefold() != AUTOSAVE_NAME]

    def hint(self) -> str:
        return "Pick a save to overwrite it, or type a new name."

    def new_dated_name(self) -> None:
        """The ZJZ style: RG + MMDDYY + the number of today's saves (RG050124.002)."""
        self.set_name(suggest_name(self.directory))
        self.form.focus(self.name)

    def submit(self) -> None:
        name = self.chosen_name
        if not is_valid_name(name):
            self.refuse("BAD NAME", f"'{name}' cannot be used. {BAD_NAME}")
            return
        if is_reserved_name(name):
            self.refuse("BAD NAME", f"'{name}' is the name of one of the game's own files "
                        "(the automatic save or the settings). Choose another name.")
            return
        path = save_path(name, self.directory)
        if path.exists():
            self.app.scenes.push(ConfirmDialogScene(
                self.app, "OVERWRITE", f"A game is saved as {name} already. Replace it with "
                "this one?", lambda: self.write(name), yes="Replace", no="Keep"))
            return
        self.write(name)

    def write(self, name: str) -> None:
        try:
            save_game(self.game, name, self.directory, self.options)
        except (OSError, SaveFormatError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            self.refuse("CANNOT SAVE", f"The game could not be saved as {name}: {reason}.")
            return
        self.app.play(Sfx.CLICK)
        self.close()
        self.on_saved(name)  # the play screen says "Game saved as NAME." in its messages


class ResumeGameScene(_FileScene):
    """Load a saved game; `on_loaded(loaded)` with the checked game and its options.

    The save offered first is the one the game on screen was saved or loaded as (`current`),
    else RISKFILE, else the newest of the player's saves; the autosave only when it is the
    one file there. The autosave, rewritten after every move, is always the newest file:
    offered first, a second load (Return, A) silently brought it back instead of the save
    the player had chosen before.
    """

    def __init__(self, app: SceneContext, on_loaded: Callable[[LoadedSave], None], *,
                 directory: Path | None = None, current: str | None = None) -> None:
        super().__init__(app, "RESUME GAME", "LOAD", DEFAULT_NAME, directory)
        self.on_loaded = on_loaded
        self.set_name(self.first_offer(current))
        self.load_shown_rows()
        if self.saves and app.input.last_device is Device.PAD:
            # A pad picks from the list: its first A loads the save offered (on the name box
            # it opened the on-screen keyboard instead); up from the list reaches the name.
            self.form.focus(self.list)

    def first_offer(self, current: str | None) -> str:
        """The name the dialog opens with (see the class)."""
        names = [s.name for s in self.saves]
        players = [n for n in names if not is_reserved_name(n)]
        for wanted in (current, DEFAULT_NAME):
            if wanted in players:
                return wanted
        if players:
            return players[0]  # the list is newest first after the autosave
        return names[0] if names else DEFAULT_NAME

    def hint(self) -> str:
        return "Pick a saved game, or type its name. Every setting comes back with it."

    def submit(self) -> None:
        name = self.chosen_name
        listed = next((s for s in self.saves if s.name == name), None)
        if listed is not None and listed.error:
            self.refuse("CANNOT LOAD", listed.error)
            return
        try:
            path = save_path(name, self.directory)
        except SaveFormatError:
            self.refuse("BAD NAME", f"'{name}' cannot be a save name. {BAD_NAME}")
            return
        if not os.path.lexists(path):
            self.refuse("NOT FOUND", f"There is no saved game called {name}.")
            return
        try:
            loaded = load_game(path)
        except SaveFormatError as exc:
            self.refuse("CANNOT LOAD", str(exc))
            return
        self.app.play(Sfx.CLICK)
        self.close()
        self.on_loaded(loaded)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.saves:
            self.app.fonts.body.draw(surface, "Nothing has been saved in this folder yet.",
                                     (self.list.rect.centerx, self.list.rect.centery + 10),
                                     palette.DIM_TEXT, align="center")
