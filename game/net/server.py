"""The game server: websockets on asyncio, the engine as the only authority. No pygame.

Clients join a table (game password first, then a seat and its secret token), send actions for
their own seat, and receive each action's events and a view of the game their seat may see.
Computer seats, and (if the host chose) humans away too long, are played on the server by the generals.
Every refusal names its reason to the sender and is logged; nothing a client sends can stop the
server. This module routes messages and runs the turns; the input checks (checks.py), the
setup (config.py), how connections are met, limited and refused (reception.py), each seat's
actions applied once (numbering.py), the connections (connections.py), what each seat is sent
after an action (updates.py), the saves the server keeps (savekeeper.py: locked, journaled,
restored; on disk by autosave.py) and the computer seats' player (computers.py) each live in
their own module.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import time
from collections.abc import Iterable
from typing import Any

from websockets.asyncio.server import Server, serve

from game.engine import Game, IllegalActionError
from game.engine import actions as act
from game.engine.serialize import game_to_dict
from game.net import numbering, tls
from game.net.checks import _FIELD_TYPES, RateLimit, Refusal, parse_action
from game.net.computers import Counters, plays_here, run_computers
from game.net.config import DEFAULT_PORT, ServerConfig, seats_from_text
from game.net.connections import Client, send_texts
from game.net.reception import Reception
from game.net.savekeeper import SaveKeeper
from game.net.story import TableStories, public_action
from game.net.table import (
    COMPUTER_LEVELS,
    Seat,
    Table,
    token_hash,
)
from game.net.updates import UpdateWriter
from game.net.views import seat_events, seats_events
from game.net.web import WebPages

log = logging.getLogger("conquest.net")

DEFAULT_GAME = "1"


class GameServer:
    """Tables of network games behind one websocket endpoint."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.tables: dict[str, Table] = {}
        self.counters = Counters()
        # each connection's reception: admitted, rate-limited, refusals answered and logged
        self.reception = Reception(config, self.counters, self._dispatch, self._drop,
                                   reserve_files=32 + 4 * config.games)
        self.clients: set[Client] = self.reception.clients
        self._server: Server | None = None
        self._runners: dict[str, asyncio.Task[None]] = {}
        self._wake: dict[str, asyncio.Event] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._stories = TableStories()
        self._updates: dict[str, UpdateWriter] = {}
        # tables whose finished game's players have gone: the wait, then the reopening
        self._reopening: dict[str, asyncio.Task[None]] = {}
        self._stopping = False
        # the browser's page on the same port (game/net/web.py): plain HTTP beside the game
        self.pages = WebPages(lambda: [t.lobby(bool(self.config.password))
                                       for t in self.tables.values()],
                              lambda: bool(self.config.password),
                              fill_level=config.fill_level)
        game_ids = [str(number) for number in range(1, config.games + 1)]
        self.saves = SaveKeeper(config, game_ids, self.counters)
        for game_id in game_ids:
            self.tables[game_id] = self.saves.open_table(game_id)
            self._updates[game_id] = UpdateWriter()

    # -- running --------------------------------------------------------------------------
    async def start(self) -> int:
        """Listen; returns the port (a free one if the config's port is 0). SaveInUse (an
        OSError) when another server on this machine keeps one of these tables' saves."""
        self.saves.lock()
        try:
            context = None if self.config.tls_cert is None else \
                tls.server_context(self.config.tls_cert, self.config.tls_key)
            self._server = await serve(
                self.reception.handle, self.config.host, self.config.port, ssl=context,
                process_request=self.pages.respond, **self.reception.serve_options(),
                **({"ssl_handshake_timeout": 10} if context is not None else {}))
        except BaseException:
            self.saves.unlock()
            raise
        return await self._begin()

    async def _begin(self) -> int:
        """The tables' computers and autosaves, once the server listens."""
        assert self._server is not None
        for game_id, table in self.tables.items():
            self._locks[game_id] = asyncio.Lock()
            self._wake[game_id] = asyncio.Event()
            runner = run_computers(self.config, table, self._wake[game_id], self._locks[game_id],
                                   self._commit_computer, self.counters)
            self._runners[game_id] = asyncio.create_task(runner, name=f"computers-{game_id}")
            if table.game is not None:
                self._schedule_grace(table)
                self._wake[game_id].set()
        self.saves.start()
        for table in self.tables.values():
            if table.game is not None:  # resumed: one whole save, the journal replayed in it
                await self.saves.save(table)
        port = next(iter(self._server.sockets)).getsockname()[1]
        log.info("serving %d game(s) on %s:%d%s", len(self.tables), self.config.host, port,
                 " with a password" if self.config.password else "")
        return int(port)

    async def stop(self) -> None:
        self._stopping = True  # (closing connections drops seats: no table reopens now)
        reopening = list(self._reopening.values())
        for task in reopening:
            task.cancel()
        for task in reopening:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for task in self._runners.values():
            task.cancel()
        for task in self._runners.values():
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._runners.clear()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await self.saves.stop(self.tables.values())  # then another server may take them
        self.reception.close()
        log.info("%s", self.counters.handling_summary())

    async def serve_forever(self) -> None:
        await self.start()
        try:
            await asyncio.Future()
        finally:
            await self.stop()

    # -- messages -------------------------------------------------------------------------
    async def _dispatch(self, client: Client, msg: dict[str, Any]) -> None:
        """One checked message, let through by the reception (reception.py): what it does."""
        kind = msg["type"]
        request_id = msg.get("id")
        if kind == "action":
            await self._action(client, msg)
        elif kind == "ping":
            client.send("pong", **({"id": request_id} if request_id is not None else {}))
        elif kind == "hello":
            await self._hello(client, msg)
        elif kind == "state":
            self._state_request(client, msg)
        elif kind == "story":
            self._story_request(client, msg)
        elif kind == "leave":
            self._leave(client)
        elif kind == "fill":
            await self._fill(client)

    # -- joining --------------------------------------------------------------------------
    async def _hello(self, client: Client, msg: dict[str, Any]) -> None:
        if client.seat is not None:
            raise Refusal("seated", f"this connection already holds seat {client.seat.index + 1}")
        table = self.tables.get(msg.get("game") or DEFAULT_GAME)
        if table is None:
            raise Refusal("no_game", "there is no such game on this server")
        self.reception.check_password(client, msg.get("password"))
        token = msg.get("token")
        rejoined = token is not None
        if token is not None:
            seat = table.seat_for_token(token)
            if seat is None:
                raise Refusal("token", "that seat's game is over; join again for the next one"
                              if table.held_in_ended_game(token) else "unknown seat token")
            wanted = msg.get("seat")
            if wanted is not None and wanted != seat.index:
                raise Refusal("token", f"that token is not seat {wanted + 1}'s")
            if seat.client is not None and seat.client is not client:
                old = seat.client
                old.send("bye", reason="your seat was taken back by a newer connection")
                old.seat = old.table = None
                old.close_soon(1000, "seat taken back")
        else:
            free = table.free_seat(msg.get("seat"))
            if free is None:
                raise Refusal("full", "this game is over; a new one opens when its players have "
                              "left" if table.game is not None and table.game.is_over
                              else "no open seat in this game")
            seat = free
            token = table.take_seat(seat, msg["name"])
        seat.client, seat.dropped_at = client, None
        client.table, client.seat = table, seat
        log.info("%s %s seat %d of game %s as %s", client.peer,
                 "took back" if rejoined else "took", seat.index + 1, table.game_id, seat.name)
        extra = {"id": msg["id"]} if "id" in msg else {}
        client.send("welcome", seat=seat.index, token=token, game=table.game_id,
                    rejoined=rejoined, n=seat.last_n, **extra)
        self._broadcast_lobby(table)
        if table.game is None:
            await self._start_if_full(table)
        else:
            self._send_state(client, table, seat)
            self._wake[table.game_id].set()

    async def _start_if_full(self, table: Table) -> None:
        """Every seat is taken: deal the game and send each seated player its opening view."""
        if not table.is_full:
            return
        async with self._locks[table.game_id]:
            if table.game is None:
                table.start(self.config.seed)
                await self.saves.save(table)  # saved (tokens too) before anyone plays
                for other in table.seats:
                    if other.client is not None:
                        self._send_state(other.client, table, other, opening=True)
                self._broadcast_lobby(table)
        self._wake[table.game_id].set()

    async def _fill(self, client: Client) -> None:
        """A seated player asks to start now: the table's open seats become computer
        generals (where the host allows it), and the game starts."""
        seat, table = client.seat, client.table
        if seat is None or table is None:
            raise Refusal("not_seated", "join a game first")
        level = self.config.fill_level
        if level is None:
            raise Refusal("fill_off", "this server's host lets only players take the open "
                                      "seats: the game starts when every seat is taken")
        if table.game is not None:
            raise Refusal("started", "the game has started already")
        filled = table.fill(level)
        log.info("game %s: %s filled seat(s) %s with %s generals", table.game_id, seat.name,
                 ", ".join(str(s.index + 1) for s in filled), level)
        self._broadcast_lobby(table)
        await self._start_if_full(table)

    def _leave(self, client: Client) -> None:
        seat, table = client.seat, client.table
        if seat is None or table is None:
            return
        if table.game is None:
            table.free(seat)
            log.info("seat %d of game %s is open again", seat.index + 1, table.game_id)
        client.seat = client.table = None
        self.reception.seat_left(client)
        if seat.client is client:
            seat.client = None
            if table.game is not None:
                seat.dropped_at = time.monotonic()
                self._schedule_grace(table)
                self._reopen_when_gone(table)
        self._broadcast_lobby(table)

    def _drop(self, client: Client) -> None:
        """A connection closed: its seat waits for its token, or a general stands in later."""
        seat, table = client.seat, client.table
        if seat is None or table is None or seat.client is not client:
            return
        if table.game is None:
            table.free(seat)
        else:
            seat.client, seat.dropped_at = None, time.monotonic()
            self._schedule_grace(table)
            self._reopen_when_gone(table)
        self._broadcast_lobby(table)

    def _schedule_grace(self, table: Table) -> None:
        if self.config.away_policy == "computer" and table.game_id in self._wake:
            wake = self._wake[table.game_id]
            asyncio.get_running_loop().call_later(self.config.reconnect_seconds + 0.01, wake.set)

    def _reopen_when_gone(self, table: Table) -> None:
        """A finished game's players have all gone: its table opens for a new game once they
        have stayed away for the reconnect time (one who comes back meanwhile sees the end)."""
        if self._stopping or table.game is None or not table.game.is_over or \
                any(s.client is not None for s in table.seats):
            return
        if (earlier := self._reopening.get(table.game_id)) is not None:
            earlier.cancel()  # (the wait starts again from this departure)
        task = asyncio.get_running_loop().create_task(self._reopen(table, table.game))
        self._reopening[table.game_id] = task
        task.add_done_callback(
            lambda done: self._reopening.pop(table.game_id, None)
            if self._reopening.get(table.game_id) is done else None)

    async def _reopen(self, table: Table, game: Game) -> None:
        """After the reconnect time, under the table's lock (no action or computer move is
        being committed), once the finished game's last save is in place: the next game's
        table."""
        await asyncio.sleep(self.config.reconnect_seconds)
        async with self._locks[table.game_id]:
            if self._stopping or table.game is not game or \
                    any(s.client is not None for s in table.seats):
                return  # stopping, somebody came back (they will leave again), another game
            if not await self.saves.keep_finished(table):
                log.error("game %s: the table stays on its finished game (its save could not "
                          "be kept aside)", table.game_id)
                return
            table.reopen(Table.for_server(table.game_id, self.config))
            self._updates[table.game_id].forget()
            log.info("game %s: the table is open for a new game", table.game_id)

    def _broadcast_lobby(self, table: Table) -> None:
        lobby = table.lobby(bool(self.config.password))
        for seat in table.seats:
            if seat.client is not None:
                seat.client.send("lobby", **lobby)

    # -- the game -------------------------------------------------------------------------
    def _state_request(self, client: Client, msg: dict[str, Any]) -> None:
        seat, table = client.seat, client.table
        if seat is None or table is None:
            raise Refusal("not_seated", "join a game first")
        wanted = msg.get("seat")
        if wanted is not None and wanted != seat.index:
            raise Refusal("hidden", f"you may see only your own seat ({seat.index + 1}): another "
                                    "seat's cards, mission and headquarters are secret")
        if table.game is None:
            client.send("lobby", **table.lobby(bool(self.config.password)))
            return
        self._send_state(client, table, seat, request_id=msg.get("id"))

    def _story_request(self, client: Client, msg: dict[str, Any]) -> None:
        """The game's public story for the sender's seat (game/net/story.py)."""
        client.send("story", **self._stories.message(client.table, client.seat, msg))

    def _send_state(self, client: Client, table: Table, seat: Seat, *, opening: bool = False,
                    request_id: Any = None) -> None:
        assert table.game is not None
        extra: dict[str, Any] = {"id": request_id} if request_id is not None else {}
        if opening:
            extra["events"] = seat_events(table.opening, seat.index)
        view = self._updates[table.game_id].whole_view(_state_of(table.game), seat.index)
        client.send("state", seq=table.seq, seat=seat.index, to_move=table.game.to_move,
                    over=table.game.is_over, view=view, **extra)

    def _check_token(self, client: Client, table: Table, msg: dict[str, Any]) -> Seat:
        seat = client.seat
        assert seat is not None
        token = msg["token"]
        proven = token.encode("utf-8", "surrogatepass")
        if client.proven is not None and client.proven[0] is seat and msg["seat"] == seat.index \
                and hmac.compare_digest(client.proven[1], proven):
            return seat  # the token this connection proved for this seat already (no hashing)
        held = table.seat_for_token(token)
        if held is not None and held is not seat:
            log.warning("%s (seat %d) used seat %d's token", client.peer, seat.index + 1,
                        held.index + 1)
            raise Refusal("token", f"that is another seat's token: you may act only for seat "
                                   f"{seat.index + 1}")
        if msg["seat"] != seat.index:
            raise Refusal("token", f"you hold seat {seat.index + 1}, not seat {msg['seat'] + 1}")
        if held is None:
            raise Refusal("token", "wrong seat token")
        client.proven = (seat, proven)
        return seat

    async def _action(self, client: Client, msg: dict[str, Any]) -> None:
        table = client.table
        if client.seat is None or table is None:
            raise Refusal("not_seated", "join a game first")
        seat = self._check_token(client, table, msg)
        if table.game is None:
            raise Refusal("not_started", "the game has not started: waiting for players")
        action = parse_action(msg["action"])
        number, request_id = msg["n"], msg.get("id")
        async with self._locks[table.game_id]:
            if numbering.is_repeat(seat, number, msg["action"]):  # applied once: told again
                self._answer_again(client, table, seat, request_id)
                return
            game = table.game
            if game.is_over:
                raise Refusal("over", "the game is over")
            if game.to_move != seat.index:
                raise Refusal("turn", f"not your turn: {game.players[game.to_move].name} "
                                      "is to move")
            events = self._apply(table, action)
            self.counters.actions += 1
            seat.last_n = number  # (journaled with the action: numbering.py)
            answer = await self._commit(table, seat.index, action, events, request_id, client,
                                        computer=False, sent=(seat.index, number))
            numbering.remember(seat, number, msg["action"], answer, request_id)
        game = table.game
        if game is not None and not game.is_over and \
                self._plays_here(table, table.seats[game.to_move]) is not None:
            self._wake[table.game_id].set()  # a general moves next (a human away too long is
            # woken for by the grace timer): no task is woken after every action for nothing

    def _answer_again(self, client: Client, table: Table, seat: Seat, request_id: Any) -> None:
        """A repeat of the seat's last action: what answered it then, or (not held since the
        server restarted) the seat's whole view, which shows its outcome. A whole view is
        charged to the connection's view limit as a `state` request is (reception.py): repeats
        of the last number were a way round it."""
        text = numbering.answer_again(seat, request_id)
        if text is not None:
            client.send_text(text)
        elif table.game is not None:
            if client.views is not None and not client.views.allow():
                raise Refusal("rate", self.reception.view_rate_reason())
            self._send_state(client, table, seat, request_id=request_id)

    def _apply(self, table: Table, action: act.Action) -> list[Any]:
        game = table.game
        assert game is not None
        try:
            return game.apply(action)
        except IllegalActionError as exc:
            raise Refusal("illegal", str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - the engine refused in an unplanned way
            self.counters.errors += 1
            log.exception("game %s: %r could not be applied", table.game_id, action)
            self.saves.restore(table)  # back to the last save (the last good state)
            self._updates[table.game_id].forget()
            raise Refusal("illegal", f"the server could not apply that action ({type(exc).__name__})"
                          ) from None

    def _plays_here(self, table: Table, seat: Seat) -> str | None:
        return plays_here(self.config, table, seat)

    async def _commit_computer(self, table: Table, actor: int, action: act.Action,
                               events: list[Any]) -> None:
        await self._commit(table, actor, action, events, None, None, computer=True)

    async def _commit(self, table: Table, actor: int, action: act.Action, events: list[Any],
                      request_id: Any, sender: Client | None, *, computer: bool,
                      sent: tuple[int, int] | None = None) -> str | None:
        """Save (with `sent`: the seat and number a player's client gave the action), then tell
        every seat what it may see of what happened (only what changed); the update its sender
        was sent (None if none)."""
        table.seq += 1
        game = table.game
        assert game is not None
        table.sent = sent
        self.saves.journal(table)  # at once: before anyone hears of it
        table.sent = None
        if game.is_over:
            await self.saves.save(table)  # the ordinary save, whole, at the end
        listening = [s for s in table.seats if s.client is not None]
        seats = [s.index for s in listening]
        answered = next((s.index for s in listening if s.client is sender), None)
        whole = action.to_dict()
        told = public_action(action, actor, -1)  # as any other seat may hear of it
        head = {"seq": table.seq, "actor": actor, "action": told,
                "computer": computer, "to_move": game.to_move, "over": game.is_over}
        # a secret choice (a headquarters) is told whole to its maker alone
        own = {actor: {**head, "action": whole}} if told != whole and actor in seats else None
        # (an update shows the statistics history only once the game is over: updates.py)
        state = game_to_dict(game, with_record=game.is_over, with_rng=False,
                             with_history=game.is_over)
        texts = self._updates[table.game_id].texts(
            state, seats, head, seats_events(events, seats),
            None if answered is None else (answered, request_id), own)
        send_texts([(seat.client, texts[seat.index]) for seat in _first_waited(listening,
                                                                             answered,
                                                                             game.to_move)])
        if game.is_over:
            log.info("game %s is over (winner: %s)", table.game_id, table.game.winner)
            self._reopen_when_gone(table)  # (if everybody is away already)
        return None if answered is None else texts[answered]


def _first_waited(seats: list[Seat], answered: int | None, to_move: int) -> list[Seat]:
    """`seats` in the order their updates are queued: the seat answered first (it waits for
    its action's result), then the seat to move (it waits to act), then the watchers. Each
    connection gets its messages in order either way; the players who wait are told first,
    so under load their next move does not queue behind everyone else's news."""
    return sorted(seats, key=lambda s: (s.index != answered, s.index != to_move))


def _state_of(game: Game) -> dict[str, Any]:
    """The state views are made from: without the record while the game goes on (no seat may
    see it then, and encoding a record that grows with every action made each update slower),
    and never with the RNG (no seat sees it; the saves make their own copy with it)."""
    return game_to_dict(game, with_record=game.is_over, with_rng=False)


def connected_seats(tables: Iterable[Table]) -> int:
    return sum(1 for t in tables for s in t.seats if s.client is not None)


__all__ = ["COMPUTER_LEVELS", "GameServer", "RateLimit", "Refusal", "ServerConfig", "parse_action",
           "seats_from_text", "token_hash", "Game", "_FIELD_TYPES", "DEFAULT_PORT"]
