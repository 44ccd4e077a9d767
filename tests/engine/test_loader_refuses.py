"""The engine's loader refuses every state play cannot reach (issue 13's list, each one
reproduced), shares nothing with its input, and legal_actions agrees with apply on card sets."""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Callable

import pytest

from game.engine import Game, GameConfig, Phase, PlayerSpec, StateError
from game.engine import actions as act
from tests.engine.builders import BOARD, build, give_cards
from tests.engine.test_soak import pick

PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Bob", "blue"), PlayerSpec("Cy", "green")]


def play_until(config: GameConfig, wanted: Callable[[Game], bool], seed: int = 3) -> Game:
    """A game played by random legal moves until `wanted` holds (several seeds tried)."""
    for attempt in range(40):
        rng = random.Random(seed + attempt)
        game = Game.new(config, seed + attempt)
        for _ in range(3000):
            if wanted(game):
                return game
            if game.is_over:
                break
            game.apply(pick(game, rng))
    raise AssertionError("state never reached")


def refuses(data: dict, *words: str) -> None:
    with pytest.raises(StateError) as caught:
        Game.from_dict(data, BOARD)
    for word in words:
        assert word in str(caught.value), str(caught.value)


def attack_state() -> dict:
    return play_until(GameConfig.preset("us_full", PLAYERS),
                      lambda g: g.phase == Phase.ATTACK and g.turn > 3).to_dict()


def test_placements_not_backed_by_armies_are_refused() -> None:
    game = play_until(GameConfig.preset("us_full", PLAYERS),
                      lambda g: g.phase == Phase.REINFORCE and g.turn > 1 and not g.must_trade())
    t = game.territories_of(game.current)[0]
    data = game.to_dict()
    data["placements"] = [[t, 22]]
    refuses(data, "not backed by armies")


def test_battle_dice_beyond_the_armies_are_refused() -> None:
    game = play_until(GameConfig.preset("us_full", PLAYERS), lambda g: g.phase == Phase.DEFEND)
    data = game.to_dict()
    data["armies"][data["battle"]["source"]] = 1
    refuses(data, "too few armies")


def test_placing_with_nothing_to_place_is_refused() -> None:
    game = play_until(GameConfig.preset("uk_full", PLAYERS), lambda g: g.phase == Phase.PLACE)
    data = game.to_dict()
    data["quota"] = data["neutral_quota"] = 0
    refuses(data, "none left to place")


def test_the_neutral_asked_to_defend_is_refused() -> None:
    config = GameConfig.preset("us_full", PLAYERS[:2], neutral=True)
    game = play_until(config, lambda g: g.phase == Phase.ATTACK and g.turn > 1)
    data = game.to_dict()
    neutral = len(game.players) - 1
    source = next(t for t in game.territories_of(game.current)
                  if any(game.owner[n] == neutral for n in BOARD.neighbours[t]))
    target = next(n for n in sorted(BOARD.neighbours[source]) if game.owner[n] == neutral)
    data["armies"][source], data["armies"][target] = 5, 3
    data["phase"] = "defend"
    data["battle"] = {"source": source, "target": target, "dice": 3, "mode": "single",
                      "attacker_roll": [], "defender_roll": [], "advantages": [],
                      "used_reroll": False}
    refuses(data, "neutral")


def test_an_eliminated_player_holding_cards_is_refused() -> None:
    data = attack_state()
    loser = 2 if data["current"] != 2 else 1
    winner = data["current"]
    for t, o in data["owner"].items():
        if o == loser:
            data["owner"][t] = winner
    data["players"][loser]["eliminated"] = True
    data["players"][loser]["hand"].append(data["deck"].pop())
    refuses(data, "out of the game but holds cards")


def test_a_mission_to_destroy_ones_own_colour_is_refused() -> None:
    game = play_until(GameConfig.preset("uk_short", PLAYERS), lambda g: g.phase == Phase.PLACE)
    data = game.to_dict()
    data["players"][0]["mission"] = "destroy_red"
    refuses(data, "its own colour")


