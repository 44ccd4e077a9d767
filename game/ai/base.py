"""The Controller protocol and the General that plays a seat, one action per call. No pygame.

A screen (or the simulator) asks `controller.choose(game)` whenever `game.to_move` is the
controller's seat and applies the action it gets back. Generals decide from a SeatView only,
and draw their chance from their own RNG (seeded from the game's seed and the seat), never
from the game's.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from game.ai import battle, manoeuvre, placement, trading
from game.ai.battle import AttackPlan
from game.ai.evaluate import Situation
from game.ai.profile import Profile
from game.ai.view import PlayerId, SeatView
from game.engine import Action, ArmyChoice, Game, Phase
from game.engine import actions as act
from game.engine.board import TerritoryId


@runtime_checkable
class Controller(Protocol):
    """Whoever decides for a seat: a computer general, or the screens for a human."""

    seat: PlayerId

    def choose(self, game: Game) -> Action:
        """One legal action for `game.to_move` (which must be this seat)."""
        ...


def general_rng(seed: int, seat: PlayerId, level: str) -> random.Random:
    """A general's own RNG: the same game seed and seat always give the same decisions."""
    return random.Random(f"conquest-general:{level}:{seed}:{seat}")


class General:
    """A computer general; the level is its Profile (subclasses in easy, standard, good)."""

    profile: Profile

    def __init__(self, seat: PlayerId, seed: int = 0, rng: random.Random | None = None) -> None:
        self.seat = seat
        self.rng = rng if rng is not None else general_rng(seed, seat, self.profile.name)
        self.fallbacks = 0  # decisions that came out illegal and were replaced (should stay 0)
        self._plan: AttackPlan | None = None
        self._moves: tuple[int, int] = (0, 0)  # (turn, free moves made in it)
        self._claim_prefs: dict[str, float] | None = None  # this game's liking per continent
        self.setup_front: TerritoryId | None = None  # where the set-up stack goes, if chosen

    @property
    def level(self) -> str:
        return self.profile.name

    def choose(self, game: Game) -> Action:
        """One action for this seat. Raises ValueError if it is not this seat's move."""
        if game.is_over or game.to_move != self.seat:
            raise ValueError(f"it is not seat {self.seat}'s move")
        action = self.decide(SeatView(game, self.seat))
        if action is None or not game.is_legal(action):
            self.fallbacks += 1
            action = fallback_action(game)
        return action

    def profile_for(self, view: SeatView) -> Profile:
        """The profile to play this position with (Good plays a duel differently)."""
        return self.profile

    # ------------------------------------------------------------------ dispatch
    def decide(self, view: SeatView) -> Action | None:
        """The general's choice from what its seat sees (None: no idea, use the fallback)."""
        phase = view.phase
        if phase == Phase.DEFEND:
            return battle.choose_defence(view, self.profile, self.rng)
        if phase == Phase.ADVANTAGE:
            return battle.choose_advantage(view, self.profile, self.rng)
        if phase == Phase.ATTACK and self._plan is not None:
            plan = self._plan
            b = view.battle
            if (plan.turn == view.turn and b is not None and b.source == plan.source
                    and b.target == plan.target
                    and battle.should_roll_on(view, self.profile_for(view), plan)):
                return act.Attack(plan.source, plan.target,
                                  min(3, view.armies[plan.source] - 1), "single")
            self._plan = None
        sit = Situation(view, self.profile_for(view))
        if phase == Phase.CLAIM:
            if self._claim_prefs is None:
                self._claim_prefs = placement.claim_preferences(sit, self.rng)
            return placement.choose_claim(sit, self.rng, self._claim_prefs)
        if phase == Phase.PLACE:
            return placement.choose_setup_place(sit, self.rng, self.setup_front)
        if phase == Phase.CHOOSE_HQ:
            return placement.choose_headquarters(sit, self.rng)
        if phase == Phase.REINFORCE:
            trade = trading.choose_trade(sit, self.rng)
            if trade is not None:
                return trade
            return placement.choose_reinforcement(sit, self.rng)
        if phase == Phase.OCCUPY:
            return battle.choose_occupy(sit, self.rng)
        if phase == Phase.ATTACK:
            chosen = battle.choose_attack(sit, self.rng)
            if chosen is not None:
                attack, self._plan = chosen
                return attack
            return self._free_move(sit)
        if phase == Phase.FORTIFY:
            return self._free_move(sit)
        return None

    def _free_move(self, sit: Situation) -> Action:
        turn, done = self._moves
        if turn != sit.view.turn:
            done = 0
        move = None
        if done < 12:  # a safety stop for Supply Lines; moves converge well before
            move = manoeuvre.choose_fortify(sit, self.rng, done)
        if move is None:
            return act.EndTurn()
        self._moves = (sit.view.turn, done + 1)
        return move


def fallback_action(game: Game) -> Action:
    """A plain legal action, used only if a general's choice came out illegal."""
    for choice in game.legal_actions():
        if isinstance(choice, ArmyChoice):
            return choice.make(choice.hi if isinstance(choice.template, act.PlaceArmies)
                               else choice.lo)
        if isinstance(choice, (act.UndoPlacements,)):
            continue
        if isinstance(choice, act.Attack):
            continue
        return choice
    return act.EndTurn()
