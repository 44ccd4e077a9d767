"""What the NEW GAME window offers and how it reads the remembered answers: the default
players, the game types and their descriptions, the neutral rules of each flavour, the attack
modes, the window's layout, and the checks of a settings file's design options.
"""

from __future__ import annotations

from dataclasses import fields
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import GameConfig, PlayerSpec
from game.engine.config import (
    COLOURS,
    HARD_ARMY_LIMIT,
    LEVELS,
    MIN_ARMY_LIMIT,
    allows_low_exchange_rate,
)
from game.scenes.setup.design import DesignOptions

if TYPE_CHECKING:
    from game.scenes.setup.form import SetupForm

DEFAULT_NAMES = ("Alex", "Napoleon", "Hannibal", "Genghis", "Caesar", "Joan")
DEFAULT_LEVELS = ("human", "good", "standard", "easy", "standard", "good")
DEFAULT_PLAYERS = 6
DEFAULT_GAME_TYPE = "uk_short"
NAME_LENGTH = 16
GAME_TYPES = (("UK FULL", "uk_full", 85), ("US FULL", "us_full", 85), ("UK SHORT", "uk_short", 91),
              ("US SHORT", "us_short", 91), ("DESIGN YOUR OWN", "custom", 128))
DESCRIPTIONS = {
    "uk_full": "UK full game: English cards, random territory selection,\n"
               "fixed set values. The first player to conquer the World wins.",
    "us_full": "US full game: American cards, manual territory selection,\n"
               "set values increase. The first player to conquer the World wins.",
    "uk_short": "UK short game: English cards, random territory selection,\n"
                "fixed set values. The first player to complete a mission wins.",
    "us_short": "US short game: American cards, manual territory selection, set values\n"
                "increase. The first player to occupy the enemy HQs wins.",
}
NEUTRAL_REMINDER = "Neutral games begin with random territory selection."
NEUTRAL_RULES = {
    "us": "US neutral rules: 1 army a territory, reinforced only while placing.",
    "uk": "UK neutral rules: 2 armies a territory, half of each turn's reinforcements."}
ATTACK_MODES = (("Single", "single"), ("Continuous", "continuous"), ("Do-or-die", "do_or_die"))
DIALOG_RECT = pygame.Rect(49, 29, 542, 352)
ROW_Y0 = 98
ROW_STEP = 22
LEVEL_X = (254, 334, 414, 494)
SWATCH_W = 30


_DESIGN_CHOICES: dict[str, tuple[Any, ...]] = {
    "territory_selection": ("manual", "random"), "set_values": ("increasing", "fixed"),
    "objective": ("world", "missions", "headquarters"), "flavour": ("uk", "us"),
    "armies_per_placement": (1, 3), "two_player_armies": (40, 50)}


def design_options(data: Any) -> DesignOptions | None:
    """DesignOptions from the settings file, or None if anything in it is out of place."""
    if not isinstance(data, dict):
        return None
    values: dict[str, Any] = {}
    for f in fields(DesignOptions):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name in _DESIGN_CHOICES:
            if value not in _DESIGN_CHOICES[f.name] or type(value) is bool:
                return None
        elif f.name == "army_limit":
            if value is not None and not (type(value) is int
                                          and MIN_ARMY_LIMIT <= value <= HARD_ARMY_LIMIT):
                return None
        elif type(value) is not bool:
            return None
        values[f.name] = value
    options = DesignOptions(**values)
    if options.low_exchange_rate and not allows_low_exchange_rate(options.set_values):
        return None
    return options


def preset_option(game_type: str, option: str) -> str:
    """Read an option of a standard game from the engine's own preset (one source of rules)."""
    sample = (PlayerSpec("a", COLOURS[0]), PlayerSpec("b", COLOURS[1]))
    return str(getattr(GameConfig.preset(game_type, sample), option))


def recall_answers(scene: SetupForm, data: Mapping[str, Any]) -> None:
    """Show the answers of the last game set up; each answer that does not make sense
    (an old or edited settings file) keeps its default."""
    if not isinstance(data, Mapping) or not data:
        return
    count = data.get("count")
    if type(count) is int and 2 <= count <= len(DEFAULT_NAMES):
        scene.count = count
    names = data.get("names")
    if isinstance(names, list) and len(names) == len(DEFAULT_NAMES) \
            and all(isinstance(n, str) for n in names):
        for box, name in zip(scene.names, names, strict=True):
            box.text = name[:NAME_LENGTH].strip() or box.text
            box.cursor = len(box.text)
    colours = data.get("colours")
    if isinstance(colours, list) and sorted(map(str, colours)) == sorted(COLOURS):
        scene.colours = [str(c) for c in colours]
    levels = data.get("levels")
    if isinstance(levels, list) and len(levels) == len(DEFAULT_NAMES) \
            and all(lv in LEVELS for lv in levels):
        scene.levels = list(levels)
    if data.get("game_type") in {key for _, key, _ in GAME_TYPES}:
        scene.game_type = data["game_type"]
    design = design_options(data.get("design"))
    if design is not None:
        scene.design = design
    elif scene.game_type == "custom":
        scene.game_type = DEFAULT_GAME_TYPE
    if type(data.get("neutral")) is bool:
        scene.neutral = data["neutral"]
    hq = data.get("hq_to_win")
    if hq is None or (type(hq) is int and 2 <= hq < scene.count):
        scene.hq_to_win = hq
    if data.get("attack_mode") in {key for _, key in ATTACK_MODES}:
        scene.attack_mode = data["attack_mode"]
