"""The CONNECTING screen (seed 002's web version opened with it): reaching the server and a seat.

It waits for the bridge's answer without ever blocking a frame; ESC, Back or a click on
Cancel gives up. A refusal (wrong password, no open seat...) or an unreachable server is told
in a dialog with the server's own reason, and leads back to where the player came from.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent, Device
from game.net.bridge import NetBridge, Note
from game.scenes.base import Scene
from game.scenes.backdrop import draw_sea_backdrop
from game.ui import glyphs, palette
from game.ui.controlnames import describe_for, device_of
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

TIMEOUT = 15.0
# Return, Space or A ignored this long at first: the key that pressed the form's OK, pressed
# twice, would otherwise cancel the join at once (ESC, Back and a click on CANCEL always work)
GUARD_SECONDS = 0.6
PANEL = pygame.Rect(140, 120, 360, 160)
CANCEL_HINTS = {Device.KEYBOARD: "ESC or Return cancels", Device.PAD: "{BACK} or {A} cancels",
                Device.MOUSE: "Click CANCEL to give up"}


class ConnectingScene(Scene):
    """Shows CONNECTING while `bridge` joins `uri` (after starting the server, when hosting)."""

    def __init__(self, app: SceneContext, bridge: NetBridge, uri: str, join: Callable[[], None],
                 back: Callable[[SceneContext], Scene], *, hosting: Future[Any] | None = None,
                 expected: int = 1) -> None:
        super().__init__(app)
        self.expected = expected  # seats joined from this window: the lobby opens when all are
        self.guard = GUARD_SECONDS
        self._welcomes: list[Note] = []
        self._early: list[Note] = []
        self.bridge = bridge
        self.uri = uri
        self.join = join
        self.back = back
        self.hosting = hosting
        self.time = 0.0
        self.status = "Starting the server..." if hosting is not None else "Calling the server..."
        self._joined = False
        self._done = False
        self.cancel_button = Button(app.fonts, (PANEL.centerx - 32, PANEL.bottom - 30, 64, 17),
                                    "CANCEL", self.cancel, is_default=True)

    def enter(self) -> None:
        if self.hosting is None:
            self._start_join()

    def _start_join(self) -> None:
        self._joined = True
        self.status = "Calling the server..."
        self.join()

    def cancel(self) -> None:
        if self._done:
            return
        self._done = True
        self.app.play(Sfx.CLICK)
        self.bridge.close()
        self.app.scenes.replace(self.back(self.app))

    def fail(self, title: str, reason: str) -> None:
        from game.scenes.dialogs.boxes import MessageDialogScene  # noqa: PLC0415

        if self._done:
            return
        self._done = True
        self.app.play(Sfx.REFUSAL)
        self.bridge.close()
        self.app.scenes.replace(self.back(self.app))
        self.app.scenes.push(MessageDialogScene(self.app, title, reason))

    def handle(self, command: CommandEvent) -> None:
        pressed = command.kind is Command.CONFIRM or (
            command.kind is Command.PRESS and command.device is not Device.MOUSE)
        if pressed and self.guard > 0:
            return  # (see GUARD_SECONDS)
        if command.kind in (Command.CANCEL, Command.CONFIRM):
            self.cancel()
        elif command.kind is Command.PRESS and command.device is not Device.MOUSE:
            self.cancel_button.press()  # the one button: A or Space, wherever the pointer is
        elif command.kind is Command.PRESS and self.cancel_button.rect.collidepoint(command.pos):
            self.cancel_button.press()

    def update(self, dt: float) -> None:
        self.time += dt
        self.guard = max(0.0, self.guard - dt)
        self.cancel_button.update(dt)
        if self._done:
            return
        if self.hosting is not None and not self._joined:
            if self.hosting.done():
                error = self.hosting.exception()
                if error is not None:
                    self.fail("CANNOT HOST", f"The server cannot start: "
                                             f"{getattr(error, 'strerror', None) or error}.")
                    return
                self._start_join()
            return
        if self.time > TIMEOUT:
            self.fail("CANNOT CONNECT", f"No answer from {self.uri} in {TIMEOUT:g} seconds.")
            return
        notes = self.bridge.poll()
        for index, note in enumerate(notes):
            if note.kind == "welcome":
                self._welcomes.append(note)
                if len(self._welcomes) >= self.expected:
                    self._open_lobby(notes[index + 1:])
                    return
                self.status = (f"Seat {len(self._welcomes)} of {self.expected} taken; "
                               f"calling again...")
                continue
            if self._welcomes and note.kind in ("message", "lost", "back"):
                self._early.append(note)  # for the lobby, once every seat of ours is in
                continue
            if note.kind == "refused":
                self.fail("NOT ADMITTED", f"The server said: {note.data.get('reason', '')}.")
                return
            if note.kind == "failed":
                self.fail("CANNOT CONNECT",
                          f"Cannot reach {self.uri}: {note.data.get('reason', '')}.")
                return

    def _open_lobby(self, rest: list[Note]) -> None:
        from game.scenes.network.lobby import LobbyScene  # noqa: PLC0415

        self._done = True
        self.app.play(Sfx.CLICK)
        first = min(self._welcomes, key=lambda n: n.seat if n.seat is not None else 99)
        self.app.scenes.replace(LobbyScene(self.app, self.bridge, first.data,
                                           early=self._early + rest))

    def draw(self, surface: pygame.Surface) -> None:
        draw_sea_backdrop(surface)
        fonts = self.app.fonts
        w = surface.get_width()
        fonts.large.draw(surface, "CONNECTING", (w // 2, 70), palette.GOLD, align="center")
        pygame.draw.rect(surface, palette.NAVY, PANEL)
        pygame.draw.rect(surface, palette.SELECT_BLUE, PANEL, 1)
        fonts.bold.draw(surface, self.uri, (w // 2, PANEL.y + 22), palette.WHITE, align="center")
        dots = "." * (1 + int(self.time * 3) % 3)
        fonts.body.draw(surface, self.status.rstrip(".") + dots, (w // 2, PANEL.y + 52),
                        palette.CREAM, align="center")
        # a small beacon: six player colours lighting in turn while we wait
        lit = int(self.time * 6) % 6
        for i, colour in enumerate(palette.PLAYER_COLOURS):
            x = w // 2 - 3 * 18 + i * 18 + 2
            rect = pygame.Rect(x, PANEL.y + 78, 14, 14)
            pygame.draw.rect(surface, palette.INK, rect.inflate(2, 2))
            pygame.draw.rect(surface, colour.rgb if i == lit else palette.SHADOW, rect)
        hint = describe_for(self.app, CANCEL_HINTS[device_of(self.app)])
        glyphs.draw_text(surface, fonts.body, hint, (w // 2, PANEL.bottom + 14), palette.SKY_BLUE,
                         align="center")
        self.cancel_button.draw(surface)
