"""Read-only panels: the odds bar of the battle box and a scrolling text panel for help."""

from __future__ import annotations

import pygame

from game.input import Command, CommandEvent
from game.ui import palette
from game.ui.font import Fonts
from game.ui.listbox import SCROLLBAR_WIDTH, draw_scrollbar
from game.ui.widgets import Widget

RectLike = pygame.Rect | tuple[int, int, int, int]


class OddsBar(Widget):
    """'Win 97%' with the armies on the right and a bar below, as in the play mock-up."""

    def __init__(self, fonts: Fonts, rect: RectLike) -> None:
        super().__init__(rect)
        self.fonts = fonts
        self.chance = 0.0
        self.label = ""
        self.detail = ""

    def set(self, chance: float, detail: str = "", label: str | None = None) -> None:
        """Show `chance` (0..1) of winning; `label` defaults to 'Win NN%'."""
        self.chance = max(0.0, min(1.0, chance))
        self.detail = detail
        percent = round(self.chance * 100)
        if 0 < self.chance < 1:
            percent = max(1, min(99, percent))  # never claim certainty that is not there
        self.label = label if label is not None else f"Win {percent}%"

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, palette.NAVY, r)
        pygame.draw.rect(surface, palette.LIGHT, r, 1)
        body = self.fonts.body
        body.draw(surface, self.label, (r.x + 4, r.y + 3), palette.CREAM)
        if self.detail:
            body.draw(surface, self.detail, (r.right - 4, r.y + 3), palette.LIGHT, align="right")
        bar = pygame.Rect(r.x + 4, r.bottom - 8, r.width - 8, 5)
        pygame.draw.rect(surface, palette.SHADOW, bar)
        filled = round(bar.width * self.chance)
        if filled:
            pygame.draw.rect(surface, palette.ALERT_RED, (bar.x, bar.y, filled, bar.height))
            pygame.draw.line(surface, palette.AMBER, (bar.x + filled - 1, bar.y),
                             (bar.x + filled - 1, bar.bottom - 1))
        pygame.draw.rect(surface, palette.INK, bar, 1)


class TextPanel(Widget):
    """Wrapped text that scrolls with arrows, page keys, Home/End and the wheel (help pages).

    Lines starting with '# ' are drawn bold as headings.
    """

    def __init__(self, fonts: Fonts, rect: RectLike, text: str = "", *,
                 fg: tuple[int, int, int] = palette.INK,
                 bg: tuple[int, int, int] = palette.CREAM) -> None:
        super().__init__(rect)
        self.fonts = fonts
        self.fg = fg
        self.bg = bg
        self.top = 0
        self.set_text(text)

    def set_text(self, text: str) -> None:
        width = self.rect.width - SCROLLBAR_WIDTH - 10
        self.lines: list[tuple[str, bool]] = []
        for paragraph in text.split("\n"):
            heading = paragraph.startswith("# ")
            source = paragraph[2:] if heading else paragraph
            font = self.fonts.bold if heading else self.fonts.body
            if heading and self.lines:
                self.lines.append(("", False))  # air above each heading
            self.lines.extend((line, heading) for line in font.wrap(source, width))
        self.top = 0

    @property
    def visible_lines(self) -> int:
        return max(1, (self.rect.height - 6) // self.fonts.body.line_height)

    def scroll(self, lines: int) -> None:
        self.top = max(0, min(max(0, len(self.lines) - self.visible_lines), self.top + lines))

    def handle(self, cmd: CommandEvent) -> bool:
        steps = {Command.UP: -1, Command.DOWN: 1, Command.PAGE_UP: -self.visible_lines,
                 Command.PAGE_DOWN: self.visible_lines, Command.HOME: -len(self.lines),
                 Command.END: len(self.lines)}
        if cmd.kind in steps:
            self.scroll(steps[cmd.kind])
        elif cmd.kind is Command.WHEEL:
            self.scroll(-3 * cmd.value)
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, self.bg, r)
        pygame.draw.rect(surface, palette.SHADOW, r, 1)
        step = self.fonts.body.line_height
        for i, (line, heading) in enumerate(self.lines[self.top:self.top + self.visible_lines]):
            font = self.fonts.bold if heading else self.fonts.body
            font.draw(surface, line, (r.x + 5, r.y + 4 + i * step), self.fg)
        draw_scrollbar(surface, pygame.Rect(r.right - SCROLLBAR_WIDTH, r.y, SCROLLBAR_WIDTH, r.height),
                   self.top, self.visible_lines, len(self.lines))
