"""FILE > Host Network Game: this machine serves a game; each seat is local, open or a computer.

The server runs on the game's background network thread (the window must stay open while the
game lasts; `python main.py --serve` hosts without a window). Local seats are played here (two
or more share the window as in a hot-seat game, with a hand-over between them; their names go
in one box, separated by commas); open seats wait for players who join from other machines;
computer seats play on the server. The form comes back with the last game's choices; when a
game hosted here stopped unfinished (the window closed or crashed), RESUME starts its server
again from the autosave, and every seat played here sits down again.
"""

from __future__ import annotations

import contextlib
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.audio import Sfx
from game.engine.config import Variants
from game.net.bridge import NetBridge
from game.net.config import variants_from_text
from game.net.recall import (
    HOSTED_PREFIX,
    host_uri,
    load_answers,
    resumable_hosted_game,
    save_answers,
)
from game.net.server import DEFAULT_PORT, ServerConfig
from game.scenes.network.join import (
    NAMES_LENGTH,
    FormScene,
    leave_for_network,
    names_problem,
    parse_port,
    split_names,
)
from game.scenes.network.variants import NetworkVariantsScene
from game.scenes.network.variants import as_text as variants_text
from game.scenes.network.variants import describe as describe_variants
from game.ui import palette
from game.ui.choices import ChoiceRow
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

RECT = pygame.Rect(60, 26, 520, 350)
KINDS = (("Local", "local"), ("Open", "open"), ("Easy", "easy"), ("Standard", "standard"),
         ("Good", "good"))
GAME_TYPES = (("UK Full", "uk_full"), ("US Full", "us_full"), ("UK Short", "uk_short"),
              ("US Short", "us_short"))


