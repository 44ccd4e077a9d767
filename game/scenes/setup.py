"""FILE > New Game: players, names, colours, levels and the game type, in one window.

The manual asks these one at a time; one window shows every answer at once and keeps each
default a Return away. OK asks the engine to build the GameConfig (it refuses impossible
set-ups with a readable message), starts the game, shows the missions in a UK short game,
and opens the play screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, fields
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.audio import Sfx
from game.engine import Game, GameConfig, PlayerSpec, StateError, Variants
from game.engine.config import (
    COLOURS,
    HARD_ARMY_LIMIT,
    LEVELS,
    MIN_ARMY_LIMIT,
    allows_low_exchange_rate,
)
from game.input import Command, CommandEvent
from game.scenes.base import Scene
from game.scenes.design import DesignOptions, DesignScene
from game.scenes.dialogs import ConfirmDialogScene, MessageDialogScene
from game.scenes.launch import chosen_seed, open_game
from game.scenes.overlay import shared_map_art
from game.ui import palette
from game.ui.choices import ChoiceRow
from game.ui.draw import sunken_field
from game.ui.menubar import Menu, MenuBar, MenuItem, separator
from game.ui.palette import PLAYER_COLOUR_BY_NAME
from game.ui.widgets import Button, Dialog, Label, TextBox, Widget

if TYPE_CHECKING:
    from game.app import App
    from game.savegame import LoadedSave
    from game.ui.font import Fonts

DEFAULT_NAMES = ("Alex", "Napoleon", "Hannibal", "Genghis", "Caesar", "Joan")
DEFAULT_LEVELS = ("human", "good", "standard", "easy", "standard", "good")
DEFAULT_PLAYERS = 6
DEFAULT_GAME_TYPE = "uk_short"
NAME_LENGTH = 16
GAME_TYPES = (("UK FULL", "uk_full", 85), ("US FULL", "us_full", 85), ("UK SHORT", "uk_short", 91),
              ("US SHORT", "us_short", 91), ("DESIGN YOUR OWN", "custom", 128))
DESCRIPTIONS = {
    "uk_full": "UK full game: English cards, random territory selection,\n"
               "fixed set values. The first player to conquer the World wins.",
    "us_full": "US full game: American cards, manual territory selection,\n"
               "set values increase. The first player to conquer the World wins.",
    "uk_short": "UK short game: English cards, random territory selection,\n"
                "fixed set values. The first player to complete a mission wins.",
    "us_short": "US short game: American cards, manual territory selection, set values\n"
                "increase. The first player to occupy the enemy HQs wins.",
}
NEUTRAL_REMINDER = "Neutral games begin with random territory selection."
DIALOG_RECT = pygame.Rect(49, 29, 542, 352)
ROW_Y0 = 98
ROW_STEP = 22
LEVEL_X = (254, 334, 414, 494)
SWATCH_W = 30


class SetupScene(Scene):
    """The NEW GAME window of the setup mock-up; `on_cancel` (default: the title) for CANCEL."""

    def __init__(self, app: App, on_cancel: Callable[[], None] | None = None) -> None:
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
        self.picker = None

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
                "neutral": self.neutral, "hq_to_win": self.hq_to_win}

    def recall(self, data: Mapping[str, Any]) -> None:
        """Show the answers of the last game set up; each answer that does not make sense
        (an old or edited settings file) keeps its default."""
        if not isinstance(data, Mapping) or not data:
            return
        count = data.get("count")
        if type(count) is int and 2 <= count <= len(DEFAULT_NAMES):
            self.count = count
        names = data.get("names")
        if isinstance(names, list) and len(names) == len(DEFAULT_NAMES) \
                and all(isinstance(n, str) for n in names):
            for box, name in zip(self.names, names, strict=True):
                box.text = name[:NAME_LENGTH].strip() or box.text
                box.cursor = len(box.text)
        colours = data.get("colours")
        if isinstance(colours, list) and sorted(map(str, colours)) == sorted(COLOURS):
            self.colours = [str(c) for c in colours]
        levels = data.get("levels")
        if isinstance(levels, list) and len(levels) == len(DEFAULT_NAMES) \
                and all(lv in LEVELS for lv in levels):
            self.levels = list(levels)
        if data.get("game_type") in {key for _, key, _ in GAME_TYPES}:
            self.game_type = data["game_type"]
        design = _design_options(data.get("design"))
        if design is not None:
            self.design = design
        elif self.game_type == "custom":
            self.game_type = DEFAULT_GAME_TYPE
        if type(data.get("neutral")) is bool:
            self.neutral = data["neutral"]
        hq = data.get("hq_to_win")
        if hq is None or (type(hq) is int and 2 <= hq < self.count):
            self.hq_to_win = hq
        self._sync()

    @property
    def objective(self) -> str:
        """The objective of the chosen game, as the engine's preset defines it."""
        if self.game_type == "custom":
            return self.design.objective
        return _preset_option(self.game_type, "objective")

    @property
    def territory_selection(self) -> str:
        if self.game_type == "custom":
            return self.design.territory_selection
        return _preset_option(self.game_type, "territory_selection")

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
                          on_focus=self._name_focused)
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
        self.rows = [self.count_row, *self.level_rows, self.type_row, self.neutral_row,
                     self.hq_row]
        self.ok = Button(fonts, (514, d.bottom - 29, 64, 17), "OK", self.confirm,
                         is_default=True, bold=True)
        self.cancel = Button(fonts, (434, d.bottom - 29, 63, 17), "CANCEL", self.leave)
        self.design_button = Button(fonts, (d.right - 92, 286, 80, 15), "Options...",
                                    self._open_design)
        widgets: list[Widget] = [*self.count_row.widgets]
        for i in range(len(DEFAULT_NAMES)):
            widgets += [self.names[i], self.swatches[i], *self.level_rows[i].widgets]
        widgets += [*self.type_row.widgets, self.design_button, *self.neutral_row.widgets,
                    *self.hq_row.widgets, self.cancel, self.ok]
        self.hint = Label(fonts, (d.x + 11, d.bottom - 24, 360, 10), "", colour=palette.SHADOW)
        widgets.append(self.hint)
        self.dialog = Dialog(fonts, d, "NEW GAME", widgets, default=self.ok, cancel=None)

    def _menus(self) -> list[Menu]:
        from game.scenes.help import ContinentsScene, HelpScene  # noqa: PLC0415 - cycle-free
        from game.scenes.network_menu import network_items  # noqa: PLC0415
        from game.scenes.title import CreditsScene  # noqa: PLC0415

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
            Menu("OPTIONS", [], enabled=False),
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

    def pick_colour(self, index: int, colour: str) -> None:
        """Give player `index` the colour; whoever had it takes theirs (each colour once)."""
        other = self.colours.index(colour)
        self.colours[other], self.colours[index] = self.colours[index], colour
        self.picker = None
        self.app.play(Sfx.CLICK)

    def _name_focused(self, box: TextBox) -> None:
        self.picker = None

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
            from game.scenes.missions import MissionRevealScene  # noqa: PLC0415

            def after_missions() -> None:
                open_game(self.app, game)

            self.app.scenes.push(MissionRevealScene(self.app, game, on_done=after_missions))
            return
        open_game(self.app, game)

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
        from game.scenes.title import TitleScene  # noqa: PLC0415

        self.app.scenes.replace(TitleScene(self.app))

    def _resume(self) -> None:
        from game.scenes.files import ResumeGameScene  # noqa: PLC0415

        def resumed(loaded: LoadedSave) -> None:
            open_game(self.app, loaded.game, loaded.options, loaded.name)

        self.app.scenes.push(ResumeGameScene(self.app, resumed))

    def _quit(self) -> None:
        self.app.scenes.push(ConfirmDialogScene(self.app, "QUIT", "Leave Conquest?",
                                                self.app.quit))

    # -- frame -----------------------------------------------------------------------------
    @property
    def wants_text(self) -> bool:  # type: ignore[override]
        return self.dialog.wants_text

    @property
    def wants_navigation(self) -> bool:  # type: ignore[override]
        return self.dialog.wants_text or self.menubar.is_open

    def enter(self) -> None:
        self.background = _backdrop(self.app)

    def handle(self, command: CommandEvent) -> None:
        if self.menubar.handle(command):
            return
        kind = command.kind
        if self.picker is not None and self._handle_picker(command):
            return
        focused = self.dialog.focused
        if kind is Command.TEXT and isinstance(focused, TextBox):
            index = self.names.index(focused)
            if index in self._untouched:  # the first key typed replaces the default name
                focused.text, focused.cursor = "", 0
            self._untouched.discard(index)
        elif kind in (Command.BACKSPACE, Command.DELETE) and focused in self.names:
            self._untouched.discard(self.names.index(focused))
        if kind is Command.CONFIRM and isinstance(focused, TextBox):
            self.dialog.focus(None)  # Return ends the name; Return again starts the game
            return
        if kind is Command.CANCEL:
            self.ask_start_over()
            return
        if kind is Command.PRESS and not any(
                w.visible and w.rect.collidepoint(command.pos) for w in self.dialog.widgets):
            self.dialog.focus(None)
        elif kind is Command.PRESS and isinstance(focused, TextBox) \
                and not focused.rect.collidepoint(command.pos):
            self.dialog.focus(None)  # a press on another widget ends the name being typed
        self.dialog.handle(command)
        self._sync()

    def picker_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Where the open colour list draws each colour (below the player's swatch)."""
        if self.picker is None:
            return []
        swatch = self.swatches[self.picker].rect
        y = swatch.bottom + 3
        if y + 30 > DIALOG_RECT.bottom - 40:
            y = swatch.top - 33
        return [(c, pygame.Rect(swatch.x - 4 + i * 44, y + 3, 40, 24))
                for i, c in enumerate(COLOURS)]

    def _handle_picker(self, command: CommandEvent) -> bool:
        if command.kind is Command.CANCEL:
            self.picker = None
            return True
        if command.kind is not Command.PRESS:
            return False
        assert self.picker is not None
        for colour, rect in self.picker_rects():
            if rect.collidepoint(command.pos):
                self.pick_colour(self.picker, colour)
                return True
        if self.swatches[self.picker].rect.collidepoint(command.pos):
            self.picker = None
            return True
        self.picker = None
        return False

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
        for row in (self.count_row, self.type_row):
            row.sync()
        self.design_button.visible = self.game_type == "custom"
        self.hint.text = self._hint()

    def _hint(self) -> str:
        """The hint for what has the focus: the name being typed, a button, or nothing."""
        focused = self.dialog.focused
        if self.picker is not None:
            return "Choose a colour; a colour taken by another player swaps."
        if isinstance(focused, TextBox):
            return "Type the name; Return when done."
        if focused in self.swatches:
            return "Return opens the colour list; Tab moves on."
        if isinstance(focused, Button) and focused.visible:
            label = focused.label.strip() or "this"
            if focused in self.count_row.buttons:
                return f"Return chooses {label} players; Tab moves on."
            for i, row in enumerate(self.level_rows):
                if focused in row.buttons:
                    return f"Return makes player {i + 1} {label}; Tab moves on."
            return f"Return chooses {label}; Tab moves on."
        return "Select a name box to type a new name.  Return = OK."

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        else:
            surface.fill(palette.SEA_DEEP)
        fonts = self.app.fonts
        d = DIALOG_RECT
        self.dialog.draw(surface)
        fonts.body.draw(surface, "Return = default", (d.right - 198, d.y + 26), palette.SHADOW)
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
            shown = i < self.count
            bold.draw(surface, str(i + 1), (66, y + 4), palette.INK if shown else palette.DIM_TEXT)
            if not shown:
                fonts.body.draw(surface, "-", (86, y + 4), palette.DIM_TEXT)
        for w in self.dialog.widgets:
            if w.visible and (w in self.names or any(w in r.buttons for r in self.level_rows)):
                w.draw(surface)
        for i in range(self.count):
            self._draw_swatch(surface, i)
        self._draw_description(surface, fonts)
        sep_y = d.bottom - 38
        pygame.draw.line(surface, palette.DARK, (d.x + 8, sep_y), (d.right - 9, sep_y))
        pygame.draw.line(surface, palette.FACE_LIGHT, (d.x + 8, sep_y + 1), (d.right - 9, sep_y + 1))
        if self.neutral_row.visible:
            fonts.body.draw(surface, NEUTRAL_REMINDER, (self.neutral_row.right + 12, 322),
                            palette.SHADOW)
        if self.hq_row.visible:
            x = self.hq_row.buttons[self.count - 2].rect.right + 10
            fonts.body.draw(surface, "(default: all, your own included)", (x, 322),
                            palette.SHADOW)
        self._draw_picker(surface)
        self.menubar.draw(surface)

    def _draw_swatch(self, surface: pygame.Surface, index: int) -> None:
        rect = self.swatches[index].rect
        colour = PLAYER_COLOUR_BY_NAME[self.colours[index]]
        pygame.draw.rect(surface, palette.INK, rect)
        pygame.draw.rect(surface, colour.rgb, rect.inflate(-2, -2))
        if self.picker == index:
            pygame.draw.rect(surface, palette.AMBER, rect.inflate(4, 4), 2)
        elif self.swatches[index].focused:
            pygame.draw.rect(surface, palette.AMBER, rect.inflate(2, 2), 1)

    def _draw_description(self, surface: pygame.Surface, fonts: Fonts) -> None:
        box = pygame.Rect(DIALOG_RECT.x + 11, 280, 520, 30)
        pygame.draw.rect(surface, palette.INK, box)
        pygame.draw.rect(surface, palette.LIGHT, box.inflate(2, 2), 1)
        if self.game_type == "custom":
            text = self.design.summary()
            width = box.width - 104
        else:
            text = DESCRIPTIONS[self.game_type]
            width = box.width - 12
        lines = [line for para in text.split("\n") for line in fonts.body.wrap(para, width)]
        for i, line in enumerate(lines[:2]):
            if i == 1 and len(lines) > 2:
                line = fonts.body.ellipsize(line + " " + " ".join(lines[2:]), width)
            fonts.body.draw(surface, line, (box.x + 6, box.y + 4 + i * 12), palette.CREAM)
        if self.game_type == "custom":
            self.design_button.draw(surface)

    def _draw_picker(self, surface: pygame.Surface) -> None:
        rects = self.picker_rects()
        if not rects or self.picker is None:
            return
        fonts = self.app.fonts
        frame = rects[0][1].unionall([r for _, r in rects]).inflate(8, 8)
        pygame.draw.rect(surface, palette.INK, frame.move(3, 3))
        pygame.draw.rect(surface, palette.WHITE, frame)
        pygame.draw.rect(surface, palette.INK, frame, 1)
        for colour, rect in rects:
            pc = PLAYER_COLOUR_BY_NAME[colour]
            pygame.draw.rect(surface, palette.INK, rect)
            pygame.draw.rect(surface, pc.rgb, rect.inflate(-2, -2))
            owner = self.colours.index(colour)
            fonts.body.draw(surface, pc.name, (rect.centerx, rect.y + 3), pc.text, align="center")
            if owner == self.picker:
                pygame.draw.rect(surface, palette.AMBER, rect.inflate(2, 2), 2)
            elif owner < self.count:
                fonts.body.draw(surface, f"#{owner + 1}", (rect.centerx, rect.y + 13), pc.text,
                                align="center")


_DESIGN_CHOICES: dict[str, tuple[Any, ...]] = {
    "territory_selection": ("manual", "random"), "set_values": ("increasing", "fixed"),
    "objective": ("world", "missions", "headquarters"), "flavour": ("uk", "us"),
    "armies_per_placement": (1, 3), "two_player_armies": (40, 50)}


def _design_options(data: Any) -> DesignOptions | None:
    """DesignOptions from the settings file, or None if anything in it is out of place."""
    if not isinstance(data, dict):
        return None
    values: dict[str, Any] = {}
    for f in fields(DesignOptions):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name in _DESIGN_CHOICES:
            if value not in _DESIGN_CHOICES[f.name] or type(value) is bool:
                return None
        elif f.name == "army_limit":
            if value is not None and not (type(value) is int
                                          and MIN_ARMY_LIMIT <= value <= HARD_ARMY_LIMIT):
                return None
        elif type(value) is not bool:
            return None
        values[f.name] = value
    options = DesignOptions(**values)
    if options.low_exchange_rate and not allows_low_exchange_rate(options.set_values):
        return None
    return options


def _preset_option(game_type: str, option: str) -> str:
    """Read an option of a standard game from the engine's own preset (one source of rules)."""
    sample = (PlayerSpec("a", COLOURS[0]), PlayerSpec("b", COLOURS[1]))
    return str(getattr(GameConfig.preset(game_type, sample), option))


def _backdrop(app: App) -> pygame.Surface | None:
    """The world map behind the window, as in the mock-up; None if the art cannot load."""
    art = shared_map_art(app)
    if art is None:
        return None
    surf = pygame.Surface((640, 400))
    surf.fill(palette.SEA_DEEP)
    world = art.world_surface
    surf.blit(world, (0, 12), pygame.Rect(40, 60, 640, 388))
    return surf

