"""What the map does to help a player see: arrows to the set-up moves others made out of view,
the armies an occupation being chosen would leave, and a pad's or keys' pointer brought onto
the map when a human's step begins.

A part of the play screen (screen.py wires it): it reads the scene's game, view, board and
seats, and changes only the pointer (a warp, never the mouse's) and its own notes. No rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Phase
from game.engine import events as ev
from game.input import Device
from game.scenes.play.layout import park_beside
from game.scenes.play.seats import SETUP_PHASES
from game.ui.controlnames import device_of
from game.ui.palette import PlayerColour

if TYPE_CHECKING:
    from game.scenes.play.face import PlaySceneFace

SEEN_MARGIN = 6  # a territory whose badge is this far inside the window is seen


class MapHelps:
    """The helps of one play screen (`scene`)."""

    def __init__(self, scene: PlaySceneFace) -> None:
        self.scene = scene
        # set-up: territories others claimed or placed on since a human here last moved (the
        # map returns to the human's spot, and those out of view get an arrow at the edge:
        # the computers' claims happened off screen with no cue)
        self.others: dict[str, int] = {}
        self.occupying: tuple[str, str, int] | None = None  # source, target, armies in it
        self.pointer_due = True  # bring a pad's or keys' pointer onto the map at a human step

    # -- others' moves out of view -------------------------------------------------------
    def note(self, events: list[ev.Event], actor: int | None) -> None:
        """Keep the set-up moves of seats not played here until a human here moves."""
        s = self.scene
        if actor is None or s.demo:
            return
        if s.is_human(actor):
            self.others.clear()
            return
        for e in events:
            if isinstance(e, ev.TurnStarted):
                self.others.clear()
            elif isinstance(e, ev.TerritoryClaimed) or (
                    isinstance(e, ev.ArmiesPlaced) and s.game.phase in SETUP_PHASES):
                self.others[e.territory] = e.player

    def beyond(self) -> tuple[tuple[str, PlayerColour], ...]:
        """Others' set-up moves the map is not showing, each with the mover's colour."""
        s = self.scene
        return tuple((tid, s.colours[pid]) for tid, pid in self.others.items()
                     if not s.view.is_in_view(tid, SEEN_MARGIN))

    # -- the occupation being chosen ---------------------------------------------------------
    def preview(self, move: tuple[str, str, int] | None) -> None:
        """The OCCUPY box's number (None: the box is gone)."""
        self.occupying = move

    def shown_armies(self) -> dict[str, int]:
        """The armies the map draws: the shown board's, with the occupation being chosen
        (the OCCUPY box's number in the new territory, the rest left behind): the map showed
        the armies the dice had moved, the box another number."""
        s = self.scene
        armies = dict(s.board.armies)
        if self.occupying is not None and s.game.phase == Phase.OCCUPY:
            source, target, count = self.occupying
            total = armies.get(source, 0) + armies.get(target, 0)
            armies[source], armies[target] = total - count, count
        return armies

    # -- the pointer -----------------------------------------------------------------------
    def human_step(self) -> None:
        """Called as a human's step is asked: the pointer comes to the map once per arrival."""
        if self.pointer_due:
            self.pointer_due = False
            self.bring_pointer()

    def bring_pointer(self) -> None:
        """A human's step begins with a pad or keys in hand: a pointer off the map (in a
        corner, on the panel) comes onto the territory nearest the map's middle that the step
        accepts. A pad player saw no pointer at the start of claiming until pressing RB; the
        mouse's pointer is the player's own hand, never moved."""
        s = self.scene
        app, view = s.app, s.view
        if device_of(app) is Device.MOUSE or not s.is_choosing or s.menubar.is_open \
                or view.rect.collidepoint(app.input.pointer):
            return
        found = s.snapper.candidates(view.rect.center)
        if not found:
            return
        tid = found[0]
        if not view.is_in_view(tid, 24):
            view.target = None
            view.centre_on(view.art.anchor(tid))
        badge = view.badge(s.board.armies.get(tid, 1), s.colours[s.board.owner.get(tid) or 0])
        app.input.warp(park_beside(view, tid, badge.get_width()))
        s.readouts.hover()
