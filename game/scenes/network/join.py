"""FILE > Join Network Game: the server's address and port, the player's name and the game password.

OK goes to the CONNECTING screen. The answers come back the next time (after a refusal: as
typed; after a restart: the address, port and name, never the password), so a player whose
window closed mid-game finds the seat they hold, and OK takes it back. Two or more players at
one window type their names in the name box with commas between: each gets a seat of their
own, and the game is played among them as a hot-seat game (see game/net/seatviews.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.input import Command, CommandEvent, Device
from game.net.bridge import NetBridge, load_seat
from game.net.protocol import MAX_NAME_LENGTH
from game.net.recall import load_answers, save_answers
from game.net.server import DEFAULT_GAME, DEFAULT_PORT
from game.scenes.base import Scene
from game.scenes.backdrop import draw_sea_backdrop
from game.ui import glyphs, palette
from game.ui.controlnames import describe_for, device_of
from game.ui.dialog import Dialog
from game.ui.widgets import Button, Label, TextBox, Widget

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

RECT = pygame.Rect(150, 90, 340, 214)


@dataclass(frozen=True)
class JoinAnswers:
    address: str = "127.0.0.1"
    port: str = str(DEFAULT_PORT)
    name: str = "Player"
    password: str = ""


def remembered_answers() -> JoinAnswers:
    """The answers given last time the game ran (no password: it is never kept)."""
    kept = load_answers("join")
    defaults = JoinAnswers()
    return JoinAnswers(*(str(kept.get(f, getattr(defaults, f)))[:64]
                         for f in ("address", "port", "name")))


def server_uri(address: str, port: int) -> str:
    """The server's address as a URI: ws:// unless the address is written wss://host (a
    server with a certificate, game/net/tls.py). A port written in the address (host:port,
    [IPv6]:port) is taken before `port`, as a browser would. ValueError, saying why, for
    what is not a server's address (a path, an empty name, a bad port)."""
    text, scheme = address.strip(), "ws"
    for prefix in ("wss://", "ws://"):
        if text.lower().startswith(prefix):
            scheme, text = prefix[:-3], text[len(prefix):].rstrip("/")
            break
    given = None
    if text.startswith("["):  # [IPv6] or [IPv6]:port
        inside, _, rest = text[1:].partition("]")
        host, given = f"[{inside}]", rest[1:] if rest.startswith(":") else rest or None
    elif text.count(":") == 1:  # host:port
        host, given = text.split(":")
    else:  # a name, IPv4, or IPv6 written bare
        host = f"[{text}]" if ":" in text else text
    if given is not None:
        if not given.isdigit() or not 1 <= int(given) <= 65535:
            raise ValueError(f"'{given}' is not a port (1 to 65535)")
        port = int(given)
    if not host.strip("[]") or any(c in host for c in "/?#@ "):
        raise ValueError("write only the server's name or number (a path or spaces cannot be "
                         "part of it)")
    return f"{scheme}://{host}:{port}"


def parse_port(text: str) -> int | None:
    return int(text) if text.strip().isdigit() and 1 <= int(text) <= 65535 else None


def leave_for_network(app: SceneContext, scene: Scene) -> None:
    """Close every screen (each saves what it must, as on quitting) and show `scene`."""
    for old in reversed(app.scenes.stack):
        old.on_quit()
    app.scenes.clear()
    app.scenes.push(scene)


def back_out(app: SceneContext, scene: Scene) -> None:
    """CANCEL: back to the screen below, or the title when there is none."""
    app.play(Sfx.CLICK)
    if len(app.scenes.stack) > 1:
        app.scenes.pop()
    else:
        app.scenes.replace(app.title_scene())


FORM_HINTS = {  # how the form is filled with the device in hand (controlnames templates)
    Device.KEYBOARD: "Type in the boxes; Tab or Return: next box.  Return on OK goes on.",
    Device.MOUSE: "Click a box to type on the on-screen keyboard.  Click OK to go on.",
    Device.PAD: "{A} on a box opens the keyboard; {DPAD} moves.  {A} on OK goes on.",
}

KEYS_AND_MOUSE_HINT = "Click a box and type; click it again for the on-screen keyboard."


