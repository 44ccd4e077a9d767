"""One server per autosave: a second server for the same save is refused, with the save named,
and the lock goes with its holder (a crashed server leaves none behind)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.net.savelock import SaveInUse, SaveLock, lock_path


def test_a_second_holder_is_refused_until_the_first_lets_go(tmp_path: Path) -> None:
    save = tmp_path / "network-1.json"
    first, second = SaveLock(save), SaveLock(save)
    first.acquire()
    assert first.held and lock_path(save).exists()
    with pytest.raises(SaveInUse, match="network-1.json"):
        second.acquire()
    assert not second.held
    first.release()
    second.acquire()  # free again
    assert second.held
    second.release()
    SaveLock(tmp_path / "network-2.json").acquire()  # another table's save is another lock


def test_the_lock_goes_with_a_killed_process(tmp_path: Path) -> None:
    save = tmp_path / "network-1.json"
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\n"
         "from pathlib import Path\n"
         "from game.net.savelock import SaveLock\n"
         f"lock = SaveLock(Path({str(save)!r}))\nlock.acquire()\n"
         "print('held', flush=True)\n"
         "time.sleep(60)\n"],
        stdout=subprocess.PIPE, cwd=Path(__file__).resolve().parents[2])
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"held"
        with pytest.raises(SaveInUse):
            SaveLock(save).acquire()
    finally:
        holder.kill()
        holder.wait(10)
    lock = SaveLock(save)
    lock.acquire()  # kill -9 left no stale lock
    lock.release()


def test_a_second_server_for_the_same_saves_is_refused_and_writes_nothing(saves: Path) -> None:
    """Two servers from one folder: the second says which save is in use and never listens;
    the first goes on; once it stops, a server for that folder starts again."""
    import asyncio

    from game.net.server import GameServer, ServerConfig
    from tests.network.support import run, running_server

    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy")) as (first, _uri):
            save = saves / "network-1.json"
            written = save.read_bytes() if save.exists() else b""
            second = GameServer(ServerConfig(host="127.0.0.1", port=0, saves_dir=saves,
                                             seats=("open", "easy"), resume=False))
            with pytest.raises(SaveInUse, match="network-1.json"):
                await second.start()
            assert second._server is None  # never listened
            await asyncio.sleep(0.05)
            assert (save.read_bytes() if save.exists() else b"") == written
            other = GameServer(ServerConfig(host="127.0.0.1", port=0, saves_dir=saves,
                                            seats=("open", "easy"), save_prefix="hosted"))
            await other.start()  # a window's game has saves of its own: no clash
            await other.stop()
        again = GameServer(ServerConfig(host="127.0.0.1", port=0, saves_dir=saves,
                                        seats=("open", "easy")))
        await again.start()
        await again.stop()

    run(scenario())


def test_the_command_line_says_the_save_is_in_use(saves: Path) -> None:
    """`--serve` on a folder whose game another server runs: a clear line, exit 1."""
    import os
    import socket
    import time

    from tests.network.support import free_port

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    port = free_port()
    args = [sys.executable, "main.py", "--serve", "--host", "127.0.0.1", "--seats", "open,easy",
            "--saves-dir", str(saves)]
    first = subprocess.Popen([*args, "--port", str(port)], cwd=root, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        second = subprocess.run([*args, "--port", str(free_port())], cwd=root, env=env,
                                capture_output=True, text=True, timeout=30)
        assert second.returncode == 1
        assert "another Conquest server on this machine is running the game saved in" \
            in second.stderr and "network-1.json" in second.stderr
    finally:
        first.terminate()
        first.wait(10)
