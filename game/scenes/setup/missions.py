"""UK short game: each player sees their own secret mission, the others looking away.

Manual p.28: the players may first choose to see the computer players' missions (cheat!);
then each player is called by name, presses MISSION to see the card, and OK hides it again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent, Device
from game.scenes.base import Scene
from game.scenes.dialogs.overlay import colour_swatch, player_colour
from game.scenes.backdrop import draw_sea_backdrop
from game.ui import glyphs, palette
from game.ui.cardart import draw_risk_card
from game.ui.controlnames import describe_for, device_of
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext
    from game.engine import Game

CARD_RECT = pygame.Rect(250, 96, 140, 188)
BUTTON_RECT = pygame.Rect(280, 312, 80, 17)   # MISSION, under the card
OK_RECT = pygame.Rect(420, 312, 80, 17)       # OK, well away from MISSION
# After each step presses are ignored this long (the button is dimmed meanwhile), so a double
# click or a bounced key cannot reveal the next player's card.
GUARD_SECONDS = 0.6


class MissionRevealScene(Scene):
    """Steps: 'show the computers' missions?', then for each viewer: call, card; then done.

    Opaque on purpose: while a mission is shown nothing else of the game is on screen.
    """

    wants_navigation = True  # arrows, d-pad and stick move the focus between YES and NO

    def __init__(self, app: SceneContext, game: Game, on_done: Callable[[], None]) -> None:
        super().__init__(app)
        self.game = game
        self.on_done = on_done
        self.humans = [p for p in game.turn_order_from(game.first_player)
                       if game.players[p].level == "human"]
        self.computers = [p for p in game.turn_order_from(game.first_player)
                          if game.players[p].level != "human"]
        self.viewers: list[int] = list(self.humans)
        self.index = 0
        self.stage = "ask" if self.computers else "call"
        self.cheat = False
        self._finished = False
        fonts = app.fonts
        self.yes = Button(fonts, (240, 230, 70, 17), "YES", lambda: self.answer(True))
        self.no = Button(fonts, (330, 230, 70, 17), "NO", lambda: self.answer(False),
                         is_default=True)
        self.mission_button = Button(fonts, BUTTON_RECT, "MISSION", self.advance,
                                     is_default=True, bold=True)
        self.ok_button = Button(fonts, OK_RECT, "OK", self.advance, is_default=True, bold=True)
        self.guard = 0.0
        self.ask_focus = self.no  # the safe answer has the focus

    @property
    def button(self) -> Button:
        """The button of the step shown: MISSION to see the card, OK to hide it."""
        return self.ok_button if self.stage == "card" else self.mission_button

    @property
    def viewer(self) -> int | None:
        return self.viewers[self.index] if self.index < len(self.viewers) else None

    def enter(self) -> None:
        if self.stage == "call" and not self.viewers:
            self.finish()

    def answer(self, show_computers: bool) -> None:
        """The cheat question: with Yes, the computer players' missions follow the humans'."""
        self.app.play(Sfx.CLICK)
        self.cheat = show_computers
        if show_computers:
            self.viewers = self.humans + self.computers
        self.stage = "call"
        self.guard = GUARD_SECONDS
        if not self.viewers:
            self.finish()

    def advance(self) -> None:
        """MISSION shows the card; OK hides it and calls the next player."""
        self.app.play(Sfx.CLICK)
        self.guard = GUARD_SECONDS
        if self.stage == "call":
            self.stage = "card"
            return
        self.index += 1
        self.stage = "call"
        if self.viewer is None:
            self.finish()

    def finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        self.stage = "done"
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        self.on_done()

    def handle(self, command: CommandEvent) -> None:
        kind = command.kind
        by_pointer = command.device is Device.MOUSE
        if self.stage == "ask":
            if kind in (Command.LEFT, Command.RIGHT, Command.NEXT, Command.PREVIOUS):
                self.ask_focus = self.no if self.ask_focus is self.yes else self.yes
            elif kind is Command.CANCEL:
                self.answer(False)
            elif kind is Command.CONFIRM or (kind is Command.PRESS and not by_pointer):
                self.ask_focus.press()  # the focus (NO unless moved), never the pointer's spot
            else:
                self.yes.handle(command) or self.no.handle(command)
        elif self.stage in ("call", "card"):
            if self.guard > 0 and kind in (Command.CONFIRM, Command.PRESS):
                return  # too soon after the last step: a double press, not a decision
            if kind is Command.CONFIRM or (kind is Command.PRESS and not by_pointer):
                self.button.press()  # the one button of the step: Return, Space or A
            else:
                self.button.handle(command)

    def ask_hint(self) -> str:
        """The question's hint; for keys it names the answer Return gives now, the focused one
        ("Return = No" stayed when the arrows had moved the focus to YES)."""
        answer = "Yes" if self.ask_focus is self.yes else "No"
        return self._say(f"Return = {answer}; the arrows move between the answers",
                         "{A} answers; {DPAD} moves between YES and NO", "Click YES or NO")

    def _say(self, keys: str, pad: str, mouse: str) -> str:
        device = device_of(self.app)
        if device is Device.PAD:
            return describe_for(self.app, pad)
        return mouse if device is Device.MOUSE else keys

    def update(self, dt: float) -> None:
        self.guard = max(0.0, self.guard - dt)
        self.mission_button.enabled = self.ok_button.enabled = self.guard == 0
        for b in (self.yes, self.no, self.mission_button, self.ok_button):
            b.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_sea_backdrop(surface)
        fonts = self.app.fonts
        w = surface.get_width()
        fonts.large.draw(surface, "MISSIONS", (w // 2, 40), palette.GOLD, align="center")
        if self.stage == "ask":
            box = pygame.Rect(150, 150, 340, 110)
            pygame.draw.rect(surface, palette.NAVY, box)
            pygame.draw.rect(surface, palette.SELECT_BLUE, box, 1)
            fonts.bold.draw(surface, "Show the computer players' missions too?", (w // 2, 170),
                            palette.WHITE, align="center")
            fonts.body.draw(surface, "(That is cheating: they will be shown after yours.)",
                            (w // 2, 186), palette.LIGHT, align="center")
            glyphs.draw_text(surface, fonts.body, self.ask_hint(), (w // 2, 202), palette.SKY_BLUE,
                             align="center")
            for button in (self.yes, self.no):  # the focus is what Return presses: one look
                button.focused = button.armed = self.ask_focus is button
                button.draw(surface)
            # The thick border is ink: outline it so it shows on the dark panel.
            pygame.draw.rect(surface, palette.LIGHT, self.ask_focus.rect.inflate(8, 8), 1)
            return
        pid = self.viewer
        if pid is None:
            return
        player = self.game.players[pid]
        colour = player_colour(self.game, pid)
        title = f"{player.name}, look at your mission" if self.stage == "call" \
            else f"{player.name}'s mission"
        if player.level != "human":
            title = f"The mission of {player.name} ({player.level})"
        colour_swatch(surface, (w // 2 - fonts.bold.width(title) // 2 - 16, 68, 11, 11), colour)
        fonts.bold.draw(surface, title, (w // 2 + 0, 70), palette.WHITE, align="center")
        if self.stage == "call":
            others = "Everyone else, please look away."
            fonts.body.draw(surface, others, (w // 2, 84), palette.LIGHT, align="center")
            back = CARD_RECT
            pygame.draw.rect(surface, palette.INK, back.move(3, 3))
            pygame.draw.rect(surface, colour.rgb, back)
            pygame.draw.rect(surface, palette.INK, back, 1)
            pygame.draw.rect(surface, palette.CREAM, back.inflate(-12, -12), 1)
            fonts.large.draw(surface, "RISK", (back.centerx, back.centery - 8), colour.text,
                             align="center")
            hint = self._say("Press Return (MISSION)", "Press {A} (MISSION)", "Click MISSION")
            glyphs.draw_text(surface, fonts.body, hint, (w // 2, 296), palette.LIGHT,
                             align="center")
        else:
            mission = self.game.mission(pid)
            text = mission.text if mission is not None else "No mission"
            draw_risk_card(surface, CARD_RECT, fonts, text)
            hint = self._say("Keep it secret. Return hides it.", "Keep it secret. {A} hides it.",
                             "Keep it secret. OK hides it.")
            glyphs.draw_text(surface, fonts.body, hint, (w // 2, 296), palette.LIGHT,
                             align="center")
        step = f"{self.index + 1} of {len(self.viewers)}"
        fonts.body.draw(surface, step, (w // 2, 350), palette.SKY_BLUE, align="center")
        self.button.draw(surface)
        pygame.draw.rect(surface, palette.LIGHT, self.button.rect.inflate(8, 8), 1)
