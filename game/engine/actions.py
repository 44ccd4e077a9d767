"""Actions: small immutable values, the one way anyone (human, computer, test) changes a game.

No pygame. Each action has `to_dict`/`from_dict`, and its repr is a valid constructor call.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from game.engine.errors import StateError

ATTACK_MODES = ("single", "continuous", "do_or_die")
ADVANTAGE_KINDS = ("reroll", "six")
VARIANT_NAMES = (
    "low_exchange_rate", "supply_lines", "army_limit", "attack_advantage", "computer_advantage",
)


class _ActionBase:
    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        # fields are strings, numbers, None or tuples of strings: no deep copy is needed (the
        # network server and clients turn every action into data, so this is kept quick)
        data: dict[str, Any] = {"kind": self.kind}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        return data


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


@dataclass(frozen=True, slots=True)
class ClaimTerritory(_ActionBase):
    """Initial selection: put one army on an unclaimed territory."""

    territory: str
    kind: ClassVar[str] = "claim"


@dataclass(frozen=True, slots=True)
class PlaceArmies(_ActionBase):
    """Initial placement or reinforcement: put `count` armies on a territory."""

    territory: str
    count: int = 1
    kind: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class ChooseHeadquarters(_ActionBase):
    territory: str
    kind: ClassVar[str] = "choose_hq"


@dataclass(frozen=True, slots=True)
class TradeCards(_ActionBase):
    """Trade a set of three cards; the order decides which card earns the US territory bonus."""

    cards: tuple[str, str, str]
    kind: ClassVar[str] = "trade"


@dataclass(frozen=True, slots=True)
class Attack(_ActionBase):
    """Start an attack; `mode` continues it by the Continuous or Do Or Die rules."""

    source: str
    target: str
    dice: int
    mode: str = "single"
    kind: ClassVar[str] = "attack"


@dataclass(frozen=True, slots=True)
class Defend(_ActionBase):
    """The defender's answer: how many dice to defend with."""

    dice: int
    kind: ClassVar[str] = "defend"


@dataclass(frozen=True, slots=True)
class UseAdvantage(_ActionBase):
    """Attack Advantage ('reroll' the lowest die) or Computer Advantage ('six')."""

    advantage: str
    kind: ClassVar[str] = "use_advantage"


@dataclass(frozen=True, slots=True)
class DeclineAdvantage(_ActionBase):
    kind: ClassVar[str] = "decline_advantage"


@dataclass(frozen=True, slots=True)
class Occupy(_ActionBase):
    """Move into a conquered territory: `count` is the total invading force."""

    count: int
    kind: ClassVar[str] = "occupy"


@dataclass(frozen=True, slots=True)
class Fortify(_ActionBase):
    """The free move."""

    source: str
    target: str
    count: int
    kind: ClassVar[str] = "fortify"


@dataclass(frozen=True, slots=True)
class EndTurn(_ActionBase):
    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class UndoPlacements(_ActionBase):
    """Take back this turn's reinforcement placements, before the first attack or free move."""

    kind: ClassVar[str] = "undo_placements"


@dataclass(frozen=True, slots=True)
class SetVariant(_ActionBase):
    """A VARIANTS menu change; `value` is a bool, or the limit (or None) for army_limit."""

    name: str
    value: bool | int | None
    kind: ClassVar[str] = "set_variant"


@dataclass(frozen=True, slots=True)
class ChangeSides(_ActionBase):
    """The player to move swaps seats with `other`; this ends the turn."""

    other: int
    kind: ClassVar[str] = "change_sides"


@dataclass(frozen=True, slots=True)
class CheatConquer(_ActionBase):
    territory: str
    kind: ClassVar[str] = "cheat_conquer"


@dataclass(frozen=True, slots=True)
class ExtendGame(_ActionBase):
    """Turn a short game into a full one (world domination)."""

    kind: ClassVar[str] = "extend_game"


@dataclass(frozen=True, slots=True)
class EndGame(_ActionBase):
    """Abandon the game without a winner."""

    kind: ClassVar[str] = "end_game"


Action = (
    ClaimTerritory | PlaceArmies | ChooseHeadquarters | TradeCards | Attack | Defend
    | UseAdvantage | DeclineAdvantage | Occupy | Fortify | EndTurn | UndoPlacements | SetVariant
    | ChangeSides | CheatConquer | ExtendGame | EndGame
)
ACTION_TYPES: dict[str, type[Any]] = {
    cls.kind: cls
    for cls in (
        ClaimTerritory, PlaceArmies, ChooseHeadquarters, TradeCards, Attack, Defend, UseAdvantage,
        DeclineAdvantage, Occupy, Fortify, EndTurn, UndoPlacements, SetVariant, ChangeSides,
        CheatConquer, ExtendGame, EndGame,
    )
}
OPTION_ACTIONS = (SetVariant, ChangeSides, CheatConquer, ExtendGame, EndGame)


def action_from_dict(data: Any) -> Action:
    """Rebuilds an action from `to_dict` output; raises StateError on anything else. Values
    must be plain words, numbers, switches or a set of three card names: the game's checks
    (`Game.check`) then decide whether the action is allowed."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str) \
            or data["kind"] not in ACTION_TYPES:
        raise StateError("not an action this game knows")
    cls = ACTION_TYPES[data["kind"]]
    args = {}
    for f in fields(cls):
        if f.name not in data:
            raise StateError(f"the {data['kind']} action is missing '{f.name}'")
        value = data[f.name]
        if f.name == "cards":
            if not isinstance(value, list) or len(value) != 3 \
                    or not all(isinstance(c, str) and len(c) <= 64 for c in value):
                raise StateError("a card set must name three cards")
            value = tuple(value)
        elif not (value is None or type(value) in (bool, int) and abs(value) <= 10**6
                  or isinstance(value, str) and len(value) <= 64):
            raise StateError(f"the {data['kind']} action has a bad '{f.name}'")
        args[f.name] = value
    action: Action = cls(**args)
    return action


@dataclass(frozen=True, slots=True)
class ArmyChoice:
    """A family of legal actions that differ only in how many armies: `make(n)` for lo<=n<=hi.

    legal_actions() gives these instead of enumerating every count.
    """

    template: PlaceArmies | Occupy | Fortify
    lo: int
    hi: int

    def make(self, count: int) -> PlaceArmies | Occupy | Fortify:
        if not self.lo <= count <= self.hi:
            raise ValueError(f"{count} is outside {self.lo}..{self.hi}")
        from dataclasses import replace

        return replace(self.template, count=count)

    def actions(self) -> list[PlaceArmies | Occupy | Fortify]:
        return [self.make(n) for n in range(self.lo, self.hi + 1)]
