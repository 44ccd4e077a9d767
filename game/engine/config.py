"""How a game is set up: players, game type and options, and the variants. No pygame.

The four standard game types of the manual are presets over the same options that
"design your own game" exposes one by one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.engine.board import is_board_id
from game.engine.errors import StateError

COLOURS = ("red", "blue", "green", "yellow", "black", "pink")
NEUTRAL_COLOUR = "grey"
LEVELS = ("human", "easy", "standard", "good")
GAME_TYPES = ("uk_full", "us_full", "uk_short", "us_short", "custom")
GAME_TYPE_NAMES = {
    "uk_full": "UK Full Game",
    "us_full": "US Full Game",
    "uk_short": "UK Short Game",
    "us_short": "US Short Game",
    "custom": "Own Design",
}
STARTING_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
HARD_ARMY_LIMIT = 750
MIN_ARMY_LIMIT = 5
DEFAULT_ARMY_LIMIT = 12


def allows_low_exchange_rate(set_values: str) -> bool:
    """Low Exchange Rate is valid only when sets of cards increase in value (manual p.34)."""
    return set_values == "increasing"


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A seat at the table: the engine treats every level alike; the level says who decides."""

    name: str
    colour: str
    level: str = "human"


@dataclass(frozen=True, slots=True)
class Variants:
    """The VARIANTS menu; they may change during a game, so the game keeps its own copy."""

    low_exchange_rate: bool = False
    supply_lines: bool = False
    army_limit: int | None = None
    attack_advantage: bool = False
    computer_advantage: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "low_exchange_rate": self.low_exchange_rate,
            "supply_lines": self.supply_lines,
            "army_limit": self.army_limit,
            "attack_advantage": self.attack_advantage,
            "computer_advantage": self.computer_advantage,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Variants:
        if not isinstance(data, dict):
            raise StateError("the variants must be a table")
        limit = data.get("army_limit")
        if limit is not None and (
            type(limit) is not int or not MIN_ARMY_LIMIT <= limit <= HARD_ARMY_LIMIT
        ):
            raise StateError("the army limit must be a whole number from 5 to 750")
        flags = {}
        for key in ("low_exchange_rate", "supply_lines", "attack_advantage", "computer_advantage"):
            value = data.get(key, False)
            if not isinstance(value, bool):
                raise StateError(f"variant {key} must be true or false")
            flags[key] = value
        return cls(army_limit=limit, **flags)


