"""Benchmark: time of the exact 100 v 100 conquest probability (target: under 5 ms).

Prints a line a person reads, or with --json one object {"ms_100v100": ...}. The first
figure includes building the single-roll tables; the median is over fresh computations
(the result cache is cleared between runs).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import odds  # noqa: E402


def measure(runs: int) -> dict[str, float]:
    start = time.perf_counter()
    odds.attack_odds(100, 100)
    cold = (time.perf_counter() - start) * 1000
    samples = []
    for _ in range(runs):
        odds._attack_odds.cache_clear()
        start = time.perf_counter()
        result = odds.attack_odds(100, 100)
        samples.append((time.perf_counter() - start) * 1000)
    return {
        "ms_100v100": round(statistics.median(samples), 3),
        "ms_100v100_first_call": round(cold, 3),
        "win_probability_100v100": round(result.win_probability, 6),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    figures = measure(args.runs)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"100 v 100 conquest odds: median {figures['ms_100v100']:.2f} ms over {args.runs} "
              f"runs (first call {figures['ms_100v100_first_call']:.2f} ms with table set-up); "
              f"P(win) = {figures['win_probability_100v100']:.4f}; target < 5 ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