class FormScene(Scene):
    """A full-screen dialog of labelled fields with OK and CANCEL (join and host share it).

    Each device fills it alone: keys type straight into the focused box (Return goes on to
    the next box, and from the last one to OK); a click on a box or a pad's A opens the
    on-screen keyboard for it, whose DONE goes on to the next box the same way.
    """

    title = ""

    def __init__(self, app: SceneContext, rect: pygame.Rect) -> None:
        super().__init__(app)
        self.rect = rect
        fonts = app.fonts
        self.ok = Button(fonts, (rect.right - 76, rect.bottom - 27, 64, 17), "OK", self.confirm,
                         is_default=True, bold=True)
        self.cancel = Button(fonts, (rect.right - 150, rect.bottom - 27, 64, 17), "CANCEL",
                             lambda: back_out(self.app, self))
        self.widgets: list[Widget] = []
        self.fields: list[TextBox] = []
        self.labels: dict[TextBox, str] = {}  # a box's title on the on-screen keyboard
        self.captions: dict[TextBox, Label] = {}  # the label beside a box
        self.reveal: Button | None = None

    def field(self, label: str, y: int, text: str, length: int, width: int = 150, *,
              masked: bool = False) -> TextBox:
        fonts = self.app.fonts
        caption = Label(fonts, (self.rect.x + 14, y + 3, 120, 10), label, bold=True)
        self.widgets.append(caption)
        box = TextBox(fonts, (self.rect.x + 150, y, width, 14), text, max_length=length,
                      on_keyboard=self.open_keyboard, masked=masked)
        self.widgets.append(box)
        self.fields.append(box)
        self.labels[box] = label
        self.captions[box] = caption
        if masked:  # a password: SHOW beside it reveals it (and HIDE masks it again)
            self.reveal = Button(fonts, (box.rect.right + 6, y - 1, 40, 16), "SHOW",
                                 lambda: self.toggle_reveal(box))
            self.widgets.append(self.reveal)
        return box

    def name_for(self, box: TextBox, players: int) -> None:
        """The name box asks for one name, or for several with commas between."""
        several = players > 1
        self.captions[box].text = "NAMES HERE" if several else "YOUR NAME"
        self.labels[box] = "NAMES, SEPARATED BY COMMAS" if several else "YOUR NAME"

    def toggle_reveal(self, box: TextBox) -> None:
        """SHOW / HIDE beside a password box."""
        self.app.play(Sfx.CLICK)
        box.masked = not box.masked
        if self.reveal is not None:
            self.reveal.label = "SHOW" if box.masked else "HIDE"

    def finish(self) -> None:
        self.dialog = Dialog(self.app.fonts, self.rect, self.title, [*self.widgets, self.cancel,
                                                                     self.ok],
                             default=self.ok, cancel=self.cancel)

    # -- typing --------------------------------------------------------------------------
    def open_keyboard(self, box: TextBox) -> None:
        """The on-screen keyboard for `box` (a click on it, or a pad's A)."""
        from game.scenes.dialogs.boxes import TextEntryScene  # noqa: PLC0415

        def done(text: str | None) -> None:
            if text is None:
                self.dialog.focus(box)
                return
            box.set_text(text)
            self.next_field(box)

        entry = TextEntryScene(self.app, self.labels.get(box, "ENTER TEXT"), box.text,
                               box.max_length, done)
        entry.keyboard.masked = box.masked  # a hidden password stays hidden on the keys too
        self.app.scenes.push(entry)

    def next_field(self, box: TextBox) -> None:
        """Return in a box (or DONE on its keyboard): on to the next box, after the last to OK."""
        index = self.fields.index(box) if box in self.fields else len(self.fields)
        later = [b for b in self.fields[index + 1:] if b.visible]
        self.dialog.focus(later[0] if later else self.ok)

    @property
    def wants_text(self) -> bool:  # type: ignore[override]
        return self.dialog.wants_text

    @property
    def wants_navigation(self) -> bool:  # type: ignore[override]
        return True  # the stick and cursor keys walk the buttons, as in every dialog

    def confirm(self) -> None:
        raise NotImplementedError

    def refuse(self, text: str) -> None:
        from game.scenes.dialogs.boxes import MessageDialogScene  # noqa: PLC0415

        self.app.play(Sfx.REFUSAL)
        self.app.scenes.push(MessageDialogScene(self.app, self.title, text))

    def handle(self, command: CommandEvent) -> None:
        focused = self.dialog.focused
        if (command.kind is Command.CONFIRM and command.device is not Device.PAD
                and isinstance(focused, TextBox)):
            self.next_field(focused)  # Return moves on to the next field
            return
        if command.kind in (Command.DOWN, Command.UP):
            step = 1 if command.kind is Command.DOWN else -1
            if not self.row_step(step):  # past the last row: round to the first
                self.dialog._focus_next(step)  # noqa: SLF001
            return
        self.dialog.handle(command)

    def row_step(self, dy: int) -> bool:
        """Up or down: to the next row of the form (never over a row, as the nearest widget
        in a straight line would), the widget of that row nearest across; a row holding the
        default button (OK) gives it the focus, so Return there never cancels."""
        chain = self.dialog.focus_chain()
        current = self.dialog.focused
        if current not in chain:
            return False
        cy = current.rect.centery
        ahead = [w for w in chain if (w.rect.centery - cy) * dy > 3]
        if not ahead:
            return False
        gap = min(abs(w.rect.centery - cy) for w in ahead)
        row = [w for w in ahead if abs(w.rect.centery - cy) - gap <= 3]
        if self.ok in row:
            self.dialog.focus(self.ok)
        else:
            self.dialog.focus(min(row, key=lambda w: abs(w.rect.centerx
                                                         - current.rect.centerx)))
        return True

    def update(self, dt: float) -> None:
        self.dialog.update(dt)

    def hint(self) -> str:
        """How to fill the form, for the device used last."""
        device = device_of(self.app)
        if device is Device.MOUSE and self.app.input.keys_typed:
            return KEYS_AND_MOUSE_HINT  # a click only puts the cursor in a box: keys type
        return describe_for(self.app, FORM_HINTS[device])

    def draw(self, surface: pygame.Surface) -> None:
        draw_sea_backdrop(surface)
        self.dialog.draw(surface)
        glyphs.draw_text(surface, self.app.fonts.body, self.hint(),
                         (self.rect.centerx, self.rect.bottom + 12), palette.SKY_BLUE,
                         align="center")


