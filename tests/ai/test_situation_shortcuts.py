"""The shortcuts that make a Situation cheap give exactly what the plain sums give."""

from __future__ import annotations

from game.ai import make_general
from game.ai.evaluate import Situation
from game.ai.good import GOOD
from game.ai.mapinfo import map_info
from game.ai.simulate import make_config
from game.ai.standard import STANDARD
from game.ai.view import SeatView
from game.engine import Game, Phase


def _positions(count: int = 12) -> list[SeatView]:
    """Views of a six-player UK game at some of its attack and reinforcement decisions."""
    game = Game.new(make_config(["standard"] * 6, "uk_full"), 5)
    generals = {seat: make_general("standard", seat, 5) for seat in range(6)}
    views: list[SeatView] = []
    while not game.is_over and len(views) < count:
        if game.phase in (Phase.ATTACK, Phase.REINFORCE) and game.turn % 2 == 0:
            views.append(SeatView(game.clone(), game.to_move))
        game.apply(generals[game.to_move].choose(game))
    return views


def test_top_two_gains_are_the_two_best_attack_scores() -> None:
    for view in _positions():
        for profile in (STANDARD, GOOD):
            sit = Situation(view, profile)
            for s in sit.mine:
                targets = [x for x in sit.info.neighbours[s] if sit.owner[x] != sit.me]
                for extra in (0, 1, 7):
                    gains = sorted((sit.attack_score(s, x, extra)[1] for x in targets),
                                   reverse=True) + [float("-inf")] * 2
                    assert sit.top_two_gains(s, targets, extra) == (gains[0], gains[1])


def test_tallies_continents_and_held_land_match_a_plain_walk() -> None:
    for view in _positions(6):
        sit = Situation(view, GOOD)
        info = sit.info
        for pid in [*sit.active, None]:
            held = [t for t in info.territories if view.owner[t] == pid]
            assert sit.held_by(pid) == held
            assert sit.count.get(pid, 0) == len(held)
            assert sit.total.get(pid, 0) == sum(view.armies[t] for t in held)
        assert sit.mine == sit.held_by(sit.me)
        for c, members in info.members.items():
            owners = {view.owner[t] for t in members}
            assert sit.continent_owner[c] == (owners.pop() if len(owners) == 1 else None)
            assert sit.lacking[c] == sum(1 for t in members if view.owner[t] != sit.me)


def test_a_kept_threat_is_the_threat_worked_out_afresh() -> None:
    view = _positions(1)[0]
    sit = Situation(view, STANDARD)
    first = {t: sit.threat(t) for t in sit.info.territories}
    assert first == {t: Situation(view, STANDARD).threat(t) for t in sit.info.territories}
    assert {t: sit.threat(t) for t in sit.info.territories} == first  # from the cache
    assert any(first.values())  # (a position with enemies beside us)


def test_a_continent_reader_reads_its_members_in_board_order() -> None:
    info = map_info(Game.new(make_config(["easy", "easy"]), 1).board)
    for c, members in info.members.items():
        assert info.member_items[c](list(info.territories)) == members
