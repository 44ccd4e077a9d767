"""The VARIANTS of a hosted network game, chosen on the Host form before anyone sits down.

In a local game the VARIANTS menu changes them at any time. In a network game nobody may change
the rules once the others have joined, so the host chooses them here (a dedicated server takes
--variants) and the play screen's VARIANTS menu shows them, ticked, without changing them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.engine.config import HARD_ARMY_LIMIT, MIN_ARMY_LIMIT, Variants
from game.scenes.network.join import FormScene
from game.ui import palette
from game.ui.choices import ChoiceRow
from game.ui.widgets import Label

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

RECT = pygame.Rect(130, 80, 380, 210)
SWITCHES = (("LOW EXCHANGE RATE", "low_exchange_rate"), ("SUPPLY LINES", "supply_lines"),
            ("ATTACK ADVANTAGE", "attack_advantage"), ("COMPUTER ADVANTAGE", "computer_advantage"))
LIMIT_NOTE = f"Army limit: empty for none, else {MIN_ARMY_LIMIT} to {HARD_ARMY_LIMIT}."


def describe(variants: Variants) -> str:
    """The Host form's button: how many variants are on."""
    on = sum(1 for f in fields(Variants) if getattr(variants, f.name) not in (False, None))
    return "VARIANTS: NONE" if not on else f"VARIANTS: {on} ON"


def as_text(variants: Variants) -> str:
    """The variants as --variants writes them (kept with the Host form's answers)."""
    on = [f.name for f in fields(Variants) if getattr(variants, f.name) is True]
    if variants.army_limit is not None:
        on.append(f"army_limit={variants.army_limit}")
    return ",".join(on)


class NetworkVariantsScene(FormScene):
    """Four switches and the army limit; OK hands the Variants back (or says why the host's
    game cannot have them), CANCEL changes nothing."""

    title = "VARIANTS"

    def __init__(self, app: SceneContext, variants: Variants, done: Callable[[Variants], None],
                 problem: Callable[[Variants], str | None] = lambda _: None) -> None:
        super().__init__(app, RECT)
        fonts = app.fonts
        self.done = done
        self.problem = problem  # why the host's game cannot have these (None: it can)
        self.switches = {name: bool(getattr(variants, name)) for _, name in SWITCHES}
        x, y = RECT.x + 14, RECT.y + 30
        self.rows = [
            ChoiceRow(fonts, label, (x, y + i * 24), [("Yes", True), ("No", False)],
                      partial(self.switches.get, name), partial(self._switch, name),
                      label_width=136, button_width=36, gap=6)
            for i, (label, name) in enumerate(SWITCHES)]
        for row in self.rows:
            self.widgets.extend(row.widgets)
        limit = variants.army_limit
        self.limit = self.field("ARMY LIMIT", y + 100, "" if limit is None else str(limit), 3, 40)
        self.widgets.append(Label(fonts, (x, y + 122, RECT.width - 28, 12), LIMIT_NOTE,
                                  colour=palette.SHADOW))
        self.cancel.on_press = self._close
        self.finish()
        for row in self.rows:
            row.sync()
        self.dialog.focus(self.rows[0].buttons[0])

    def _switch(self, name: str, on: bool) -> None:
        self.switches[name] = on
        for row in self.rows:
            row.sync()

    def _close(self) -> None:
        self.app.scenes.pop()

    def confirm(self) -> None:
        text = self.limit.text.strip()
        if text and not (text.isascii() and text.isdigit()  # ('²' is a digit to isdigit)
                         and MIN_ARMY_LIMIT <= int(text) <= HARD_ARMY_LIMIT):
            self.refuse(LIMIT_NOTE)
            return
        variants = Variants(army_limit=int(text) if text else None, **self.switches)
        problem = self.problem(variants)
        if problem is not None:
            self.refuse(problem)
            return
        self.app.scenes.pop()
        self.done(variants)
