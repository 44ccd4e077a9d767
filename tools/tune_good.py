"""Tunes Good's weights (game/ai/weights/good.json) by self-play against a frozen yardstick.

    python tools/tune_good.py --rounds 20 --games 120 --seed 1 --out game/ai/weights/good.json
    python tools/tune_good.py --evaluate --games 200 [--set duel.chain_depth=2 ...]
    python tools/tune_good.py --compare base.chain_depth=2 --only four --games 400 --seed 41
    python tools/tune_good.py --compare base.draft_rollouts=0 --only four --type us_full --games 400

A (1+1) search: each round perturbs a few weights of the current best, and plays the
candidate and the current best on the same fresh block of deals (common random numbers, so
the comparison is sharper than either figure): duels against `--opponent` (the frozen
`baseline2` by default; `baseline` is the older yardstick) with the first mover
alternated exactly, in US and UK full games, and one-against-three games in every game type.
The candidate is kept if it scores better by more than `--margin`. Every round uses new
seeds, so no seed is tuned for; the search's own choices come from `--seed`, so a run is
reproducible. The score weighs duel and four-player win rates equally, with the duels moving
second counted twice (the hard seat). `--evaluate` only scores the weights as they are.
Games spread over `--workers` processes (default: every core).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import ALL_LEVELS, BENCH_GENERALS  # noqa: E402
from game.ai.good import build_profiles, good_with  # noqa: E402
from game.ai.simulate import first_mover_seat, make_config, play_game, seating  # noqa: E402

WEIGHTS = ROOT / "game" / "ai" / "weights" / "good.json"
OPPONENT = "baseline2"  # the default yardstick (--opponent)
# (profile, field, low, high, step): the weights the search may move, and how far at a time.
SPACE: list[tuple[str, str, float, float, float]] = [
    ("base", "chain_depth", 0, 3, 1),
    ("base", "kill_weight", 0.2, 1.2, 0.15),
    ("base", "leader_break", 0.0, 2.0, 0.3),
    ("base", "strong_loss", 0.0, 1.0, 0.2),
    ("base", "territory_value", 0.0, 1.2, 0.2),
    ("base", "min_attack_p", 0.3, 0.8, 0.08),
    ("base", "min_gain", -0.5, 3.0, 0.4),
    ("base", "loss_weight", 0.6, 1.6, 0.15),
    ("base", "complete_weight", 1.0, 5.0, 0.5),
    ("base", "break_weight", 0.5, 3.0, 0.3),
    ("base", "defend_ratio", 0.5, 1.5, 0.15),
    ("base", "defend_share", 0.0, 1.0, 0.15),
    ("base", "spread_cost", 0.0, 1.5, 0.2),
    ("base", "chain_min_p", 0.1, 0.7, 0.08),
    ("base", "chain_discount", 0.3, 1.0, 0.1),
    ("base", "occupy_keep", 0.0, 1.5, 0.2),
    ("base", "front_defence", 0.0, 1.0, 0.15),
    ("duel", "min_gain", -0.5, 3.0, 0.4),
    ("duel", "loss_weight", 0.6, 1.6, 0.15),
    ("duel", "chain_min_p", 0.1, 0.7, 0.08),
    ("duel", "chain_discount", 0.3, 1.0, 0.1),
    ("duel", "complete_weight", 1.0, 5.0, 0.5),
    ("duel", "territory_value", 0.2, 2.0, 0.2),
    ("duel_second", "min_gain", -0.5, 3.0, 0.4),
    ("duel_second", "loss_weight", 0.6, 1.6, 0.15),
    ("duel_second", "defend_share", 0.0, 1.0, 0.15),
    ("duel_second", "occupy_keep", 0.0, 1.5, 0.2),
    ("duel_second_setup", "defend_ratio", 0.5, 1.8, 0.15),
]
DUEL_TYPES = ("us_full", "uk_full")
FOUR_TYPES = ("us_full", "uk_full", "uk_short", "us_short")

_CLASSES: dict[str, Any] = {}


def _play(task: tuple[str, str, tuple[str, ...], int, int]) -> tuple[str, str, bool, bool]:
    """One game in a worker: (series, weights as JSON, line-up, index, seed) ->
    (series, weights, candidate won, candidate moved first)."""
    series, weights_json, levels, index, seed = task
    if weights_json not in _CLASSES:
        _CLASSES[weights_json] = good_with(json.loads(weights_json))
    BENCH_GENERALS["candidate"] = _CLASSES[weights_json]
    game_type = series.split(":")[1]
    first = first_mover_seat(len(levels), seed, game_type)
    seated = seating(levels, index, first)
    result = play_game(make_config(seated, game_type), seed, levels=seated)
    return series, weights_json, result.winner_level == "candidate", seated[first] == "candidate"


def tasks_for(weights_json: str, duels: int, four: int, seed: int,
              game_type_only: str | None = None, opponent: str = OPPONENT) -> list[Any]:
    """The games of one candidate; with `game_type_only`, only that game type's (the seeds
    of each game type stay what they are without the filter)."""
    tasks: list[Any] = []
    for k, game_type in enumerate(DUEL_TYPES):
        if game_type_only is None or game_type == game_type_only:
            tasks += [(f"duel:{game_type}", weights_json, ("candidate", opponent), i,
                       seed + 1000 * k + i) for i in range(duels)]
    for k, game_type in enumerate(FOUR_TYPES):
        if game_type_only is None or game_type == game_type_only:
            tasks += [(f"four:{game_type}", weights_json, ("candidate",) + (opponent,) * 3, i,
                       seed + 1000 * (k + 10) + i) for i in range(four)]
    return tasks


def score_results(results: list[tuple[str, str, bool, bool]]) -> dict[str, float]:
    """Win rates: duels (and moving second), four-player; and the score the search maximises."""
    duel = [r for r in results if r[0].startswith("duel")]
    second = [r for r in duel if not r[3]]
    four = [r for r in results if r[0].startswith("four")]

    def rate(rs: list[Any]) -> float:
        return sum(r[2] for r in rs) / len(rs) if rs else 0.0

    figures = {"duel": rate(duel), "duel_second": rate(second), "four": rate(four)}
    figures["score"] = (figures["duel"] + 2 * figures["duel_second"]) / 3 + \
        figures["four"] / 0.45 * 0.65
    for series in sorted({r[0] for r in results}):  # each game type alone, for the record
        figures[series] = round(rate([r for r in results if r[0] == series]), 4)
    return figures


def evaluate_many(pool: Any, candidates: list[dict[str, Any]], duels: int, four: int,
                  seed: int, game_type: str | None = None,
                  opponent: str = OPPONENT) -> list[dict[str, float]]:
    """Scores every candidate on the same deals (seed block), in parallel; with `game_type`,
    in that game type alone."""
    blobs = [json.dumps(c, sort_keys=True) for c in candidates]
    tasks = [t for b in blobs for t in tasks_for(b, duels, four, seed, game_type, opponent)]
    results = pool.map(_play, tasks, chunksize=2) if pool else [_play(t) for t in tasks]
    return [score_results([r for r in results if r[1] == b]) for b in blobs]


def perturb(weights: dict[str, Any], rng: random.Random, count: int) -> dict[str, Any]:
    """A copy of `weights` with `count` of the SPACE weights moved by up to two steps."""
    out = copy.deepcopy(weights)
    for profile, name, lo, hi, step in rng.sample(SPACE, count):
        base = _value(out, profile, name)
        value = min(hi, max(lo, base + rng.choice((-2, -1, 1, 2)) * step))
        out[profile][name] = int(value) if isinstance(base, int) and not isinstance(base, bool) \
            else round(value, 3)
    build_profiles(out)  # fails loudly on a bad entry
    return out


def _value(weights: dict[str, Any], profile: str, name: str) -> Any:
    """A weight as the profile sees it (through its 'from' chain)."""
    entry = weights[profile]
    while name not in entry:
        entry = weights[entry["from"]]
    return entry[name]


def apply_sets(weights: dict[str, Any], sets: list[str]) -> dict[str, Any]:
    out = copy.deepcopy(weights)
    for item in sets:
        key, _, raw = item.partition("=")
        profile, _, name = key.partition(".")
        out[profile][name] = json.loads(raw)
    build_profiles(out)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", default=str(WEIGHTS), help="weights to start from")
    parser.add_argument("--out", default=None, help="where to write the best weights found")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--games", type=int, default=120,
                        help="games per candidate per round (half duels, half four-player)")
    parser.add_argument("--change", type=int, default=2, help="weights moved per candidate")
    parser.add_argument("--margin", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--evaluate", action="store_true", help="only score the weights")
    parser.add_argument("--only", choices=("duel", "four"), default=None,
                        help="play only duels or only four-player games")
    parser.add_argument("--set", action="append", default=[], metavar="PROFILE.FIELD=JSON",
                        help="change a weight before starting (repeatable)")
    parser.add_argument("--compare", action="append", default=[], metavar="PROFILE.FIELD=JSON",
                        help="score the weights and a candidate with these changes on the same "
                        "deals (paired; repeatable: all the changes go into one candidate)")
    parser.add_argument("--type", choices=FOUR_TYPES, default=None, dest="game_type",
                        help="play only this game type (all of --games go to it)")
    parser.add_argument("--opponent", choices=[x for x in ALL_LEVELS if x != "good"],
                        default=OPPONENT, help=f"the level played against (default {OPPONENT})")
    args = parser.parse_args(argv)
    weights = apply_sets(json.loads(Path(args.weights).read_text()), args.set)
    duels = 0 if args.only == "four" else max(1, args.games // 2 // len(DUEL_TYPES))
    four = 0 if args.only == "duel" else max(1, args.games // 2 // len(FOUR_TYPES))
    if args.only:  # all the games go to the one series
        duels, four = duels * 2, four * 2
    if args.game_type:  # and to the one game type
        duels = duels * len(DUEL_TYPES) if args.game_type in DUEL_TYPES else 0
        four *= len(FOUR_TYPES)
    rng = random.Random(f"tune-good:{args.seed}")
    pool = Pool(args.workers) if args.workers > 1 else None
    try:
        if args.compare:
            candidate = apply_sets(weights, args.compare)
            mine, theirs = evaluate_many(pool, [weights, candidate], duels, four,
                                         args.seed * 100_000, args.game_type, args.opponent)
            print(json.dumps({"current": mine, "candidate": theirs}))
            return 0
        if args.evaluate:
            print(json.dumps(evaluate_many(pool, [weights], duels, four, args.seed * 100_000,
                                           args.game_type, args.opponent)[0]))
            return 0
        best = weights
        for r in range(args.rounds):
            candidate = perturb(best, rng, args.change)
            seed = args.seed * 100_000 + r * 5_000
            mine, theirs = evaluate_many(pool, [best, candidate], duels, four, seed,
                                         args.game_type, args.opponent)
            changed = {f"{p}.{n}": _value(candidate, p, n) for p, n, *_ in SPACE
                       if _value(candidate, p, n) != _value(best, p, n)}
            kept = theirs["score"] > mine["score"] + args.margin
            print(f"round {r + 1}: best {mine['score']:.3f} candidate {theirs['score']:.3f} "
                  f"(duel {theirs['duel']:.2f}, second {theirs['duel_second']:.2f}, four "
                  f"{theirs['four']:.2f}) {changed} {'KEPT' if kept else ''}",
                  file=sys.stderr, flush=True)
            if kept:
                best = candidate
                if args.out:  # written at once, so a run cut short keeps what it found
                    Path(args.out).write_text(json.dumps(best, indent=2) + "\n")
        if args.out:
            Path(args.out).write_text(json.dumps(best, indent=2) + "\n")
        print(json.dumps(best))
    finally:
        if pool is not None:
            pool.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
