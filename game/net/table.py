"""One network game on the server: its seats, their secret tokens, the engine and its autosave. No pygame.

The engine is the only authority: an action from a seat is applied only if it is that seat's
move and the engine finds it legal. Each applied action is saved (the ordinary save format,
written atomically) before anyone hears of it, so a server killed at any moment restarts from a
save no client is ahead of.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from game.engine import Game, PlayerSpec
from game.engine.config import Variants
from game.engine import events as ev
from game.engine.config import COLOURS
from game.net.config import COMPUTER_LEVELS, SEAT_KINDS, ServerConfig, game_config

log = logging.getLogger("conquest.net")

COMPUTER_NAMES = ("Napoleon", "Hannibal", "Caesar", "Alexander", "Genghis", "Wellington")
STAND_IN_LEVEL = "standard"


def token_hash(token: str) -> str:
    """Tokens are kept (and saved) only as hashes, so a save file gives no seat away."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def clean_name(name: str, fallback: str) -> str:
    """A player name the engine accepts: printable, 1 to 16 characters."""
    text = "".join(ch for ch in name if ch.isprintable()).strip()[:16]
    return text or fallback


@dataclass
class Seat:
    """One chair at the table: open for a human over the network, or a computer general."""

    index: int
    kind: str
    name: str | None = None
    token_hash: str | None = None
    client: Any = None  # the connection holding the seat now (connections.Client), if any
    dropped_at: float | None = None  # when its human went away (monotonic seconds)
    # the number of the last action its player's client sent that was applied (saved), and
    # what answered it (numbering.py: in memory only)
    last_n: int = 0
    answered: Any = None

    @property
    def is_computer(self) -> bool:
        return self.kind in COMPUTER_LEVELS

    @property
    def is_taken(self) -> bool:
        return self.is_computer or self.token_hash is not None

    def to_save(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "token_hash": self.token_hash,
                "n": self.last_n}


