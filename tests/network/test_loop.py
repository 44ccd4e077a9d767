"""The server's event loop: uvloop's when installed, asyncio's own otherwise; the same results."""

from __future__ import annotations

import asyncio
import sys

import pytest

from game.net import loop


async def _which() -> str:
    await asyncio.sleep(0)
    return type(asyncio.get_running_loop()).__module__


def test_the_loop_runs_a_coroutine_to_its_result_with_or_without_uvloop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    installed = loop.name() == "uvloop"
    module = loop.run(_which())
    assert module.startswith("uvloop") == installed
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as if it were not installed
    assert loop.name() == "asyncio"
    assert loop.run(_which()).startswith("asyncio")


def test_quietening_the_collector_freezes_what_exists_and_raises_the_thresholds() -> None:
    import gc

    before = gc.get_threshold()
    try:
        loop.quieten_collector()
        assert gc.get_threshold() == loop.COLLECTOR_THRESHOLDS
        assert gc.get_freeze_count() > 0  # start-up's objects are out of the scans
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