PASSWORD_NOTE = "Leave the password empty if the game has none."
NAMES_LENGTH = 6 * (MAX_NAME_LENGTH + 2)  # up to six names, separated by ", "


def kept_seats(address: str, port: str, names: str) -> list[tuple[int, str]]:
    """The seats (seat, name) this machine keeps for those names in the game at that server,
    all as typed on the Join form; none for an address or port that is not one."""
    number = parse_port(port)
    if not address or number is None:
        return []
    try:
        uri = server_uri(address, number)
    except ValueError:
        return []
    kept = []
    for name in split_names(names):
        credentials = load_seat(uri, DEFAULT_GAME, name)
        if credentials is not None:
            kept.append((credentials.seat, name))
    return kept


def split_names(text: str) -> list[str]:
    """The names typed in a name box: one per seat played at this machine, commas between."""
    return [n.strip() for n in text.split(",") if n.strip()]


def names_problem(names: list[str], wanted: int) -> str:
    """Why the names typed for `wanted` local seats will not do, or "" when they will."""
    if not names:
        return "Type your name: the other players will see it."
    if len(names) < wanted:
        return (f"Type a name for each of the {wanted} Local seats, separated by commas "
                f"(for example: Ann, Bob).")
    if len(names) > wanted:
        return (f"{len(names)} names for {wanted} Local seat{'s' if wanted > 1 else ''}: "
                f"make more seats Local, or remove a name.")
    long = [n for n in names if len(n) > MAX_NAME_LENGTH]
    if long:
        return f"\"{long[0][:20]}\" is too long: a name has at most {MAX_NAME_LENGTH} letters."
    if len({n.casefold() for n in names}) < len(names):
        return "Each player here needs a name of their own."
    return ""


