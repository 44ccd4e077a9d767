"""The play screen of a network game: the local game's screen, with the server as the only authority.

`NetworkPlayScene` is a PlayScene whose game is a mirror of what this seat may see. A human's
action is checked on the mirror (so an illegal move is refused at once in the engine's words),
then sent to the server instead of applied; the server's updates replace the mirror and their
events are animated exactly like a local computer's moves, one at a time, paced by Fast Game.
Other seats (humans elsewhere, or computers on the server) are "remote": the screen treats
them like computer seats, except that their moves come from the network.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from game.engine import Game, IllegalActionError
from game.engine import actions as act
from game.engine import events as ev
from game.net.bridge import NetBridge, Note
from game.net.seatviews import SeatCopies
from game.net.views import events_from_dicts, mirror_dict
from game.scenes.play.screen import PlayScene
from game.scenes.play.autosave import Autosaver
from game.scenes.play.board import Snapshot
from game.scenes.play.computer_seats import pause_after
from game.scenes.play.menus import PlayMenus
from game.scenes.play.seats import Seats
from game.scenes.menu_items import NETWORK_ITEMS
from game.scenes.network.story import NetworkStoryTeller
from game.scenes.info.story import set_story_teller
from game.ui import palette
from game.ui.menubar import Menu, MenuBar, MenuItem

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

COPY_WAIT_SECONDS = 1.0  # the longest an update waits for the acting seat's own copy
NETWORK_REFUSAL = "Not in a network game: its rules and variants were set when it was hosted."


def mirror_from(view: dict[str, Any]) -> Game:
    """The game a received view describes (others' secrets replaced by placeholders)."""
    return Game.from_dict(mirror_dict(view), seat_view=True)


class NetworkSeats(Seats):
    """Only the seats joined from this machine are played here; every other seat (a human
    elsewhere, or a computer on the server) moves over the network, as a computer would."""

    def __init__(self, game: Game, local_seats: frozenset[int]) -> None:
        super().__init__(game, demo=False)
        self.local_seats = local_seats

    def is_computer(self, pid: int) -> bool:
        return pid not in self.local_seats


class NetworkPlayMenus(PlayMenus):
    """The play screen's menus; FILE's items and the game-changing commands suit a network game."""

    scene: NetworkPlayScene

    def save(self) -> None:
        self.scene.messages.add("The server saves this game after every move.", palette.CREAM)

    def resume_game(self) -> None:
        self._leave_first()

    def new_game(self) -> None:
        self._leave_first()

    def _leave_first(self) -> None:
        self.scene.refuse("Leave the network game first (FILE > Leave Network Game).")

    def change_sides(self) -> None:
        self.scene.refuse(NETWORK_REFUSAL)

    def cheat(self) -> None:
        self.scene.refuse(NETWORK_REFUSAL)

    def review_last_turn(self) -> None:
        """The server tells what happened since the seat's last turn (the record is secret)."""
        scene = self.scene
        viewer = scene.viewer
        local = sorted(scene.local_seats)
        seat = viewer if viewer in scene.local_seats else (local[0] if local else None)
        if seat is None:
            scene.refuse("No seat of yours is in this game.")
            return
        scene.teller.ask_review(seat)

    def build(self) -> list[Menu]:
        menus = super().build()
        scene = self.scene
        for menu in menus:
            if menu.title == "FILE":
                menu.items.insert(0, MenuItem("Leave Network Game", scene.ask_leave))
                for item in menu.items:  # another network game: this one is left first
                    if item.label in NETWORK_ITEMS:
                        item.action = self._leave_first
            for item in menu.items:
                if item.label == "Review Last Turn":  # told by the server: no record needed
                    item.enabled = lambda: bool(scene.local_seats) and scene.seq > 0
        return menus


class NetworkPlayScene(PlayScene):
    """A network game at this machine: `bridge` holds its seats' connections."""

    def __init__(self, app: SceneContext, bridge: NetBridge, state: dict[str, Any],
                 early: list[Note] | None = None) -> None:
        game = mirror_from(state["view"])
        game.opening_events = events_from_dicts(state.get("events", []))
        self.bridge = bridge
        self.local_seats = frozenset(bridge.seats) or frozenset({state["seat"]})
        # every seat played here hears each update in its own copy (its own secrets only):
        # with two or more seats here, the screen's mirror is made of all their copies
        self.copies = SeatCopies(self.local_seats)
        self.copies.add(state.get("seat"), state)
        self.seq = state["seq"]
        self._updates: list[dict[str, Any]] = []
        self._pending = False
        self._roster: dict[int, bool] = {}
        self._left = False
        # why the server cannot be reached now ("Connection lost: ..."); None while connected
        # why each seat of ours cannot reach the server now ("Connection lost: ..."); a seat
        # played here has a connection of its own (None: a note that names no seat)
        self._offline: dict[int | None, str] = {}
        self._gone: set[int | None] = set()  # those of them disconnected for good
        self._held_since: float | None = None
        super().__init__(app, game)
        # the parts' seams: who plays here, no saving here (the server saves every move),
        # menus that suit a network game
        self.seats = NetworkSeats(game, self.local_seats)
        self.autosaver = Autosaver(lambda: None)
        self.menus = NetworkPlayMenus(self)
        self.menubar = MenuBar(app.fonts, self.menus.build(), right_text="NETWORK GAME",
                               on_choose=self.menubar.on_choose, on_refuse=self.menubar.on_refuse)
        # the game's story (Game Log, Luck, Review Last Turn) is told by the server
        self.teller = NetworkStoryTeller(self)
        set_story_teller(app, self.teller)
        for note in early or []:
            self.receive(note)
        if bridge.seat_kept_was_gone:  # said here too: the lobby may have gone by at once
            self.messages.alert(bridge.seat_kept_was_gone, palette.WHITE,
                                band=palette.SELECT_BLUE)  # (until the player's first move)
            bridge.seat_kept_was_gone = None

    def adopt_game(self, game: Game) -> None:
        teller = getattr(self, "teller", None)  # (the first game is adopted before it exists)
        if teller is not None:
            teller.remember(game)
        super().adopt_game(game)

    # -- seats: local humans here, everybody else comes over the network -------------------
    def computer_step(self) -> None:
        """A remote seat is to move: show its next move once it has arrived."""
        if self._updates and self._ready(self._updates[0]):
            self._show_update(self._updates.pop(0))

    def _ready(self, msg: dict[str, Any]) -> bool:
        """An update is shown once the copy of the seat that acted has come, if that seat is
        played here (its copy alone knows the card it drew); a copy lost on the way does not
        hold the game up for more than a moment."""
        if self.copies.ready(msg):
            self._held_since = None
            return True
        now = time.monotonic()
        if self._held_since is None:
            self._held_since = now
        if now - self._held_since > COPY_WAIT_SECONDS:
            self._held_since = None
            return True
        return False

    def human_step(self) -> None:
        if self._pending:
            return  # our last action is on its way to the server
        super().human_step()

    def select(self, tid: str) -> None:
        if not self._pending:
            super().select(tid)

    def autosave(self) -> None:
        """The server saves every move; a mirror (with others' cards unknown) is never saved."""

    # -- acting: check on the mirror, then ask the server -------------------------------------
    def perform(self, action: act.Action) -> bool:
        if isinstance(action, act.OPTION_ACTIONS):
            self.refuse(NETWORK_REFUSAL)
            return False
        if self._pending:
            return False
        seat = self.game.to_move
        if seat not in self.local_seats:
            self.refuse("Not your move.")
            return False
        why = self._offline.get(seat) or self._offline.get(None)
        if why is not None:  # the move would be lost on the way: say so, keep it
            self.refuse(f"{why} This move was not sent.")
            return False
        try:
            self.game.check(action)
        except IllegalActionError as exc:
            self.refuse(str(exc))
            return False
        self.messages.clear_alert()  # the next action: a refusal has been read
        self._pending = True
        self.bridge.send_action(seat, action)
        return True

    # -- receiving ---------------------------------------------------------------------------
    def receive(self, note: Note) -> None:
        if note.kind == "message":
            self._message(note.data, note.seat)
        elif note.kind == "lost":
            # an alert, not a history line: the pinned prompt would cover a line, and a
            # player must see at once why nothing answers
            said = note.data.get("said")
            self._go_offline(note.seat, f"The server closed the connection ({said}): trying "
                             "to reconnect..." if said else
                             "Connection lost: trying to reconnect...", False)
        elif note.kind == "back":
            if note.seat not in self._gone:
                self._offline.pop(note.seat, None)
            self._show_connection()
            self.confirm("Reconnected to the server.")
        elif note.kind in ("gone", "refused"):
            reason = note.data.get("reason", "")
            self._go_offline(note.seat, f"Disconnected: {reason}.", True)

    def _go_offline(self, seat: int | None, why: str, for_good: bool) -> None:
        """Say why the server cannot be reached, and keep saying it (the menu bar's corner)
        until it can: an alert alone gives way to the next message."""
        if seat not in self._gone:  # (a seat gone for good keeps why)
            self._offline[seat] = why
        if for_good:
            self._gone.add(seat)
        self._show_connection()
        self.messages.alert(why, palette.WHITE)

    def _show_connection(self) -> None:
        """The menu bar's corner: NETWORK GAME, or in red OFFLINE while a seat of ours is
        reconnecting, DISCONNECTED when one is gone for good."""
        if not self._offline:
            self.menubar.right_text, self.menubar.right_colour = "NETWORK GAME", palette.DARK
            return
        self.menubar.right_text = "DISCONNECTED" if self._gone else "OFFLINE"
        self.menubar.right_colour = palette.ALERT_RED

    def _message(self, msg: dict[str, Any], seat: int | None = None) -> None:
        kind = msg["type"]
        if kind in ("update", "state"):
            self.copies.add(seat, msg)
        if kind == "update":
            if msg["seq"] <= self.seq:
                # already shown: another seat of ours brings its copy, and with it its secrets
                if msg["seq"] == self.seq and self.copies.several and not self._updates:
                    self._refresh_secrets()
                return
            self.seq = msg["seq"]
            self._updates.append(msg)
            if msg["over"]:
                self.teller.ask(force=True)  # the game-over screen shows everybody's luck
        elif kind == "state":
            if self.copies.several and msg["seq"] == self.seq and not self._updates:
                self._refresh_secrets()  # another seat's copy of the game as it is now
                return
            self._updates.clear()
            self._pending = False
            self.seq = msg["seq"]
            self.adopt_game(mirror_from(self.copies.merged(msg)[0]))
        elif kind == "story":
            self.teller.receive(msg)
        elif kind == "error" and msg["code"] == "story":
            self.teller.refused(msg["reason"])  # a story request refused: no action was waiting
        elif kind == "error":
            self._pending = False
            self.refuse(msg["reason"][:1].upper() + msg["reason"][1:] + ".")
        elif kind == "lobby":
            self._note_roster(msg)
        elif kind == "bye":
            self.messages.add(msg["reason"][:1].upper() + msg["reason"][1:] + ".", palette.AMBER)

    def _note_roster(self, lobby: dict[str, Any]) -> None:
        for entry in lobby.get("seats", []):
            if not isinstance(entry, dict):
                continue
            seat, connected = entry.get("seat"), bool(entry.get("connected"))
            if not isinstance(seat, int) or not 0 <= seat < len(self.game.players):
                continue
            was = self._roster.get(seat)
            self._roster[seat] = connected
            if was is not None and was != connected:
                name = self.game.players[seat].name
                self.messages.add(f"{name} {'is back' if connected else 'has left the table'}.",
                                  palette.CREAM if connected else palette.AMBER)

    def _show_update(self, msg: dict[str, Any]) -> None:
        """One move, animated as a local computer's move would be."""
        old = self.game
        before = Snapshot(old)
        action = msg["action"]
        actor = msg["actor"]
        remote = actor not in self.local_seats
        if remote and action.get("kind") == "attack" and isinstance(action.get("source"), str):
            source, target = action["source"], action.get("target")
            if source in old.owner and target in old.owner:
                self.announce(source, target)
                self.source, self.target = source, target
        view, event_data = self.copies.merged(msg)
        try:
            mirror = mirror_from(view)
        except (ValueError, KeyError, TypeError) as exc:  # a damaged view: ask for a fresh one
            self.messages.add(f"A move could not be read ({exc}); asking again.", palette.AMBER)
            self.bridge.request_state(next(iter(self.local_seats)))
            return
        self.copies.forget_before(int(msg["seq"]))
        self.adopt_game(mirror)
        events = events_from_dicts(event_data)
        self.show_events(events, before=before, actor=actor if isinstance(actor, int) else None,
                         autosave=False)
        if remote:
            self.wait = self._pause_after(action, old)
        else:
            self._pending = False
            self.wait = 0.0  # our own move: nothing to wait for
        if any(isinstance(e, ev.GameWon) for e in events):
            self._pending = False

    def _refresh_secrets(self) -> None:
        """The game as shown, with the secrets of a seat of ours whose copy came late."""
        view = self.copies.view_at(self.seq)
        if view is None:
            return
        try:
            self.adopt_game(mirror_from(view))
        except (ValueError, KeyError, TypeError):
            self.bridge.request_state(next(iter(self.local_seats)))

    def _pause_after(self, action: dict[str, Any], old: Game) -> float:
        """How long a remote move stays on screen, as for a local computer's."""
        try:
            return pause_after(act.action_from_dict(action), old.phase, self.speed)
        except (ValueError, KeyError, TypeError):
            return pause_after(act.EndTurn(), old.phase, self.speed)

    # -- the frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for note in self.bridge.poll():
            self.receive(note)
        # our own moves (and anything once it is our turn) show at once; remote moves are
        # shown by computer_step, paced like a computer's
        while self._updates and not self.is_showing_battle and self._ready(self._updates[0]) and (
                self._updates[0]["actor"] in self.local_seats
                or self.game.to_move in self.local_seats or self.game.is_over):
            self._show_update(self._updates.pop(0))
        super().update(dt)

    def ask_leave(self) -> None:
        from game.scenes.dialogs.boxes import ConfirmDialogScene  # noqa: PLC0415

        self.app.scenes.push(ConfirmDialogScene(
            self.app, "LEAVE NETWORK GAME",
            "Leave this network game? Your seat is kept: join again with the same name "
            "and address to take it back." if self.bridge.server is None else
            "Leave this network game? You are hosting it: the other players are disconnected.",
            self.leave, yes="Leave", no="Stay"))

    def leave(self) -> None:
        self._left = True
        set_story_teller(self.app, None)
        self.bridge.close()
        self.app.scenes.replace(self.app.title_scene())

    def on_quit(self) -> None:
        self.bridge.close()

    def exit(self) -> None:
        if not self._replacing or self._left:
            set_story_teller(self.app, None)
            self.bridge.close()
