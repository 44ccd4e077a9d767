"""How a game server is set up: the host's choices, checked once, before anything listens.

The command line (--serve ...), the host screen and the tests all fill in a `ServerConfig`; keeping
it apart from the server lets them build and check one without loading the server's websockets.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path

from game.engine import GameConfig, PlayerSpec, StateError
from game.engine.config import COLOURS, HARD_ARMY_LIMIT, MIN_ARMY_LIMIT, Variants
from game.net import protocol
from game.net.limits import Limits

DEFAULT_PORT = protocol.DEFAULT_PORT
COMPUTER_LEVELS = ("easy", "standard", "good")
SEAT_KINDS = ("open", *COMPUTER_LEVELS)  # what a table's seat may be (table.py's Seat.kind)


def game_config(game_type: str, players: list[PlayerSpec], neutral: bool,
                hq_to_win: int | None, variants: Variants) -> GameConfig:
    """The game a table of these players deals, with the host's choices: the neutral with two
    players only, fewer headquarters to win in a headquarters game only (all of them is the
    ordinary game). StateError, in a player's words, for choices that do not go together."""
    hq = hq_to_win if game_type == "us_short" and hq_to_win is not None \
        and hq_to_win < len(players) else None
    return GameConfig.preset(game_type, players, neutral=neutral and len(players) == 2,
                             hq_to_win=hq, variants=variants)


@dataclass
class ServerConfig:
    """How the server runs; the CLI (--serve ...) and the tests fill it in."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    password: str | None = None
    games: int = 1
    seats: tuple[str, ...] = ("open", "open")
    # with two seats, a neutral player's armies between them, as a local game has by default
    # (the manual: "it would be normal to reply Yes"; without it, a UK mission of 18
    # territories is met by the set-up alone)
    neutral: bool = True
    # a US Short (headquarters) game won with this many headquarters held, as a local game may
    # be shortened (the manual's rule 4); None: all of them
    hq_to_win: int | None = None
    # the VARIANTS the game is played with, chosen when it is hosted (no player may change
    # them during a network game: the menu shows them)
    variants: Variants = field(default_factory=Variants)
    game_type: str = "us_full"
    saves_dir: Path | None = None  # None: the savegame default folder
    autosave: bool = True
    resume: bool = True  # continue a table's unfinished autosave if there is one
    reconnect_seconds: float = 120.0
    away_policy: str = "wait"  # "wait" for the human, or "computer": a general plays meanwhile
    # the level of the computer generals a seated player may fill the table's open seats with,
    # to start before every seat is taken (a player alone plays against computers); None: the
    # seats wait for players
    fill_level: str | None = None
    computer_delay: float = 0.0  # seconds between two computer moves
    rate: float = 50.0  # messages a second a connection may send, on average
    burst: int = 100
    # what any connection, and any address, may have of the server (game/net/limits.py)
    limits: Limits = field(default_factory=Limits)
    seed: int | None = None  # tests only: a fixed seed (a real game's seed is secret)
    # the autosaves' names: network-1.json ... for a dedicated server; a window hosting uses
    # its own name, so it never shares a save with a `--serve` run from the same folder
    save_prefix: str = "network"
    # wss:// instead of ws://: a PEM certificate (chain) and its key (None: in the same file)
    tls_cert: Path | None = None
    tls_key: Path | None = None

    def __post_init__(self) -> None:
        bad = [k for k in self.seats if k not in SEAT_KINDS]
        if bad or not 2 <= len(self.seats) <= 6:
            raise ValueError(f"seats are 2 to 6 of {', '.join(SEAT_KINDS)}")
        if self.hq_to_win is not None and not 2 <= self.hq_to_win <= 6:
            raise ValueError("headquarters to win are 2 to 6")
        limit = self.variants.army_limit
        if limit is not None and not MIN_ARMY_LIMIT <= limit <= HARD_ARMY_LIMIT:
            raise ValueError(f"the army limit is {MIN_ARMY_LIMIT} to {HARD_ARMY_LIMIT}")
        players = [PlayerSpec(f"Player {i + 1}", COLOURS[i], "human")
                   for i in range(len(self.seats))]
        try:  # the game these choices deal, checked now: not when the last seat is taken
            game_config(self.game_type, players, self.neutral, self.hq_to_win, self.variants)
        except StateError as exc:
            raise ValueError(str(exc)) from None
        if self.fill_level is not None and self.fill_level not in COMPUTER_LEVELS:
            raise ValueError(f"the computers that fill open seats are {', '.join(COMPUTER_LEVELS)}")
        if self.away_policy not in ("wait", "computer"):
            raise ValueError("away policy is 'wait' or 'computer'")


def variants_from_text(text: str) -> Variants:
    """'supply_lines,army_limit=12' -> the VARIANTS they name (for the command line); a name
    that is not a variant, or a limit out of range, is a ValueError saying which."""
    names = {f.name for f in fields(Variants)}
    chosen: dict[str, object] = {}
    for item in (part.strip().lower() for part in text.split(",") if part.strip()):
        name, _, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if name not in names:
            raise ValueError(f"{name!r} is not a variant: {', '.join(sorted(names))}")
        if name == "army_limit":
            value = value.strip()
            limit = int(value) if value.isascii() and value.isdigit() else -1
            if not MIN_ARMY_LIMIT <= limit <= HARD_ARMY_LIMIT:
                raise ValueError(f"army_limit=N needs N from {MIN_ARMY_LIMIT} to {HARD_ARMY_LIMIT}")
            chosen[name] = limit
        elif value:
            raise ValueError(f"{name} takes no value")
        else:
            chosen[name] = True
    return Variants(**chosen)  # type: ignore[arg-type]


def seats_from_text(text: str) -> tuple[str, ...]:
    """'open,open,good' -> the seat kinds (for the command line)."""
    kinds = tuple(k.strip().lower() for k in text.split(",") if k.strip())
    bad = [k for k in kinds if k not in SEAT_KINDS]
    if bad or not 2 <= len(kinds) <= 6:
        raise ValueError(f"seats are 2 to 6 of: {', '.join(SEAT_KINDS)}")
    return kinds
