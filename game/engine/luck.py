"""Luck statistics: armies each player's dice won or lost against the exact expectation. No pygame.

For every roll the odds module gives the exact expected losses of both sides for the dice that
were thrown (3 against 2, 1 against 1, ...). A player's luck is what the dice actually gave it
minus that expectation: (armies killed - expected killed) - (armies lost - expected lost). A
positive score means the dice were kind. An attack or computer advantage that changes a die
after the roll counts as luck too: the expectation is that of the plain roll.

`LuckTable.observe` folds the events of `Game.apply` (a replay of the record, or a live game),
so the figures need nothing but what the engine already tells.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from game.engine import events as ev
from game.engine.actions import Action, Attack
from game.engine.odds import roll_outcomes


@cache
def expected_losses(attacker_dice: int, defender_dice: int) -> tuple[Fraction, Fraction]:
    """(expected attacker losses, expected defender losses) of one roll, exactly."""
    outcomes = roll_outcomes(attacker_dice, defender_dice)
    return (sum((p * a for (a, _), p in outcomes.items()), Fraction(0)),
            sum((p * d for (_, d), p in outcomes.items()), Fraction(0)))


@dataclass
class PlayerLuck:
    """One player's battles: counts, armies, and the expectation they are measured against."""

    attacks: int = 0  # attacks started (each may roll many times)
    defences: int = 0  # attacks suffered
    rolls_attacking: int = 0
    rolls_defending: int = 0
    lost: int = 0
    killed: int = 0
    expected_lost: Fraction = Fraction(0)
    expected_killed: Fraction = Fraction(0)

    @property
    def luck(self) -> Fraction:
        """Armies the dice gave (positive) or took (negative) compared with the expectation."""
        return (self.killed - self.expected_killed) - (self.lost - self.expected_lost)


@dataclass
class LuckTable:
    """Luck of every seat, and each seat's running luck at the start of every turn (the plot)."""

    players: list[PlayerLuck]
    turns: list[int] = field(default_factory=list)
    series: list[list[float]] = field(default_factory=list)  # series[turn index][seat]
    _attacker: int | None = None
    _defender: int | None = None
    _dice: tuple[int, int] = (0, 0)
    _new_attack: bool = False

    @classmethod
    def for_players(cls, count: int) -> LuckTable:
        return cls([PlayerLuck() for _ in range(count)])

    def observe(self, action: Action | None, events: Iterable[ev.Event]) -> None:
        """Takes in one applied action and the events it gave."""
        if isinstance(action, Attack):
            self._new_attack = True
        for event in events:
            self._observe_event(event)

    def _observe_event(self, event: ev.Event) -> None:
        if isinstance(event, ev.TurnStarted):
            self.turns.append(event.turn)
            self.series.append([float(p.luck) for p in self.players])
        elif isinstance(event, ev.DiceRolled):
            self._attacker, self._defender = event.attacker, event.defender
            self._dice = (len(event.attacker_dice), len(event.defender_dice))
            if self._new_attack:
                self.players[event.attacker].attacks += 1
                self.players[event.defender].defences += 1
                self._new_attack = False
        elif isinstance(event, ev.BattleResolved) and self._attacker is not None \
                and self._defender is not None:
            attacker, defender = self.players[self._attacker], self.players[self._defender]
            exp_att, exp_def = expected_losses(*self._dice)
            attacker.rolls_attacking += 1
            defender.rolls_defending += 1
            attacker.lost += event.attacker_losses
            attacker.killed += event.defender_losses
            defender.lost += event.defender_losses
            defender.killed += event.attacker_losses
            attacker.expected_lost += exp_att
            attacker.expected_killed += exp_def
            defender.expected_lost += exp_def
            defender.expected_killed += exp_att

    def lines(self) -> list[list[float]]:
        """Per seat, its running luck at the start of each turn and now (the plot's lines)."""
        points = [*self.series, [float(p.luck) for p in self.players]]
        return [[point[seat] for point in points] for seat in range(len(self.players))]
