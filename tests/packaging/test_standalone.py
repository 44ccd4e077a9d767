"""The standalone build (tools/build_dist.py, PyInstaller): it carries the data the wheel carries,
and (slow) the built folder plays from an empty folder with no Python project in sight."""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.wheel import REPO, wheel_files


def _build_dist() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_dist", REPO / "tools" / "build_dist.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_bundle_carries_the_data_the_wheel_carries(wheel: Path) -> None:
    bundled = {f"{inside}/{source.name}" for source, inside in _build_dist().data_files()}
    carried = {name for name in wheel_files(wheel) if not name.endswith(".py")}
    assert "game/assets/maps/classic/world.png" in bundled
    assert bundled == carried


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_the_standalone_build_plays_demo_simulate_and_serve(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller", reason="the build needs pip install -e '.[dist]'")
    dist, work = tmp_path / "dist", tmp_path / "build"
    built = subprocess.run([sys.executable, str(REPO / "tools" / "build_dist.py"), "--dist",
                            str(dist), "--work", str(work)], capture_output=True, text=True,
                           timeout=900)
    assert built.returncode == 0, built.stderr[-3000:]
    executable = dist / "conquest" / ("conquest.exe" if os.name == "nt" else "conquest")
    size = sum(p.stat().st_size for p in (dist / "conquest").rglob("*") if p.is_file())
    print(f"standalone folder: {size / 2**20:.0f} MB")
    before = {p: p.stat().st_mtime_ns for p in (dist / "conquest").rglob("*") if p.is_file()}
    here, home = tmp_path / "here", tmp_path / "home"
    here.mkdir()
    home.mkdir()
    # No project, no virtual environment, no Python path: only what a player's machine has.
    env = {"PATH": os.defpath, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

    def run(*argv: str) -> str:
        done = subprocess.run([str(executable), *argv], cwd=here, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, f"{argv} exited {done.returncode}: {done.stderr[-2000:]}"
        return done.stdout

    assert run("--version").startswith("Conquest ")
    run("--headless", "--demo", "--frames", "300", "--seed", "3")
    assert json.loads(run("--simulate", "2", "--players", "good,easy", "--json"))["games"] == 2
    port = _free_port()
    server = subprocess.Popen([str(executable), "--serve", "--host", "127.0.0.1", "--port",
                               str(port)], cwd=here, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline, listening = time.monotonic() + 30, False
        while time.monotonic() < deadline and not listening and server.poll() is None:
            with socket.socket() as s:
                listening = s.connect_ex(("127.0.0.1", port)) == 0
            time.sleep(0.1)
        assert listening, "the server did not listen"
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert sorted(here.iterdir()) == []
    assert {p: p.stat().st_mtime_ns for p in (dist / "conquest").rglob("*") if p.is_file()} == before
