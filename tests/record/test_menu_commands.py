"""Menu commands (variants, change sides, cheat, extend, undo, end game) are recorded and replay."""

from __future__ import annotations

import random

import pytest

from game.ai import make_general
from game.ai.simulate import make_config
from game.engine import Game
from game.engine import actions as act
from game.engine.chronicle import Chronicle
from game.engine.replayer import replay_game
from game.replay import verify_game
from game.savegame import load_game, save_game


def option_commands(game: Game, rng: random.Random) -> list[act.Action]:
    """A few menu commands a player might give now (each checked legal before use)."""
    me = game.current
    others = [i for i, p in enumerate(game.players)
              if i != me and not p.is_neutral and not p.eliminated]
    enemy = [t for t, o in game.owner.items() if o is not None and o != me]
    wishes: list[act.Action] = [
        act.SetVariant("supply_lines", not game.variants.supply_lines),
        act.SetVariant("attack_advantage", not game.variants.attack_advantage),
        act.SetVariant("army_limit", None if game.variants.army_limit else 20),
        act.UndoPlacements(),
        act.ExtendGame(),
    ]
    if others:
        wishes.append(act.ChangeSides(rng.choice(others)))
    if enemy:
        wishes.append(act.CheatConquer(rng.choice(sorted(enemy))))
    return [w for w in wishes if game.is_legal(w)]


@pytest.mark.parametrize("game_type", ["us_short", "uk_short", "us_full"])
def test_menu_commands_are_recorded_saved_and_replayed_exactly(game_type, tmp_path):
    seed = 31
    game = Game.new(make_config(("standard", "good", "easy"), game_type), seed)
    generals = {s: make_general(p.level, s, seed) for s, p in enumerate(game.players)}
    rng = random.Random(seed)
    used: set[str] = set()
    while not game.is_over and game.turn < 40:
        if rng.random() < 0.04:
            commands = option_commands(game, rng)
            if commands:
                untried = [c for c in commands if c.kind not in used]
                # Each kind is tried first once, so the test does not hang on the generals' pace.
                command = rng.choice(untried or commands)
                game.apply(command)
                used.add(command.kind)
                continue
        general = generals[game.to_move]
        if general.level != game.players[game.to_move].level:  # sides were changed
            general = generals[game.to_move] = make_general(game.players[game.to_move].level,
                                                            game.to_move, seed)
        game.apply(general.choose(game))
    if not game.is_over:
        game.apply(act.EndGame())
        used.add("end_game")
    assert {"set_variant", "cheat_conquer"} <= used, used
    loaded = load_game(save_game(game, "MENUS", tmp_path)).game
    assert verify_game(loaded).ok
    assert replay_game(loaded) == game
    text = " ".join(e.text for e in Chronicle(game).entries)
    if "cheat_conquer" in used:
        assert "cheats and takes" in text
    if "change_sides" in used:
        assert "change sides" in text
    if "end_game" in used:
        assert "ended without a winner" in text
