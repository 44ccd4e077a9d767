"""Stopping a rival's secret mission (game/ai/mission_watch.py): which cards a rival may hold,
and that the territories which would finish one are worth taking first."""

from __future__ import annotations

from dataclasses import replace

from game.ai.evaluate import Situation
from game.ai.good import PROFILES
from game.ai.mission_watch import blocking_values, rival_cards
from game.ai.simulate import make_config
from game.ai.view import SeatView
from game.engine import Game
from game.engine.missions import CONQUER_24


def _missions_game(rival_land: list[str], game_type: str = "uk_short") -> Game:
    """Three players: seat 1 holds `rival_land` (3 armies each), seats 0 and 2 share the
    rest; seat 0's own card is "Occupy 18 territories with 2 armies"."""
    game = Game.new(make_config(["good"] * 3, game_type), 1)
    for index, t in enumerate(game.board.territories):
        game.owner[t] = 0 if index % 2 == 0 else 2
        game.armies[t] = 3
    for t in rival_land:
        game.owner[t] = 1
    if game_type == "uk_short":
        game.players[0].mission = "occupy_18_with_2"
    return game


ASIA = ["ural", "siberia", "yakutsk", "kamchatka", "irkutsk", "mongolia", "japan",
        "afghanistan", "china", "middle_east", "india", "siam"]
# Asia and South America but Brazil: one conquest from "Conquer Asia and South America"
CLOSE = ASIA + ["venezuela", "peru", "argentina"]
# the same count of territories, scattered: no card is near
FAR = ["alaska", "greenland", "quebec", "iceland", "ukraine", "egypt", "congo", "madagascar",
       "japan", "siam", "india", "indonesia", "peru", "brazil", "ontario"]


def test_a_rival_may_hold_any_card_but_ours_and_their_own_destroy_card_is_24() -> None:
    game = _missions_game(CLOSE)
    view = SeatView(game, 0)
    cards = rival_cards(view, 1)
    ids = [card.id for card in cards]
    assert "occupy_18_with_2" not in ids  # ours
    assert "destroy_blue" not in ids and ids.count(CONQUER_24) == 2  # theirs turns into 24
    assert "destroy_red" in ids and "destroy_green" in ids
    assert not any(card.destroy_colour in {"yellow", "black", "pink"} for card in cards)


def test_the_territories_that_would_finish_a_card_are_worth_taking_first() -> None:
    watching = replace(PROFILES["base"], block_weight=4.0)
    sit = Situation(SeatView(_missions_game(CLOSE), 0), watching)
    values = blocking_values(sit, [1, 2], 4.0)
    assert values == sit.block
    assert values["siam"] > 2.0 and values["peru"] > 2.0
    # Brazil is the other rival's, who is near no card: little worth for stopping anyone
    assert values.get("brazil", 0.0) < values["peru"] / 5
    far = Situation(SeatView(_missions_game(FAR), 0), watching).block
    assert far.get("siam", 0.0) < values["siam"] / 5


def test_the_conquest_price_carries_the_stop_only_with_missions_and_the_weight() -> None:
    game = _missions_game(CLOSE)
    on = replace(PROFILES["base"], block_weight=4.0)
    off = replace(PROFILES["base"], block_weight=0.0)
    view = SeatView(game, 0)
    assert Situation(view, on).target_value("siam") > \
        Situation(view, off).target_value("siam") + 1.0
    world = _missions_game(CLOSE, "uk_full")
    world_view = SeatView(world, 0)
    assert Situation(world_view, on).block == {}
    assert Situation(world_view, on).target_value("siam") == \
        Situation(world_view, off).target_value("siam")