class HostNetworkScene(FormScene):
    """Seats, game type, what happens to an absent player's turn, port, password, name."""

    title = "HOST NETWORK GAME"

    def __init__(self, app: SceneContext) -> None:
        super().__init__(app, RECT)
        fonts = app.fonts
        x, y = RECT.x + 14, RECT.y + 30
        self.count = 3
        self.kinds = ["local", "open", "standard", "open", "open", "open"]
        self.game_type = "uk_full"
        self.away = "wait"
        self.neutral = True
        self.hq_to_win: int | None = None  # None: all of them
        self.variants = Variants()
        last = load_answers("host")
        self._recall(last)
        # the last game had a password: its players rejoin with it, so RESUME needs it again
        self.had_password = last.get("password_set") == 1
        self.rows: list[ChoiceRow] = []
        self.count_row = ChoiceRow(fonts, "PLAYERS", (x, y), [(str(n), n) for n in range(2, 7)],
                                   lambda: self.count, self._set_count, label_width=136,
                                   button_width=22, gap=6)
        self.seat_rows = [
            ChoiceRow(fonts, f"SEAT {i + 1}", (x, y + 24 + i * 20), KINDS,
                      partial(self._kind_of, i), partial(self._set_kind, i), label_width=136,
                      button_width=[44, 44, 44, 66, 44], gap=5)
            for i in range(6)]
        # only with two players: shown in the place of seat 3's row
        self.neutral_row = ChoiceRow(fonts, "NEUTRAL PLAYER", (x, y + 72),
                                     [("Yes", True), ("No", False)], lambda: self.neutral,
                                     self._set_neutral, label_width=136, button_width=36, gap=6)
        self.type_row = ChoiceRow(fonts, "GAME TYPE", (x, y + 152), GAME_TYPES,
                                  lambda: self.game_type, self._set_type, label_width=136,
                                  button_width=[58, 58, 62, 62], gap=5)
        self.away_row = ChoiceRow(fonts, "PLAYER AWAY", (x, y + 176),
                                  [("Turn waits", "wait"), ("Computer plays", "computer")],
                                  lambda: self.away, self._set_away, label_width=136,
                                  button_width=[76, 100], gap=5)
        # only for US Short with three players or more: beside PLAYER AWAY
        self.hq_row = ChoiceRow(fonts, "HQS TO WIN", (x + 324, y + 176),
                                [(str(n), n) for n in range(2, 7)],
                                lambda: min(self.hq_to_win or self.count, self.count),
                                self._set_hq, label_width=66, button_width=17, gap=3,
                                option_enabled=lambda n: n <= self.count)
        self.rows = [self.count_row, *self.seat_rows, self.neutral_row, self.type_row,
                     self.away_row, self.hq_row]
        for row in self.rows:
            self.widgets.extend(row.widgets)
        port = last.get("port")
        self.port = self.field("PORT", y + 204, str(port if isinstance(port, int) else DEFAULT_PORT),
                               5, 60)
        self.variants_button = Button(fonts, (x + 324, y + 203, 120, 16),
                                      describe_variants(self.variants), self.open_variants)
        self.widgets.append(self.variants_button)
        self.password = self.field("GAME PASSWORD", y + 226, "", 32, masked=True)
        self.name = self.field("YOUR NAME", y + 248, str(last.get("name") or "Host"),
                               NAMES_LENGTH)
        self._fit_names()
        # A game hosted here that stopped (the window closed or crashed) can go on: RESUME
        # starts its server again from the autosave, and everyone takes their seat back.
        self.resumable = resumable_hosted_game()
        self.resume_button: Button | None = None
        if self.resumable is not None:
            self.resume_button = Button(app.fonts, (RECT.x + 14, RECT.bottom - 27, 64, 17),
                                        "RESUME", self.resume_game, bold=True)
            self.widgets.append(self.resume_button)
        self.finish()
        self._sync()
        # the focus starts on the first question (keys and pads), or on RESUME when a game
        # hosted here was interrupted: after a crash, going on is one press away
        self.dialog.focus(self.resume_button or self.count_row.buttons[self.count - 2])

    def _recall(self, last: dict[str, object]) -> None:
        """The choices of the last game hosted here (each checked; a bad one is dropped)."""
        count, kinds = last.get("count"), last.get("kinds")
        if isinstance(count, int) and 2 <= count <= 6:
            self.count = count
        if isinstance(kinds, list) and len(kinds) == 6 and all(
                k in dict(KINDS).values() for k in kinds):
            self.kinds = list(kinds)
        if last.get("game_type") in dict(GAME_TYPES).values():
            self.game_type = str(last["game_type"])
        if last.get("away") in ("wait", "computer"):
            self.away = str(last["away"])
        if last.get("neutral") in (0, 1):
            self.neutral = last["neutral"] == 1
        hq = last.get("hq_to_win")
        if isinstance(hq, int) and 2 <= hq <= 6:
            self.hq_to_win = hq
        with contextlib.suppress(ValueError):
            self.variants = variants_from_text(str(last.get("variants", "")))

    def _remember(self, port: int, name: str) -> None:
        save_answers("host", {"count": self.count, "kinds": self.kinds,
                              "game_type": self.game_type, "away": self.away, "port": port,
                              "neutral": int(self.neutral), "hq_to_win": self.hq_to_win or 0,
                              "variants": variants_text(self.variants),
                              "name": name, "password_set": int(bool(self.password.text))})

    def _sync(self) -> None:
        for i, row in enumerate(self.seat_rows):
            row.show(i < self.count)
        self.neutral_row.show(self.count == 2)
        self.hq_row.show(self.game_type == "us_short" and self.count >= 3)
        for row in self.rows:
            row.sync()

    def _set_count(self, count: int) -> None:
        self.count = count
        self._fit_names()
        self._sync()

    def _kind_of(self, index: int) -> str:
        return self.kinds[index]

    def _set_kind(self, index: int, kind: str) -> None:
        self.kinds[index] = kind
        self._fit_names()
        self._sync()

    def local_seats(self) -> list[int]:
        """The seats played at this machine, in seat order."""
        return [i for i, kind in enumerate(self.seats()) if kind == "local"]

    def names(self) -> list[str]:
        """The names typed for the local seats, in seat order (one box, commas between)."""
        return split_names(self.name.text)

    def _fit_names(self) -> None:
        """One name per local seat in the name box: a seat made Local gets "Player N" to
        change (no typing is needed to start), a seat no longer Local gives its name up."""
        local = self.local_seats()
        names = self.names()[:max(1, len(local))]
        while len(names) < len(local):
            names.append(f"Player {local[len(names)] + 1}")
        self.name.set_text(", ".join(names))
        self.name_for(self.name, len(local))

    def _set_type(self, game_type: str) -> None:
        self.game_type = game_type
        self._sync()

    def _config(self, port: int, seats: list[str], variants: Variants) -> ServerConfig:
        """The server of the choices made; ValueError for choices that do not go together."""
        return ServerConfig(
            host="0.0.0.0", port=port, password=self.password.text or None,
            seats=tuple("open" if k == "local" else k for k in seats), game_type=self.game_type,
            away_policy=self.away, resume=False, computer_delay=0.05, neutral=self.neutral,
            hq_to_win=self.hq_to_win if self.game_type == "us_short" else None,
            variants=variants, save_prefix=HOSTED_PREFIX)

    def open_variants(self) -> None:
        """VARIANTS...: the game's variants, fixed once it is hosted (nobody may change the
        rules during a network game)."""
        def done(variants: Variants) -> None:
            self.variants = variants
            self.variants_button.label = describe_variants(variants)
            self.dialog.focus(self.variants_button)

        def problem(variants: Variants) -> str | None:
            try:
                self._config(DEFAULT_PORT, self.seats(), variants)
            except ValueError as exc:
                return f"{str(exc)[:1].upper()}{str(exc)[1:]} ({self._type_name()})."
            return None

        self.app.scenes.push(NetworkVariantsScene(self.app, self.variants, done, problem))

    def _type_name(self) -> str:
        return dict((value, label) for label, value in GAME_TYPES)[self.game_type]

    def _set_hq(self, count: int) -> None:
        self.hq_to_win = None if count >= self.count else count
        self._sync()

    def _set_neutral(self, neutral: bool) -> None:
        self.neutral = neutral
        self._sync()

    def _set_away(self, away: str) -> None:
        self.away = away
        self._sync()

    def seats(self) -> list[str]:
        return self.kinds[:self.count]

    def confirm(self) -> None:
        seats = self.seats()
        port = parse_port(self.port.text)
        local = self.local_seats()
        names = self.names()
        if not local:
            self.refuse("Choose Local for the seat you play at this machine.")
            return
        if port is None:
            self.refuse(f"The port is a number from 1 to 65535 (default {DEFAULT_PORT}).")
            return
        problem = names_problem(names, len(local))
        if problem:
            self.refuse(problem)
            return
        try:  # (choices that do not go together: Low Exchange Rate with fixed set values)
            config = self._config(port, seats, self.variants)
        except ValueError as exc:
            self.refuse(f"{str(exc)[:1].upper()}{str(exc)[1:]}.")
            return
        self._remember(port, ", ".join(names))
        self._serve(config, dict(zip(local, names, strict=True)))

    def resume_game(self) -> None:
        """RESUME: the interrupted game's server again, from its autosave, on its old port
        (where the others' windows are calling back), and this player back in their seat.
        The password is the one typed here: the game's players join with it as before."""
        game = self.resumable
        if game is None:
            return
        if self.had_password and not self.password.text:
            self.refuse("That game has a password: type it in GAME PASSWORD (the other players "
                        "come back with it), then RESUME.")
            return
        config = ServerConfig(
            host="0.0.0.0", port=game.port, password=self.password.text or None,
            seats=game.seats, game_type=game.game_type, away_policy=self.away, resume=True,
            computer_delay=0.05, save_prefix=game.save_prefix)
        self._serve(config, dict(game.local) or {game.seat: game.name})

    def _serve(self, config: ServerConfig, local: dict[int, str]) -> None:
        """Start the server on the network thread, then join it at each seat of `local` (seat
        to name)."""
        from game.scenes.network.connecting import ConnectingScene  # noqa: PLC0415

        self.app.play(Sfx.CLICK)
        bridge = NetBridge()
        hosting = bridge.host(config)
        uri = host_uri(config.port)
        password = config.password

        def join() -> None:
            for seat, name in local.items():
                bridge.join(uri, name, password, seat=seat)

        leave_for_network(self.app, ConnectingScene(
            self.app, bridge, uri, join, back=HostNetworkScene, hosting=hosting,
            expected=len(local)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        body = self.app.fonts.body
        body.draw(
            surface, "Local: played here.  Open: a player who joins.  Easy/Standard/Good: computer.",
            (RECT.x + 14, RECT.bottom - 42), palette.SHADOW)
        if self.resumable is not None and self.resume_button is not None:
            x = self.resume_button.rect.right + 8
            needs = "; password needed" if self.had_password else ""
            text = body.ellipsize(f"Interrupted: {self.resumable.describe()}{needs}",
                                  self.cancel.rect.x - 8 - x)
            body.draw(surface, text, (x, self.resume_button.rect.y + 5), palette.INK)
