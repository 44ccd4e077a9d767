"""Load on the network server: many concurrent games of computer-driven clients on loopback.

    python bench/network.py [--games 50] [--seats 6] [--workers 1] [--think-ms 0]
                            [--clients lean|asyncio] [--json]

Starts `python main.py --serve` as its own process (autosaving every action, as always), then
plays `--games` whole games at once, each with `--seats` computer-driven clients that speak the
real protocol, in `--workers` client processes of their own. A round trip is the time from
sending an action to the sending client's general reading its update: it includes the time the
client's own process takes to get to the reply (hundreds of clients share it, each reading
every update, keeping its mirror game and running a general), so it is not the server's time
alone. Every game's clients join first; then all the games play at once (the joining burst is
reported apart, as `join_p99_ms`).

The clients are LeanClients (game/net/lean.py, `--clients lean`, the default): each message is
checked, kept and answered as it is read. `--clients asyncio` runs NetClients instead, the
screens' connection, each client a task woken for every message: the same protocol and the same
generals, with about a fifth more CPU time per action in the client process, which then sets the
pace (the figures of earlier notes were measured that way).

The server's own time (from an action's arrival to its updates queued) comes from the server's
log, and the CPU time per action of each side shows which one sets the pace. Both sides run on
uvloop when it is installed (game/net/loop.py; `event_loop` says which).

Prints a line a person reads, or with --json one object:
{"games", "actions_per_second", "p99_round_trip_ms", "errors"} (plus the run's details).
With `--think-ms 0` (the default) every client plays flat out, so the run measures the most the
machine can do and the round trip is mostly queueing (games / actions per second); a think time
offers a fixed load instead.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net import bots, loop, protocol  # noqa: E402
from game.net.client import NetClient  # noqa: E402
from game.net.lean import LeanClient  # noqa: E402


_HANDLED = re.compile(r"handled (\d+) player actions: median ([\d.]+) ms, p99 ([\d.]+) ms")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start_server(port: int, games: int, seats: int, saves: Path, log: Any,
                  profile: Path | None = None) -> subprocess.Popen[bytes]:
    python = [sys.executable]
    if profile:  # CPU time, not wall time: the others' load on the machine is not counted
        python += ["-c", "import cProfile, runpy, sys, time\n"
                   "profiler = cProfile.Profile(time.process_time)\n"
                   "sys.argv = sys.argv[1:]\n"
                   "try:\n"
                   "    profiler.runcall(runpy.run_path, sys.argv[0], run_name='__main__')\n"
                   "finally:\n"
                   f"    profiler.dump_stats({str(profile)!r})\n"]
    proc = subprocess.Popen(
        [*python, str(ROOT / "main.py"), "--serve", "--host", "127.0.0.1",
         "--port", str(port), "--games", str(games), "--seats", ",".join(["open"] * seats),
         "--type", "uk_full", "--saves-dir", str(saves), "--computer-delay", "0",
         "--rate", "10000", "--new-game",
         # every client comes from 127.0.0.1: the cap per address (16 by default, against
         # hostile clients) is raised to the benchmark's clients
         "--max-per-address", str(games * seats), "--max-connections",
         str(max(500, games * seats))],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


async def _join_game(uri: str, game_id: str, seats: int, lean: bool) -> list[Any]:
    """The game's clients, each connected and seated (one after another, as players arrive);
    on a failure the ones connected are closed and the error raised."""
    kind = LeanClient if lean else NetClient
    clients: list[Any] = [kind(uri, f"Bot {game_id}.{i}", game=game_id) for i in range(seats)]
    try:
        for client in clients:
            await client.connect()
    except BaseException:
        for client in clients:
            await client.close()
        raise
    return clients


async def _play_game(clients: list[Any], level: str, think: float,
                     lean: bool) -> dict[str, Any]:
    """Play one game whose clients have all joined, to its end; what it did, then the
    clients closed."""
    errors = 0
    results: list[Any] = []
    try:
        if lean:
            results = await bots.play_many(clients, level, timeout=120, think=think)
        else:
            results = await asyncio.gather(*(bots.play(c, level, timeout=120, think=think)
                                             for c in clients), return_exceptions=True)
    except Exception:  # noqa: BLE001 - a failed game is counted, the others go on
        errors += 1
    finally:
        for client in clients:
            await client.close()
    finished = False
    actions = 0
    for r in results:
        if isinstance(r, BaseException):
            errors += 1
        else:
            errors += r.refused
            actions += r.actions
            finished = finished or r.finished
    trips = [t for c in clients for t in c.round_trips[1:]]  # [0] is joining
    errors += sum(len(c.errors) for c in clients)
    return {"finished": finished, "actions": actions, "errors": errors, "trips": trips,
            "joins": [c.round_trips[0] for c in clients if c.round_trips],
            "resyncs": sum(getattr(c, "resyncs", 0) for c in clients)}


async def _all_games(uri: str, game_ids: list[str], seats: int, level: str, think: float,
                     lean: bool) -> list[dict[str, Any]]:
    """Every game joined first, then all played at once.

    Joining is not playing: 300 opening handshakes and hellos at once are a burst of their own
    (measured apart, as `join_p99_ms`). Games that started playing while others were still
    joining had their first actions queued behind that burst, about a sixth of the slowest
    round trips of a run, although they were not yet 50 concurrent games."""
    joined = await asyncio.gather(*(_join_game(uri, g, seats, lean) for g in game_ids),
                                  return_exceptions=True)
    failed = [{"finished": False, "actions": 0, "errors": 1, "trips": [], "joins": [],
               "resyncs": 0} for j in joined if isinstance(j, BaseException)]
    played = await asyncio.gather(*(_play_game(j, level, think, lean) for j in joined
                                    if not isinstance(j, BaseException)))
    return [*played, *failed]


def _cpu_seconds() -> tuple[float, float]:
    """(user, system) CPU seconds this process has used so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


