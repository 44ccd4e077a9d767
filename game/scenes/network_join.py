"""FILE > Join Network Game: the server's address and port, the player's name and the game password.

OK goes to the CONNECTING screen; the fields are kept in the settings' spirit for the next
time within this run (the last answers come back after a refusal).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent
from game.net.bridge import NetBridge
from game.net.server import DEFAULT_PORT
from game.scenes.base import Scene
from game.scenes.title import draw_sea_backdrop
from game.ui import palette
from game.ui.dialog import Dialog
from game.ui.widgets import Button, Label, TextBox, Widget

if TYPE_CHECKING:
    from game.app import App

RECT = pygame.Rect(150, 90, 340, 214)


@dataclass(frozen=True)
class JoinAnswers:
    address: str = "127.0.0.1"
    port: str = str(DEFAULT_PORT)
    name: str = "Player"
    password: str = ""


def server_uri(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address and not address.startswith("[") else address
    return f"ws://{host}:{port}"


def parse_port(text: str) -> int | None:
    return int(text) if text.strip().isdigit() and 1 <= int(text) <= 65535 else None


def leave_for_network(app: App, scene: Scene) -> None:
    """Close every screen (each saves what it must, as on quitting) and show `scene`."""
    for old in reversed(app.scenes.stack):
        old.on_quit()
    app.scenes.clear()
    app.scenes.push(scene)


def back_out(app: App, scene: Scene) -> None:
    """CANCEL: back to the screen below, or the title when there is none."""
    app.play(Sfx.CLICK)
    if len(app.scenes.stack) > 1:
        app.scenes.pop()
    else:
        from game.scenes.title import TitleScene  # noqa: PLC0415

        app.scenes.replace(TitleScene(app))


class FormScene(Scene):
    """A full-screen dialog of labelled fields with OK and CANCEL (join and host share it)."""

    title = ""

    def __init__(self, app: App, rect: pygame.Rect) -> None:
        super().__init__(app)
        self.rect = rect
        fonts = app.fonts
        self.ok = Button(fonts, (rect.right - 76, rect.bottom - 27, 64, 17), "OK", self.confirm,
                         is_default=True, bold=True)
        self.cancel = Button(fonts, (rect.right - 150, rect.bottom - 27, 64, 17), "CANCEL",
                             lambda: back_out(self.app, self))
        self.widgets: list[Widget] = []

    def field(self, label: str, y: int, text: str, length: int, width: int = 150) -> TextBox:
        fonts = self.app.fonts
        self.widgets.append(Label(fonts, (self.rect.x + 14, y + 3, 120, 10), label, bold=True))
        box = TextBox(fonts, (self.rect.x + 150, y, width, 14), text, max_length=length)
        self.widgets.append(box)
        return box

    def finish(self) -> None:
        self.dialog = Dialog(self.app.fonts, self.rect, self.title, [*self.widgets, self.cancel,
                                                                     self.ok],
                             default=self.ok, cancel=self.cancel)

    @property
    def wants_text(self) -> bool:  # type: ignore[override]
        return self.dialog.wants_text

    @property
    def wants_navigation(self) -> bool:  # type: ignore[override]
        return True  # the stick and cursor keys walk the buttons, as in every dialog

    def confirm(self) -> None:
        raise NotImplementedError

    def refuse(self, text: str) -> None:
        from game.scenes.dialogs import MessageDialogScene  # noqa: PLC0415

        self.app.play(Sfx.REFUSAL)
        self.app.scenes.push(MessageDialogScene(self.app, self.title, text))

    def handle(self, command: CommandEvent) -> None:
        focused = self.dialog.focused
        if command.kind is Command.CONFIRM and isinstance(focused, TextBox):
            self.dialog._focus_next()  # noqa: SLF001 - Return moves on to the next field
            return
        if command.kind in (Command.DOWN, Command.UP) and not self.dialog.wants_text:
            self.dialog._focus_next(1 if command.kind is Command.DOWN else -1)  # noqa: SLF001
            return
        self.dialog.handle(command)

    def update(self, dt: float) -> None:
        self.dialog.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_sea_backdrop(surface)
        self.dialog.draw(surface)
        self.app.fonts.body.draw(surface, "Tab or Return: next field.  Return on OK connects.",
                                 (self.rect.centerx, self.rect.bottom + 12), palette.SKY_BLUE,
                                 align="center")


class JoinNetworkScene(FormScene):
    """Where to connect, as whom, with which password."""

    title = "JOIN NETWORK GAME"
    last = JoinAnswers()

    def __init__(self, app: App, answers: JoinAnswers | None = None) -> None:
        super().__init__(app, RECT)
        a = answers or JoinNetworkScene.last
        y = self.rect.y + 34
        self.address = self.field("SERVER ADDRESS", y, a.address, 64, 170)
        self.port = self.field("PORT", y + 26, a.port, 5, 60)
        self.name = self.field("YOUR NAME", y + 52, a.name, 16)
        self.password = self.field("GAME PASSWORD", y + 78, a.password, 32)
        self.widgets.append(Label(app.fonts, (self.rect.x + 14, y + 106, 310, 20),
                                  "Leave the password empty if the game has none.",
                                  colour=palette.SHADOW))
        self.finish()
        self.dialog.focus(self.address)

    def answers(self) -> JoinAnswers:
        return JoinAnswers(self.address.text.strip(), self.port.text.strip(),
                           self.name.text.strip(), self.password.text)

    def confirm(self) -> None:
        from game.scenes.network_connecting import ConnectingScene  # noqa: PLC0415

        a = self.answers()
        port = parse_port(a.port)
        if not a.address:
            self.refuse("Type the server's address (for example 192.168.1.20).")
            return
        if port is None:
            self.refuse("The port is a number from 1 to 65535 (the server's default is "
                        f"{DEFAULT_PORT}).")
            return
        if not a.name:
            self.refuse("Type your name: the other players will see it.")
            return
        JoinNetworkScene.last = a
        self.app.play(Sfx.CLICK)
        bridge = NetBridge()
        uri = server_uri(a.address, port)
        leave_for_network(self.app, ConnectingScene(
            self.app, bridge, uri, lambda: bridge.join(uri, a.name, a.password or None),
            back=lambda app: JoinNetworkScene(app, replace(a))))
