"""Property tests: random legal games of every type keep the invariants and replay exactly."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import ArmyChoice, Game, GameConfig, Phase, Variants
from game.engine import actions as act
from game.engine.config import HARD_ARMY_LIMIT
from tests.engine.builders import BOARD, players

GAME_SETUPS = st.sampled_from([
    ("us_full", 3, False), ("uk_full", 4, False), ("uk_short", 5, False),
    ("us_short", 3, False), ("us_full", 2, True), ("uk_full", 2, True), ("uk_short", 6, False),
    ("custom", 4, False), ("us_short", 2, False),
])
VARIANTS = st.builds(
    Variants,
    low_exchange_rate=st.booleans(), supply_lines=st.booleans(),
    army_limit=st.sampled_from([None, None, 5, 12, 40]),
    attack_advantage=st.booleans(), computer_advantage=st.booleans(),
)


def make_config(game_type: str, count: int, neutral: bool, variants: Variants,
                rng: random.Random) -> GameConfig:
    if game_type == "custom":
        return GameConfig(
            players=tuple(players(count)), game_type="custom",
            flavour=rng.choice(["uk", "us"]),
            territory_selection=rng.choice(["manual", "random"]),
            set_values="increasing", objective=rng.choice(["world", "missions", "headquarters"]),
            special_setup=rng.random() < 0.3, armies_per_placement=rng.choice([1, 3]),
            variants=variants,
        )
    if game_type in ("uk_full", "uk_short"):
        variants = Variants(**{**variants.to_dict(), "low_exchange_rate": False})
    return GameConfig.preset(game_type, players(count), neutral=neutral, variants=variants)


def pick(game: Game, rng: random.Random) -> act.Action:
    """A random legal action, leaning towards fighting so that games move on."""
    legal = game.legal_actions()
    attacks = [a for a in legal if isinstance(a, act.Attack)]
    if attacks and rng.random() < 0.85:
        choice: object = rng.choice(attacks)
    else:
        choice = rng.choice(legal)
    if isinstance(choice, ArmyChoice):
        return choice.make(rng.randint(choice.lo, choice.hi))
    assert not isinstance(choice, ArmyChoice)
    return choice  # type: ignore[return-value]


def check_invariants(game: Game) -> None:
    cards = list(game.deck) + game.discard + game.removed
    for p in game.players:
        cards += p.hand
    assert sorted(cards) == sorted(BOARD.card_ids), "the 44 cards are conserved"
    limit = game.variants.army_limit
    for t, owner in game.owner.items():
        armies = game.armies[t]
        if owner is None:
            assert game.phase == Phase.CLAIM and armies == 0
            continue
        assert 1 <= armies <= HARD_ARMY_LIMIT, f"{t} holds {armies}"
        assert not game.players[owner].eliminated
        if limit is not None and owner != game.neutral_id:
            assert armies <= limit
    assert game.reinforcements >= 0 and min(game.setup_pool) >= 0
    if not game.is_over:
        mover = game.players[game.to_move]
        assert not mover.is_neutral and not mover.eliminated
        assert game.legal_actions(), f"no legal action in phase {game.phase}"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=GAME_SETUPS, variants=VARIANTS, seed=st.integers(0, 2**32 - 1))
def test_random_legal_games_keep_every_invariant(setup, variants, seed):
    rng = random.Random(seed)
    game_type, count, neutral = setup
    game = Game.new(make_config(game_type, count, neutral, variants, rng), seed=seed, board=BOARD)
    check_invariants(game)
    for step in range(400):
        if game.is_over:
            break
        game.apply(pick(game, rng))
        check_invariants(game)
        if step % 40 == 0:
            assert Game.from_dict(game.to_dict(), BOARD) == game
    assert Game.from_dict(game.to_dict(), BOARD) == game


@settings(max_examples=10, deadline=None)
@given(setup=GAME_SETUPS, variants=VARIANTS, seed=st.integers(0, 2**32 - 1))
def test_the_same_seed_and_actions_give_the_same_game(setup, variants, seed):
    game_type, count, neutral = setup
    config = make_config(game_type, count, neutral, variants, random.Random(seed))
    first = Game.new(config, seed=seed, board=BOARD)
    second = Game.new(config, seed=seed, board=BOARD)
    chooser = random.Random(seed)
    for _ in range(250):
        if first.is_over:
            break
        action = pick(first, chooser)
        assert first.apply(action) == second.apply(action)
    assert first.to_dict() == second.to_dict()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_game_restored_midway_plays_on_exactly_like_the_original(seed):
    config = GameConfig.preset("us_full", players(4))
    game = Game.new(config, seed=seed, board=BOARD)
    chooser = random.Random(seed)
    for _ in range(150):
        game.apply(pick(game, chooser))
    copy = Game.from_dict(game.to_dict(), BOARD)
    for _ in range(150):
        if game.is_over:
            break
        action = pick(game, chooser)
        assert game.apply(action) == copy.apply(action)
    assert game == copy


def test_illegal_actions_never_change_the_state():
    rng = random.Random(3)
    game = Game.new(GameConfig.preset("us_full", players(3)), seed=3, board=BOARD)
    wild = [act.Attack("alaska", "peru", 3), act.PlaceArmies("atlantis", 1), act.Occupy(99),
            act.Fortify("alaska", "alaska", 1), act.Defend(2), act.EndTurn(),
            act.TradeCards(("alaska", "peru", "china")), act.UseAdvantage("six"),
            act.ClaimTerritory("nowhere"), act.PlaceArmies("alaska", -1),
            act.ChooseHeadquarters("alaska"), act.UndoPlacements(), act.DeclineAdvantage()]
    for _ in range(300):
        before = game.to_dict()
        for bad in wild:
            if not game.is_legal(bad):
                try:
                    game.apply(bad)
                except Exception as exc:  # noqa: BLE001 - the type is asserted below
                    assert type(exc).__name__ == "IllegalActionError"
                assert game.to_dict() == before
        game.apply(pick(game, rng))