class JoinNetworkScene(FormScene):
    """Where to connect, as whom, with which password.

    The form comes back with the last answers (the password excepted, which is never kept);
    when this player's seat token for that server and name is kept, the form says so: OK
    takes that seat back (a window that was closed or crashed mid-game rejoins this way).
    """

    title = "JOIN NETWORK GAME"
    last: JoinAnswers | None = None  # this run's last answers (after a refusal: as typed)

    def __init__(self, app: SceneContext, answers: JoinAnswers | None = None) -> None:
        super().__init__(app, RECT)
        a = answers or JoinNetworkScene.last or remembered_answers()
        y = self.rect.y + 34
        self.address = self.field("SERVER ADDRESS", y, a.address, 64, 170)
        self.port = self.field("PORT", y + 26, a.port, 5, 60)
        self.name = self.field("YOUR NAME", y + 52, a.name, NAMES_LENGTH)
        self.password = self.field("GAME PASSWORD", y + 78, a.password, 32, 120, masked=True)
        self.note = Label(app.fonts, (self.rect.x + 14, y + 106, 310, 20), PASSWORD_NOTE,
                          colour=palette.SHADOW)
        self.widgets.append(self.note)
        self.kept_seat: int | None = None
        self._seat_key: tuple[str, str, str] | None = None
        self.finish()
        self._look_for_seat()
        # a seat kept there: OK takes it back, so one press does it (a pad or keys)
        self.dialog.focus(self.ok if self.kept_seat is not None else self.address)

    def _look_for_seat(self) -> None:
        """Is a seat of that server's game kept for those names? Said under the fields."""
        a = self.answers()
        key = (a.address, a.port, a.name)
        if key == self._seat_key:
            return
        self._seat_key = key
        names = split_names(a.name)
        kept = kept_seats(a.address, a.port, a.name)
        self.kept_seat = kept[0][0] if kept else None
        self.name_for(self.name, len(names))
        if not kept:
            self.note.text, self.note.colour = PASSWORD_NOTE, palette.SHADOW
        elif len(names) == 1:
            # (kept on this machine: the server may have ended that game since)
            self.note.text = (f"Seat {self.kept_seat + 1} there was {a.name}'s: OK takes it "
                              "back if the game goes on.")
            self.note.colour = palette.INK
        else:
            seats = ", ".join(str(seat + 1) for seat, _ in kept)
            self.note.text = (f"Seat{'s' if len(kept) > 1 else ''} {seats} there "
                              f"{'were' if len(kept) > 1 else 'was'} held by "
                              f"{', '.join(name for _, name in kept)}: OK takes "
                              f"{'them' if len(kept) > 1 else 'it'} back if the game goes on.")
            self.note.colour = palette.INK

    def update(self, dt: float) -> None:
        super().update(dt)
        self._look_for_seat()

    def answers(self) -> JoinAnswers:
        return JoinAnswers(self.address.text.strip(), self.port.text.strip(),
                           self.name.text.strip(), self.password.text)

    def confirm(self) -> None:
        from game.scenes.network.connecting import ConnectingScene  # noqa: PLC0415

        a = self.answers()
        port = parse_port(a.port)
        if not a.address:
            self.refuse("Type the server's address (for example 192.168.1.20).")
            return
        if port is None:
            self.refuse("The port is a number from 1 to 65535 (the server's default is "
                        f"{DEFAULT_PORT}).")
            return
        names = split_names(a.name)
        problem = names_problem(names, max(1, len(names)))
        if problem:
            self.refuse(problem)
            return
        try:
            uri = server_uri(a.address, port)
        except ValueError as exc:
            self.refuse(f"That is not a server's address: {exc}.")
            return
        JoinNetworkScene.last = a
        save_answers("join", {"address": a.address, "port": a.port, "name": a.name})
        self.app.play(Sfx.CLICK)
        bridge = NetBridge()

        def join() -> None:  # a seat for each name: two players here share this window
            for name in names:
                bridge.join(uri, name, a.password or None)

        leave_for_network(self.app, ConnectingScene(
            self.app, bridge, uri, join, back=lambda app: JoinNetworkScene(app, replace(a)),
            expected=len(names)))
