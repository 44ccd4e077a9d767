"""Every test keeps its saves in a temporary folder: nothing is written into the repo's saves/.
The figures tests report (tests/figures.py) come back on their reports and print at the end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    from game import resources
    from game.scenes.play.screen import PlayScene

    saves = tmp_path_factory.mktemp("saves")
    resources.set_saves_dir(saves)  # as --saves-dir does: settings, seats and saves go there
    monkeypatch.setattr(PlayScene, "saves_dir", saves)
    yield saves
    resources.set_saves_dir(None)


def _hypothesis_profiles() -> None:
    """CI runs the property tests with fixed examples, so a green run stays green; a developer's
    run explores new ones (and keeps failures in .hypothesis/ to replay)."""
    import os

    from hypothesis import settings

    settings.register_profile("ci", derandomize=True, print_blob=True)
    if os.environ.get("CI"):
        settings.load_profile("ci")


_hypothesis_profiles()


_SHOWN: list[str] = []  # the figures every test reported, gathered where the run is summed up


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Each test's figures travel on its report: with the suite spread over worker processes
    (pytest-xdist), the reports are what comes back to the process that prints the summary."""
    from tests.figures import FIGURES

    outcome = yield
    report = outcome.get_result()
    report.user_properties.extend(("figure", line) for line in FIGURES)
    FIGURES.clear()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _SHOWN.extend(value for name, value in report.user_properties if name == "figure")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The figures of the soak, the fuzz, the corpus and the kill test (tests/figures.py)."""
    if _SHOWN:
        terminalreporter.section("robustness figures")
        for line in _SHOWN:
            terminalreporter.write_line(line)
