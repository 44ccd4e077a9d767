"""Benchmark: seconds from launch to the first frame, and peak memory, of `main.py`.

Runs the real program headless for one frame in a child process (so imports, map art, font
and sound synthesis are all counted) several times, and prints the median; with --json one
object {"seconds_to_first_frame", "peak_rss_mb"}.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def one_run(settings: Path) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--headless", "--frames", "1",
         "--settings", str(settings)],
        check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = Path(folder) / "settings.json"
        times = [one_run(settings) for _ in range(args.runs)]
    # ru_maxrss is in kilobytes on Linux: the largest of the children.
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    figures = {"seconds_to_first_frame": round(statistics.median(times), 3),
               "peak_rss_mb": round(peak_mb, 1)}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"start-up to first frame: median {figures['seconds_to_first_frame']:.2f} s over "
              f"{args.runs} runs; peak memory {figures['peak_rss_mb']:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
