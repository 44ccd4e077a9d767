"""Computer seats for the play screen: the generals of `game.ai`, and a plain safety net.

The screens only need `make_general(level, seed, seat).choose(game) -> Action`, one action per
call, so a computer turn can be shown step by step without stalling a frame. Should a general
ever fail, the stand-in below plays a legal move instead, so a game is never stuck.
"""

from __future__ import annotations

import random
from typing import Protocol

from game.ai import make_general as ai_make_general
from game.engine import Action, ArmyChoice, Game, Phase
from game.engine import actions as act


class ComputerPlayer(Protocol):
    """What the play scene asks of a computer seat."""

    def choose(self, game: Game) -> Action:
        """One legal action for `game.to_move`."""
        ...


def make_general(level: str, seed: int, seat: int) -> ComputerPlayer:
    """The general of `level` for `seat`; a seat with no computer level plays as Standard."""
    try:
        return ai_make_general(level if level in ("easy", "standard", "good") else "standard",
                               seat, seed)
    except (ValueError, TypeError):
        return StandInGeneral(seat, seed)


class StandInGeneral:
    """A simple legal-move player: strongest border first, attacks it is likely to win.

    Only used if a general raises or returns an illegal action; it is deliberately plain.
    """

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(f"stand-in:{seed}:{seat}")
        self._attacks = 0
        self._turn = -1

    def choose(self, game: Game) -> Action:
        if game.turn != self._turn:
            self._turn, self._attacks = game.turn, 0
        legal = game.legal_actions()
        phase = game.phase
        me = game.to_move
        if phase == Phase.DEFEND:
            return max((a for a in legal if isinstance(a, act.Defend)), key=lambda a: a.dice)
        if phase == Phase.ADVANTAGE:
            uses = [a for a in legal if isinstance(a, act.UseAdvantage)]
            return uses[0] if uses else act.DeclineAdvantage()
        if phase == Phase.OCCUPY:
            choice = next(a for a in legal if isinstance(a, ArmyChoice))
            return choice.make(choice.hi)
        if phase == Phase.CLAIM:
            claims = [a for a in legal if isinstance(a, act.ClaimTerritory)]
            return self.rng.choice(claims)
        if phase == Phase.REINFORCE:
            trades = [a for a in legal if isinstance(a, act.TradeCards)]
            if trades:
                return trades[0]
        if phase in (Phase.PLACE, Phase.REINFORCE):
            choices = [a for a in legal if isinstance(a, ArmyChoice)]
            own = [c for c in choices if game.owner[c.template.territory] == me] or choices
            best = max(own, key=lambda c: self._border_score(game, c.template.territory))
            return best.make(best.hi)
        if phase == Phase.CHOOSE_HQ:
            hqs = [a for a in legal if isinstance(a, act.ChooseHeadquarters)]
            return max(hqs, key=lambda a: game.armies[a.territory])
        if phase == Phase.ATTACK and self._attacks < 40:
            attacks = [a for a in legal if isinstance(a, act.Attack) and a.mode == "single"
                       and a.dice == game.attack_dice_allowed(a.source)
                       and game.armies[a.source] > game.armies[a.target] + 1]
            if attacks:
                self._attacks += 1
                return max(attacks, key=lambda a: game.armies[a.source] - game.armies[a.target])
        return act.EndTurn()

    def _border_score(self, game: Game, territory: str) -> float:
        owner = game.owner[territory]
        enemies = sum(1 for n in game.board.neighbours[territory] if game.owner[n] != owner)
        return enemies * 10 + game.armies[territory] + self.rng.random()
