"""DESIGN YOUR OWN GAME: every option of the four standard games, and the starting variants.

Opened from the setup screen; it edits a copy of the options and hands them back on OK, so
Cancel leaves the setup exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.config import (
    DEFAULT_ARMY_LIMIT,
    HARD_ARMY_LIMIT,
    MIN_ARMY_LIMIT,
    GameConfig,
    allows_low_exchange_rate,
)
from game.scenes.dialogs.boxes import NumberDialogScene
from game.scenes.dialogs.overlay import OverlayScene
from game.ui import palette
from game.ui.choices import ChoiceRow
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

ROW_STEP = 18
LABEL_W = 150


@dataclass(frozen=True)
class DesignOptions:
    """The design-your-own choices, kept by the setup screen between visits to this window."""

    territory_selection: str = "manual"
    set_values: str = "increasing"
    objective: str = "world"
    flavour: str = "us"
    special_setup: bool = False
    armies_per_placement: int = 1
    two_player_armies: int = 40
    low_exchange_rate: bool = False
    supply_lines: bool = False
    army_limit: int | None = None
    attack_advantage: bool = False
    computer_advantage: bool = False

    @classmethod
    def from_config(cls, config: GameConfig) -> DesignOptions:
        """Start a design from a standard game (e.g. UK Short with manual selection)."""
        v = config.variants
        return cls(config.territory_selection, config.set_values, config.objective,
                   config.flavour, config.special_setup, config.armies_per_placement,
                   config.two_player_armies, v.low_exchange_rate, v.supply_lines, v.army_limit,
                   v.attack_advantage, v.computer_advantage)

    def summary(self) -> str:
        """Two short lines for the setup screen's description box."""
        cards = "English" if self.flavour == "uk" else "American"
        goal = {"world": "conquer the World", "missions": "complete a mission",
                "headquarters": "occupy the enemy HQs"}[self.objective]
        first = (f"Own design: {cards} cards, {self.territory_selection} territory selection, "
                 f"{self.set_values} set values, {goal}.")
        extras = []
        if self.special_setup:
            extras.append("Special Setup")
        extras.append(f"{self.armies_per_placement} army a placement turn"
                      if self.armies_per_placement == 1 else "3 armies a placement turn")
        if self.two_player_armies != 40:
            extras.append("50 armies for 2 players")
        for flag, name in ((self.low_exchange_rate, "low exchange rate"),
                           (self.supply_lines, "supply lines"),
                           (self.attack_advantage, "attack advantage"),
                           (self.computer_advantage, "computer advantage")):
            if flag:
                extras.append(name)
        if self.army_limit is not None:
            extras.append(f"army limit {self.army_limit}")
        return first + "\n" + ", ".join(extras).capitalize() + "."


class DesignScene(OverlayScene):
    """The options window; OK calls `on_done(options)`, Cancel or ESC changes nothing (and
    calls `on_cancel`, so the setup screen can put back the game type it had)."""

    def __init__(self, app: SceneContext, options: DesignOptions,
                 on_done: Callable[[DesignOptions], None],
                 on_cancel: Callable[[], None] | None = None) -> None:
        super().__init__(app, "Design your own game", (470, 300))
        self.options = options
        self.on_done = on_done
        self.on_cancel = on_cancel
        fonts = app.fonts
        self.cancel = Button(fonts, self.button_rect(1), "CANCEL", self._cancel)
        self.ok.on_press = self._accept
        self.dialog.cancel = self.cancel
        x, y = self.body.x, self.body.y + 2
        self.rows: list[ChoiceRow] = []

        def row(label: str, field: str, choices: list[tuple[str, Any]], width: int = 70,
                enabled: Callable[[], bool] | None = None) -> None:
            nonlocal y
            self.rows.append(ChoiceRow(
                fonts, label, (x, y), choices, lambda: getattr(self.options, field),
                lambda value: self._set(field, value), label_width=LABEL_W, button_width=width,
                enabled=enabled))
            y += ROW_STEP

        on_off = [("Off", False), ("On", True)]
        row("Territory selection", "territory_selection", [("Manual", "manual"),
                                                           ("Random", "random")])
        row("Card set values", "set_values", [("Increasing", "increasing"), ("Fixed", "fixed")])
        row("Objective", "objective", [("World", "world"), ("Missions", "missions"),
                                       ("HQs", "headquarters")])
        row("Card pictures", "flavour", [("UK", "uk"), ("US", "us")])
        row("Special Setup", "special_setup", on_off)
        row("Placement armies a turn", "armies_per_placement", [("1", 1), ("3", 3)])
        row("Two players start with", "two_player_armies", [("40", 40), ("50", 50)])
        self.variants_y = y + 4
        y += 14
        row("Low exchange rate", "low_exchange_rate", on_off,
            enabled=lambda: allows_low_exchange_rate(self.options.set_values))
        row("Supply lines", "supply_lines", on_off)
        self.rows.append(ChoiceRow(
            fonts, "Army limit", (x, y), [("Off", False), ("On", True)],
            lambda: self.options.army_limit is not None, self._army_limit,
            label_width=LABEL_W, button_width=70))
        self.limit_y = y
        y += ROW_STEP
        row("Attack advantage", "attack_advantage", on_off)
        row("Computer advantage", "computer_advantage", on_off)
        self.add_widgets([w for r in self.rows for w in r.widgets] + [self.cancel])

    def _set(self, field: str, value: Any) -> None:
        self.options = replace(self.options, **{field: value})
        if self.options.low_exchange_rate and not allows_low_exchange_rate(
                self.options.set_values):
            self.options = replace(self.options, low_exchange_rate=False)
        self._sync()

    def _army_limit(self, on: bool) -> None:
        if not on:
            self._set("army_limit", None)
            return

        def done(value: int | None) -> None:
            if value is not None:
                self._set("army_limit", value)

        self.app.scenes.push(NumberDialogScene(
            self.app, "ARMY LIMIT", "Most armies a territory may hold:", MIN_ARMY_LIMIT,
            HARD_ARMY_LIMIT, self.options.army_limit or DEFAULT_ARMY_LIMIT, done))

    def _sync(self) -> None:
        for r in self.rows:
            r.sync()

    def _cancel(self) -> None:
        self.close()
        if self.on_cancel is not None:
            self.on_cancel()

    def _accept(self) -> None:
        options = self.options
        self.close()
        self.on_done(options)

    def update(self, dt: float) -> None:
        self._sync()
        super().update(dt)

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        fonts = self.app.fonts
        y = self.variants_y
        pygame.draw.line(surface, palette.DARK, (body.x, y + 4), (body.right, y + 4))
        pygame.draw.line(surface, palette.FACE_LIGHT, (body.x, y + 5), (body.right, y + 5))
        label = " Starting variants (the VARIANTS menu changes them later) "
        w = fonts.body.width(label)
        pygame.draw.rect(surface, palette.FACE, (body.x + 8, y, w, 9))
        fonts.body.draw(surface, label, (body.x + 8, y), palette.SHADOW)
        if self.options.army_limit is not None:
            fonts.body.draw(surface, f"{self.options.army_limit} armies a territory",
                            (body.x + LABEL_W + 156, self.limit_y + 4), palette.INK)
        note = "Special Setup: all armies are placed at random, for a quick start."
        fonts.body.draw(surface, note, (body.x, body.bottom - 4), palette.SHADOW)
