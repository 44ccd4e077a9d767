"""How much one game server gives any connection: the limits that keep hostile clients in check.

A server on a network meets clients that are not the game's: some never read what they are sent,
some open connections by the thousand and never join, some guess the game password. Each limit
here bounds what one of them can take, so that an honest player still gets in and the server's
memory stays bounded. The host may change them (`--serve` options); the defaults suit a LAN or
internet game of a few tables. Each is checked when the server is set up, with a sentence. No
pygame, no sockets: the server (game/net/server.py), the connections' admission
(game/net/admission.py) and the password tries (game/net/lockout.py) read them.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

# Wrong passwords from one address are answered at once this many times; after that each
# further try from that address must wait, FIRST_WAIT seconds and twice as long after each
# wrong one, up to LONGEST_WAIT; an address that sent no wrong password for FORGET_AFTER seconds
# starts again.
FIRST_WAIT = 1.0
LONGEST_WAIT = 60.0
FORGET_AFTER = 15 * 60.0


@dataclass(frozen=True)
class Limits:
    """What one connection, and one address, may have of a server."""

    # connections open at once, in all (fewer if the process may not open that many files:
    # admission.py) and from one address (an IPv6 address counts by its /64 network)
    max_connections: int = 500
    max_per_address: int = 16
    # a connection must join a game this long after it opens (and after it leaves a seat)
    join_seconds: float = 10.0
    # data queued for a connection that it has not read yet: past this it is closed (a client
    # that stops reading must not grow the server's memory); it rejoins and is sent its view
    max_unsent_kib: int = 1024
    # requests for the game's whole view one connection may make a second (bursts of twice
    # that): each answer is large, so they have a limit of their own below --rate's (the
    # story's pages have theirs: game/net/story.py)
    view_rate: float = 5.0
    # wrong game passwords one address may send before each further try must wait
    password_tries: int = 5

    def __post_init__(self) -> None:
        _check("connections at once", self.max_connections, 8, 100_000)
        _check("connections from one address", self.max_per_address, 1, 10_000)
        _check("seconds a new connection has to join a game", self.join_seconds, 1, 600)
        _check("unsent data a connection may hold (KiB)", self.max_unsent_kib, 64, 65_536)
        _check("view requests a second", self.view_rate, 0.5, 1000)
        _check("wrong passwords from one address before each try waits", self.password_tries,
               1, 1000)
        if self.max_per_address > self.max_connections:
            raise ValueError("connections from one address cannot be more than connections "
                             "at once")

    @property
    def max_unsent(self) -> int:
        """The unsent data limit in bytes."""
        return self.max_unsent_kib * 1024

    @property
    def view_burst(self) -> int:
        return max(2, int(self.view_rate * 2))


def _check(what: str, value: float, lo: float, hi: float) -> None:
    if isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"{what}: {value:g} is not from {lo:g} to {hi:g}")


DEFAULTS = Limits()


def add_arguments(group: argparse._ArgumentGroup) -> None:
    """The limits' options, in the server's group of the command line."""
    group.add_argument("--max-connections", type=int, default=DEFAULTS.max_connections,
                       metavar="N", help="connections open at once, in all (default "
                       f"{DEFAULTS.max_connections}; fewer if the system allows fewer files)")
    group.add_argument("--max-per-address", type=int, default=DEFAULTS.max_per_address,
                       metavar="N", help="connections open at once from one address (default "
                       f"{DEFAULTS.max_per_address})")
    group.add_argument("--join-seconds", type=float, default=DEFAULTS.join_seconds,
                       metavar="S", help="a connection that has not joined a game this long "
                       f"after opening is closed (default {DEFAULTS.join_seconds:g})")
    group.add_argument("--max-unsent", type=int, default=DEFAULTS.max_unsent_kib,
                       metavar="KIB", help="data a connection has not read yet, in KiB, past "
                       f"which it is closed (default {DEFAULTS.max_unsent_kib})")
    group.add_argument("--view-rate", type=float, default=DEFAULTS.view_rate, metavar="R",
                       help="requests for the game's whole view one connection may make a "
                       f"second (default {DEFAULTS.view_rate:g}; bursts of twice that)")
    group.add_argument("--password-tries", type=int, default=DEFAULTS.password_tries,
                       metavar="N", help="wrong passwords from one address before each "
                       f"further try waits, from {FIRST_WAIT:g} s doubling to "
                       f"{LONGEST_WAIT:g} s (default {DEFAULTS.password_tries})")


def from_args(args: argparse.Namespace) -> Limits:
    """The limits the command line asks for; ValueError (a sentence) for one out of range."""
    return Limits(
        max_connections=getattr(args, "max_connections", DEFAULTS.max_connections),
        max_per_address=getattr(args, "max_per_address", DEFAULTS.max_per_address),
        join_seconds=getattr(args, "join_seconds", DEFAULTS.join_seconds),
        max_unsent_kib=getattr(args, "max_unsent", DEFAULTS.max_unsent_kib),
        view_rate=getattr(args, "view_rate", DEFAULTS.view_rate),
        password_tries=getattr(args, "password_tries", DEFAULTS.password_tries))
