"""Learns the four-player draft evaluation (game/ai/weights/draft4.json) from games.

    python tools/tune_draft4.py --collect 3000 --seed 5 --data /tmp/drafts4.jsonl
    python tools/tune_draft4.py --data /tmp/drafts4.jsonl --out game/ai/weights/draft4.json

`--collect N` plays N four-player US full games (claiming by hand, rising sets): one Good
that claims with a wide spread (claim_noise and claim_bias of 0.1, 0.3 or 0.6 in turn, so the
drafts vary), or every fourth game by its own rollouts with the shipped model (so the model
also learns from the drafts it leads to), against three of `--opponent` (`baseline2`; the
first model was learned against `baseline`), the seats rotated around the first mover as in the
simulator, and appends one line per game to `--data`: every territory's owner at the end of
the draft, the first mover, Good's seat and the winner. The games' seeds are `--seed` *
1,000,000 + i, so a run is reproducible and never touches the acceptance seeds.

Without `--collect`, it fits P(this seat wins) as a logistic function of the seat's features
of the finished draft (game/ai/draft_multi.py: continent shares and leads, continents held or
one or two short, clumping, frontier, rivals beside us, the place in the order), every seat
of every game a row, with Newton's method and a small L2 penalty (tools/tune_draft.py's fit),
reports the held-out log loss (the last fifth of the games) and writes the model to `--out`.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from game.ai import BENCH_GENERALS, make_general  # noqa: E402
from game.ai.draft import draft_board  # noqa: E402
from game.ai.good import good_with, load_weights  # noqa: E402
from game.ai.simulate import first_mover_seat, make_config, seating  # noqa: E402
from game.engine import Game, Phase  # noqa: E402
from tune_draft import fit, log_loss, write_model  # noqa: E402

MAX_TURNS = 600
# The drafter's claim noise in turn; 0.0: claims by its own rollouts (the shipped model).
NOISES = (0.1, 0.3, 0.6, 0.0)


def _drafter(noise: float) -> Any:
    weights = copy.deepcopy(load_weights())
    if noise > 0:
        weights["base"]["claim_noise"] = noise
        weights["base"]["claim_bias"] = noise
        weights["base"]["draft_rollouts"] = 0  # the rule of thumb's own claims, spread wide
    return good_with(weights)


def play(seed: int, index: int, opponent: str = "baseline2") -> dict[str, Any] | None:
    """One game: the draft's owners (by territory, sorted by name), first mover, Good's seat,
    winner; None if the game hit the turn cap."""
    BENCH_GENERALS["drafter"] = _drafter(NOISES[index % len(NOISES)])
    first = first_mover_seat(4, seed, "us_full")
    seated = seating(("drafter",) + (opponent,) * 3, index // len(NOISES), first)
    game = Game.new(make_config(seated, "us_full"), seed)
    generals = {seat: make_general(level, seat, seed) for seat, level in enumerate(seated)}
    drafted: list[int] | None = None
    while not game.is_over and game.turn <= MAX_TURNS:
        game.apply(generals[game.to_move].choose(game))
        if drafted is None and game.phase != Phase.CLAIM:
            db = draft_board(game.board)
            drafted = [int(game.owner[t]) for t in db.names]  # type: ignore[arg-type]
    if drafted is None or game.winner is None:
        return None
    return {"seed": seed, "owner": drafted, "first": game.first_player,
            "good": seated.index("drafter"), "winner": game.winner,
            "noise": NOISES[index % len(NOISES)]}


def rows_of(games: list[dict[str, Any]]) -> list[tuple[list[float], int]]:
    """One row per seat of every game: (the seat's features, 1 if it won)."""
    from game.ai.draft_multi import seat_features
    db = draft_board(Game.new(make_config(["good"] * 4, "us_full"), 1).board)
    rows = []
    for g in games:
        for seat in range(4):
            x = seat_features(db, g["owner"], seat, (seat - g["first"]) % 4, 4)
            x.append(float(seat == g["good"]))  # Good plays better: kept out of the others
            rows.append((x, int(g["winner"] == seat)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--collect", type=int, default=0, help="games to play and append")
    parser.add_argument("--start", type=int, default=0, help="first game index to play")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--data", required=True, help="the games' drafts (JSON lines)")
    parser.add_argument("--opponent", default="baseline2", help="the three rivals' level")
    parser.add_argument("--l2", type=float, default=2.0)
    parser.add_argument("--out", default=None, help="where to write the fitted model")
    args = parser.parse_args(argv)
    if args.collect:
        with open(args.data, "a", encoding="utf-8") as out:
            for i in range(args.start, args.start + args.collect):
                row = play(args.seed * 1_000_000 + i, i, args.opponent)
                if row is not None:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
        return 0
    games = [json.loads(line) for line in Path(args.data).read_text().splitlines() if line]
    cut = len(games) * 4 // 5
    train, test = rows_of(games[:cut]), rows_of(games[cut:])
    w = fit(train, args.l2)
    base = sum(y for _, y in train) / len(train)
    p0 = [math.log(base / (1 - base))] + [0.0] * (len(w) - 1)
    print(f"{len(games)} games; held-out log loss {log_loss(w, test):.4f} "
          f"(bias only {log_loss(p0, test):.4f})", file=sys.stderr)
    w = fit(train + test, args.l2)
    from game.ai.draft_multi import feature_names
    model = {"_about": f"tools/tune_draft4.py --l2 {args.l2}: {len(games)} four-player US full "
                       f"drafts (one Good, its claims noisy or by rollouts, against "
                       f"three frozen Goods).",
             "bias": round(w[0], 5),
             "weights": {name: round(v, 5) for name, v in zip([*feature_names(), "good"],
                                                               w[1:], strict=True)}}
    write_model(model, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
