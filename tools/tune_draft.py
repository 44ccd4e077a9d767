"""Learns the draft evaluation (game/ai/weights/draft.json) from self-play duels.

    python tools/tune_draft.py --games 4000 --seed 1 --workers 2 --out game/ai/weights/draft.json

Plays Good against Good in US full duels (claiming by hand) with a wide spread of claims, so
the drafts vary; records the features of each finished draft (game/ai/draft.py) and whether
the first mover won; and fits P(first mover wins) as a logistic function of those features
(Newton's method with a small L2 penalty). The games' seeds are `--seed` * 1,000,000 + i, so a
run is reproducible and never touches the acceptance seeds.

With `--opponent LEVEL` Good plays that level instead of itself, moving first in every other
game; every fourth game it claims by its own search with the shipped model instead of with
noise (so the model also learns from the drafts its search leads to). Good plays on better than
its rival, so whether Good moved first is one more input of the fit, left out of the model.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.draft import FREE, draft_board, feature_names, features  # noqa: E402
from game.ai.good import good_with, load_weights  # noqa: E402
from game.ai import make_general  # noqa: E402
from game.ai.simulate import first_mover_seat, make_config, seating  # noqa: E402
from game.engine import Game, Phase  # noqa: E402

MAX_TURNS = 600
_CLASSES: dict[float, Any] = {}


def _drafting_weights(noise: float) -> dict[str, Any]:
    """Good's weights with wide claiming noise in duels (varied drafts) and no draft search."""
    weights = copy.deepcopy(load_weights())
    weights["duel"]["claim_noise"] = noise
    weights["duel"]["claim_bias"] = noise
    weights["duel"]["draft_iterations"] = 0
    return weights


def _drafter(noise: float) -> Any:
    """Good's class claiming with `noise` (0.0: by its own search with the shipped model)."""
    if noise not in _CLASSES:
        _CLASSES[noise] = good_with(_drafting_weights(noise) if noise else load_weights())
    return _CLASSES[noise]


def play(task: tuple[int, float] | tuple[int, float, str, int]) -> tuple[list[float], int] | None:
    """One duel: (features of the finished draft, 1 if the first mover won else 0). A task is
    (seed, noise) for self-play, or (seed, noise, opponent, index) against `opponent`; then
    the features end with +1 if Good moved first, -1 if not."""
    seed, noise = task[0], task[1]
    cls = _drafter(noise)
    if len(task) == 2:
        game = Game.new(make_config(["good", "good"], "us_full"), seed)
        generals: dict[int, Any] = {seat: cls(seat, seed) for seat in (0, 1)}
        good_first = None
    else:
        opponent, index = task[2], task[3]
        first = first_mover_seat(2, seed, "us_full")
        seated = seating(("drafter", opponent), index % 2, first)
        game = Game.new(make_config([("good" if s == "drafter" else s) for s in seated],
                                    "us_full"), seed)
        generals = {seat: (cls(seat, seed) if level == "drafter"
                           else make_general(level, seat, seed))
                    for seat, level in enumerate(seated)}
        good_first = seated[first] == "drafter"
    drafted: list[float] | None = None
    while not game.is_over and game.turn <= MAX_TURNS:
        game.apply(generals[game.to_move].choose(game))
        if drafted is None and game.phase != Phase.CLAIM:
            db = draft_board(game.board)
            owner = [FREE if game.owner[t] is None else int(game.owner[t] != game.first_player)
                     for t in db.names]
            drafted = features(db, owner)
    if drafted is None or game.winner is None:
        return None
    if good_first is not None:
        drafted.append(1.0 if good_first else -1.0)
    return drafted, int(game.winner == game.first_player)


def fit(rows: list[tuple[list[float], int]], l2: float, steps: int = 25) -> list[float]:
    """Logistic regression by Newton's method: returns [bias, w1, ...]."""
    xs = [[1.0, *x] for x, _ in rows]
    ys = [y for _, y in rows]
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(steps):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            r = p * (1.0 - p)
            for a in range(d):
                grad[a] += (p - y) * x[a]
                xa = r * x[a]
                row = hess[a]
                for b in range(d):
                    row[b] += xa * x[b]
        for a in range(1, d):
            grad[a] += l2 * w[a]
            hess[a][a] += l2
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-8:
            break
    return w


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """m x = v by Gaussian elimination with partial pivoting (m is small)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                if f:
                    for c in range(col, n + 1):
                        a[r][c] -= f * a[col][c]
    return [a[i][n] / a[i][i] if abs(a[i][i]) > 1e-12 else 0.0 for i in range(n)]


def log_loss(w: list[float], rows: list[tuple[list[float], int]]) -> float:
    total = 0.0
    for x, y in rows:
        z = w[0] + sum(a * b for a, b in zip(w[1:], x, strict=True))
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
        total -= math.log(p if y else 1.0 - p)
    return total / len(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noise", type=float, default=0.5,
                        help="claim_noise and claim_bias of the self-play games")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--opponent", default=None,
                        help="Good's rival (a level such as baseline2); self-play without it")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--data", default=None, help="read/write the games' rows here (JSON)")
    parser.add_argument("--out", default=None, help="where to write the fitted model")
    args = parser.parse_args(argv)
    rows: list[tuple[list[float], int]]
    if args.data and Path(args.data).exists():
        width = len(feature_names(draft_board(Game.new(make_config(["good", "good"]), 1).board)))
        width += 1 if args.opponent else 0
        rows = [(r[0][:width], r[1]) for r in json.loads(Path(args.data).read_text())]
    else:
        tasks: list[Any] = [(args.seed * 1_000_000 + i, args.noise) for i in range(args.games)]
        if args.opponent:
            tasks = [(seed, 0.0 if i % 4 == 3 else noise, args.opponent, i)
                     for i, (seed, noise) in enumerate(tasks)]
        if args.workers > 1:
            with Pool(args.workers) as pool:
                results = pool.map(play, tasks, chunksize=8)
        else:
            results = [play(t) for t in tasks]
        rows = [r for r in results if r is not None]
        if args.data:
            Path(args.data).write_text(json.dumps(rows))
    cut = len(rows) * 4 // 5
    train, test = rows[:cut], rows[cut:]
    w = fit(train, args.l2)
    base = sum(y for _, y in train) / len(train)
    p0 = [math.log(base / (1 - base))] + [0.0] * (len(w) - 1)
    print(f"{len(rows)} drafts, first mover won {base:.3f}; held-out log loss "
          f"{log_loss(w, test):.4f} (bias only {log_loss(p0, test):.4f})", file=sys.stderr)
    w = fit(rows, args.l2)
    db = draft_board(Game.new(make_config(["good", "good"], "us_full"), 1).board)
    names = feature_names(db)
    against = (f"duel drafts of Good against {args.opponent} (Good's seat fitted, not kept)"
               if args.opponent else "self-play duel drafts")
    model = {"_about": f"tools/tune_draft.py --games {args.games} --seed {args.seed} --noise "
                       f"{args.noise} --l2 {args.l2}"
                       + (f" --opponent {args.opponent}" if args.opponent else "")
                       + f": {len(rows)} {against}.",
             "bias": round(w[0], 5),
             "weights": {name: round(v, 5) for name, v in zip(names, w[1:1 + len(names)],
                                                              strict=True)}}
    write_model(model, args.out)
    return 0


def write_model(model: dict[str, Any], out: str | Path | None) -> None:
    """The learned model as the game reads it: into `out` if given, and printed."""
    text = json.dumps(model, indent=2) + "\n"
    if out:
        Path(out).write_text(text)
    print(text)


if __name__ == "__main__":
    raise SystemExit(main())
