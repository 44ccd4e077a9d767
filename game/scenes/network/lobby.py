"""The lobby of a network game: who has taken a seat, who is connected, who is still awaited.

The game starts by itself on the server when every seat is taken; the first view of it that
arrives opens the play screen. ESC (or Back) asks whether to leave.
"""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING, Any

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent, Device
from game.net.bridge import NetBridge, Note
from game.net.recall import save_answers
from game.scenes.base import Scene
from game.scenes.backdrop import draw_sea_backdrop
from game.ui import glyphs, palette
from game.ui.controlnames import describe_for, device_of
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

PANEL = pygame.Rect(90, 84, 460, 250)
# Return, Space, A or a click ignored this long at first: the press that joined, made twice,
# would otherwise ask to leave at once (ESC and Back always ask)
GUARD_SECONDS = 0.6
LEAVE_HINTS = {Device.KEYBOARD: "ESC or Return leaves", Device.PAD: "{BACK} or {A} leaves",
               Device.MOUSE: "Click LEAVE to leave"}
KIND_LABELS = {"open": "player", "easy": "computer (Easy)", "standard": "computer (Standard)",
               "good": "computer (Good)"}


def local_addresses() -> list[str]:
    """This machine's addresses, for the host to tell the others (best effort, no network use)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found and not address.startswith("127."):
                found.append(address)
    except OSError:
        pass
    return found or ["127.0.0.1"]


class LobbyScene(Scene):
    """Waits with the others until every seat is taken."""

    def __init__(self, app: SceneContext, bridge: NetBridge, welcome: dict[str, Any],
                 early: list[Note] | None = None) -> None:
        super().__init__(app)
        self.bridge = bridge
        self.seat = int(welcome["seat"])
        self.lobby: dict[str, Any] | None = None
        self.time = 0.0
        self.notice = bridge.seat_kept_was_gone or ""
        self._done = False
        self._early = list(early or [])
        # the mouse's way out (keys and pads have ESC and Back; Return or A press it too)
        self.leave_button = Button(app.fonts, (PANEL.centerx - 32, PANEL.bottom + 24, 64, 17),
                                   "LEAVE", self.ask_leave)

    def update(self, dt: float) -> None:
        self.time += dt
        self.leave_button.update(dt)
        notes, self._early = self._early + self.bridge.poll(), []
        for index, note in enumerate(notes):
            if note.kind == "message":
                msg = note.data
                if msg["type"] == "lobby":
                    self.lobby = msg
                elif msg["type"] == "state":
                    self._open_game(msg, notes[index + 1:])
                    return
                elif msg["type"] == "bye":
                    self.notice = msg["reason"]
            elif note.kind == "lost":
                said = note.data.get("said")
                self.notice = (f"The server closed the connection ({said}): trying to "
                               "reconnect..." if said else
                               "Connection lost: trying to reconnect...")
            elif note.kind == "back":
                self.notice = "Reconnected."
            elif note.kind in ("gone", "refused"):
                self.notice = f"Disconnected: {note.data.get('reason', '')}"

    def _open_game(self, state: dict[str, Any], rest: list[Note]) -> None:
        from game.scenes.network.missions import (  # noqa: PLC0415
            NetworkMissionRevealScene,
            reveals_missions,
        )
        from game.scenes.network.play import NetworkPlayScene  # noqa: PLC0415

        self._done = True
        self.app.play(Sfx.CLICK)
        self._note_hosted_game()
        play = NetworkPlayScene(self.app, self.bridge, state, early=rest)
        self.app.scenes.replace(play)
        if reveals_missions(state, play.game):  # each player reads their own mission first
            self.app.scenes.push(NetworkMissionRevealScene(self.app, play.game,
                                                           play.local_seats, lambda: None))

    def _note_hosted_game(self) -> None:
        """A game hosted here has begun (and is autosaved from now on): keep where it runs and
        under which names its players here sit, so the Host form can offer to resume it after
        the window closed or crashed."""
        if self.bridge.server is None or self.bridge.port is None:
            return
        names = [client.credentials.name for _, client in sorted(self.bridge.clients.items())
                 if client.credentials is not None]
        if names:
            save_answers("hosted", {"port": self.bridge.port, "name": names[0], "names": names})

    def handle(self, command: CommandEvent) -> None:
        if command.kind in (Command.CONFIRM, Command.PRESS) and self.time < GUARD_SECONDS:
            return  # (see GUARD_SECONDS)
        if command.kind is Command.CANCEL:
            self.ask_leave()
        elif command.kind is Command.PRESS and command.device is Device.MOUSE:
            self.leave_button.handle(command)
        elif command.kind in (Command.CONFIRM, Command.PRESS):
            self.leave_button.press()  # the one button: Return, Space or A press it

    def ask_leave(self) -> None:
        from game.scenes.dialogs.boxes import ConfirmDialogScene  # noqa: PLC0415

        self.app.scenes.push(ConfirmDialogScene(self.app, "LEAVE", "Leave this network game?",
                                                self.leave, yes="Leave", no="Stay"))

    def leave(self) -> None:
        self._done = True
        self.bridge.close()
        self.app.scenes.replace(self.app.title_scene())

    def exit(self) -> None:
        if not self._done:
            self.bridge.close()

    def on_quit(self) -> None:
        self.bridge.close()

    def draw(self, surface: pygame.Surface) -> None:
        draw_sea_backdrop(surface)
        fonts = self.app.fonts
        w = surface.get_width()
        fonts.large.draw(surface, "NETWORK GAME", (w // 2, 34), palette.GOLD, align="center")
        fonts.bold.draw(surface, f"Server: {self.bridge.address}", (w // 2, 64), palette.CREAM,
                        align="center")
        pygame.draw.rect(surface, palette.NAVY, PANEL)
        pygame.draw.rect(surface, palette.SELECT_BLUE, PANEL, 1)
        x, y = PANEL.x + 14, PANEL.y + 12
        fonts.bold.draw(surface, "SEAT", (x, y), palette.AMBER)
        fonts.bold.draw(surface, "PLAYER", (x + 50, y), palette.AMBER)
        fonts.bold.draw(surface, "STATUS", (x + 250, y), palette.AMBER)
        seats = self.lobby["seats"] if self.lobby else []
        waiting = 0
        for row, entry in enumerate(seats):
            if not isinstance(entry, dict):
                continue
            ry = y + 22 + row * 24
            index = int(entry.get("seat", row))
            colour = palette.PLAYER_COLOURS[index % len(palette.PLAYER_COLOURS)]
            pygame.draw.rect(surface, palette.INK, (x - 1, ry - 3, 14, 14))
            pygame.draw.rect(surface, colour.rgb, (x, ry - 2, 12, 12))
            fonts.bold.draw(surface, str(index + 1), (x + 20, ry), palette.WHITE)
            name = entry.get("name") or "-"
            you = "  (you)" if index in self.bridge.seats else ""
            fonts.body.draw(surface, f"{name}{you}", (x + 50, ry), palette.WHITE)
            kind = str(entry.get("kind", "open"))
            if not entry.get("taken"):
                status, tone = "open - waiting for a player", palette.SKY_BLUE
                waiting += 1
            elif kind != "open":
                status, tone = KIND_LABELS.get(kind, kind), palette.CREAM
            elif entry.get("connected"):
                status, tone = "connected", palette.CREAM
            else:
                status, tone = "away", palette.AMBER
            fonts.body.draw(surface, status, (x + 250, ry), tone)
        if self.lobby is None:
            text = "Waiting for the server" + "." * (1 + int(self.time * 3) % 3)
        elif waiting:
            text = (f"Waiting for {waiting} more player{'s' if waiting > 1 else ''}"
                    + "." * (1 + int(self.time * 3) % 3))
        else:
            text = "Every seat is taken: the game begins."
        fonts.bold.draw(surface, text, (w // 2, PANEL.bottom - 40), palette.WHITE, align="center")
        if self.bridge.server is not None and self.bridge.port is not None:
            where = ", ".join(f"{a}:{self.bridge.port}" for a in local_addresses()[:2])
            fonts.body.draw(surface, f"Others join at {where}", (w // 2, PANEL.bottom - 22),
                            palette.SKY_BLUE, align="center")
        if self.notice:
            fonts.body.draw(surface, self.notice, (w // 2, PANEL.bottom + 14), palette.AMBER,
                            align="center")
        self.leave_button.focused = device_of(self.app) is not Device.MOUSE
        self.leave_button.draw(surface)
        hint = describe_for(self.app, LEAVE_HINTS[device_of(self.app)])
        glyphs.draw_text(surface, fonts.body, hint, (w // 2, 384), palette.SKY_BLUE, align="center")
