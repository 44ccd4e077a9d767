"""The network play screen's story teller: asks the server for the game's story and keeps it.

A network client has no record while the game goes on, so INFO > Game Log, Luck and Review
Last Turn (and the game-over screen's luck) read what the server told instead
(`game.net.story`). This part asks only while such a screen is open (at most every half
second, and only when the game moved on), fetches the further pages of a long story at once,
and opens the review when all of it has come. It answers for the mirrors its screen made.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.net.story_client import NetChronicle, NetStory
from game.ui import palette

if TYPE_CHECKING:
    from game.engine import Game
    from game.net.bridge import NetBridge, Note
    from game.scenes.base import SceneContext
    from game.ui.messages import MessageArea


class StoryScreen(Protocol):
    """What the teller uses of its play screen (play.py's NetworkPlayScene, which makes it)."""

    app: SceneContext
    game: Game
    bridge: NetBridge
    messages: MessageArea
    seq: int  # the last update heard from the server

    def receive(self, note: Note) -> None: ...

    def refuse(self, text: str, holds: Callable[[], bool] | None = None) -> None: ...


class NetworkStoryTeller:
    """The story of one network game as this machine's seats were told it."""

    def __init__(self, scene: StoryScreen) -> None:
        self.scene = scene
        self.story = NetStory(len(scene.game.players))
        self._mirrors: weakref.WeakValueDictionary[int, Game] = weakref.WeakValueDictionary()
        self.review_seat: int | None = None  # a review was asked for and is on its way
        self.remember(scene.game)

    def remember(self, game: Game) -> None:
        """`game` is one of this screen's mirrors: its story is the one told here."""
        self._mirrors[id(game)] = game

    def _is_ours(self, game: Game) -> bool:
        return self._mirrors.get(id(game)) is game

    # -- for the story screens -------------------------------------------------------------------
    def told_story(self, game: Game) -> NetChronicle | None:
        return self.story.chronicle(game) if self._is_ours(game) else None

    def refresh_story(self, game: Game) -> None:
        if not self._is_ours(game):
            return
        scene = self.scene
        if scene.app.scenes.top is not scene:  # the play screen is not updating: read for it
            for note in scene.bridge.poll():
                scene.receive(note)
        self.ask()

    # -- asking ---------------------------------------------------------------------------------
    def _asking_seat(self) -> int | None:
        seats = self.scene.bridge.seats
        return seats[0] if seats else None

    def ask(self, *, force: bool = False) -> None:
        """Ask for what is new, if it is time to (or at once with `force`)."""
        now = time.monotonic()
        seat = self._asking_seat()
        if seat is None or not (force or self.story.due(self.scene.seq, now)):
            return
        self.scene.bridge.request_story(seat, **self.story.request(now))

    def ask_review(self, seat: int) -> None:
        """INFO > Review Last Turn: fetch `seat`'s review; the replay opens when it has come."""
        if seat not in self.scene.bridge.seats:
            seat_asking = self._asking_seat()
            if seat_asking is None:
                self.scene.refuse("Not connected to the server.")
                return
            seat = seat_asking
        self.review_seat = seat
        self.scene.messages.add("Asking the server what happened since your last turn...",
                                palette.CREAM)
        self.scene.bridge.request_story(seat, **self.story.request(time.monotonic(),
                                                                  review=True))

    # -- answers --------------------------------------------------------------------------------
    def receive(self, msg: dict[str, Any]) -> None:
        story = self.story
        if not story.absorb(msg):
            if self.review_seat is not None:
                self.review_seat = None
                self.scene.messages.add(story.problem or "The review could not be read.",
                                        palette.AMBER)
            return
        if story.more_wanted():
            seat = self.review_seat if self.review_seat is not None else self._asking_seat()
            if seat is not None:
                self.scene.bridge.request_story(seat, **story.request(time.monotonic()))
            return
        if self.review_seat is not None and story.review is not None and story.review.complete:
            self._open_review(self.review_seat)

    def refused(self, reason: str) -> None:
        self.story.refused(reason)
        if self.review_seat is not None:
            self.review_seat = None
            self.scene.messages.add(f"No review: {reason}.", palette.AMBER)

    def _open_review(self, seat: int) -> None:
        from game.scenes.info.review import told_review_scene  # noqa: PLC0415

        scene, review = self.scene, self.story.review
        self.review_seat = None
        if review is None or scene.app.scenes.top is not scene:
            return  # the player went elsewhere meanwhile
        if review.start >= review.end:
            scene.messages.add("Nothing has happened since your last turn.", palette.CREAM)
            return
        scene.app.scenes.push(told_review_scene(scene.app, scene.game, seat, review))
