"""Each part of the play screen alone: shown board, battle presenter, camera, turn controller,
autosaver and seats, with plain stand-ins for what the scene would give them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from game.audio import Sfx
from game.engine import ArmyChoice, Game, Phase
from game.engine import actions as act
from game.engine import events as ev
from game.scenes.play.battle_show import BattlePresenter, split_rolls
from game.scenes.play.autosave import Autosaver
from game.scenes.play.board import ShownBoard, Snapshot
from game.scenes.play.narrate import Line, narrate_each
from game.scenes.play.seats import Seats
from game.scenes.play.turns import TurnController
from game.ui.palette import PLAYER_COLOURS
from game.ui.sidepanel import DiceDisplay
from tests.scenes.driver import new_game


@dataclass
class Board:
    owner: dict[str, int | None]
    armies: dict[str, int]


def _board() -> Board:
    return Board({"a": 0, "b": 1, "c": 1}, {"a": 10, "b": 3, "c": 2})


# -- the shown board ---------------------------------------------------------------------------
def test_shown_board_syncs_counts_down_and_totals() -> None:
    source = _board()
    shown = ShownBoard(2, source)
    shown.lose("a", 2)
    shown.lose("b", 9)  # never below one: the territory is still held until conquered
    assert shown.armies == {"a": 8, "b": 1, "c": 2}
    assert shown.totals() == ([1, 2], [8, 3])
    assert not shown.matches(source)
    shown.sync(source)
    assert shown.matches(source) and shown.totals() == ([1, 2], [10, 5])


# -- the battle presenter -------------------------------------------------------------------
@dataclass
class Sink:
    told: list[str] = field(default_factory=list)
    sounds: list[Sfx] = field(default_factory=list)


def _presenter(source: Board) -> tuple[BattlePresenter, ShownBoard, DiceDisplay, Sink]:
    sink = Sink()
    board = ShownBoard(2, source)
    dice = DiceDisplay()

    def narrate(events: Any) -> list[Line]:
        return [Line(type(e).__name__) for e in events
                if not isinstance(e, (ev.DefenceRequested, ev.AdvantageOffered))]

    presenter = BattlePresenter(dice, board, PLAYER_COLOURS[:2], narrate,
                                lambda line: sink.told.append(line.text), sink.sounds.append)
    return presenter, board, dice, sink


def _run(presenter: BattlePresenter, seconds: float) -> None:
    for _ in range(int(seconds * 60)):
        presenter.update(1 / 60)


def test_presenter_tells_the_result_only_when_the_roll_has_settled() -> None:
    before = _board()
    after = Board({"a": 0, "b": 0, "c": 1}, {"a": 7, "b": 3, "c": 2})
    presenter, board, dice, sink = _presenter(after)
    events = [ev.DiceRolled(0, 1, "a", "b", (6, 6, 1), (2,)),
              ev.BattleResolved("a", "b", (6, 6, 1), (2,), 0, 1),
              ev.TerritoryConquered(0, 1, "a", "b", 3)]
    assert presenter.show(events, after, "normal", before=Snapshot(before))
    assert presenter.busy and dice.is_rolling and dice.final
    assert sink.told == [] and board.armies["b"] == 3  # nothing given away yet
    assert Sfx.DICE in sink.sounds
    _run(presenter, 2.0)
    assert not presenter.busy
    assert sink.told[0].startswith("Attacker loses 0, defender loses 1")
    assert sink.told[1:] == ["TerritoryConquered"]
    assert board.matches(after)


def test_presenter_counts_down_roll_by_roll_and_skip_goes_to_the_end() -> None:
    before = _board()
    after = Board(dict(before.owner), {"a": 7, "b": 3, "c": 2})
    presenter, board, dice, sink = _presenter(after)
    rolls = [ev.BattleResolved("a", "b", (1,), (6,), 1, 0) for _ in range(3)]
    presenter.show([ev.DiceRolled(0, 1, "a", "b", (1,), (6,)), *rolls[:1], *rolls[1:]], after,
                   "normal", before=Snapshot(before))
    seen = []
    for _ in range(300):
        if not presenter.busy:
            break
        if not seen or seen[-1] != board.armies["a"]:
            seen.append(board.armies["a"])
        presenter.update(1 / 60)
    assert seen == [10, 9, 8, 7]  # one army a roll, each as its dice settle
    assert board.armies["a"] == 7
    presenter.show([ev.DiceRolled(0, 1, "a", "b", (1,), (6,)), *rolls], after, "normal",
                   before=Snapshot(before))
    presenter.skip()
    assert not presenter.busy and not dice.is_rolling and board.matches(after)


def test_an_advantage_roll_has_no_loss_marks_and_its_line_comes_before_the_result() -> None:
    source = _board()
    presenter, board, dice, sink = _presenter(source)
    presenter.show([ev.DiceRolled(0, 1, "a", "b", (2, 1), (5,)),
                    ev.AdvantageOffered(0, ("reroll",), (2, 1), (5,))], source, "normal")
    _run(presenter, 2.0)
    assert not dice.final and dice.caption == ""  # an advantage may still change it
    presenter.show([ev.AdvantageUsed(0, "reroll", 1, 6, (6, 2)),
                    ev.BattleResolved("a", "b", (6, 2), (5,), 0, 1)], source, "normal")
    assert sink.told[-1] == "AdvantageUsed"  # told as its roll begins, before the result
    _run(presenter, 2.0)
    assert dice.final and sink.told[-1].startswith("Attacker loses 0")


def test_instant_shows_the_board_after_the_attack_at_once() -> None:
    before = _board()
    after = Board({"a": 0, "b": 0, "c": 1}, {"a": 6, "b": 4, "c": 2})
    presenter, board, dice, sink = _presenter(after)
    presenter.show([ev.DiceRolled(0, 1, "a", "b", (6,), (1,)),
                    ev.BattleResolved("a", "b", (6,), (1,), 0, 1),
                    ev.TerritoryConquered(0, 1, "a", "b", 4)], after, "instant",
                   before=Snapshot(before))
    assert not presenter.busy and board.matches(after) and board.totals() == ([2, 1], [10, 2])
    assert "TerritoryConquered" in sink.told


def test_split_rolls_keeps_the_order_of_the_dice() -> None:
    narrate = lambda events: [Line(type(e).__name__) for e in events]  # noqa: E731
    first, rolls, after = split_rolls(
        [ev.DefenceRequested(1, "a", "b", 2), ev.DiceRolled(0, 1, "a", "b", (3,), (2,)),
         ev.BattleResolved("a", "b", (3,), (2,), 0, 1),
         ev.BattleResolved("a", "b", (1,), (4,), 1, 0),
         ev.AttackStopped("a", "b", "attacker lost a battle")], narrate)
    assert first == [] and len(rolls) == 2
    assert [r.final for r in rolls] == [True, True]
    assert [line.text for line in rolls[0].before] == ["DefenceRequested"]
    assert after[0].text.startswith("2 battles") and after[-1].text == "AttackStopped"


def test_elimination_names_the_real_taker() -> None:
    game = new_game(("human", "easy", "easy"), "us_full", seed=3)
    lines = narrate_each(game, [ev.PlayerEliminated(2, 1, 3)], lambda pid: pid == 0)
    assert lines[0].text == "Napoleon eliminates Hannibal and takes 3 cards!"


# -- the camera ----------------------------------------------------------------------------------
@pytest.fixture
def view() -> Any:
    import pygame

    from game.mapart import load_map_art
    from game.ui.font import Fonts
    from game.ui.mapview import MapView

    pygame.init()
    return MapView(load_map_art(), Fonts())


def test_camera_jumps_or_scrolls_to_an_event_and_comes_home(view: Any) -> None:
    from game.scenes.play.camera import Camera

    camera = Camera(view)
    view.x, view.y = 0, 0
    camera.keep()
    assert camera.follow([ev.TerritoryClaimed(1, "eastern_australia")], "jump", "normal") is False
    assert view.is_in_view("eastern_australia") and not camera.moving
    view.x, view.y = 0, 0
    assert camera.follow([ev.ArmiesMoved(1, "siam", "indonesia", 2, "fortify")], "scroll",
                         "normal")
    for _ in range(120):
        camera.update(1 / 60)
    assert not camera.moving and view.is_in_view("siam") and view.is_in_view("indonesia")
    assert camera.follow([ev.TerritoryClaimed(1, "peru")], "scroll", "instant") is False
    assert camera.restore() and (view.x, view.y) == (0, 0)
    game = new_game(("human", "easy"), "us_full", seed=3)
    mine = ["argentina", "brazil", "peru", "alaska"]
    camera.home(mine, {t: game.board.territories[t].continent for t in game.board.territories})
    assert all(view.is_in_view(t, 0) for t in ("argentina", "brazil", "peru"))


# -- the turn controller --------------------------------------------------------------------------
class Ports:
    """The scene's side of the controller: applies actions to the game and records the rest."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.refused: list[str] = []
        self.said: list[str] = []
        self.announced: list[tuple[str, str]] = []

    def perform(self, action: act.Action) -> bool:
        try:
            self.game.apply(action)
        except Exception as exc:  # noqa: BLE001 - the refusal is what is tested
            self.refuse(str(exc))
            return False
        return True

    def refuse(self, text: str) -> None:
        self.refused.append(text)

    def say(self, text: str, colour: Any = None) -> None:
        self.said.append(text)

    def announce(self, source: str, target: str) -> None:
        self.announced.append((source, target))

    def clear_of(self, dialog: Any, tids: Any) -> None:
        pass

    def human_to_move(self) -> bool:
        return self.game.players[self.game.to_move].level == "human"


