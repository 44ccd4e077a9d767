"""Benchmark: seconds from `python main.py --serve` to listening, with a long journal to resume.

Builds a saves folder holding a network game's whole save and a journal of `--mb` megabytes
(default 60) whose lines the save already holds (a journal that grew while whole saves could
not be written, its lines doubled), plus `--lacking` lines the save lacks (default 20), which
the server must replay. Then it starts the real server on it and times how long it takes to
listen; it checks the resumed game holds every action, and prints the median of `--runs`
starts. With --json one object {"seconds_to_listen", "journal_mb", "replayed", "runs"}.

    python bench/journal_start.py [--mb 60] [--lacking 20] [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import make_general  # noqa: E402
from game.journal import JOURNAL_VERSION, action_line, journal_paths  # noqa: E402
from game.net.autosave import TableSaver  # noqa: E402
from game.net.config import ServerConfig  # noqa: E402
from game.net.table import Table  # noqa: E402

SEATS = ("open", "open", "open")
REPLAYED = re.compile(rb"(\d+) journaled actions? replayed")


def build(folder: Path, megabytes: float, lacking: int, actions: int = 600) -> int:
    """The save and its journal in `folder`; returns the actions the resumed game must hold."""
    config = ServerConfig(saves_dir=folder, seats=SEATS, game_type="uk_full")
    table = Table.new("1", list(SEATS), "uk_full")
    for seat in table.seats:
        table.take_seat(seat, f"Player {seat.index + 1}")
    table.start(20261204)
    game = table.game
    assert game is not None
    generals = [make_general("easy", i, 7) for i in range(len(game.players))]
    lines = []

    def play(count: int) -> None:
        for _ in range(count):
            if game.is_over:
                raise SystemExit("the bench game ended early: ask for fewer actions")
            game.apply(generals[game.to_move].choose(game))
            table.seq += 1
            lines.append(action_line(len(game.record.actions) - 1, table.seq,
                                     game.record.actions[-1]))

    play(actions)
    saver = TableSaver("network-1", config)
    saver.save(table)  # the whole save holds every action so far
    held = b"".join(lines)
    play(lacking)
    journal = journal_paths(saver.path)[0]
    header = json.dumps({"journal": JOURNAL_VERSION, "seed": game.seed, "from": 0},
                        separators=(",", ":")).encode() + b"\n"
    with open(journal, "wb") as out:  # noqa: PTH123 - the bench writes its own test file
        out.write(header)
        written = len(header)
        while written < megabytes * 1024 * 1024:
            out.write(held)
            written += len(held)
        out.write(b"".join(lines[actions:]))
    return len(game.record.actions)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def one_start(folder: Path) -> tuple[float, int]:
    """Seconds until the server listens, and how many actions its log says it replayed."""
    port = _free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--serve", "--host", "127.0.0.1", "--port",
         str(port), "--saves-dir", str(folder), "--seats", ",".join(SEATS), "--type",
         "uk_full"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        while True:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if proc.poll() is not None or time.perf_counter() - start > 120:
                raise SystemExit(f"the server did not start: {proc.stderr.read().decode()}")
            time.sleep(0.005)
        seconds = time.perf_counter() - start
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    found = REPLAYED.search(err)
    return seconds, int(found.group(1)) if found else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=float, default=60.0, help="journal size (default 60)")
    parser.add_argument("--lacking", type=int, default=20,
                        help="journaled actions the save lacks (default 20)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    times = []
    replayed = 0
    with tempfile.TemporaryDirectory() as scratch:
        built = Path(scratch) / "built"
        built.mkdir()
        build(built, args.mb, args.lacking)
        size = journal_paths(built / "network-1.json")[0].stat().st_size
        for run in range(args.runs):
            folder = Path(scratch) / f"run{run}"
            shutil.copytree(built, folder)  # (a start writes a whole save: each run afresh)
            seconds, replayed = one_start(folder)
            times.append(seconds)
            if replayed != args.lacking:
                raise SystemExit(f"the server replayed {replayed} actions, not {args.lacking}")
    figures = {"seconds_to_listen": round(statistics.median(times), 3),
               "journal_mb": round(size / (1024 * 1024), 1), "replayed": replayed,
               "runs": args.runs}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"--serve with a {figures['journal_mb']} MB journal: listening after a median of "
              f"{figures['seconds_to_listen']:.2f} s over {args.runs} starts "
              f"({replayed} actions replayed)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