def _process_cpu_seconds(pid: int) -> tuple[float, float] | None:
    """(user, system) CPU seconds a running process has used so far (Linux), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick
    except (OSError, ValueError, IndexError):
        return None


def _worker(uri: str, game_ids: list[str], seats: int, level: str, think: float, lean: bool,
            out: Any, profile: Path | None = None) -> None:
    # No cyclic garbage collector in this process: it lives for one run, and its objects form
    # no cycles (its collections freed next to nothing), but each collection stopped all of its
    # clients at once, 15-40 ms ten times a run: a fifth of the slowest round trips. 300 real
    # clients would each pause alone. The server keeps its collector (game/net/loop.py).
    gc.collect()
    gc.freeze()
    gc.disable()
    if profile is None:
        games = loop.run(_all_games(uri, game_ids, seats, level, think, lean))
    else:
        import cProfile  # noqa: PLC0415

        profiler = cProfile.Profile(time.process_time)  # CPU time: others' load is not counted
        games = profiler.runcall(loop.run, _all_games(uri, game_ids, seats, level, think,
                                                             lean))
        profiler.dump_stats(str(profile))
    out.put({"games": games, "cpu": _cpu_seconds()})


def _percentile(ordered: list[float], share: float) -> float:
    """The value of a sorted list below which `share` of it lies (0 for an empty list)."""
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--seats", type=int, default=6, help="clients per game (default 6)")
    parser.add_argument("--level", default="standard", help="the clients' general")
    parser.add_argument("--workers", type=int, default=1,
                        help="client processes (default 1; the server has its own)")
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="pause of a client before each action (default 0: flat out)")
    parser.add_argument("--clients", choices=("lean", "asyncio"), default="lean",
                        help="the clients' connection: LeanClient (default) or NetClient")
    parser.add_argument("--saves-dir", type=Path, default=None,
                        help="where the server autosaves (default a new temporary folder)")
    parser.add_argument("--profile", type=Path, default=None,
                        help="run the server under cProfile and write its stats to this file")
    parser.add_argument("--profile-clients", type=Path, default=None,
                        help="run each client process under cProfile: stats to FILE.<worker>")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    saves = args.saves_dir or Path(tempfile.mkdtemp(prefix="conquest-bench-"))
    port = _free_port()
    server_log = tempfile.TemporaryFile()  # noqa: SIM115 - read and closed once the server stops
    server = _start_server(port, args.games, args.seats, saves, server_log, args.profile)
    uri = f"ws://127.0.0.1:{port}"
    ids = [str(n) for n in range(1, args.games + 1)]
    workers = max(1, min(args.workers, args.games))
    started = time.perf_counter()
    try:
        out: Any = multiprocessing.get_context("spawn").Queue()
        procs = [multiprocessing.get_context("spawn").Process(
            target=_worker, args=(uri, ids[w::workers], args.seats, args.level,
                                  args.think_ms / 1000.0, args.clients == "lean", out,
                                  args.profile_clients and Path(f"{args.profile_clients}.{w}")))
            for w in range(workers)]
        for p in procs:
            p.start()
        reports = [out.get() for _ in procs]
        for p in procs:
            p.join()
        elapsed = time.perf_counter() - started
        server_times = _process_cpu_seconds(server.pid)
    finally:
        server.terminate()  # SIGTERM: the server stops cleanly (and a profile is written)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if args.saves_dir is None:
            shutil.rmtree(saves, ignore_errors=True)
    server_log.seek(0)
    handling = _HANDLED.search(server_log.read().decode("utf-8", "replace"))
    server_log.close()
    games = [g for r in reports for g in r["games"]]
    client_user = sum(r["cpu"][0] for r in reports)
    client_cpu = client_user + sum(r["cpu"][1] for r in reports)
    server_user = server_times[0] if server_times else None
    server_cpu = sum(server_times) if server_times else None
    trips = sorted(t for g in games for t in g["trips"])
    joins = sorted(t for g in games for t in g["joins"])
    actions = sum(g["actions"] for g in games)
    p99 = _percentile(trips, 0.99) * 1000
    result = {
        "games": sum(1 for g in games if g["finished"]),
        "actions_per_second": round(actions / elapsed, 1),
        "p99_round_trip_ms": round(p99, 2),
        "errors": sum(g["errors"] for g in games),
        "median_round_trip_ms": round(statistics.median(trips) * 1000, 2) if trips else 0.0,
        "actions": actions,
        # from a client's hello to its welcome, with all 300 clients joining at once
        "join_p99_ms": round(_percentile(joins, 0.99) * 1000, 2),
        "seconds": round(elapsed, 2),
        "clients": args.games * args.seats,
        "think_ms": args.think_ms,
        "client_connection": args.clients,
        "workers": workers,
        "event_loop": loop.name(),
        "json_library": protocol.json_library(),  # orjson if installed (game/net/protocol.py)
        "resyncs": sum(g["resyncs"] for g in games),
        # CPU time per action: the server's own (start-up included) and all the clients' (each
        # reads every update, keeps its mirror game and runs a general): which side sets the pace
        "server_cpu_ms_per_action": round(server_cpu * 1000 / actions, 3)
        if server_cpu is not None and actions else None,
        "client_cpu_ms_per_action": round(client_cpu * 1000 / actions, 3) if actions else None,
        # the share of that CPU time spent in the kernel (sockets, files) rather than in Python
        "server_system_share": round(1 - server_user / server_cpu, 3)
        if server_cpu and server_user is not None else None,
        "client_system_share": round(1 - client_user / client_cpu, 3) if client_cpu else None,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        # the server's own handling time of an action (arrival to updates queued, its log's
        # last line): the round trip minus the network and the clients' own work
        "server_median_ms": float(handling.group(2)) if handling else None,
        "server_p99_ms": float(handling.group(3)) if handling else None,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['games']}/{args.games} games of {args.seats} clients finished in "
              f"{result['seconds']} s: {result['actions_per_second']} actions/s, round trip "
              f"median {result['median_round_trip_ms']} ms, p99 {result['p99_round_trip_ms']} ms, "
              f"errors {result['errors']}")
    return 0 if result["errors"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
