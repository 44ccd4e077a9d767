"""Closing the window while a join is still trying: nothing is left pending on the network loop."""

from __future__ import annotations

import asyncio
import socket
import time

from game.net.bridge import NetBridge


def test_close_while_joining_cancels_the_join_and_waits_for_it() -> None:
    # a listener that takes the connection but never answers the handshake: the join waits
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]
        bridge = NetBridge(reconnect_seconds=1)
        bridge.join(f"ws://127.0.0.1:{port}", "Ann", None)
        deadline = time.monotonic() + 5
        while not bridge._tasks and time.monotonic() < deadline:
            time.sleep(0.01)
        assert bridge._tasks, "the join should be under way"
        joining = next(iter(bridge._tasks))
        bridge.close()
    assert joining.done() and joining.cancelled()
    assert not bridge._tasks
    assert all(task.done() for task in asyncio.all_tasks(bridge._loop))
    assert bridge.poll() == []  # neither welcomed nor refused: the window closed first
