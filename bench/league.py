"""A tournament between computer levels, over every game type, on all cores.

    python bench/league.py [--levels good,baseline2,standard] [--types us_full,uk_full,...]
                           [--duels 8] [--four 8] [--workers N] [--seed 1] [--json]

For every pair of levels and every game type it plays `--duels` duels, the seats and the
first mover alternated exactly (each level moves first in half of them), and reports them per
seat order ("a first" and "b first"), because in a duel the first mover has a large edge. For
every level against every other it plays `--four` four-player games of one against three,
the seats rotated around the first mover so the one sits at each place in the turn order
equally often. Win rates carry Wilson 95% intervals. Games spread over `--workers` processes
(default: every core); a progress bar goes to stderr, and `--json` prints one object.

Game types: us_full, uk_full (the world), uk_short (missions), us_short (headquarters),
us_neutral and uk_neutral (two players and a neutral; duels only).
Game g of a series uses seed S + g, so a league is repeatable and every pairing meets the
same deals.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import ALL_LEVELS  # noqa: E402
from game.ai.simulate import (  # noqa: E402
    DEFAULT_MAX_TURNS,
    first_mover_seat,
    make_config,
    play_game,
    seating,
)

# name -> (simulator game type, with a neutral)
GAME_TYPES: dict[str, tuple[str, bool]] = {
    "us_full": ("us_full", False),
    "uk_full": ("uk_full", False),
    "uk_short": ("uk_short", False),
    "us_short": ("us_short", False),
    "us_neutral": ("us_full", True),
    "uk_neutral": ("uk_full", True),
}


@dataclass(frozen=True)
class Task:
    """One game to play: which series it counts for and everything needed to replay it."""

    series: str  # "duel" or "four"
    game_type: str  # a GAME_TYPES name
    levels: tuple[str, ...]  # the series' line-up; levels[0] is the level measured
    index: int  # game number within the series (seating and seed)
    seed: int
    max_turns: int


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval (95% by default) for a win rate: sound at 0%, 100% and small n."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def play_task(task: Task) -> dict[str, Any]:
    """Plays one game (in a worker process) and says who won and who moved first."""
    game_type, neutral = GAME_TYPES[task.game_type]
    n = len(task.levels)
    first = first_mover_seat(n, task.seed, game_type, neutral=neutral)
    seated = seating(task.levels, task.index, first)
    config = make_config(seated, game_type, neutral=neutral)
    result = play_game(config, task.seed, task.max_turns, levels=seated)
    return {"task": task, "winner": result.winner_level, "first": seated[first],
            "seconds": result.seconds, "illegal": result.illegal_actions,
            "turns": result.turns}


def make_tasks(levels: Sequence[str], types: Sequence[str], duels: int, four: int, seed: int,
               max_turns: int) -> list[Task]:
    """Every game of the league: duels per pair and type, one-against-three per ordered pair."""
    tasks: list[Task] = []
    for game_type in types:
        for a, b in itertools.combinations(levels, 2):
            tasks += [Task("duel", game_type, (a, b), i, seed + i, max_turns)
                      for i in range(duels)]
        if GAME_TYPES[game_type][1]:
            continue  # a neutral game has two players
        for a, b in itertools.permutations(levels, 2):
            tasks += [Task("four", game_type, (a, b, b, b), i, seed + i, max_turns)
                      for i in range(four)]
    return tasks


def run_tasks(tasks: Sequence[Task], workers: int,
              progress: TextIO | None) -> list[dict[str, Any]]:
    """Plays the tasks over `workers` processes (1: in this process), drawing a progress bar."""
    results: list[dict[str, Any]] = []
    start = time.perf_counter()

    def note(result: dict[str, Any]) -> None:
        results.append(result)
        if progress is not None:
            _draw_progress(progress, len(results), len(tasks), time.perf_counter() - start)

    if workers <= 1:
        for task in tasks:
            note(play_task(task))
    else:
        with Pool(workers) as pool:
            for result in pool.imap_unordered(play_task, tasks, chunksize=1):
                note(result)
    if progress is not None:
        progress.write("\n")
        progress.flush()
    return results


def _draw_progress(out: TextIO, done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = width * done // max(1, total)
    left = elapsed / done * (total - done) if done else 0.0
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games  "
              f"{elapsed:5.0f} s, about {left:4.0f} s left ")
    out.flush()


def _rate(wins: int, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {"wins": wins, "games": games, "rate": round(wins / games, 4) if games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)]}


def summarise(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Duels per type, pair and seat order; four-player games per type and line-up; totals."""
    duels: dict[str, dict[str, Any]] = {}
    four: dict[str, dict[str, Any]] = {}
    totals: dict[str, list[int]] = {}  # "a vs b" -> [a wins, b wins, draws]
    four_totals: dict[str, list[int]] = {}  # "a vs 3 b" -> [a wins, games]
    draws = illegal = 0
    seconds: list[float] = []
    for r in results:
        task: Task = r["task"]
        winner = r["winner"]
        draws += winner is None
        illegal += r["illegal"]
        seconds.append(r["seconds"])
        if task.series == "duel":
            a, b = task.levels
            pair = f"{a} vs {b}"
            order = f"{r['first']} first"
            cell = duels.setdefault(task.game_type, {}).setdefault(pair, {}).setdefault(
                order, {"games": 0, a: 0, b: 0, "draws": 0})
            cell["games"] += 1
            cell[winner if winner is not None else "draws"] += 1
            tot = totals.setdefault(pair, [0, 0, 0])
            tot[0 if winner == a else 1 if winner == b else 2] += 1
        else:
            a, b = task.levels[0], task.levels[1]
            line_up = f"{a} vs 3 {b}"
            cell = four.setdefault(task.game_type, {}).setdefault(line_up, [0, 0])
            cell[0] += winner == a
            cell[1] += 1
            tot4 = four_totals.setdefault(line_up, [0, 0])
            tot4[0] += winner == a
            tot4[1] += 1
    duel_rates: dict[str, Any] = {}
    for game_type, pairs in duels.items():
        for pair, orders in pairs.items():
            a = pair.split(" vs ")[0]
            entry = duel_rates.setdefault(game_type, {}).setdefault(pair, {})
            for order, cell in sorted(orders.items()):
                entry[order] = {**cell, a: _rate(cell[a], cell["games"])}
            games = sum(c["games"] for c in orders.values())
            entry["all"] = _rate(sum(c[a] for c in orders.values()), games)
    overall = {pair: {"wins": _rate(won, won + lost + drawn), "draws": drawn}
               for pair, (won, lost, drawn) in totals.items()}
    return {
        "duels": duel_rates,
        "duels_overall": overall,
        "four_player": {t: {k: _rate(w, g) for k, (w, g) in cells.items()}
                        for t, cells in four.items()},
        "four_player_overall": {k: _rate(w, g) for k, (w, g) in four_totals.items()},
        "games": len(seconds),
        "draws": draws,
        "illegal_actions": illegal,
        "median_seconds_per_game": round(sorted(seconds)[len(seconds) // 2], 4)
        if seconds else 0.0,
    }


def format_report(data: dict[str, Any]) -> str:
    """The league as a person reads it: win rates of the first-named level, with 95% CIs."""

    def pct(rate: dict[str, Any]) -> str:
        lo, hi = rate["ci95"]
        return (f"{rate['rate']:6.1%} of {rate['games']:>4}  "
                f"(95% CI {lo:5.1%}-{hi:5.1%})")

    lines = [f"{data['games']} games, {data['draws']} draws, {data['illegal_actions']} illegal "
             f"actions, median {data['median_seconds_per_game']:.3f} s per game"]
    for game_type, pairs in data["duels"].items():
        lines.append(f"duels, {game_type}:")
        for pair, entry in pairs.items():
            a = pair.split(" vs ")[0]
            lines.append(f"  {pair:<24} {a} wins {pct(entry['all'])}")
            for order, cell in entry.items():
                if order != "all":
                    lines.append(f"    {order:<22} {a} wins {pct(cell[a])}")
    for game_type, cells in data["four_player"].items():
        lines.append(f"four players, {game_type}:")
        for line_up, rate in cells.items():
            lines.append(f"  {line_up:<24} {line_up.split(' vs ')[0]} wins {pct(rate)}")
    lines.append("overall:")
    for pair, entry in data["duels_overall"].items():
        lines.append(f"  duels {pair:<18} {pair.split(' vs ')[0]} wins {pct(entry['wins'])}")
    for line_up, rate in data["four_player_overall"].items():
        lines.append(f"  four  {line_up:<18} {line_up.split(' vs ')[0]} wins {pct(rate)}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="good,baseline2",
                        help=f"levels, comma separated, from {', '.join(ALL_LEVELS)}")
    parser.add_argument("--types", default=",".join(GAME_TYPES),
                        help=f"game types, comma separated, from {', '.join(GAME_TYPES)}")
    parser.add_argument("--duels", type=int, default=8, help="duels per pair and game type")
    parser.add_argument("--four", type=int, default=4,
                        help="four-player games per ordered pair (one against three) and type")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=DEFAULT_MAX_TURNS)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    levels = list(dict.fromkeys(x.strip() for x in args.levels.split(",") if x.strip()))
    types = [x.strip() for x in args.types.split(",") if x.strip()]
    bad = [x for x in levels if x not in ALL_LEVELS] + [x for x in types if x not in GAME_TYPES]
    if bad or len(levels) < 2 or args.duels < 0 or args.four < 0:
        print(f"need two or more levels of {', '.join(ALL_LEVELS)} and game types of "
              f"{', '.join(GAME_TYPES)}; bad: {', '.join(bad) or args.levels}", file=sys.stderr)
        return 2
    tasks = make_tasks(levels, types, args.duels, args.four, args.seed, args.max_turns)
    progress = None if args.no_progress else sys.stderr
    results = run_tasks(tasks, max(1, args.workers), progress)
    data = summarise(results)
    data["levels"] = levels
    data["types"] = types
    print(json.dumps(data) if args.json else format_report(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
