"""Compares Good's weights with candidates, seat by seat, on the same deals (paired games).

    python tools/paired.py --mode duel --seat second --types us_full,us_short --games 300 \
        --block 107000000 --cand "duel_second.continue_p=0.75" --cand "duel_second.continue_p=0.9"
    python tools/paired.py --mode four --types us_full --games 400 --block 108000000 \
        --cand "base.chain_depth=2"

`tools/tune_good.py --compare` alternates the first mover; a change meant for one seat of a
duel (the first mover's `duel` or the second's `duel_second` profile) is measured sharper
with every game played from that seat. Each candidate (a ';'-separated list of
PROFILE.FIELD=JSON changes, `--cand` repeatable) and the shipped weights play the very same
deals: a game type's k-th deal is seed block + 1000 * (type's index) + k, so a fresh `--block`
gives fresh deals and the same block gives the same ones. Game types: the four of the
engine and `us_neutral` / `uk_neutral` (a duel with a neutral army). Prints the wins of each
weight set per type, then a JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import ALL_LEVELS, BENCH_GENERALS  # noqa: E402
from game.ai.good import good_with  # noqa: E402
from game.ai.simulate import first_mover_seat, make_config, play_game, seating  # noqa: E402
from tools.tune_good import WEIGHTS, apply_sets  # noqa: E402

TYPES = ("us_full", "uk_full", "us_short", "uk_short", "us_neutral", "uk_neutral")
_CLASSES: dict[str, Any] = {}


def _engine_type(game_type: str) -> tuple[str, bool]:
    """The engine's game type and whether a neutral army plays."""
    if game_type.endswith("_neutral"):
        return game_type.split("_")[0] + "_full", True
    return game_type, False


Task = tuple[str, str, str, tuple[str, ...], int, int]


def play(task: Task) -> tuple[str, str, bool]:
    """One game in a worker: (type, weight set's name, its JSON, levels, rotation index, seed)
    -> (type, name, the candidate won). Results go by name: a candidate may equal another."""
    game_type, name, weights_json, levels, index, seed = task
    if weights_json not in _CLASSES:
        _CLASSES[weights_json] = good_with(json.loads(weights_json))
    BENCH_GENERALS["candidate"] = _CLASSES[weights_json]
    engine_type, neutral = _engine_type(game_type)
    first = first_mover_seat(len(levels), seed, engine_type, neutral=neutral)
    seated = seating(levels, index, first)
    result = play_game(make_config(seated, engine_type, neutral=neutral), seed, levels=seated)
    return game_type, name, result.winner_level == "candidate"


def rotation(seat: str, game: int, players: int) -> int:
    """The rotation index (see simulate.seating) putting the candidate at turn position
    `seat` ("first", "second", a number from 1, or "all": every position in turn)."""
    if seat == "all":
        return game
    return (1 - _position(seat)) % players


def _position(seat: str) -> int:
    """The turn position (from 1) that `seat` names; 0 when it names none."""
    words = {"first": 1, "second": 2}
    return words.get(seat) or (int(seat) if seat.isdigit() else 0)


def tasks(name: str, blob: str, types: list[str], levels: tuple[str, ...], seat: str,
          games: int, block: int) -> list[Task]:
    """Every game one weight set plays."""
    return [(t, name, blob, levels, rotation(seat, i, len(levels)),
             block + 1000 * TYPES.index(t) + i) for t in types for i in range(games)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="duel",
                        help="duel, four, or a number of players (one Good against the rest)")
    parser.add_argument("--seat", default="all",
                        help="first, second, a turn position from 1, or all (alternated)")
    parser.add_argument("--types", default="us_full,us_short")
    parser.add_argument("--games", type=int, default=300, help="games per type per weight set")
    parser.add_argument("--block", type=int, required=True, help="seed block (fresh deals)")
    parser.add_argument("--cand", action="append", default=[],
                        help="a candidate: ';'-separated PROFILE.FIELD=JSON changes")
    parser.add_argument("--nocur", action="store_true", help="skip the shipped weights")
    parser.add_argument("--opponent", default="baseline2",
                        choices=[x for x in ALL_LEVELS if x != "good"])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    players = {"duel": 2, "four": 4}.get(args.mode) or \
        (int(args.mode) if args.mode.isdigit() else 0)
    types = args.types.split(",")
    if not 2 <= players <= 6:
        parser.error(f"--mode: duel, four or 2 to 6 players, not {args.mode!r}")
    if args.seat != "all" and not 1 <= _position(args.seat) <= players:
        parser.error(f"--seat: first, second, all or 1 to {players}, not {args.seat!r}")
    unknown = [t for t in types if t not in TYPES]
    if unknown:
        parser.error(f"--types: unknown {', '.join(unknown)}; from {', '.join(TYPES)}")
    levels = ("candidate",) + (args.opponent,) * (players - 1)
    shipped = json.loads(WEIGHTS.read_text())
    sets = {} if args.nocur else {"current": shipped}
    for cand in args.cand:
        sets[cand] = apply_sets(shipped, [c for c in cand.split(";") if c])
    blobs = {name: json.dumps(w, sort_keys=True) for name, w in sets.items()}
    work = [t for name, b in blobs.items()
            for t in tasks(name, b, types, levels, args.seat, args.games, args.block)]
    with Pool(args.workers) as pool:
        results = pool.map(play, work, chunksize=2)
    report: dict[str, Any] = {}
    for name in blobs:
        mine = [r for r in results if r[1] == name]
        per_type = {t: sum(r[2] for r in mine if r[0] == t) for t in types}
        report[name] = {"wins": sum(per_type.values()), "games": len(mine), **per_type}
        print(f"{name}: {report[name]['wins']} of {len(mine)}  {per_type}", flush=True)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
