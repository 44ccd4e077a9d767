"""FILE > New Game: players, names, colours, levels and the game type, in one window.

The manual asks these one at a time; one window shows every answer at once and keeps each
default a Return away. One focus moves with the arrows, d-pad or stick; Return, Space or pad A
press it; digits set the number of players (or of HQs when that row has the focus); a name
box opens the on-screen keyboard for a pad or a click. The attack mode (single, continuous,
do-or-die) is chosen here and kept for the game; the neutral player's rules (US or UK, from
the game type's cards) are named beside the neutral question. OK asks the engine to build
the GameConfig (it refuses impossible set-ups with a readable message), starts the game,
shows the missions in a UK short game, and opens the play screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.audio import Sfx
from game.engine import Game, GameConfig, PlayerSpec, StateError, Variants
from game.engine.config import COLOURS, LEVELS
from game.input import Command, CommandEvent, Device
from game.scenes.base import Scene
from game.scenes.setup.design import DesignOptions, DesignScene
from game.scenes.dialogs.boxes import ConfirmDialogScene, MessageDialogScene, TextEntryScene
from game.scenes.setup.launch import chosen_seed, open_game
from game.scenes.setup.draw import backdrop, draw_setup, picker_rects, setup_hint
from game.scenes.setup.picker import handle_picker, pick_colour
from game.scenes.setup.offers import (
    ATTACK_MODES,
    DEFAULT_GAME_TYPE,
    DEFAULT_LEVELS,
    DEFAULT_NAMES,
    DEFAULT_PLAYERS,
    DIALOG_RECT,
    GAME_TYPES,
    LEVEL_X,
    NAME_LENGTH,
    NEUTRAL_REMINDER,
    ROW_STEP,
    ROW_Y0,
    SWATCH_W,
    preset_option,
    recall_answers,
)
from game.ui import palette
from game.ui.choices import ChoiceRow
from game.ui.menubar import Menu, MenuBar, MenuItem, separator
from game.ui.dialog import Dialog
from game.ui.widgets import Button, Label, TextBox, Widget

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.savegame import LoadedSave


class SetupScene(Scene):
    """The NEW GAME window of the setup mock-up; `on_cancel` (default: the title) for CANCEL."""

    def __init__(self, app: SceneContext, on_cancel: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.on_cancel = on_cancel
        self.background: pygame.Surface | None = None
        self.picker: int | None = None  # the player whose colour list is open
        self.started: Game | None = None
        self.menubar = MenuBar(app.fonts, self._menus(), right_text="NEW GAME",
                               on_choose=lambda item: app.play(Sfx.CLICK),
                               on_refuse=lambda item: app.play(Sfx.REFUSAL))
        self._default_answers()
        self._build()
        self.reset()
        self.recall(app.settings.last_setup)

    # -- state -----------------------------------------------------------------------------
    def _default_answers(self) -> None:
        self.count = DEFAULT_PLAYERS
        self.colours = list(COLOURS)
        self.levels = list(DEFAULT_LEVELS)
        self.game_type = DEFAULT_GAME_TYPE
        self.design = DesignOptions()
        self.neutral = True
        self.hq_to_win: int | None = None  # None: all of them
        self.attack_mode = "single"
        self.picker = None
        self.picker_cursor = 0

    def reset(self) -> None:
        """Every answer back to its default (ESC's 'start again')."""
        self._default_answers()
        for box, name in zip(self.names, DEFAULT_NAMES, strict=True):
            box.text = name
            box.cursor = len(name)
        self._untouched = set(range(len(DEFAULT_NAMES)))
        self.dialog.focus(self.names[0])
        self._sync()

    def remembered(self) -> dict[str, Any]:
        """The answers shown, as the settings file keeps them for the next set-up."""
        return {"count": self.count, "names": [box.text for box in self.names],
                "colours": list(self.colours), "levels": list(self.levels),
                "game_type": self.game_type, "design": asdict(self.design),
                "neutral": self.neutral, "hq_to_win": self.hq_to_win,
                "attack_mode": self.attack_mode}

    def recall(self, data: Mapping[str, Any]) -> None:
        """Show the answers of the last game set up; each answer that does not make sense
        (an old or edited settings file) keeps its default."""
        recall_answers(self, data)
        self._sync()

    @property
    def objective(self) -> str:
        """The objective of the chosen game, as the engine's preset defines it."""
        if self.game_type == "custom":
            return self.design.objective
        return preset_option(self.game_type, "objective")

    @property
    def flavour(self) -> str:
        """'us' or 'uk': the cards, and the neutral player's rules, of the chosen game."""
        if self.game_type == "custom":
            return self.design.flavour
        return preset_option(self.game_type, "flavour")

    @property
    def territory_selection(self) -> str:
        if self.game_type == "custom":
            return self.design.territory_selection
        return preset_option(self.game_type, "territory_selection")

    def players(self) -> tuple[PlayerSpec, ...]:
        specs = []
        for i in range(self.count):
            name = self.names[i].text.strip() or DEFAULT_NAMES[i]
            specs.append(PlayerSpec(name, self.colours[i], self.levels[i]))
        return tuple(specs)

    def build_config(self) -> GameConfig:
        """The GameConfig of the answers shown; raises StateError for an impossible set-up."""
        players = self.players()
        neutral = self.neutral and self.count == 2
        hq = None
        if self.objective == "headquarters":
            hq = min(self.hq_to_win or self.count, self.count)
        if self.game_type != "custom":
            return GameConfig.preset(self.game_type, players, neutral=neutral, hq_to_win=hq)
        d = self.design
        return GameConfig(
            players=players, game_type="custom", flavour=d.flavour,
            territory_selection="random" if neutral else d.territory_selection,
            set_values=d.set_values, objective=d.objective, special_setup=d.special_setup,
            armies_per_placement=d.armies_per_placement, two_player_armies=d.two_player_armies,
            neutral=neutral, hq_to_win=hq,
            variants=Variants(low_exchange_rate=d.low_exchange_rate, supply_lines=d.supply_lines,
                              army_limit=d.army_limit, attack_advantage=d.attack_advantage,
                              computer_advantage=d.computer_advantage))

    # -- widgets ---------------------------------------------------------------------------
    def _build(self) -> None:
        fonts = self.app.fonts
        d = DIALOG_RECT
        self.rows: list[ChoiceRow] = []
        self.count_row = ChoiceRow(
            fonts, "NUMBER OF PLAYERS", (d.x + 11, d.y + 22),
            [(str(n), n) for n in range(2, 7)], lambda: self.count, self._set_count,
            label_width=150, button_width=22, gap=8, height=15)
        self.names: list[TextBox] = []
        self.swatches: list[Button] = []
        self.level_rows: list[ChoiceRow] = []
        for i in range(len(DEFAULT_NAMES)):
            y = ROW_Y0 + i * ROW_STEP
            box = TextBox(fonts, (80, y, 116, 14), DEFAULT_NAMES[i], max_length=NAME_LENGTH,
                          on_focus=self._name_focused, on_keyboard=self._open_keyboard)
            self.names.append(box)
            swatch = Button(fonts, (210, y, SWATCH_W, 13), "", partial(self._open_picker, i))
            self.swatches.append(swatch)
            self.level_rows.append(ChoiceRow(
                fonts, "", (LEVEL_X[0], y), [(lv.capitalize(), lv) for lv in LEVELS],
                partial(self._level_of, i), partial(self._set_level, i),
                button_width=74, gap=6))
        self.type_row = ChoiceRow(
            fonts, "", (d.x + 11, 255), [(label, key) for label, key, _ in GAME_TYPES],
            lambda: self.game_type, self._set_game_type,
            button_width=[w for _, _, w in GAME_TYPES], gap=9, height=16)
        self.neutral_row = ChoiceRow(
            fonts, "NEUTRAL PLAYER", (d.x + 11, 318), [("Yes", True), ("No", False)],
            lambda: self.neutral, self._set_neutral, label_width=100, button_width=36, gap=6)
        self.hq_row = ChoiceRow(
            fonts, "HQS TO WIN", (d.x + 11, 318), [(str(n), n) for n in range(2, 7)],
            lambda: min(self.hq_to_win or self.count, self.count), self._set_hq,
            label_width=80, button_width=20, gap=5)
        self.attack_row = ChoiceRow(
            fonts, "ATTACK", (d.x + 314, d.y + 22), [(c, key) for c, key in ATTACK_MODES],
            lambda: self.attack_mode, partial(setattr, self, "attack_mode"), label_width=42,
            button_width=[44, 62, 54], gap=4, height=15)
        self.rows = [self.count_row, self.attack_row, *self.level_rows, self.type_row,
                     self.neutral_row, self.hq_row]
        self.ok = Button(fonts, (514, d.bottom - 29, 64, 17), "OK", self.confirm,
                         is_default=True, bold=True)
        self.cancel = Button(fonts, (434, d.bottom - 29, 63, 17), "CANCEL", self.leave)
        self.design_button = Button(fonts, (d.right - 92, 286, 80, 15), "Options...",
                                    self._open_design)
        widgets: list[Widget] = [*self.count_row.widgets, *self.attack_row.widgets]
        for i in range(len(DEFAULT_NAMES)):
            widgets += [self.names[i], self.swatches[i], *self.level_rows[i].widgets]
        widgets += [*self.type_row.widgets, self.design_button, *self.neutral_row.widgets,
                    *self.hq_row.widgets, self.cancel, self.ok]
        self.hint = Label(fonts, (d.x + 11, d.bottom - 24, 360, 10), "", colour=palette.SHADOW)
        widgets.append(self.hint)
        self.dialog = Dialog(fonts, d, "NEW GAME", widgets, default=self.ok, cancel=None)

    def _menus(self) -> list[Menu]:
        from game.scenes.info.help import ContinentsScene, HelpScene  # noqa: PLC0415 - cycle-free
        from game.scenes.menu_items import network_items  # noqa: PLC0415
        from game.scenes.info.credits import CreditsScene  # noqa: PLC0415

        app = self.app
        return [
            Menu("RISK", [MenuItem("About Conquest", lambda: app.scenes.push(CreditsScene(app))),
                          MenuItem("Help", lambda: app.scenes.push(HelpScene(app)), hotkey="F1",
                                   command=Command.HELP),
                          separator(), MenuItem("Quit", self._quit)]),
            Menu("FILE", [MenuItem("New Game", self.ask_start_over),
                          MenuItem("Resume Game...", self._resume),
                          *network_items(app),
                          separator(), MenuItem("Shutdown", self._quit)]),
            Menu("PLAY", [MenuItem("Start the game", self.confirm, hotkey="Return")]),
            Menu("INFO", [MenuItem("Help", lambda: app.scenes.push(HelpScene(app)), hotkey="F1"),
                          MenuItem("Continents", lambda: app.scenes.push(
                              ContinentsScene(app, None)), hotkey="F2",
                              command=Command.CONTINENTS)]),
            Menu("VARIANTS", [], enabled=False),
            Menu("OPTIONS", [MenuItem("Pad Buttons...", self._pad_buttons)]),
        ]

    # -- answers ---------------------------------------------------------------------------
    def _set_count(self, count: int) -> None:
        self.count = count
        if self.hq_to_win is not None and self.hq_to_win > count:
            self.hq_to_win = None
        focused = self.dialog.focused
        if focused in self.names and self.names.index(focused) >= count:
            self.dialog.focus(None)
        self._sync()

    def _level_of(self, index: int) -> str:
        return self.levels[index]

    def _set_level(self, index: int, level: str) -> None:
        self.levels[index] = level

    def _set_game_type(self, game_type: str) -> None:
        if game_type == "custom":
            # The type changes only when the design window is accepted: its Cancel leaves the
            # game type that was chosen before.
            if self.game_type != "custom":
                base = GameConfig.preset(self.game_type, self.players())
                self.design = DesignOptions.from_config(base)
            self._open_design()
            return
        self.game_type = game_type
        self._sync()

    def _set_neutral(self, neutral: bool) -> None:
        self.neutral = neutral

    def _set_hq(self, count: int) -> None:
        self.hq_to_win = None if count >= self.count else count

    def _open_design(self) -> None:
        def done(options: DesignOptions) -> None:
            self.design = options
            self.game_type = "custom"
            self._sync()

        self.app.scenes.push(DesignScene(self.app, self.design, done, on_cancel=self._sync))

    def _open_picker(self, index: int) -> None:
        self.picker = None if self.picker == index else index
        if self.picker is not None:
            self.picker_cursor = COLOURS.index(self.colours[index])

    def pick_colour(self, index: int, colour: str) -> None:
        """Give player `index` the colour; whoever had it takes theirs (each colour once)."""
        pick_colour(self, index, colour)

    def _name_focused(self, box: TextBox) -> None:
        self.picker = None

    def _open_keyboard(self, box: TextBox) -> None:
        """The on-screen keyboard for a player's name (pad A on the name, or a click)."""
        index = self.names.index(box)

        def done(text: str | None) -> None:
            if text is not None:
                box.set_text(text.strip() or box.text)
                self._untouched.discard(index)
            self.dialog.focus(box)

        self.app.scenes.push(TextEntryScene(self.app, f"NAME OF PLAYER {index + 1}", box.text,
                                            box.max_length, done,
                                            fresh=index in self._untouched))

    # -- flow ------------------------------------------------------------------------------
    def confirm(self) -> None:
        """OK: build the config, start the game, show missions if any, open the play screen."""
        try:
            config = self.build_config()
        except StateError as exc:
            self.app.play(Sfx.REFUSAL)
            self.app.scenes.push(MessageDialogScene(self.app, "CANNOT START", str(exc).capitalize()
                                                    + "."))
            return
        wanted_manual = self.territory_selection == "manual"
        if config.neutral and wanted_manual:
            self.app.scenes.push(MessageDialogScene(
                self.app, "NEUTRAL GAME", NEUTRAL_REMINDER + " Territories will be dealt at "
                "random.", on_ok=lambda: self.start(config)))
            return
        self.start(config)

    def start(self, config: GameConfig) -> None:
        """Create the game with its seed and go on to the missions or the play screen."""
        game = Game.new(config, chosen_seed(self.app))
        self.started = game
        self.app.change_settings(last_setup=self.remembered())
        self.app.play(Sfx.CLICK)
        if config.objective == "missions":
            from game.scenes.setup.missions import MissionRevealScene  # noqa: PLC0415

            def after_missions() -> None:
                open_game(self.app, game, self.play_options())

            self.app.scenes.push(MissionRevealScene(self.app, game, on_done=after_missions))
            return
        open_game(self.app, game, self.play_options())

    def play_options(self) -> dict[str, Any]:
        """What the play screen keeps besides the game: the attack mode chosen here."""
        return {"attack_mode": self.attack_mode}

    def ask_start_over(self) -> None:
        self.app.scenes.push(ConfirmDialogScene(
            self.app, "START AGAIN", "Forget these answers and start the set-up again?",
            self.reset, yes="Start again", no="Keep"))

    def leave(self) -> None:
        """CANCEL: back where the player came from (the title unless told otherwise)."""
        self.app.play(Sfx.CLICK)
        if self.on_cancel is not None:
            self.on_cancel()
            return
        self.app.scenes.replace(self.app.title_scene())

    def _resume(self) -> None:
        from game.scenes.dialogs.files import ResumeGameScene  # noqa: PLC0415

        def resumed(loaded: LoadedSave) -> None:
            open_game(self.app, loaded.game, loaded.options, loaded.name)

        self.app.scenes.push(ResumeGameScene(self.app, resumed))

    def _pad_buttons(self) -> None:
        from game.scenes.dialogs.padbuttons import PadButtonsScene  # noqa: PLC0415

        self.app.scenes.push(PadButtonsScene(self.app))

    def _quit(self) -> None:
        self.app.scenes.push(ConfirmDialogScene(self.app, "QUIT", "Leave Conquest?",
                                                self.app.quit))

    # -- frame -----------------------------------------------------------------------------
    @property
    def wants_text(self) -> bool:  # type: ignore[override]
        return self.dialog.wants_text

    @property
    def wants_navigation(self) -> bool:  # type: ignore[override]
        return True  # arrows, d-pad and stick move the focus (or the open menu's highlight)

    def enter(self) -> None:
        self.background = backdrop(self.app)

    def handle(self, command: CommandEvent) -> None:
        kind = command.kind
        if not self.menubar.is_open and self.picker is None:
            if kind is Command.MENU and command.device is Device.PAD:
                self.confirm()  # Start starts the game, as OK (the keyboard's M opens the menus)
                return
            if kind is Command.UP and self.at_the_top():
                # up from the top row: the menus, as M or a menu key opens them
                self.menubar.handle(CommandEvent(Command.MENU, command.pos, command.device))
                self.app.play(Sfx.CLICK)
                return
        if self.menubar.handle(command):
            return
        mouse = command.device is Device.MOUSE
        if self.picker is not None and handle_picker(self, command):
            return
        focused = self.dialog.focused
        if kind is Command.TEXT and isinstance(focused, TextBox):
            index = self.names.index(focused)
            if index in self._untouched:  # the first key typed replaces the default name
                focused.text, focused.cursor = "", 0
            self._untouched.discard(index)
        elif kind is Command.TEXT and command.text.isdigit():
            self.set_by_digit(int(command.text))
            return
        elif kind in (Command.BACKSPACE, Command.DELETE) and focused in self.names:
            self._untouched.discard(self.names.index(focused))
        if kind is Command.CONFIRM and isinstance(focused, TextBox) \
                and command.device is not Device.PAD:
            self.dialog.focus(self.ok)  # Return ends the name; Return again starts the game
            return
        if kind is Command.CANCEL and isinstance(focused, TextBox):
            # ESC in a name: the typing is cancelled (the name as it was) and the name left,
            # for OK as Return leaves it; a second ESC asks to start the set-up again
            index = self.names.index(focused)
            focused.revert()
            if focused.text == DEFAULT_NAMES[index]:
                self._untouched.add(index)  # a default name again: typing replaces it
            self.dialog.focus(self.ok)
            self._sync()
            return
        if kind is Command.CANCEL:
            self.ask_start_over()
            return
        if kind is Command.PRESS and mouse:
            if not any(w.visible and w.rect.collidepoint(command.pos)
                       for w in self.dialog.widgets):
                self.dialog.focus(None)
            elif isinstance(focused, TextBox) and not focused.rect.collidepoint(command.pos):
                self.dialog.focus(None)  # a press on another widget ends the name being typed
        self.dialog.handle(command)
        self._sync()

    def at_the_top(self) -> bool:
        """The focus is on the window's top row: nothing above it but the menu bar."""
        focused = self.dialog.focused
        chain = self.dialog.focus_chain()
        return focused in chain and not any(
            w.rect.bottom <= focused.rect.top for w in chain)

    def set_by_digit(self, digit: int) -> None:
        """A digit key: the number of HQs when that row has the focus, else of players."""
        if self.dialog.focused in self.hq_row.buttons and self.hq_row.visible:
            if 2 <= digit <= self.count:
                self._set_hq(digit)
                self.dialog.focus(self.hq_row.buttons[self.hq_row.values.index(digit)])
                self._sync()
                return
        elif 2 <= digit <= len(DEFAULT_NAMES):
            self._set_count(digit)
            self.dialog.focus(self.count_row.buttons[self.count_row.values.index(digit)])
            self._sync()
            return
        self.app.play(Sfx.REFUSAL)

    def picker_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Where the open colour list draws each colour (below the player's swatch)."""
        return picker_rects(self)

    def update(self, dt: float) -> None:
        self._sync()
        self.dialog.update(dt)

    def _sync(self) -> None:
        for i, box in enumerate(self.names):
            shown = i < self.count
            box.visible = shown
            self.swatches[i].visible = shown
            self.level_rows[i].show(shown)
        two = self.count == 2
        self.neutral_row.show(two)
        # With two players the only possible number of HQs is both: no question to ask.
        self.hq_row.show(self.objective == "headquarters" and not two)
        for button, n in zip(self.hq_row.buttons, self.hq_row.values, strict=True):
            button.visible = button.visible and n <= self.count
        for row in (self.count_row, self.type_row, self.attack_row):
            row.sync()
        self.design_button.visible = self.game_type == "custom"
        self.hint.text = self._hint()

    def _hint(self) -> str:
        return setup_hint(self)

    def draw(self, surface: pygame.Surface) -> None:
        draw_setup(self, surface)
