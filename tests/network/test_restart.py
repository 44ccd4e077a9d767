"""The server killed with kill -9 restarts from its autosave; clients reconnect to their seats."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from game.net import bots
from game.net.client import NetClient
from tests.network.support import close_all, free_port, join, run, start_server_process


def _public(view: dict) -> tuple:
    return view["owner"], view["armies"], view["phase"], view["turn"], view["current"]


def test_a_server_killed_mid_game_resumes_from_its_autosave_and_the_game_finishes(
        saves: Path) -> None:
    port = free_port()
    uri = f"ws://127.0.0.1:{port}"
    args = ("--seats", "open,open,standard", "--type", "uk_full")
    server = start_server_process(port, saves, *args)
    restarted = None
    try:
        async def first_half() -> list[NetClient]:
            clients = await join(uri, ["Ada", "Bo"])
            tasks = [asyncio.create_task(bots.play(c, "standard")) for c in clients]
            while max(c.seq for c in clients) < 60:  # well into the game
                await asyncio.sleep(0.01)
            server.send_signal(signal.SIGKILL)  # no goodbye, no last save: kill -9
            await asyncio.gather(*tasks, return_exceptions=True)
            return clients

        clients = run(first_half(), timeout=60)
        assert server.wait(10) == -signal.SIGKILL
        seen = [(c.seq, c.view) for c in clients]
        assert (saves / "network-1.json").exists()

        restarted = start_server_process(port, saves, *args)

        async def second_half() -> None:
            back = [NetClient(uri, c.name, credentials=c.credentials) for c in clients]
            for client in back:
                welcome = await client.connect()
                assert welcome["rejoined"]
                while client.view is None:
                    await client.receive()
            for client, (seq, view) in zip(back, seen, strict=True):
                # the autosave is written before any client hears of an action: never behind
                assert client.seq > seq
                assert client.view is not None and client.view["turn"] >= view["turn"]
            newest = max(seq for seq, _ in seen)
            for client, (seq, view) in zip(back, seen, strict=True):
                if seq == newest and client.seq == newest + 1:
                    assert _public(client.view) == _public(view)  # type: ignore[arg-type]
            results = await asyncio.gather(*(bots.play(c, "standard") for c in back))
            assert all(r.finished and r.refused == 0 for r in results)
            await close_all(back)

        run(second_half(), timeout=90)
    finally:
        for proc in (server, restarted):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(10)
