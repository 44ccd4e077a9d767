"""The soak: whole games of every type and variant, played by random legal moves and random
menu commands (variants, Change Sides, Cheat, Extend Game, End Game), with the invariants of
tests/engine/rules_check.py checked after every action and every state saved and loaded back.

A small run is part of the default suite; `python -m pytest -m slow tests/engine` plays 1,000
games and prints its figures.
"""

from __future__ import annotations

import copy
import json
import random
import time
from dataclasses import dataclass, field

import pytest

from game.engine import ArmyChoice, Game, GameConfig, IllegalActionError, PlayerSpec, Variants
from game.engine import actions as act
from game.engine.config import COLOURS
from tests.engine.rules_check import violations
from tests.figures import report

TYPES = ("uk_full", "us_full", "uk_short", "us_short", "custom")
MAX_ACTIONS = 4000


@dataclass
class Figures:
    games: int = 0
    actions: int = 0
    menu_commands: int = 0
    finished: int = 0
    violations: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    slowest: float = 0.0

    def line(self) -> str:
        return (f"soak: {self.games} games, {self.actions} actions ({self.menu_commands} menu "
                f"commands), {self.finished} won, {len(self.violations)} violations, "
                f"{len(self.exceptions)} exceptions, slowest action {self.slowest:.3f} s")


def random_config(rng: random.Random) -> GameConfig:
    count = rng.randint(2, 6)
    names = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
    levels = ("human", "easy", "standard", "good")
    players = [PlayerSpec(names[i], COLOURS[i], rng.choice(levels)) for i in range(count)]
    variants = Variants(
        supply_lines=rng.random() < 0.3, army_limit=rng.choice([None, None, 5, 12, 40]),
        attack_advantage=rng.random() < 0.3, computer_advantage=rng.random() < 0.3)
    kind = rng.choice(TYPES)
    if kind == "custom":
        set_values = rng.choice(["increasing", "fixed"])
        neutral = count == 2 and rng.random() < 0.5
        return GameConfig(
            players=tuple(players), game_type="custom", flavour=rng.choice(["uk", "us"]),
            territory_selection="random" if neutral else rng.choice(["manual", "random"]),
            set_values=set_values,
            objective=rng.choice(["world", "missions", "headquarters"]),
            special_setup=rng.random() < 0.3, armies_per_placement=rng.choice([1, 3]),
            two_player_armies=rng.choice([40, 50]), neutral=neutral,
            variants=Variants(**{**variants.to_dict(),
                                 "low_exchange_rate": set_values == "increasing"
                                 and rng.random() < 0.3}),
        )
    neutral = count == 2 and rng.random() < 0.5
    return GameConfig.preset(kind, players, neutral=neutral, variants=variants)


def menu_command(game: Game, rng: random.Random) -> act.Action:
    """A menu command a player could choose now, legal or not (the engine must refuse)."""
    roll = rng.random()
    if roll < 0.35:
        name = rng.choice(act.VARIANT_NAMES)
        value: bool | int | None = rng.choice([None, 5, 12, 40]) if name == "army_limit" \
            else rng.random() < 0.5
        return act.SetVariant(name, value)
    if roll < 0.55:
        return act.ChangeSides(rng.randrange(len(game.players)))
    if roll < 0.8:
        return act.CheatConquer(rng.choice(list(game.board.territories)))
    if roll < 0.98:
        return act.ExtendGame()
    return act.EndGame()  # rarely: most games should run to a winner


def pick(game: Game, rng: random.Random) -> act.Action:
    legal = game.legal_actions()
    assert legal, f"no legal action in phase {game.phase.value}"
    attacks = [a for a in legal if isinstance(a, act.Attack)]
    if attacks and rng.random() < 0.8:
        choice: object = rng.choice(attacks)
    else:
        choice = rng.choice(legal)
    if isinstance(choice, ArmyChoice):
        return choice.make(rng.randint(choice.lo, choice.hi))
    return choice  # type: ignore[return-value]


def check_round_trip(game: Game, share_check: bool) -> None:
    data = game.to_dict()
    text = json.dumps(data, allow_nan=False)  # a save must always be writable and readable
    loaded = Game.from_dict(json.loads(text), game.board)
    assert loaded == game
    if share_check:
        raw = copy.deepcopy(data)
        again = Game.from_dict(raw, game.board)
        for key in ("deck", "discard", "removed", "setup_pool", "placements"):
            raw[key].append("x")
        for p in raw["players"]:
            p["hand"].append("x")
        raw["stats"]["battles_won"].append(1)
        raw["stats"]["history"].append({})
        raw["owner"].clear()
        assert again == game, "the loaded game shares lists with its input"


def play_one(seed: int, figures: Figures, menu_rate: float = 0.02, trip_every: int = 1) -> None:
    rng = random.Random(seed)
    game = Game.new(random_config(rng), seed)
    figures.games += 1
    where = f"seed {seed}"
    for step in range(MAX_ACTIONS):
        if game.is_over:
            break
        menu = rng.random() < menu_rate
        action = menu_command(game, rng) if menu else pick(game, rng)
        started = time.perf_counter()
        try:
            game.apply(action)
        except IllegalActionError:
            if not menu:
                figures.exceptions.append(f"{where}: legal action refused: {action!r}")
                return
            continue
        except Exception as exc:  # noqa: BLE001 - the figure counts every kind of failure
            figures.exceptions.append(f"{where} step {step}: {action!r} raised {exc!r}")
            return
        figures.slowest = max(figures.slowest, time.perf_counter() - started)
        figures.actions += 1
        figures.menu_commands += menu
        problems = violations(game)
        if problems:
            figures.violations.append(f"{where} step {step} after {action!r}: {problems}")
            return
        if not (menu or step % trip_every == 0):
            continue
        try:
            check_round_trip(game, share_check=step % 97 == 0)
        except Exception as exc:  # noqa: BLE001
            figures.exceptions.append(f"{where} step {step}: save/load after {action!r}: {exc!r}")
            return
    if game.is_over and game.winner is not None:
        figures.finished += 1


def run_soak(games: int, first_seed: int = 1, trip_every: int = 1) -> Figures:
    """`trip_every`: save and load back after every n-th action (and every menu command)."""
    figures = Figures()
    for seed in range(first_seed, first_seed + games):
        play_one(seed, figures, trip_every=trip_every)
    return figures


def _report(figures: Figures) -> None:
    report(figures.line())
    for line in (figures.violations + figures.exceptions)[:10]:
        print("  " + line)
    assert not figures.violations, figures.violations[:3]
    assert not figures.exceptions, figures.exceptions[:3]


def test_soak_small() -> None:
    # every action checked; saved and loaded back after every 5th and every menu command, as
    # the 1,000-game soak does (after every action it took a quarter of the default suite)
    figures = run_soak(6, trip_every=5)
    _report(figures)
    assert figures.actions > 500


@pytest.mark.slow
def test_soak_1000_games() -> None:
    figures = run_soak(1000, first_seed=1000, trip_every=5)
    _report(figures)
    assert figures.games == 1000
