"""The message area: two lines at the bottom that always say what is happening.

`MessageLog` keeps the last 200 lines; `MessageArea` shows the newest line and the status
line (the territory under the pointer), or scrolls back through the history on request.
A refusal or a confirmation is an *alert*: a highlighted first line that stays until the next
action (or for a few seconds), so a "no" is seen even under a pinned prompt and with no sound.

A line may name controls as `{CONTROL}` markers (game.ui.controlnames): they stay markers in
the log and are filled by `describe` each time the line is drawn, so the pinned prompt, the
hint and the history always name the device the player uses now (a player who picks up the
pad sees button pictures on the next frame, never a stale key name). Pad glyphs are drawn
with `game.ui.glyphs.draw_text`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame

from game.input import Command, CommandEvent
from game.ui import glyphs, palette
from game.ui.font import BitmapFont, Fonts

HISTORY_LINES = 200
AREA_RECT = (0, 372, 640, 28)
HINT = "F1 Help   F2 Continents"

Colour = tuple[int, int, int]


class MessageLog:
    """The last `HISTORY_LINES` messages, each with its colour."""

    def __init__(self, limit: int = HISTORY_LINES) -> None:
        self.lines: deque[tuple[str, Colour]] = deque(maxlen=limit)

    def add(self, text: str, colour: Colour = palette.WHITE) -> None:
        for line in text.split("\n"):
            self.lines.append((line, colour))

    @property
    def latest(self) -> str:
        return self.lines[-1][0] if self.lines else ""

    def __len__(self) -> int:
        return len(self.lines)


class MessageArea:
    """Draws the log in a 640x28 strip; PAGE_UP/PAGE_DOWN and the wheel scroll the history."""

    def __init__(self, fonts: Fonts, log: MessageLog | None = None,
                 rect: tuple[int, int, int, int] = AREA_RECT,
                 hint: str | Callable[[], str] = HINT,
                 describe: Callable[[str], str] | None = None) -> None:
        self.fonts = fonts
        self.log = log if log is not None else MessageLog()
        self.rect = pygame.Rect(rect)
        # A fixed text, or asked each frame (the play screen names the device's controls).
        self.hint = hint
        # What shows newer history lines, drawn while scrolled back.
        self.newer_hint: str | Callable[[], str] = "PgDn"
        # Fills a line's {CONTROL} markers for the device used now (identity when None).
        self.describe = describe if describe is not None else (lambda text: text)
        self.status = ""
        self.status_colour: Colour = palette.AMBER
        self.back = 0  # lines scrolled back into the history; 0 shows the newest
        # A line pinned in place of the newest message (what a human must do now); the
        # messages still go to the history.
        self.prompt: tuple[str, Colour] | None = None
        # (text, ink, band colour, seconds left or None: until `clear_alert`)
        self._alert: tuple[str, Colour, Colour, float | None] | None = None
        # while the alert is true (asked each frame); None: no condition
        self._alert_holds: Callable[[], bool] | None = None

    @property
    def alerting(self) -> str:
        """The alert's text while one shows ("" otherwise), its controls named for now."""
        return self.describe(self._alert[0]) if self._alert is not None else ""

    def shown(self, text: str) -> str:
        """`text` as drawn now: its {CONTROL} markers named (pad glyph markers stay)."""
        return self.describe(text)

    @property
    def hint_text(self) -> str:
        return self.describe(self.hint() if callable(self.hint) else self.hint)

    def alert(self, text: str, colour: Colour = palette.WHITE,
              band: Colour = palette.ALERT_RED, seconds: float | None = None,
              holds: Callable[[], bool] | None = None) -> None:
        """Show `text` highlighted on the first line (also logged) until the next action,
        or for `seconds`; with `holds`, also taken down as soon as it is no longer true
        ("Please wait: it is Bob's move" once Bob's move is over)."""
        self.add(text, colour if band != palette.ALERT_RED else palette.AMBER)
        self._alert = (text.split("\n")[0], colour, band, seconds)
        self._alert_holds = holds

    def clear_alert(self) -> None:
        """The next action: a refusal has been read (a timed confirmation stays its time)."""
        if self._alert is not None and self._alert[3] is None:
            self._alert = None

    def update(self, dt: float) -> None:
        if self._alert is not None and self._alert_holds is not None \
                and not self._alert_holds():
            self._alert = self._alert_holds = None
        if self._alert is not None and self._alert[3] is not None:
            text, colour, band, left = self._alert
            left -= dt
            self._alert = (text, colour, band, left) if left > 0 else None

    def add(self, text: str, colour: Colour = palette.WHITE) -> None:
        """Log a message and jump back to the newest line."""
        self.log.add(text, colour)
        self.back = 0

    def scroll_history(self, lines: int) -> None:
        """Positive goes back in time; the first page back shows the two newest lines."""
        most = max(2, len(self.log)) if len(self.log) else 0
        self.back = max(0, min(most, self.back + lines))

    def handle(self, cmd: CommandEvent) -> bool:
        if cmd.kind is Command.PAGE_UP:
            self.scroll_history(2)
        elif cmd.kind is Command.PAGE_DOWN:
            self.scroll_history(-2)
        elif cmd.kind is Command.WHEEL and self.rect.collidepoint(cmd.pos):
            self.scroll_history(cmd.value)
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, palette.MESSAGE_BG, r)
        pygame.draw.line(surface, palette.DARK, r.topleft, (r.right - 1, r.top))
        body = self.fonts.body
        width = r.width - 12
        lines = list(self.log.lines)
        if self.back:
            end = min(len(lines), len(lines) - self.back + 2)
            shown = lines[max(0, end - 2):end]
            for i, (text, colour) in enumerate(shown):
                self._line(surface, body, text, (r.x + 6, r.y + 4 + i * 11), colour, width - 80)
            where = "newest" if end >= len(lines) else f"-{len(lines) - end}"
            newer = self.newer_hint() if callable(self.newer_hint) else self.newer_hint
            glyphs.draw_text(surface, body, f"History {where}  {newer}", (r.right - 6, r.y + 4),
                             palette.DIM_TEXT, align="right")
            return
        if self._alert is not None:
            text, colour, band, _ = self._alert
            shown_text = self._fit(body, text, width)
            bar = pygame.Rect(r.x + 3, r.y + 2, glyphs.text_width(body, shown_text) + 7, 12)
            pygame.draw.rect(surface, band, bar)
            glyphs.draw_text(surface, body, shown_text, (r.x + 6, r.y + 4), colour)
        elif self.prompt is not None and self.prompt[0]:
            text, colour = self.prompt
            self._line(surface, body, text, (r.x + 6, r.y + 4), colour, width)
        elif lines:
            text, colour = lines[-1]
            self._line(surface, body, text, (r.x + 6, r.y + 4), colour, width)
        hint = self.hint_text
        hint_w = glyphs.text_width(body, hint) + 12 if hint else 0
        if self.status:  # (its {CONTROL} markers named for the device in hand, as a line's)
            glyphs.draw_text(surface, body, self._fit(body, self.status, width - hint_w),
                             (r.x + 6, r.y + 15), self.status_colour)
        if hint:
            glyphs.draw_text(surface, body, hint, (r.right - 6, r.y + 15), palette.DIM_TEXT,
                             align="right")

    def _fit(self, font: BitmapFont, text: str, width: int) -> str:
        """`text` described for now; cut with "..." (glyphs as words) when it is too wide."""
        text = self.describe(text)
        if glyphs.text_width(font, text) <= width:
            return text
        return font.ellipsize(glyphs.plain(text), width)

    def _line(self, surface: pygame.Surface, font: BitmapFont, text: str, pos: tuple[int, int],
              colour: Colour, width: int) -> None:
        glyphs.draw_text(surface, font, self._fit(font, text, width), pos, colour)
