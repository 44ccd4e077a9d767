"""Two or more seats played at the hosting window: a hot-seat game inside a network game.

Each seat keeps its own connection and token; the screen's mirror holds the secrets of every
seat played here (and no one else's), the hand-over screen comes between them as in a local
hot-seat game, and RESUME seats them all again."""

from __future__ import annotations

import time
from typing import Any

from game.engine import ArmyChoice, Game, GameConfig, PlayerSpec
from game.engine import actions as act
from game.engine.config import COLOURS
from game.net import recall
from game.net.seatviews import SeatCopies, merge_events, merge_views
from game.net.views import mirror_dict, seat_view, seats_events
from game.scenes.play.seats import TURN_PHASES
from tests.network.support import free_port
from tests.network.test_screens import DT, _host, _shot, _step_until


def _game_with_hands(game_type: str = "uk_short", players: int = 4, seed: int = 5) -> Game:
    """A game some turns in, every player holding cards (and, in UK short, a mission)."""
    specs = [PlayerSpec(f"P{i + 1}", COLOURS[i], "easy") for i in range(players)]
    game = Game.new(GameConfig.preset(game_type, specs), seed)
    from game.ai import make_general

    generals = {i: make_general("standard", i, seed) for i in range(players)}
    while not game.is_over and (game.turn < 6 or not all(p.hand for p in game.players
                                                         if not p.eliminated)):
        game.apply(generals[game.to_move].choose(game))
        if game.turn > 40:
            break
    return game


def test_merged_views_hold_each_local_seats_secrets_and_nobody_elses() -> None:
    game = _game_with_hands()
    full = game.to_dict()
    local = {0: seat_view(full, 0, history=False), 2: seat_view(full, 2, history=False)}
    merged = merge_views(local, base_seat=2)
    mirror = Game.from_dict(mirror_dict(merged), seat_view=True)  # loads: no card twice
    for seat in (0, 2):
        assert mirror.players[seat].hand == game.players[seat].hand
        assert mirror.players[seat].mission == game.players[seat].mission is not None
    seen = set(game.discard) | set(game.removed) | set(game.players[0].hand) \
        | set(game.players[2].hand)
    for seat in (1, 3):
        assert mirror.players[seat].mission is None
        assert len(mirror.players[seat].hand) == len(game.players[seat].hand)
        assert not set(mirror.players[seat].hand) & seen  # placeholders: cards no seat here sees
    assert not set(mirror.deck) & seen
    assert mirror.owner == game.owner and mirror.armies == game.armies
    assert merge_views({1: local[0]}, base_seat=1) is local[0]  # one seat: its view as it is
    copies = SeatCopies({0, 2})  # the same, from the copies each seat's connection received
    for seat in (0, 2):
        copies.add(seat, {"seq": 3, "actor": 1, "view": local[seat], "events": []})
    late = Game.from_dict(mirror_dict(copies.view_at(3)), seat_view=True)
    assert [late.players[s].hand for s in (0, 2)] == [game.players[s].hand for s in (0, 2)]
    assert copies.view_at(4) is None


def test_merged_events_show_the_card_each_local_seat_drew() -> None:
    from game.engine import events as ev

    drawn = [ev.CardDrawn(player=0, card="X"), ev.CardDrawn(player=1, card="Y"),
             ev.CardDrawn(player=2, card="Z")]
    copies = seats_events(drawn, [0, 1])
    merged = merge_events(copies, base_seat=0)
    assert [e["card"] for e in merged] == ["X", "Y", ""]  # seat 2 is not played here
    assert [e["card"] for e in copies[0]] == ["X", "", ""]  # the copies themselves untouched


def test_an_update_waits_for_the_acting_local_seats_own_copy() -> None:
    copies = SeatCopies({0, 1})
    msg = {"seq": 7, "actor": 1, "view": {}, "events": []}
    copies.add(0, msg)
    assert not copies.ready(msg)  # seat 1 acted: only its copy knows what it drew
    copies.add(1, msg)
    assert copies.ready(msg)
    remote = {"seq": 8, "actor": 3, "view": {}, "events": []}
    copies.add(0, remote)
    assert copies.ready(remote)  # a remote seat's move: any copy of ours will do
    copies.add(5, remote)  # a seat not played here is never kept
    copies.forget_before(8)
    assert not copies.has(7, 0) and copies.has(8, 0) and not copies.has(8, 5)


def test_the_host_form_takes_a_name_for_each_local_seat(app: Any) -> None:
    from game.scenes.network.join import names_problem

    host = _host(app, ["local", "easy", "open"], free_port())
    host.name.set_text("Ann")
    host._set_kind(2, "local")
    assert host.local_seats() == [0, 2]
    assert host.name.text == "Ann, Player 3"  # a name to start with, to change at will
    assert host.captions[host.name].text == "NAMES HERE"
    app.step(DT)
    _shot(app, "host_two_local")
    host._set_kind(0, "open")
    assert host.name.text == "Ann" and host.captions[host.name].text == "YOUR NAME"
    assert names_problem(["Ann", "ann"], 2) == "Each player here needs a name of their own."
    assert "for each of the 3" in names_problem(["Ann", "Bob"], 3)
    assert "3 names for 2" in names_problem(["Ann", "Bob", "Cy"], 2)
    assert "too long" in names_problem(["A" * 17], 1)
    assert names_problem(["Ann", "Bob"], 2) == ""
    host.name.set_text("Ann, Ann")
    host._set_kind(0, "local")
    host.confirm()  # refused, in a dialog: nothing starts
    app.scenes.apply_pending()
    assert type(app.scenes.top).__name__ == "MessageDialogScene"