class FakeApp:
    def __init__(self) -> None:
        from game.settings import Settings

        self.settings = Settings(automatic_dice=True)
        self.pushed: list[Any] = []
        self.scenes = self
        self.fonts = None

    def push(self, scene: Any) -> None:
        self.pushed.append(scene)

    def play(self, sfx: Any) -> None:
        pass


def _play_to(game: Game, done: Any) -> None:
    while not done(game):
        choice = next(c for c in game.legal_actions() if not isinstance(c, act.UndoPlacements))
        game.apply(choice.make(choice.hi) if isinstance(choice, ArmyChoice) else choice)


def test_controller_refuses_a_claimed_territory_and_claims_a_free_one() -> None:
    game = new_game(("human", "human"), "us_full", seed=3)
    ports = Ports(game)
    turns = TurnController(FakeApp(), game, ports)  # type: ignore[arg-type]
    free = turns.accepted()
    assert sorted(free) == sorted(t for t in game.board.territories if game.owner[t] is None)
    turns.select(free[0])
    assert game.owner[free[0]] == 0
    turns.select(free[0])
    assert ports.refused and "claimed" in ports.refused[-1]
    assert free[0] not in turns.accepted()


def test_controller_steps_through_an_attack_and_a_free_move() -> None:
    game = new_game(("human", "easy"), "uk_full", seed=2)
    _play_to(game, lambda g: g.phase == Phase.ATTACK and g.current == 0)
    ports = Ports(game)
    turns = TurnController(FakeApp(), game, ports)  # type: ignore[arg-type]
    sources = turns.accepted()
    assert sources and all(game.owner[t] == 0 and game.armies[t] >= 2 for t in sources)
    source = sources[0]
    turns.select(source)
    assert turns.mode == "attack_to" and turns.source == source
    targets = turns.accepted()
    assert targets and all(game.owner[t] != 0 and t in game.board.neighbours[source]
                           for t in targets)
    turns.select(targets[0])  # automatic dice: the attack goes out at once
    assert ports.announced == [(source, targets[0])] and turns.last_attack is not None
    while game.phase in (Phase.OCCUPY, Phase.ADVANTAGE):
        _play_to(game, lambda g: g.phase not in (Phase.OCCUPY, Phase.ADVANTAGE))
    turns.free_move()
    if turns.mode == "move_from":
        froms = turns.accepted()
        assert froms and all(game.owner[t] == 0 for t in froms)
        turns.select(froms[0])
        assert turns.mode == "move_to"
        assert all(game.owner[t] == 0 for t in turns.accepted())
    turns.cancel()
    assert turns.mode == "attack_from" and turns.source is None


