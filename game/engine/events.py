"""Events returned by Game.apply: what happened, so screens animate and computers observe. No pygame."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


class Event:
    """Base of all events; `to_dict` for logs and tests."""

    def to_dict(self) -> dict[str, Any]:
        return {"event": type(self).__name__, **asdict(self)}  # type: ignore[call-overload]


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Event):
    player: int


@dataclass(frozen=True, slots=True)
class TerritoryClaimed(Event):
    player: int
    territory: str


@dataclass(frozen=True, slots=True)
class ArmiesPlaced(Event):
    player: int
    territory: str
    count: int


@dataclass(frozen=True, slots=True)
class PlacementsUndone(Event):
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class MissionsDealt(Event):
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HeadquartersChosen(Event):
    """A player chose; the territory stays secret until HeadquartersRevealed."""

    player: int


@dataclass(frozen=True, slots=True)
class HeadquartersRevealed(Event):
    headquarters: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class PhaseChanged(Event):
    phase: str
    player: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int
    turn: int
    round: int


@dataclass(frozen=True, slots=True)
class ReinforcementsReceived(Event):
    player: int
    territories: int
    continents: tuple[str, ...]
    count: int


@dataclass(frozen=True, slots=True)
class NeutralReinforced(Event):
    territory: str
    count: int


@dataclass(frozen=True, slots=True)
class SetTraded(Event):
    player: int
    cards: tuple[str, ...]
    value: int
    next_value: int


@dataclass(frozen=True, slots=True)
class CardBonus(Event):
    """Two armies for a traded card showing a territory the player holds."""

    player: int
    territory: str
    count: int


@dataclass(frozen=True, slots=True)
class ArmiesLostToLimit(Event):
    player: int
    territory: str | None
    count: int


@dataclass(frozen=True, slots=True)
class DefenceRequested(Event):
    defender: int
    source: str
    target: str
    max_dice: int


@dataclass(frozen=True, slots=True)
class AdvantageOffered(Event):
    player: int
    advantages: tuple[str, ...]
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    attacker: int
    defender: int
    source: str
    target: str
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AdvantageUsed(Event):
    player: int
    advantage: str
    before: int
    after: int
    attacker_dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BattleResolved(Event):
    source: str
    target: str
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_losses: int
    defender_losses: int


@dataclass(frozen=True, slots=True)
class AttackStopped(Event):
    """A continuing attack ended without a conquest (reason: attacker lost a battle, one army left, ...)."""

    source: str
    target: str
    reason: str


@dataclass(frozen=True, slots=True)
class TerritoryConquered(Event):
    player: int
    previous_owner: int
    source: str
    target: str
    armies_moved: int


@dataclass(frozen=True, slots=True)
class ArmiesMoved(Event):
    player: int
    source: str
    target: str
    count: int
    reason: str  # "occupy" or "fortify"


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    player: int
    by: int
    cards_taken: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """The card itself is private to `player`: screens show it only to its owner."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    cards: int


@dataclass(frozen=True, slots=True)
class MissionChanged(Event):
    player: int
    mission: str
    reason: str


@dataclass(frozen=True, slots=True)
class VariantChanged(Event):
    name: str
    value: bool | int | None


@dataclass(frozen=True, slots=True)
class SidesChanged(Event):
    player: int
    other: int


@dataclass(frozen=True, slots=True)
class CheatUsed(Event):
    player: int
    territory: str


@dataclass(frozen=True, slots=True)
class GameExtended(Event):
    pass


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    player: int
    reason: str  # "world", "mission", "headquarters"


@dataclass(frozen=True, slots=True)
class GameAbandoned(Event):
    pass
