"""Rebuild the world-map art in assets/maps/classic/ from Natural Earth and the board data.

Usage: python tools/build_map.py [--out DIR] [--force]
Needs the 'tools' extra (pyshp). Same inputs give byte-identical outputs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mapbuild.checks import MapCheckError
from mapbuild.pipeline import DEFAULT_OUT, build


def main(argv: list[str] | None = None) -> int:
    """Build, print what was written, and return a process exit code (1 when checks fail)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    parser.add_argument("--force", action="store_true", help="write the art even if checks fail (for tuning)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        problems = build(args.out, force=args.force)
    except MapCheckError as exc:
        print(exc, file=sys.stderr)
        return 1
    for p in problems:
        print("CHECK FAILED (forced):", p, file=sys.stderr)
    print(f"map art written to {args.out} in {time.perf_counter() - start:.1f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