def test_snapping_offers_neutral_territories_while_the_neutral_army_is_placed() -> None:
    game = new_game(("human", "easy"), "us_full", seed=3, neutral=True)
    _play_to(game, lambda g: g.phase == Phase.PLACE and g.to_move == 0 and g.neutral_quota
             and not g.quota)
    turns = TurnController(FakeApp(), game, Ports(game))  # type: ignore[arg-type]
    accepted = turns.accepted()
    assert accepted and all(game.owner[t] == game.neutral_id for t in accepted)
    order = turns.snap_order(lambda tid: (0, 0) if tid == accepted[-1] else (100, 100), (0, 0))
    assert order[0] == accepted[-1]  # nearest first


# -- autosave and seats ------------------------------------------------------------------------
def test_autosave_is_debounced_to_a_few_a_second() -> None:
    writes: list[int] = []
    saver = Autosaver(lambda: writes.append(1), min_gap=0.3)
    for _ in range(30):  # thirty quick actions in half a second
        saver.request()
        saver.update(1 / 60)
    assert 1 <= len(writes) <= 2
    for _ in range(30):
        saver.update(1 / 60)
    assert not saver.dirty and len(writes) <= 3
    saver.update(1.0)
    assert len(writes) <= 3  # nothing changed: nothing written


def test_seats_hide_secrets_in_a_hot_seat_computer_turn() -> None:
    game = new_game(("human", "easy", "human"), "us_full", seed=3)
    _play_to(game, lambda g: g.phase == Phase.REINFORCE and g.current == 1)
    seats = Seats(game, demo=False)
    assert seats.hot_seat and seats.viewer() is None and seats.viewer(cheating=True) == 1
    _play_to(game, lambda g: g.phase == Phase.REINFORCE and g.current == 2)
    assert seats.viewer() == 2 and seats.needs_hand_over(game, 2)
    solo = Seats(new_game(("human", "easy"), "us_full", seed=3), demo=False)
    assert not solo.hot_seat and solo.viewer() == 0


def test_reinforcements_for_one_territory_say_territory() -> None:
    game = new_game(("human", "easy", "easy"), "us_full", seed=3)
    lines = narrate_each(game, [ev.ReinforcementsReceived(0, 1, (), 3)], lambda pid: pid == 0)
    assert lines[0].text == "Alex receives 3 armies for 1 territory."
