"""Hostile clients against a server on 127.0.0.1: a client that never reads, connections by the
hundred that never join, a password guesser, a flood of refused messages. The server's memory
stays bounded, honest players still get in, guesses are capped, the log stays quiet."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.cli import build_parser
from game.net import connections, protocol, quietlog
from game.net.limits import Limits
from game.net.lockout import PasswordTries, wait_words
from game.net.quietlog import QuietLog
from game.net.serve import run as serve_run
from tests.network.support import (REPO, ask, free_port, raw_socket, run, running_server,
                                   wait_listening)

PASSWORD = "s3cret"


def _message(payload: dict[str, Any]) -> str:
    return json.dumps({"v": protocol.PROTOCOL_VERSION, **payload})


# -- a client that never reads --------------------------------------------------------------------
def test_a_client_that_never_reads_is_closed_and_what_it_is_sent_stays_bounded(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It asks for its whole view again and again (within the rates) and reads nothing: the
    server queues at most its unsent limit (and one view) for it, then closes it. (Before the
    limit, every view was queued for ever: 0.2 MiB a second, never closed.)"""
    monkeypatch.setattr(connections, "CLOSE_SECONDS", 0.5)  # (the abort after a close, sooner)
    cap = 64 * 1024
    limits = Limits(max_unsent_kib=cap // 1024, view_rate=1000)

    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy"), limits=limits) as (server, uri):
            conn = await connect(uri, compression=None, max_size=None)
            state = await ask(conn, {"type": "hello", "name": "Sloth"}, want="state")
            view = len(json.dumps(state))  # (a view's size, more or less: one message more)
            held = next(iter(server.clients))
            conn.transport.pause_reading()  # from now on nothing is read: the buffers fill
            most = 0
            closed_at = None
            started = time.monotonic()
            for round_ in range(400):  # (at most 4,000 requests, within --rate's burst)
                if held not in server.clients:
                    closed_at = time.monotonic()
                    break
                most = max(most, held.conn.transport.get_write_buffer_size())
                if round_ < 300:
                    for _ in range(10):
                        await conn.send(_message({"type": "state"}))
                await asyncio.sleep(0.005)
            while closed_at is None and time.monotonic() - started < 10:
                most = max(most, held.conn.transport.get_write_buffer_size())
                if held not in server.clients:
                    closed_at = time.monotonic()
                await asyncio.sleep(0.01)
            conn.transport.abort()
            assert closed_at is not None, f"still open; {most} bytes queued for it"
            assert most <= cap + view, (most, cap, view)
            print(f"most queued {most}, cap {cap}, a view {view}, closed after "
                  f"{closed_at - started:.2f} s")
            assert server.counters.errors == 0
    run(scenario(), timeout=30)


# -- connections that never join ------------------------------------------------------------------
def test_a_connection_that_joins_no_game_in_time_is_closed_with_a_reason(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, limits=Limits(join_seconds=1)) as (server, uri), \
                raw_socket(uri) as conn:
            began = time.monotonic()
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(conn.recv(), 5)
            assert time.monotonic() - began < 3
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            assert "no game joined within 1 seconds" in closed.value.rcvd.reason
    run(scenario())


def test_too_many_connections_from_one_address_are_refused_with_a_sentence(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, limits=Limits(max_per_address=2)) as (server, uri):
            first, second = await connect(uri), await connect(uri)
            with pytest.raises(InvalidStatus) as refused:
                await connect(uri)
            response = refused.value.response
            assert response.status_code == 503
            assert b"too many connections from your address at once (at most 2)" in \
                response.body
            await first.close()
            await asyncio.sleep(0.1)
            third = await connect(uri)  # room again once one has gone
            await ask(third, {"type": "hello", "name": "Ada"}, want="welcome")
            await second.close()
            await third.close()
    run(scenario())


def _start_limited_server(port: int, saves: Path, open_files: int) -> subprocess.Popen[bytes]:
    """`python main.py --serve` with its defaults, in a process that may open `open_files`
    files (the open-files limit is what idle connections used to exhaust)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    proc = subprocess.Popen(
        [sys.executable, str(REPO / "main.py"), "--serve", "--host", "127.0.0.1", "--port",
         str(port), "--saves-dir", str(saves), "--seats", "open,easy"],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=limit)
    return wait_listening(proc, port)


async def _idle_connections(port: int, count: int, addresses: int) -> list[Any]:
    """`count` connections that never say hello, from `addresses` loopback addresses
    (127.0.0.1, 127.0.0.3...): every other one finishes its opening handshake, the rest
    stay plain TCP; the ones refused are left refused."""
    held: list[Any] = []

    async def one(index: int) -> None:
        host = f"127.0.0.{1 + 2 * (index % addresses)}" if addresses > 1 else "127.0.0.1"
        try:
            if index % 2:
                held.append(await asyncio.wait_for(connect(
                    f"ws://127.0.0.1:{port}", local_addr=(host, 0), compression=None,
                    ping_interval=None), 10))
            else:
                held.append(await asyncio.open_connection("127.0.0.1", port,
                                                          local_addr=(host, 0)))
        except (OSError, InvalidStatus, ConnectionClosed, TimeoutError, EOFError):
            pass
        except Exception:  # noqa: BLE001 - (a handshake cut short: the server's refusal)
            pass

    for start in range(0, count, 200):  # (in waves: the test's own loop keeps up)
        await asyncio.gather(*(one(i) for i in range(start, min(count, start + 200))))
    return held


async def _honest_player_joins(port: int) -> dict[str, Any]:
    """An honest player, from an address of its own (127.0.0.2), joins: its welcome."""
    conn = await asyncio.wait_for(connect(f"ws://127.0.0.1:{port}", local_addr=("127.0.0.2", 0),
                                          compression=None), 5)
    try:
        return await ask(conn, {"type": "hello", "name": "Honest"}, want="welcome", timeout=5)
    finally:
        await conn.close()


def _drop(held: list[Any]) -> None:
    for item in held:
        if isinstance(item, tuple):
            item[1].transport.abort()
        else:
            item.transport.abort()


@pytest.mark.parametrize(("count", "addresses"), [(400, 1), (400, 25)])
def test_idle_connections_cannot_lock_out_an_honest_player(saves: Path, count: int,
                                                           addresses: int) -> None:
    """Idle connections (from one address, then from many) against a server whose process may
    open 128 files: an honest player still gets a seat. (Before the caps, idle connections up
    to the open-files limit kept everyone out.)"""
    _lockout_scenario(saves, count, addresses)


@pytest.mark.slow
@pytest.mark.parametrize("addresses", [1, 50])
def test_two_thousand_idle_connections_cannot_lock_out_an_honest_player(
        saves: Path, addresses: int) -> None:
    _lockout_scenario(saves, 2000, addresses, open_files=1024)


def _lockout_scenario(saves: Path, count: int, addresses: int, open_files: int = 128) -> None:
    port = free_port()
    proc = _start_limited_server(port, saves, open_files)

    async def scenario() -> None:
        held = await _idle_connections(port, count, addresses)
        try:
            welcome = await _honest_player_joins(port)
            assert welcome["seat"] == 0
        finally:
            _drop(held)
    try:
        run(scenario(), timeout=60)
        assert proc.poll() is None  # still serving
    finally:
        proc.terminate()
        proc.wait(20)


# -- password guessing ------------------------------------------------------------------------
def test_password_guesses_from_one_address_are_capped(saves: Path,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    """200 guesses over 20 connections, pings between them: only the first few are looked at,
    the rest are told to wait (even the right password, then), and the log gets a few lines.
    (Before, every guess was looked at, 744 a second, and a ping cleared the count.)"""
    caplog.set_level(logging.INFO, logger="conquest.net")

    async def scenario() -> None:
        async with running_server(saves, password=PASSWORD,
                                  limits=Limits(max_per_address=20)) as (server, uri):
            conns = [await connect(uri, compression=None) for _ in range(20)]
            codes: list[str] = []

            async def guesser(conn: Any, first: int) -> None:
                for guess in range(first, first + 10):
                    codes.append((await ask(conn, {"type": "hello", "name": "Eve",
                                                   "password": f"guess{guess}"}))["code"])
                    await ask(conn, {"type": "ping"}, want="pong")
            began = time.monotonic()
            await asyncio.gather(*(guesser(c, 10 * i) for i, c in enumerate(conns)))
            took = time.monotonic() - began
            looked_at = codes.count("password")
            # the free tries, and one more for each wait that ran out during the run
            assert looked_at <= Limits().password_tries + 1 + int(took), (codes, took)
            assert codes.count("password_wait") == 200 - looked_at
            answer = await ask(conns[0], {"type": "hello", "name": "Eve", "password": PASSWORD})
            assert answer["code"] == "password_wait" and "try again in" in answer["reason"]
            for conn in conns:
                await conn.close()
    run(scenario())
    lines = [r.getMessage() for r in caplog.records if "password" in r.getMessage()
             and not r.getMessage().startswith("serving")]
    assert len(lines) <= 3, lines  # the first, the waits beginning, a summary


def test_the_waits_grow_and_cap_guesses_per_minute() -> None:
    now = [0.0]
    tries = PasswordTries(free=5, clock=lambda: now[0])
    looked_at_per_minute = [0] * 10
    while now[0] < 600:  # a guesser trying every time a try would be looked at, ten minutes
        wait = tries.wait_left("10.0.0.9")
        if wait:
            now[0] += wait
            continue
        looked_at_per_minute[int(now[0] // 60)] += 1
        tries.wrong("10.0.0.9")
    assert looked_at_per_minute[0] <= 11 and max(looked_at_per_minute[2:]) <= 1
    assert tries.wait_left("10.0.0.8") == 0  # another address is not held up
    tries.right("10.0.0.9")
    assert tries.wait_left("10.0.0.9") == 0  # a right password clears the count
    for _ in range(5):
        tries.wrong("10.0.0.7")
    assert tries.wait_left("10.0.0.7") == 1.0
    now[0] += 16 * 60  # a quarter of an hour without a wrong one: forgotten
    assert tries.wait_left("10.0.0.7") == 0 and tries.wrong("10.0.0.7") == 0
    assert (wait_words(0.2), wait_words(8), wait_words(60)) == ("1 second", "8 seconds",
                                                                "1 minute")


# -- the log ---------------------------------------------------------------------------------
def test_a_flood_of_refused_messages_writes_a_line_and_a_summary(
        saves: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """180 refused messages: the first is logged, then one summary by code. (Before, a line
    each: 68 KB a second of log while a guesser guessed.)"""
    caplog.set_level(logging.INFO, logger="conquest.net")
    monkeypatch.setattr(quietlog, "WINDOW", 0.3)

    async def scenario() -> None:
        async with running_server(saves) as (server, uri), raw_socket(uri) as conn:
            for _ in range(90):  # (fewer than the refusals running that close a connection)
                await ask(conn, "{not json")
            for _ in range(90):
                await ask(conn, {"type": "state"})  # (refused: no seat)
            await asyncio.sleep(0.5)  # the window ends: its summary
    run(scenario())
    lines = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert 2 <= len(lines) <= 4, lines
    assert "more times" in lines[-1] and "bad_message" in lines[-1] and "not_seated" in lines[-1]


def test_bursts_from_too_many_addresses_are_counted_together(
        caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        quiet = QuietLog(logging.getLogger("conquest.net"), window=0.2, max_bursts=3)
        for address in range(50):
            for _ in range(4):
                quiet.refused(f"10.0.0.{address}", "password", "refused %s", address)
        await asyncio.sleep(0.3)
        quiet.close()
        assert quiet.written <= 3 + 1 + 4
    caplog.set_level(logging.WARNING, logger="conquest.net")
    run(scenario())
    assert any("other addresses" in r.getMessage() for r in caplog.records)


# -- the options ------------------------------------------------------------------------------
def test_the_limits_are_serve_options_checked_with_a_sentence(
        capsys: pytest.CaptureFixture[str]) -> None:
    from game.net.serve import config_from_args

    args = build_parser().parse_args(
        ["--serve", "--max-connections", "100", "--max-per-address", "4", "--join-seconds",
         "5", "--max-unsent", "256", "--view-rate", "2", "--password-tries", "3"])
    assert config_from_args(args).limits == Limits(100, 4, 5.0, 256, 2.0, 3)
    for option, value, words in [("--max-per-address", "0", "connections from one address"),
                                 ("--max-unsent", "1", "unsent data"),
                                 ("--join-seconds", "nan", "join a game"),
                                 ("--max-connections", "10", "cannot be more")]:
        extra = ["--max-per-address", "16"] if option == "--max-connections" else []
        assert serve_run(build_parser().parse_args(["--serve", option, value, *extra])) == 2
        err = capsys.readouterr().err
        assert err.startswith("cannot start the server: ") and words in err, err


# -- what the desktop client is told --------------------------------------------------------------
def test_a_connection_closed_by_the_server_is_told_with_its_reason_and_rejoins() -> None:
    """The server closes a seated window's connection (here as it closes one that does not
    read): the window's note gives the server's words, and it takes its seat back."""
    from game.net.bridge import NetBridge
    from game.net.server import ServerConfig
    from tests.network.support import wait_note

    port = free_port()
    window = NetBridge(reconnect_seconds=10)
    try:
        window.host(ServerConfig(port=port, seats=("open", "easy"), resume=False,
                                 autosave=False)).result(10)
        window.join(f"ws://127.0.0.1:{port}", "Ada", None)
        assert wait_note(window, ("welcome",)).seat == 0
        server = window.server
        assert server is not None

        async def close_it() -> None:
            held = next(c for c in server.clients if c.seat is not None)
            held.close_soon(1008, "too much unsent data: the connection is too slow or does "
                                  "not read")
        asyncio.run_coroutine_threadsafe(close_it(), window._loop).result(5)
        lost = wait_note(window, ("lost",))
        assert lost.data["said"].startswith("too much unsent data")
        assert "the server closed the connection: too much unsent data" in lost.data["reason"]
        wait_note(window, ("back",))
    finally:
        window.close()


def test_an_ipv6_address_counts_by_its_network_and_a_mapped_ipv4_as_itself() -> None:
    from types import SimpleNamespace

    from game.net.admission import address_of

    def conn(host: str) -> Any:
        return SimpleNamespace(transport=SimpleNamespace(
            get_extra_info=lambda name: (host, 5000, 0, 0)))
    assert address_of(conn("2001:db8:1:2:aaaa::1")) == address_of(conn("2001:db8:1:2::99")) \
        == "2001:db8:1:2::/64"
    assert address_of(conn("::ffff:192.0.2.7")) == "192.0.2.7"
    assert address_of(conn("192.0.2.7")) == "192.0.2.7"


def test_a_client_that_stops_reading_under_its_limit_is_closed_by_its_missed_pong(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Below the unsent limit nothing more is queued for it, so only the keep-alive ping can
    find it out: the ping must not wait behind its unsent data (websockets' default high-water
    mark of 32 KiB held it up for ever), and the close after the missed pong must not either."""
    from game.net.reception import Reception

    options = Reception.serve_options

    def quick(self: Reception) -> dict[str, Any]:
        return {**options(self), "ping_interval": 0.3, "ping_timeout": 0.3,
                "close_timeout": 0.5}
    monkeypatch.setattr(Reception, "serve_options", quick)

    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy"),
                                  limits=Limits(view_rate=1000)) as (server, uri):
            conn = await connect(uri, compression=None, max_size=None, ping_interval=None)
            await ask(conn, {"type": "hello", "name": "Sloth"}, want="state")
            held = next(iter(server.clients))
            conn.transport.pause_reading()
            began = time.monotonic()
            most = 0
            with contextlib.suppress(ConnectionClosed):  # (it may be closed meanwhile)
                while most < 100_000:  # well over websockets' 32 KiB, well under 1 MiB
                    for _ in range(20):
                        await conn.send(_message({"type": "state"}))
                    await asyncio.sleep(0.005)
                    most = max(most, held.conn.transport.get_write_buffer_size())
            while held in server.clients and time.monotonic() - began < 10:
                await asyncio.sleep(0.05)
            conn.transport.abort()
            assert held not in server.clients, f"still open, {most} bytes unsent"
            assert most > 40_000 and time.monotonic() - began < 4, most
    run(scenario(), timeout=30)
