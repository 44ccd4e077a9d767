"""Command line of Conquest: play (default), --demo, --simulate. Heavy modules load lazily."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="conquest", description="Conquest: world conquest, 1988 style.")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point for `python main.py` and the `conquest` console script."""
    build_parser().parse_args(argv)
    from game.app import run  # noqa: PLC0415 - pygame loads only when the game is played

    return run()
