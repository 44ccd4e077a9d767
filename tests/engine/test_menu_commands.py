"""Every menu command (variants, Change Sides, Cheat, Extend Game, End Game) in every phase
either is refused by the engine (so the menu dims it) or leaves a sound state that saves and
loads back."""

from __future__ import annotations

import json
import random

import pytest

from game.engine import Game, GameConfig, Phase, PlayerSpec, Variants
from game.engine import actions as act
from tests.engine.rules_check import violations
from tests.engine.test_soak import pick

PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Bob", "blue"), PlayerSpec("Cy", "green")]
CONFIGS = [
    GameConfig.preset("us_full", PLAYERS),
    GameConfig.preset("us_short", PLAYERS),
    GameConfig.preset("uk_short", PLAYERS, variants=Variants(attack_advantage=True,
                                                             computer_advantage=True)),
    GameConfig.preset("us_full", PLAYERS[:2], neutral=True,
                      variants=Variants(supply_lines=True, army_limit=12)),
]


def states_by_phase() -> dict[Phase, list[Game]]:
    """Up to three states of each phase, from random games of each kind."""
    found: dict[Phase, list[Game]] = {p: [] for p in Phase}
    for index, config in enumerate(CONFIGS):
        for seed in range(3):
            rng = random.Random(seed * 10 + index)
            game = Game.new(config, seed)
            for _ in range(1500):
                if len(found[game.phase]) < 3 and rng.random() < 0.2:
                    found[game.phase].append(game.clone())
                if game.is_over:
                    break
                game.apply(pick(game, rng))
    return found


def commands(game: Game) -> list[act.Action]:
    out: list[act.Action] = [act.ExtendGame(), act.EndGame()]
    for name in act.VARIANT_NAMES:
        out.extend([act.SetVariant(name, True), act.SetVariant(name, False)])
    out.extend(act.SetVariant("army_limit", v) for v in (None, 5, 12))
    out.extend(act.ChangeSides(p) for p in range(len(game.players)))
    out.extend(act.CheatConquer(t) for t in list(game.board.territories)[::7])
    return out


STATES = states_by_phase()


@pytest.mark.parametrize("phase", list(Phase), ids=lambda p: p.value)
def test_each_menu_command_is_refused_or_leaves_a_loadable_state(phase: Phase) -> None:
    if not STATES[phase]:
        pytest.skip(f"no game reached {phase.value}")
    tried = 0
    for state in STATES[phase]:
        for command in commands(state):
            game = state.clone()
            if not game.is_legal(command):
                continue
            game.apply(command)
            tried += 1
            assert violations(game) == [], (phase, command)
            text = json.dumps(game.to_dict(), allow_nan=False)
            assert Game.from_dict(json.loads(text), game.board) == game, (phase, command)
            if not game.is_over:
                assert game.legal_actions(), (phase, command)
    if phase != Phase.GAME_OVER:
        assert tried, f"no menu command is possible in {phase.value}"
