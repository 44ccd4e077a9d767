"""Each action a client numbers is applied once: sent again it is answered, not played again,
and so after the server restarted from a kill -9 too (game/net/numbering.py)."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path
from typing import Any

from game.ai import make_general
from game.engine import Action, Game, IllegalActionError
from game.engine import actions as act
from game.net import protocol
from game.net.client import NetClient
from tests.network.support import (
    close_all,
    free_port,
    join,
    run,
    running_server,
    start_server_process,
    wait_for_views,
)


async def _next(client: NetClient, kinds: tuple[str, ...], request: int) -> dict[str, Any]:
    """The next message of one of `kinds` answering request `request`."""
    while True:
        msg = await asyncio.wait_for(client.receive(), 10)
        if msg["type"] in kinds and msg.get("id") == request:
            return msg


async def _send_numbered(client: NetClient, action: Action, number: int, request: int) -> None:
    """An action message with the number and request id given (as a client sends it again)."""
    assert client.conn is not None and client.credentials is not None
    await client.conn.send(protocol.encode(
        "action", id=request, seat=client.credentials.seat, token=client.credentials.token,
        n=number, action=action.to_dict()))


def _mover(clients: list[NetClient]) -> NetClient:
    return next(c for c in clients if c.is_my_move)


def _legal_twice(game: Game, seat: int) -> Action:
    """An action the seat may play twice running (one army placed on its own territory): a
    server that applied a repeat would change the game."""
    for territory, owner in game.owner.items():
        if owner == seat:
            action = act.PlaceArmies(territory, 1)
            trial = game.clone()
            try:
                trial.apply(action)
                trial.apply(action)
            except IllegalActionError:
                continue
            return action
    raise AssertionError("no action may be played twice here")


def _choice(client: NetClient) -> Action:
    assert client.seat is not None
    return make_general("easy", client.seat, 0).choose(client.mirror())


def test_an_action_sent_twice_is_answered_twice_and_applied_once(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), seed=5) as (server, uri):
            clients = await join(uri, ["Ada", "Bo"])
            await wait_for_views(clients)
            mover = _mover(clients)
            game = server.tables["1"].game
            action = _legal_twice(game, mover.seat)
            await _send_numbered(mover, action, 1, 11)
            first = await _next(mover, ("update",), 11)
            after_once = (len(game.record.actions), json.dumps(game.to_dict(), sort_keys=True))
            await _send_numbered(mover, action, 1, 12)  # the same message, sent again
            again = await _next(mover, ("update",), 12)
            assert {k: v for k, v in again.items() if k not in ("id", "view")} == \
                {k: v for k, v in first.items() if k not in ("id", "view")}
            assert (len(game.record.actions), json.dumps(game.to_dict(), sort_keys=True)) == \
                after_once
            assert server.tables["1"].seats[mover.seat].last_n == 1
            await close_all(clients)
    run(scenario())


def test_numbers_out_of_order_are_refused_saying_which_comes_next(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), seed=5) as (server, uri):
            clients = await join(uri, ["Ada", "Bo"])
            await wait_for_views(clients)
            mover = _mover(clients)
            first = _choice(mover)
            await _send_numbered(mover, first, 1, 1)
            await _next(mover, ("update",), 1)
            while not mover.is_my_move:
                await mover.receive()
            second = _choice(mover)
            await _send_numbered(mover, second, 2, 2)
            await _next(mover, ("update",), 2)
            cases = [(first, 1, "played long ago"), (second, 5, "skips ahead"),
                     (first, 2, "as another action")]
            for request, (action, number, words) in enumerate(cases, 3):
                await _send_numbered(mover, action, number, request)
                error = await _next(mover, ("error",), request)
                assert error["code"] == "number" and words in error["reason"], error
                assert error["n"] == 2 and "next" in error["reason"]
            await close_all(clients)
    run(scenario())


def test_a_refused_actions_number_is_taken_by_the_next_one(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), seed=5) as (server, uri):
            clients = await join(uri, ["Ada", "Bo"])
            await wait_for_views(clients)
            mover = _mover(clients)
            assert mover.action_n == 0
            illegal = act.PlaceArmies("atlantis", 1)
            request = await mover.send_action(illegal)
            error = await _next(mover, ("error",), request)
            assert error["code"] == "illegal" and error["n"] == 0 and mover.action_n == 0
            request = await mover.send_action(_choice(mover))  # number 1 again: applied
            await _next(mover, ("update",), request)
            assert mover.action_n == 1 == server.tables["1"].seats[mover.seat].last_n
            await close_all(clients)
    run(scenario())


def test_an_action_sent_again_after_the_server_was_killed_is_applied_once(saves: Path) -> None:
    """The client sends an action; the server applies it and is killed (kill -9) before the
    client can tell; the client rejoins the restarted server, which tells it the number it
    applied last (`welcome`), and sends the action again: answered, not played twice."""
    port = free_port()
    uri = f"ws://127.0.0.1:{port}"
    args = ("--seats", "open,open", "--type", "uk_full")
    server = start_server_process(port, saves, *args)
    restarted = None
    try:
        async def before() -> tuple[Action, NetClient]:
            clients = await join(uri, ["Ada", "Bo"])
            await wait_for_views(clients)
            mover = _mover(clients)
            action = _choice(mover)
            request = await mover.send_action(action)
            await _next(mover, ("update",), request)
            server.send_signal(signal.SIGKILL)  # no goodbye, no last whole save
            return action, mover

        action, mover = run(before())
        assert server.wait(10) == -signal.SIGKILL
        restarted = start_server_process(port, saves, *args)

        async def after() -> None:
            back = NetClient(uri, mover.name, credentials=mover.credentials)  # a new window
            welcome = await back.connect()
            assert welcome["rejoined"] and welcome["n"] == 1 and back.action_n == 1
            while back.view is None:
                await back.receive()
            held = back.view
            request = await back.send_action(action, again=1)  # it cannot tell: again
            answer = await _next(back, ("state", "update"), request)
            assert answer["type"] == "state" and answer["seq"] == back.seq  # nothing new
            assert answer["view"] == held  # the action's outcome, applied once
            await back.close()
        run(after())
    finally:
        for proc in (server, restarted):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(10)


def test_repeats_answered_with_the_whole_view_keep_to_the_view_limit(saves: Path) -> None:
    """After a restart a repeat of the last action is answered with the seat's whole view:
    a view, so charged to the connection's view limit (--view-rate) like a `state` request.
    Repeats of the last number were answered outside it, each with a whole view."""
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "open"), seed=5) as (server, uri):
            clients = await join(uri, ["Ada", "Bo"])
            await wait_for_views(clients)
            mover = _mover(clients)
            action = _choice(mover)
            await _next(mover, ("update",), await mover.send_action(action))
            credentials = mover.credentials
            await close_all(clients)
        async with running_server(saves, seats=("open", "open"), seed=5) as (server, uri):
            limits = server.config.limits
            back = NetClient(uri, "Ada", credentials=credentials)
            await back.connect()
            while back.view is None:
                await back.receive()
            requests = [await back.send_action(action, again=1) for _ in range(40)]
            answers: dict[str, int] = {}
            while sum(answers.values()) < len(requests):
                msg = await asyncio.wait_for(back.receive(), 10)
                if msg.get("id") in requests:
                    kind = msg["type"] + "/" + msg.get("code", "")
                    answers[kind] = answers.get(kind, 0) + 1
            # the burst, and what the rate adds while the 40 arrive (well under a second)
            assert answers.get("state/", 0) <= limits.view_burst + limits.view_rate, answers
            assert answers.get("error/rate", 0) >= 40 - limits.view_burst - limits.view_rate
            assert server.tables["1"].seats[back.seat].last_n == 1  # never applied again
            await back.close()
    run(scenario())