@dataclass(frozen=True)
class GameConfig:
    """Everything chosen on the setup screen."""

    players: tuple[PlayerSpec, ...]
    game_type: str = "us_full"
    flavour: str = "us"
    territory_selection: str = "manual"
    set_values: str = "increasing"
    objective: str = "world"
    special_setup: bool = False
    armies_per_placement: int = 1
    two_player_armies: int = 40
    neutral: bool = False
    hq_to_win: int | None = None
    variants: Variants = field(default_factory=Variants)
    board: str = "classic"

    def __post_init__(self) -> None:
        self.validate()

    @classmethod
    def preset(
        cls,
        game_type: str,
        players: tuple[PlayerSpec, ...] | list[PlayerSpec],
        *,
        neutral: bool = False,
        hq_to_win: int | None = None,
        variants: Variants | None = None,
    ) -> GameConfig:
        """One of the manual's four standard games (UK/US, full/short)."""
        presets: dict[str, dict[str, Any]] = {
            "uk_full": dict(flavour="uk", territory_selection="random", set_values="fixed",
                            objective="world"),
            "us_full": dict(flavour="us", territory_selection="manual", set_values="increasing",
                            objective="world"),
            "uk_short": dict(flavour="uk", territory_selection="random", set_values="fixed",
                             objective="missions"),
            "us_short": dict(flavour="us", territory_selection="manual", set_values="increasing",
                             objective="headquarters"),
        }
        if game_type not in presets:
            raise StateError(f"unknown game type {game_type!r}")
        options = presets[game_type]
        if neutral:
            options = {**options, "territory_selection": "random"}
        return cls(
            players=tuple(players),
            game_type=game_type,
            neutral=neutral,
            hq_to_win=hq_to_win,
            variants=variants or Variants(),
            **options,
        )

    @property
    def starting_armies(self) -> int:
        if len(self.players) == 2:
            return self.two_player_armies
        return STARTING_ARMIES[len(self.players)]

    def validate(self) -> None:
        """Refuses impossible set-ups with a message a player can read."""
        count = len(self.players)
        if not 2 <= count <= 6:
            raise StateError("a game needs 2 to 6 players")
        colours = [p.colour for p in self.players]
        if len(set(colours)) != count or any(c not in COLOURS for c in colours):
            raise StateError("each player needs a different colour from " + ", ".join(COLOURS))
        if any(p.level not in LEVELS for p in self.players):
            raise StateError("a player's level must be one of " + ", ".join(LEVELS))
        if any(not p.name.strip() or len(p.name) > 16 or not p.name.isprintable()
               for p in self.players):
            raise StateError("player names must be 1 to 16 printable characters")
        checks = [
            (self.game_type in GAME_TYPES, "the game type is not one this game knows"),
            (self.flavour in ("uk", "us"), "flavour must be uk or us"),
            (self.territory_selection in ("manual", "random"),
             "territory selection must be manual or random"),
            (self.set_values in ("increasing", "fixed"), "set values must be increasing or fixed"),
            (self.objective in ("world", "missions", "headquarters"),
             "objective must be world, missions or headquarters"),
            (self.armies_per_placement in (1, 3), "armies per placement turn must be 1 or 3"),
            (self.two_player_armies in (40, 50), "two-player armies must be 40 or 50"),
            (not self.variants.low_exchange_rate or allows_low_exchange_rate(self.set_values),
             "Low Exchange Rate needs set values that increase"),
            (not self.neutral or count == 2, "only a two-player game can have a neutral player"),
            (not self.neutral or self.territory_selection == "random",
             "a neutral game must begin with random territory selection"),
        ]
        for ok, message in checks:
            if not ok:
                raise StateError(message)
        if self.hq_to_win is not None and not 2 <= self.hq_to_win <= count:
            raise StateError(f"the number of HQs to win must be 2 to {count}")

    def with_changes(self, **changes: Any) -> GameConfig:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [{"name": p.name, "colour": p.colour, "level": p.level}
                        for p in self.players],
            "game_type": self.game_type,
            "flavour": self.flavour,
            "territory_selection": self.territory_selection,
            "set_values": self.set_values,
            "objective": self.objective,
            "special_setup": self.special_setup,
            "armies_per_placement": self.armies_per_placement,
            "two_player_armies": self.two_player_armies,
            "neutral": self.neutral,
            "hq_to_win": self.hq_to_win,
            "variants": self.variants.to_dict(),
            "board": self.board,
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameConfig:
        """Rebuilds a config from `to_dict` output, refusing (never coercing) bad values:
        `"false"` is not false and `1e400` is not a number of armies."""
        if not isinstance(data, dict):
            raise StateError("the game settings are missing")
        rows = data.get("players")
        if not isinstance(rows, list) or not 2 <= len(rows) <= len(COLOURS):
            raise StateError("a game needs a list of 2 to 6 players")
        players = []
        for index, row in enumerate(rows):
            if not isinstance(row, dict) or not all(
                    isinstance(row.get(k), str) for k in ("name", "colour", "level")):
                raise StateError(f"player {index + 1} of the game settings is malformed")
            players.append(PlayerSpec(row["name"], row["colour"], row["level"]))

        def text(key: str) -> str:
            value = data.get(key)
            if not isinstance(value, str):
                raise StateError(f"the game setting {key} is missing or not a word")
            return value

        def flag(key: str) -> bool:
            value = data.get(key)
            if type(value) is not bool:
                raise StateError(f"the game setting {key} must be true or false")
            return value

        def whole(key: str) -> int:
            value = data.get(key)
            if type(value) is not int:
                raise StateError(f"the game setting {key} must be a whole number")
            return value

        hq = data.get("hq_to_win")
        if hq is not None and type(hq) is not int:
            raise StateError("the number of HQs to win must be a whole number")
        board = data.get("board", "classic")
        if not isinstance(board, str) or not is_board_id(board):
            raise StateError("the game names a board that is not a board name")
        return cls(
            players=tuple(players),
            game_type=text("game_type"),
            flavour=text("flavour"),
            territory_selection=text("territory_selection"),
            set_values=text("set_values"),
            objective=text("objective"),
            special_setup=flag("special_setup"),
            armies_per_placement=whole("armies_per_placement"),
            two_player_armies=whole("two_player_armies"),
            neutral=flag("neutral"),
            hq_to_win=hq,
            variants=Variants.from_dict(data.get("variants", {})),
            board=board,
        )
