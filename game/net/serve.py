"""The dedicated server: `python main.py --serve --port 8765 [--password P]`. No pygame.

Its port also serves the browser's page (game/net/web.py): http://HOST:PORT/ plays."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import math
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from typing import TYPE_CHECKING

from game.net import limits, loop, tls
from game.net.protocol import DEFAULT_PORT

if TYPE_CHECKING:
    from game.net.server import GameServer, ServerConfig

PASSWORD_ENV = "CONQUEST_PASSWORD"


def _in_range(low: float, high: float, whole: bool = False) -> Callable[[str], float]:
    """An option's type: a finite number (a whole one if `whole`) from `low` to `high`, or
    argparse's error with a sentence saying so (never Python's words: 'inf', '1e308' and
    'nan' are numbers to float() and broke the server later)."""
    kind = "a whole number" if whole else "a number"
    wanted = f"{kind} from {low:g} to {high:g}"

    def parse(text: str) -> float:
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not {kind}: give "
                                             f"{wanted}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text[:20]} is not a finite number: give {wanted}")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text[:20]} is out of range: give {wanted}")
        return value
    return parse


_port = _in_range(0, 65535, whole=True)
MAX_GAMES = 1000  # tables one server hosts (bench/network.py plays a few hundred at once)
MAX_RATE = 100_000.0  # messages a second one connection may send
MAX_RECONNECT_SECONDS = 7 * 24 * 3600.0  # a week
MAX_COMPUTER_DELAY = 60.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The server's options, one group of the main command line."""
    group = parser.add_argument_group("network server")
    group.add_argument("--serve", action="store_true",
                       help="run a dedicated network game server (no window); its port also "
                            "serves the game's page: open http://HOST:PORT/ in a browser to play")
    group.add_argument("--host", default="0.0.0.0",
                       help="address to listen on (default 0.0.0.0: every interface)")
    group.add_argument("--port", type=_port, default=DEFAULT_PORT,
                       help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    group.add_argument("--password", default=None,
                       help=f"game password asked before a seat is given (or ${PASSWORD_ENV})")
    group.add_argument("--seats", default="open,open",
                       help="the seats, comma separated: open (a human joins) or easy, "
                            "standard, good (a computer general); 2 to 6 (default open,open)")
    group.add_argument("--no-neutral", action="store_true",
                       help="with two seats, no neutral player between them (a local "
                            "two-player game has one by default, and so has this)")
    group.add_argument("--hqs-to-win", type=_in_range(2, 6, whole=True), default=None,
                       metavar="N",
                       help="a US Short game is won with N headquarters held (2 to 6; "
                            "default all of them)")
    group.add_argument("--variants", default="", metavar="LIST",
                       help="the VARIANTS the game is played with, comma separated: "
                            "low_exchange_rate, supply_lines, army_limit=N, attack_advantage, "
                            "computer_advantage (default none)")
    group.add_argument("--games", type=_in_range(1, MAX_GAMES, whole=True), default=1,
                       metavar="N", help=f"number of tables (games) the server hosts, 1 to "
                                         f"{MAX_GAMES} (default 1)")
    group.add_argument("--fill-seats", choices=("easy", "standard", "good"), default=None,
                       metavar="LEVEL",
                       help="let a player waiting at a table fill its open seats with computer "
                            "generals of this level (easy, standard or good) and start at once, "
                            "so one player can play against computers; off by default: the "
                            "game starts when players have taken every open seat")
    group.add_argument("--away", choices=("wait", "computer"), default="wait",
                       help="when a player stays away past --reconnect-seconds: the turn "
                            "waits (default) or a computer general plays it")
    group.add_argument("--reconnect-seconds", type=_in_range(0, MAX_RECONNECT_SECONDS),
                       default=120.0, metavar="S",
                       help="how long a dropped player's seat is kept for them alone (0 to "
                            f"{MAX_RECONNECT_SECONDS:g}; default 120)")
    group.add_argument("--computer-delay", type=_in_range(0, MAX_COMPUTER_DELAY), default=0.3,
                       metavar="S", help="pause between computer moves, so players can follow "
                                         f"(0 to {MAX_COMPUTER_DELAY:g}; default 0.3)")
    group.add_argument("--rate", type=_in_range(1, MAX_RATE), default=50.0, metavar="R",
                       help=f"messages a second one connection may send (1 to {MAX_RATE:g}; "
                            "default 50; bursts of twice that)")
    group.add_argument("--tls-cert", type=Path, default=None, metavar="FILE",
                       help="serve wss:// (encrypted) with this PEM certificate (chain)")
    group.add_argument("--tls-key", type=Path, default=None, metavar="FILE",
                       help="the certificate's private key (default: in the --tls-cert file)")
    group.add_argument("--new-game", action="store_true",
                       help="ignore an unfinished autosave instead of resuming it")
    limits.add_arguments(group)


def config_from_args(args: argparse.Namespace) -> ServerConfig:
    from game.net.config import variants_from_text  # noqa: PLC0415
    from game.net.server import ServerConfig, seats_from_text  # noqa: PLC0415

    return ServerConfig(
        host=args.host, port=args.port,
        password=args.password or os.environ.get(PASSWORD_ENV) or None,
        games=int(args.games), seats=seats_from_text(args.seats),
        neutral=not getattr(args, "no_neutral", False),
        hq_to_win=getattr(args, "hqs_to_win", None),
        variants=variants_from_text(getattr(args, "variants", "") or ""),
        game_type=getattr(args, "game_type", "us_full") or "us_full",
        saves_dir=getattr(args, "saves_dir", None), resume=not args.new_game,
        reconnect_seconds=float(args.reconnect_seconds), away_policy=args.away,
        fill_level=getattr(args, "fill_seats", None),
        computer_delay=float(args.computer_delay),
        rate=float(args.rate), burst=max(2, int(args.rate * 2)),
        tls_cert=args.tls_cert, tls_key=args.tls_key, limits=limits.from_args(args),
    )


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; 2 on bad options."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s",
                        stream=sys.stderr)
    # websockets' own log tells every connection opened and closed and every HTTP answer: a
    # browser loading the page makes about thirty such lines. The server's log (conquest.net)
    # says what a host needs (who took a seat, who left, refusals); websockets' warnings stay.
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        from game.net.server import GameServer  # noqa: PLC0415 - needs websockets

        config = config_from_args(args)
        if config.tls_key is not None and config.tls_cert is None:
            raise ValueError("--tls-key needs --tls-cert")
        if config.tls_cert is not None:  # said now, before anything listens or is saved
            tls.server_context(config.tls_cert, config.tls_key)
    except ImportError as exc:
        print(f"the server needs the websockets package, which comes with Conquest ({exc}): "
              "install Conquest again (from a source checkout: python -m pip install -e .)",
              file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"cannot start the server: {exc}", file=sys.stderr)
        return 2
    from game.net.savelock import SaveInUse, SavesUnusable  # noqa: PLC0415

    server = GameServer(config)
    loop.quieten_collector()  # a dedicated server is a long-running process of many tables
    try:
        loop.run(_serve(server))
    except KeyboardInterrupt:
        pass
    except SaveInUse as exc:
        print(f"cannot start the server: {exc} (stop that server first, or give this one "
              f"another --saves-dir)", file=sys.stderr)
        return 1
    except SavesUnusable as exc:
        print(f"cannot start the server: {exc}.", file=sys.stderr)
        return 1
    except OSError as exc:  # (only the listening socket is left to refuse)
        print(f"cannot listen on {config.host}:{config.port}: {_listen_problem(exc)}",
              file=sys.stderr)
        return 1
    return 0


def _listen_problem(exc: OSError) -> str:
    """Why the port cannot be listened on, in a sentence's words."""
    import errno  # noqa: PLC0415

    if exc.errno == errno.EADDRINUSE:
        return "the port is in use (another server is listening there: choose another --port)"
    if exc.errno == errno.EACCES:
        return "permission denied (ports below 1024 need an administrator: choose another --port)"
    if exc.errno == errno.EADDRNOTAVAIL:
        return "this machine has no such address (check --host)"
    return (exc.strerror or str(exc) or "an error").lower()


async def _serve(server: GameServer) -> None:
    port = await server.start()
    secure = " (wss://, encrypted)" if server.config.tls_cert is not None else ""
    print(f"Conquest server on port {port}{secure}", flush=True)
    page = "https" if server.config.tls_cert is not None else "http"
    host = server.config.host if server.config.host not in ("0.0.0.0", "::", "") else "127.0.0.1"
    print(f"Play in a browser: {page}://{host}:{port}/", flush=True)
    stopping = asyncio.get_running_loop().create_future()
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopping.cancel)
    try:
        await stopping
    except asyncio.CancelledError:
        logging.getLogger("conquest.net").info("stopping (SIGTERM)")
    finally:
        await server.stop()
