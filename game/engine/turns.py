"""Turns: beginning a turn, reinforcements, fortifying, ending a turn and deciding the winner. No pygame.

It exists to keep the turn cycle and the winning conditions apart from the rest of `Game`.
"""

from __future__ import annotations

from game.engine import actions as act
from game.engine import events as ev
from game.engine.config import (
    HARD_ARMY_LIMIT,
)
from game.engine.core import GameCore
from game.engine.state import (
    Phase,
    PlayerId,
)


class TurnRules(GameCore):
    """The turns rules of `Game` (a mixin; `Game` inherits it)."""

    def _check_fortify(self, action: act.Fortify) -> None:
        self._require_phase(Phase.ATTACK, Phase.FORTIFY, what="make a free move")
        self._require_territory(action.source)
        self._require_territory(action.target)
        self._require_count(action.count)
        source, target = action.source, action.target
        self._require(self.owner[source] == self.current and self.owner[target] == self.current,
                      "A free move goes between two of your own territories.")
        self._require(self.board.is_adjacent(source, target),
                      f"{self._name(target)} is not adjacent to {self._name(source)}.")
        self._require(action.count >= 1, "Move at least one army.")
        self._require(action.count <= self.armies[source] - 1,
                      f"Leave at least one army in {self._name(source)}.")
        self._require(action.count <= self.room(target),
                      f"{self._name(target)} can hold only {self.army_limit(target)} armies.")

    def _check_end_turn(self, action: act.EndTurn) -> None:
        self._require_phase(Phase.ATTACK, Phase.FORTIFY, what="end your turn")

    def _begin_turn(self, pid: PlayerId, events: list[ev.Event]) -> None:
        if self.turn == 0:
            self.round = 1
        elif self._seat_position(pid) <= self._seat_position(self.current):
            self.round += 1
        self.turn += 1
        self.current = pid
        self.placements = []
        self.has_attacked = False
        self.conquered_this_turn = False
        self.card_bonus_used = False
        self.computer_advantage_used = False
        self.return_to_attack = False
        self.battle = None
        self.occupy_moved = 0
        events.append(ev.TurnStarted(pid, self.turn, self.round))
        self._record_history()
        base, continents, territories = self.base_reinforcements(pid)
        neutral = self.neutral_id
        if neutral is not None and self.config.flavour == "uk" and not self.players[neutral].eliminated:
            self._reinforce_neutral(base // 2, events)
        self.reinforcements = 0
        events.append(ev.ReinforcementsReceived(pid, territories, tuple(continents), base))
        self._add_reinforcements(base, events)
        self.phase = Phase.REINFORCE
        events.append(ev.PhaseChanged(self.phase.value, pid))
        if self._check_winner(events):
            return
        self._maybe_finish_reinforcing(events)

    def _reinforce_neutral(self, count: int, events: list[ev.Event]) -> None:
        neutral = self.neutral_id
        assert neutral is not None
        own = self.territories_of(neutral)
        placed: dict[str, int] = {}
        for _ in range(count):
            open_ = [t for t in own if self.armies[t] < HARD_ARMY_LIMIT]
            if not open_:
                break
            t = self.rng.choice(open_)
            self.armies[t] += 1
            placed[t] = placed.get(t, 0) + 1
        for t in sorted(placed):
            events.append(ev.NeutralReinforced(t, placed[t]))

    def _add_reinforcements(self, count: int, events: list[ev.Event]) -> None:
        """Adds armies to place; what cannot fit under the army limit is lost, with an event."""
        room = self.capacity(self.current) - self.reinforcements
        if count > room:
            events.append(ev.ArmiesLostToLimit(self.current, None, count - max(0, room)))
            count = max(0, room)
        self.reinforcements += count

    def _record_history(self) -> None:
        count = len(self.players)
        territories = [0] * count
        armies = [0] * count
        for t, o in self.owner.items():
            if o is not None:
                territories[o] += 1
                armies[o] += self.armies[t]
        self.stats.history.append({
            "turn": self.turn,
            "round": self.round,
            "player": self.current,
            "territories": territories,
            "armies": armies,
            "continents": [len(self.continents_of(p)) for p in range(count)],
        })

    def _do_end_turn(self, action: act.EndTurn, events: list[ev.Event]) -> None:
        self._finish_turn(events)

    def _finish_turn(self, events: list[ev.Event]) -> None:
        pid = self.current
        if self.conquered_this_turn:
            self._draw_card(pid, events)
        order = self.turn_order_from(pid)
        self._begin_turn(order[1 % len(order)], events)

    def _do_fortify(self, action: act.Fortify, events: list[ev.Event]) -> None:
        self.armies[action.source] -= action.count
        self.armies[action.target] += action.count
        self.has_attacked = True
        events.append(ev.ArmiesMoved(self.current, action.source, action.target, action.count,
                                     "fortify"))
        if self.variants.supply_lines:
            if self.phase != Phase.FORTIFY:
                self.phase = Phase.FORTIFY
                events.append(ev.PhaseChanged(self.phase.value, self.current))
            return
        self._finish_turn(events)

    def _check_winner(self, events: list[ev.Event]) -> bool:
        """Ends the game if the current player has won; True if it has."""
        pid = self.current
        reason = None
        rivals = [p for p in self.turn_order_from(0) if p != pid]
        if not rivals:
            reason = "world"
        elif self.objective == "missions" and self._mission_done(pid):
            reason = "mission"
        elif self.objective == "headquarters" and self._headquarters_won(pid):
            reason = "headquarters"
        if reason is None:
            return False
        self.winner = pid
        self.end_reason = reason
        self.phase = Phase.GAME_OVER
        events.append(ev.GameWon(pid, reason))
        return True

    def _mission_done(self, pid: PlayerId) -> bool:
        mission = self.mission(pid)
        if mission is None:
            return False
        if mission.destroy_colour is not None:
            return any(p.colour == mission.destroy_colour and p.eliminated for p in self.players)
        if mission.continents:
            held = set(self.continents_of(pid))
            if not set(mission.continents) <= held:
                return False
            return not mission.plus_one_continent or len(held) >= len(mission.continents) + 1
        owned = [t for t, o in self.owner.items() if o == pid]
        return sum(1 for t in owned if self.armies[t] >= mission.min_armies) >= mission.territories

    def _headquarters_won(self, pid: PlayerId) -> bool:
        if not self.hq_revealed:
            return False
        own = self.players[pid].headquarters
        if own is None or self.owner[own] != pid:
            return False
        held = sum(1 for p in self.players
                   if p.headquarters is not None and self.owner[p.headquarters] == pid)
        return held >= self.hq_to_win
