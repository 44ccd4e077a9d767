"""Figures for the computer generals: seconds per full game and decision speed.

    python bench/ai.py [--games 20] [--players good,good,good,good] [--type us_full] [--json]

Prints a line a person reads, or with --json one object:
{"median_seconds_per_game", "decisions_per_second", "p99_decision_ms"} (plus the run's details).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.simulate import GAME_TYPES, run_games  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", default="good,good,good,good")
    parser.add_argument("--type", dest="game_type", choices=GAME_TYPES, default="us_full")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    levels = args.players.split(",")
    summary = run_games(levels, args.games, game_type=args.game_type, seed=args.seed,
                        time_decisions=True)
    data = summary.to_dict()
    result = {
        "median_seconds_per_game": data["median_seconds_per_game"],
        "decisions_per_second": data["decisions_per_second"],
        "p99_decision_ms": data.get("p99_decision_ms", 0.0),
        "games": data["games"],
        "mean_turns": data["mean_turns"],
        "draws": data["draws"],
        "illegal_actions": data["illegal_actions"],
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.games} games {args.game_type} {args.players}: median "
              f"{result['median_seconds_per_game']:.3f} s per game, "
              f"{result['decisions_per_second']} decisions/s, p99 decision "
              f"{result['p99_decision_ms']:.2f} ms, mean {result['mean_turns']} turns, "
              f"draws {result['draws']}, illegal actions {result['illegal_actions']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
