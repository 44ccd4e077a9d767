"""A row of option buttons of which one is chosen (drawn blue), as on the setup screen.

The row reads and writes its value through callbacks, so the screen keeps one source of truth
and `sync()` makes the buttons tell it (selected, dimmed) before each frame is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from game.ui import palette
from game.ui.font import Fonts
from game.ui.widgets import Button, Label, Widget

ROW_BUTTON_H = 14


class ChoiceRow:
    """A label and buttons, one per (caption, value); pressing one sets the value."""

    def __init__(self, fonts: Fonts, label: str, pos: tuple[int, int],
                 options: Sequence[tuple[str, Any]], get: Callable[[], Any],
                 set_value: Callable[[Any], None], *, label_width: int = 0,
                 button_width: int | Sequence[int] = 60, gap: int = 6,
                 enabled: Callable[[], bool] | None = None,
                 option_enabled: Callable[[Any], bool] | None = None,
                 height: int = ROW_BUTTON_H) -> None:
        self.get = get
        self.set_value = set_value
        self.enabled = enabled
        self.option_enabled = option_enabled
        x, y = pos
        self.label: Label | None = None
        if label:
            self.label = Label(fonts, (x, y + (height - 7) // 2, max(label_width, 10), 10), label,
                               bold=True)
            x += label_width
        widths = ([button_width] * len(options) if isinstance(button_width, int)
                  else list(button_width))
        self.buttons: list[Button] = []
        self.values: list[Any] = []
        for (caption, value), width in zip(options, widths, strict=True):
            button = Button(fonts, (x, y, width, height), caption, partial(self._choose, value))
            button.group = self  # one Tab stop, at the chosen option
            self.buttons.append(button)
            self.values.append(value)
            x += width + gap
        self.right = x - gap
        self.visible = True
        self.sync()

    @property
    def widgets(self) -> list[Widget]:
        label: list[Widget] = [self.label] if self.label is not None else []
        return [*label, *self.buttons]

    def _choose(self, value: Any) -> None:
        self.set_value(value)
        self.sync()

    def sync(self) -> None:
        """Selected and dimmed states from the current value; hidden rows stay hidden."""
        current = self.get()
        row_on = self.enabled() if self.enabled is not None else True
        for button, value in zip(self.buttons, self.values, strict=True):
            button.selected = value == current and row_on
            button.enabled = row_on and (self.option_enabled is None or self.option_enabled(value))
            button.visible = self.visible
        if self.label is not None:
            self.label.visible = self.visible
            self.label.colour = palette.INK if row_on else palette.DIM_TEXT

    def show(self, visible: bool) -> None:
        self.visible = visible
        self.sync()
