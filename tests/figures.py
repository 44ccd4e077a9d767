"""Figures the soak, fuzz, corpus and kill tests report: printed at the end of the pytest run
(tests/conftest.py's terminal summary), so `python -m pytest -m slow tests/` shows them
without -s."""

from __future__ import annotations

FIGURES: list[str] = []


def report(line: str) -> None:
    """Keep a line for the end-of-run summary (and print it, for -s runs)."""
    FIGURES.append(line)
    print("\n" + line)
