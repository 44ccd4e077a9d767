"""What the NEW GAME window's helpers see of it: `SetupForm`, the answers and widgets that
draw.py draws and offers.py fills in from the remembered answers.

new_game.py's `SetupScene` is the one form; its helpers annotate with this Protocol so that
they need not import the scene that imports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from game.scenes.base import SceneContext
    from game.scenes.setup.design import DesignOptions
    from game.ui.choices import ChoiceRow
    from game.ui.dialog import Dialog
    from game.ui.menubar import MenuBar
    from game.ui.widgets import Button, TextBox


class SetupForm(Protocol):
    """The NEW GAME window's state (new_game.py's SetupScene)."""

    app: SceneContext
    # the answers
    count: int
    colours: list[str]
    levels: list[str]
    game_type: str
    design: DesignOptions
    neutral: bool
    hq_to_win: int | None
    attack_mode: str
    # the widgets and the colour picker
    names: list[TextBox]
    swatches: list[Button]
    count_row: ChoiceRow
    level_rows: list[ChoiceRow]
    neutral_row: ChoiceRow
    hq_row: ChoiceRow
    design_button: Button
    dialog: Dialog
    menubar: MenuBar
    background: pygame.Surface | None
    picker: int | None  # the player whose colour list is open
    picker_cursor: int

    @property
    def flavour(self) -> str: ...

    def picker_rects(self) -> list[tuple[str, pygame.Rect]]: ...

    def at_the_top(self) -> bool: ...