@pytest.mark.parametrize("where", ["gauss", "history"])
def test_infinity_in_the_rng_or_the_history_is_refused(where: str) -> None:
    data = attack_state()
    if where == "gauss":
        data["rng"]["gauss"] = float("inf")
        refuses(data, "random number state")
    else:
        data["stats"]["history"][0]["armies"][0] = float("inf")
        refuses(data, "armies")


def test_unknown_keys_in_the_history_are_refused_so_a_save_always_writes() -> None:
    data = attack_state()
    data["stats"]["history"][0]["extra"] = float("inf")
    refuses(data, "history")


def test_a_negative_seed_is_refused_by_the_loader_and_by_new() -> None:
    data = attack_state()
    data["seed"] = -1
    refuses(data, "seed")
    with pytest.raises(StateError):
        Game.new(GameConfig.preset("us_full", PLAYERS), -1)


def test_the_loaded_game_shares_no_list_with_its_input() -> None:
    data = attack_state()
    game = Game.from_dict(data, BOARD)
    before = copy.deepcopy(game.to_dict())
    for key in ("deck", "discard", "removed", "setup_pool"):
        data[key].append("x")
    for player in data["players"]:
        player["hand"].append("x")
    for key in ("battles_won", "battles_lost", "invasions_won", "invasions_lost"):
        data["stats"][key][0] = 999
    data["stats"]["history"][0]["armies"][0] = 999
    data["owner"].clear()
    assert game.to_dict() == before


def test_end_game_while_claiming_leaves_a_finished_game_that_loads() -> None:
    game = Game.new(GameConfig.preset("us_full", PLAYERS), 5)
    assert game.phase == Phase.CLAIM
    game.apply(act.ClaimTerritory("alaska"))
    game.apply(act.EndGame())
    assert game.is_over and any(o is None for o in game.owner.values())
    assert Game.from_dict(game.to_dict(), BOARD) == game
    data = game.to_dict()
    data["end_reason"], data["winner"] = "world", 0  # only abandoning leaves land unclaimed
    refuses(data, "unclaimed")


def test_variants_cannot_change_in_the_middle_of_a_battle() -> None:
    game = play_until(GameConfig.preset("us_full", PLAYERS), lambda g: g.phase == Phase.DEFEND)
    assert not game.is_legal(act.SetVariant("army_limit", 5))


def _result(game: Game, cards: tuple[str, str, str]) -> dict:
    copy_ = game.clone()
    copy_.apply(act.TradeCards(cards))
    return copy_.to_dict()


@pytest.mark.parametrize("flavour", ["us_full", "uk_full"])
def test_legal_actions_list_one_trade_per_result_and_apply_agrees(flavour: str) -> None:
    cards = [next(t for t in BOARD.territories if BOARD.card_kind(t) == kind)
             for kind in ("infantry", "cavalry", "artillery")]  # one of each: a set
    game = build(dict.fromkeys(cards, 0), phase=Phase.REINFORCE, reinforcements=3,
                 game_type=flavour)
    give_cards(game, 0, cards)
    listed = [a.cards for a in game.legal_actions() if isinstance(a, act.TradeCards)]
    assert listed
    results_listed = [_result(game, cards) for cards in listed]
    assert len({repr(r) for r in results_listed}) == len(listed), "each listed order differs"
    for order in itertools.permutations(listed[0]):
        assert _result(game, order) in results_listed
    if flavour == "us_full":
        assert len(listed) == 3  # each of the three held territories can earn the bonus


def test_actions_come_back_from_their_data_and_junk_is_refused_in_words() -> None:
    from game.engine.actions import action_from_dict

    samples = [act.ClaimTerritory("alaska"), act.TradeCards(("a", "b", "c")),
               act.Attack("alaska", "kamchatka", 3, "do_or_die"), act.SetVariant("army_limit", None),
               act.EndGame()]
    for action in samples:
        assert action_from_dict(action.to_dict()) == action
    for junk in ([], {"kind": "fly"}, {"kind": "claim"}, {"kind": "claim", "territory": [1]},
                 {"kind": "trade", "cards": "abc"}, {"kind": "defend", "dice": 10**30}):
        with pytest.raises(StateError) as caught:
            action_from_dict(junk)
        assert "(" not in str(caught.value)