def _local_move(game: Game, attacked: dict[tuple[int, int], int]) -> act.Action:
    """The next move of a seat played here: two sure attacks a turn, else the first choice
    that is not an attack or an undo."""
    choices = game.legal_actions()
    key = (game.turn, game.to_move)
    attacks = [c for c in choices if isinstance(c, act.Attack) and c.mode == "do_or_die"
               and game.armies[c.source] > game.armies[c.target] + 2]
    if attacks and attacked.get(key, 0) < 2:
        attacked[key] = attacked.get(key, 0) + 1
        return attacks[0]
    choice = next(c for c in choices if not isinstance(c, (act.UndoPlacements, act.Attack)))
    return choice.make(choice.hi) if isinstance(choice, ArmyChoice) else choice


def test_two_seats_at_the_host_play_as_a_hot_seat_game_and_resume_together(app: Any) -> None:
    from game.scenes.play.pass_to import HandOverScene
    from game.scenes.network.host import HostNetworkScene
    from game.scenes.network.play import NetworkPlayScene

    port = free_port()
    host = _host(app, ["local", "easy", "local"], port)
    host.name.set_text("Ann, Bob")
    host.confirm()
    app.scenes.apply_pending()
    _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene), frames=2000)
    scene = app.scenes.top
    assert scene.local_seats == frozenset({0, 2})
    assert sorted(scene.bridge.clients) == [0, 2]  # a connection and a token for each
    server = scene.bridge.server
    handed_to: set[str] = set()
    attacked: dict[tuple[int, int], int] = {}
    for _ in range(30000):
        game = scene.game
        if game.turn >= 5 or game.is_over:
            break
        top = app.scenes.top
        if isinstance(top, HandOverScene):
            handed_to.add(top.name)
            app.step(DT)
            _shot(app, "hand_over")
            top.close()  # READY
            app.scenes.apply_pending()
            continue
        while app.scenes.top is not scene:
            app.scenes.pop()
            app.scenes.apply_pending()
        if (game.to_move in scene.local_seats and not scene._pending
                and not scene.is_showing_battle and not scene._updates):
            assert scene.perform(_local_move(game, attacked))
        app.step(DT)
        time.sleep(0.001)
    assert scene.game.turn >= 5
    assert handed_to == {"Ann", "Bob"}  # the machine changed hands between them
    assert server is not None and server.counters.errors == 0
    _step_until(app, lambda: scene.game.to_move in scene.local_seats and not scene._pending
                and not scene._updates and not scene.is_showing_battle, frames=3000)
    table = server.tables["1"].game
    assert table is not None
    for seat in (0, 2):  # the mirror knows both seats' cards here, and not the computer's
        assert scene.game.players[seat].hand == table.players[seat].hand
    assert scene.game.owner == table.owner and scene.game.armies == table.armies
    hidden = set(scene.game.players[1].hand)
    assert len(hidden) == len(table.players[1].hand)
    assert not hidden & (set(table.players[0].hand) | set(table.players[2].hand))

    turn = scene.game.turn
    scene.bridge.close()  # the window closes; both seats come back with RESUME
    resumable = recall.resumable_hosted_game()
    assert resumable is not None and dict(resumable.local) == {0: "Ann", 2: "Bob"}
    assert "Ann" not in resumable.describe() and "Bob" not in resumable.describe()
    app.scenes.clear()
    app.scenes.apply_pending()
    form = HostNetworkScene(app)
    app.scenes.push(form)
    app.scenes.apply_pending()
    assert form.name.text == "Ann, Bob" and form.resume_button is not None
    form.resume_game()
    app.scenes.apply_pending()
    _step_until(app, lambda: isinstance(app.scenes.stack[0], NetworkPlayScene), frames=2000)
    resumed = app.scenes.stack[0]
    assert resumed.local_seats == frozenset({0, 2}) and resumed.game.turn == turn
    game = resumed.game
    if game.to_move == game.current and game.phase in TURN_PHASES:
        # a local seat's own turn (not a defence): that player is handed the machine first
        top = app.scenes.top
        assert isinstance(top, HandOverScene) and top.name == game.players[game.current].name


def test_two_players_join_a_server_from_one_window_each_to_a_seat(app: Any) -> None:
    """The Join form takes a name for each player at this window (commas between); each gets
    a seat of their own, and the next time the form says which seats are kept for them."""
    from game.net.bridge import NetBridge
    from game.net.server import ServerConfig
    from game.scenes.network.join import JoinNetworkScene
    from game.scenes.network.play import NetworkPlayScene

    port = free_port()
    hosting = NetBridge()
    hosting.host(ServerConfig(host="127.0.0.1", port=port, seats=("open", "easy", "open"),
                              computer_delay=0.0)).result(10)
    try:
        form = JoinNetworkScene(app)
        app.scenes.push(form)
        app.scenes.apply_pending()
        form.address.set_text("127.0.0.1")
        form.port.set_text(str(port))
        form.name.set_text("Ann, Bob")
        app.step(DT)
        assert form.captions[form.name].text == "NAMES HERE"
        _shot(app, "join_two")
        form.confirm()
        app.scenes.apply_pending()
        _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene), frames=2000)
        play = app.scenes.top
        assert play.local_seats == frozenset({0, 2})
        names = {play.game.players[s].name for s in play.local_seats}
        assert names == {"Ann", "Bob"}
        play.bridge.close()
        again = JoinNetworkScene(app)
        assert again.name.text == "Ann, Bob"
        assert "Seats 1, 3 there were held by Ann, Bob" in again.note.text
        app.scenes.push(again)
        app.scenes.apply_pending()
        app.step(DT)
        _shot(app, "join_seats_kept")
    finally:
        hosting.close()