@dataclass
class Table:
    """The seats and the game of one network game (`game` is None until every seat is taken)."""

    game_id: str
    seats: list[Seat]
    game_type: str = "us_full"
    game: Game | None = None
    seq: int = 0
    opening: list[ev.Event] = field(default_factory=list)
    neutral: bool = True  # a neutral player when two seats play (see ServerConfig)
    hq_to_win: int | None = None  # headquarters that win a headquarters game (None: all)
    variants: Variants = field(default_factory=Variants)  # the VARIANTS, set when hosted
    # the token hashes of the last finished game's seats (see `reopen`)
    ended_tokens: set[str] = field(default_factory=set)
    # the seat and number of the action being saved, when a player's client sent it (the
    # journal keeps it with the action: numbering.py)
    sent: tuple[int, int] | None = None

    @classmethod
    def new(cls, game_id: str, kinds: list[str], game_type: str, neutral: bool = True,
            hq_to_win: int | None = None, variants: Variants | None = None) -> Table:
        seats = [Seat(i, kind) for i, kind in enumerate(kinds)]
        names = iter(COMPUTER_NAMES)
        for seat in seats:
            if seat.is_computer:
                seat.name = next(names)
        return cls(game_id, seats, game_type, neutral=neutral, hq_to_win=hq_to_win,
                   variants=variants or Variants())

    @classmethod
    def for_server(cls, game_id: str, config: ServerConfig) -> Table:
        """A table for a new game, with the seats and options the server is set up with."""
        return cls.new(game_id, list(config.seats), config.game_type, config.neutral,
                       config.hq_to_win, config.variants)

    # -- seats and tokens ---------------------------------------------------------------
    def seat_for_token(self, token: str) -> Seat | None:
        wanted = token_hash(token)
        found = None
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                found = seat
        return found

    def free_seat(self, wanted: int | None) -> Seat | None:
        free = [s for s in self.seats if s.kind == "open" and s.token_hash is None]
        if wanted is not None:
            free = [s for s in free if s.index == wanted]
        return free[0] if free else None

    def take_seat(self, seat: Seat, name: str) -> str:
        """Give an open seat to a newcomer; returns the secret token (only its hash is kept)."""
        token = secrets.token_urlsafe(24)
        seat.token_hash = token_hash(token)
        seat.name = clean_name(name, f"Player {seat.index + 1}")
        return token

    def held_in_ended_game(self, token: str) -> bool:
        """Whether `token` held a seat in the game that ended here before the table reopened."""
        wanted = token_hash(token)
        return any(hmac.compare_digest(held, wanted) for held in self.ended_tokens)

    def free(self, seat: Seat) -> None:
        """Before the game starts, a leaving player gives the seat back."""
        seat.token_hash, seat.name, seat.client, seat.dropped_at = None, None, None, None
        seat.last_n, seat.answered = 0, None

    def fill(self, level: str) -> list[Seat]:
        """Before the game, every open seat nobody holds becomes a computer general of
        `level`, each with a name no other seat has; the seats filled."""
        used = {s.name for s in self.seats if s.is_computer}
        names = (name for name in COMPUTER_NAMES if name not in used)
        filled = []
        for seat in self.seats:
            if seat.kind == "open" and seat.token_hash is None:
                seat.kind, seat.name = level, next(names, f"General {seat.index + 1}")
                filled.append(seat)
        return filled

    @property
    def is_full(self) -> bool:
        return all(s.is_taken for s in self.seats)

    def lobby(self, has_password: bool) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "seats": [{"seat": s.index, "kind": s.kind, "name": s.name, "taken": s.is_taken,
                       "connected": s.is_computer or s.client is not None,
                       "away": s.dropped_at is not None} for s in self.seats],
            "started": self.game is not None,
            "password": has_password,
        }

    # -- the game -------------------------------------------------------------------------
    def start(self, seed: int | None = None) -> None:
        """Every seat is taken: deal the game (a secret seed, since the seed decides the dice)."""
        players = [PlayerSpec(s.name or f"Player {s.index + 1}", COLOURS[s.index],
                              s.kind if s.is_computer else "human") for s in self.seats]
        config = game_config(self.game_type, players, self.neutral, self.hq_to_win,
                             self.variants)
        self.game = Game.new(config, seed if seed is not None else secrets.randbits(62))
        self.opening = list(self.game.opening_events)
        self.seq += 1
        log.info("game %s starts: %s", self.game_id, ", ".join(p.name for p in players))

    def reopen(self, fresh: Table) -> None:
        """The game is over and its players have gone: the table takes the seats and options
        of `fresh` (a new table as the server is set up now: a resumed game's table had the
        options of its save) for the next game. The old seats' tokens are remembered, so a
        player coming back late is told why theirs holds nothing."""
        self.ended_tokens = {s.token_hash for s in self.seats if s.token_hash is not None
                             and not s.is_computer}
        self.seats, self.game_type = fresh.seats, fresh.game_type
        self.neutral, self.hq_to_win, self.variants = fresh.neutral, fresh.hq_to_win, \
            fresh.variants
        self.game = None
        self.opening = []
        self.seq += 1  # (anything still on its way about the old game is older than this)

    def is_away_too_long(self, seat: Seat, grace: float, now: float | None = None) -> bool:
        if seat.is_computer or seat.client is not None or seat.dropped_at is None:
            return False
        return (now if now is not None else time.monotonic()) - seat.dropped_at >= grace

    def save_options(self) -> dict[str, Any]:
        """What the save keeps besides the game: seats (token hashes only) and the sequence."""
        return {"network": {"game": self.game_id, "game_type": self.game_type, "seq": self.seq,
                            "seats": [s.to_save() for s in self.seats]}}

    @classmethod
    def from_save(cls, game: Game, options: dict[str, Any]) -> Table:
        """A table restored from its autosave; every human starts away until they reconnect."""
        net = options.get("network")
        if not isinstance(net, dict):
            raise ValueError("the save holds no network seats")
        entries = net.get("seats")
        if not isinstance(entries, list) or len(entries) != len(game.config.players):
            raise ValueError("the save's seats do not match its players")
        seats = []
        now = time.monotonic()
        for index, entry in enumerate(entries):
            seat = _seat_from_save(index, entry, game)
            number = entry.get("n") if isinstance(entry, dict) else None
            if type(number) is int and number >= 0:
                seat.last_n = number  # the seat's last action applied (numbering.py)
            if not seat.is_computer:
                seat.dropped_at = now
            seats.append(seat)
        seq = net.get("seq")
        table = cls(str(net.get("game", "1")), seats, str(net.get("game_type", "us_full")), game,
                    (seq if isinstance(seq, int) and not isinstance(seq, bool) else 0) + 1,
                    neutral=game.config.neutral, hq_to_win=game.config.hq_to_win,
                    variants=game.config.variants)
        return table


def _seat_from_save(index: int, entry: Any, game: Game) -> Seat:
    """Seat `index` as its save keeps it. A damaged entry does not stop the table resuming: the
    seat is made again from the game's own player (a computer's level, a human's open seat),
    and what was lost is logged for the host, by seat and name. A seat whose key (its token's
    hash) is damaged is open: its player takes it back by joining as a newcomer."""
    player = game.players[index]
    kind = player.level if player.level in COMPUTER_LEVELS else "open"
    who = f"seat {index + 1} ({player.name})"
    if not isinstance(entry, dict) or entry.get("kind") not in SEAT_KINDS:
        log.warning("%s is damaged in the save: it is made again as %s, and open to the "
                    "next player who joins", who, "a computer" if kind != "open" else "a seat")
        return Seat(index, kind, player.name)
    name = entry.get("name")
    digest = entry.get("token_hash")
    if digest is not None and not _is_digest(digest):
        log.warning("%s: its key in the save is damaged, so the seat is open: the next player "
                    "to join takes it", who)
        digest = None
    return Seat(index, entry["kind"], name if isinstance(name, str) else player.name,
                digest if isinstance(digest, str) else None)


def _is_digest(value: Any) -> bool:
    """A token's hash as `token_hash` makes it: 64 lower-case hex digits."""
    return isinstance(value, str) and len(value) == 64 and all(
        c in "0123456789abcdef" for c in value)
