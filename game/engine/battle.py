"""Battle: attacking, defending, advantages, conquest and occupation. No pygame.

It exists to keep the rules of a fight in one place, apart from the rest of `Game`.
"""

from __future__ import annotations

from game.engine import actions as act
from game.engine import events as ev
from game.engine.board import TerritoryId
from game.engine.core import GameCore
from game.engine.dice import compare, roll
from game.engine.errors import IllegalActionError
from game.engine.missions import CONQUER_24
from game.engine.words import plural
from game.engine.state import (
    ELIMINATION_TRADE_FROM,
    MAX_ATTACK_DICE,
    Battle,
    Phase,
    PlayerId,
)


class BattleRules(GameCore):
    """The battle rules of `Game` (a mixin; `Game` inherits it)."""

    def _check_attack(self, action: act.Attack) -> None:
        self._require_phase(Phase.ATTACK, what="attack")
        self._require_territory(action.source)
        self._require_territory(action.target)
        source, target = action.source, action.target
        # Messages are written only when a check fails: computer generals have every roll of
        # an attack checked, so the checks that pass must cost little.
        if self.owner[source] != self.current:
            raise IllegalActionError(
                f"{self._name(source)} is not yours: attack from your own territory.")
        if self.owner[target] == self.current:
            raise IllegalActionError(f"{self._name(target)} is yours: attack an enemy territory.")
        if not self.board.is_adjacent(source, target):
            raise IllegalActionError(
                f"{self._name(target)} is not adjacent to {self._name(source)}.")
        if self.armies[source] < 2:
            raise IllegalActionError(f"{self._name(source)} needs at least 2 armies to attack.")
        if not (isinstance(action.dice, int) and 1 <= action.dice <= MAX_ATTACK_DICE):
            raise IllegalActionError("Attack with 1, 2 or 3 dice.")
        if not action.dice <= self.armies[source] - 1:
            raise IllegalActionError(f"With {plural(self.armies[source])} you may roll at most "
                                     f"{plural(self.attack_dice_allowed(source), 'die')}.")
        if action.mode not in act.ATTACK_MODES:
            raise IllegalActionError(f"Unknown attack mode {action.mode!r}.")

    def _check_defend(self, action: act.Defend) -> None:
        self._require_phase(Phase.DEFEND, what="choose defending dice")
        assert self.battle is not None
        most = self.defence_dice_allowed(self.battle.target)
        self._require(isinstance(action.dice, int) and 1 <= action.dice <= most,
                      "Defend with 1 die." if most == 1 else f"Defend with 1 to {most} dice.")

    def _check_use_advantage(self, action: act.UseAdvantage) -> None:
        self._require_phase(Phase.ADVANTAGE, what="use an advantage")
        assert self.battle is not None
        self._require(action.advantage in self.battle.advantages,
                      f"The {action.advantage!r} advantage is not on offer.")

    def _check_decline_advantage(self, action: act.DeclineAdvantage) -> None:
        self._require_phase(Phase.ADVANTAGE, what="decline an advantage")

    def _check_occupy(self, action: act.Occupy) -> None:
        self._require_phase(Phase.OCCUPY, what="occupy")
        self._require_count(action.count)
        lo, hi = self.occupy_range()
        self._require(lo <= action.count <= hi,
                      f"Move in {plural(lo)}." if lo == hi else f"Move in {lo} to {hi} armies.")

    def _do_attack(self, action: act.Attack, events: list[ev.Event]) -> None:
        self.battle = Battle(action.source, action.target, action.dice, action.mode)
        self.has_attacked = True
        self._fight(events, defender_dice=None)

    def _do_defend(self, action: act.Defend, events: list[ev.Event]) -> None:
        self._fight(events, defender_dice=action.dice)

    def _fight(self, events: list[ev.Event], defender_dice: int | None) -> None:
        """Rolls battle after battle until the attack stops or someone must decide something."""
        battle = self.battle
        assert battle is not None
        while True:
            source, target = battle.source, battle.target
            dice = min(battle.dice, self.attack_dice_allowed(source))
            defender = self.owner[target]
            assert defender is not None
            allowed = self.defence_dice_allowed(target)
            if defender_dice is None:
                if allowed == 1 or defender == self.neutral_id:
                    defender_dice = allowed
                else:
                    self.phase = Phase.DEFEND
                    events.append(ev.DefenceRequested(defender, source, target, allowed))
                    return
            battle.attacker_roll = roll(self.rng, dice)
            battle.defender_roll = roll(self.rng, defender_dice)
            battle.used_reroll = False
            defender_dice = None
            events.append(ev.DiceRolled(self.current, defender, source, target,
                                        battle.attacker_roll, battle.defender_roll))
            if self._offer_advantages(events):
                return
            if not self._resolve_roll(events):
                return

    def _available_advantages(self) -> tuple[str, ...]:
        battle = self.battle
        assert battle is not None
        if min(battle.attacker_roll) == 6:
            return ()
        offers = []
        hand = self.players[self.current].hand
        if (self.variants.attack_advantage and not battle.used_reroll
                and (battle.source in hand or battle.target in hand)):
            offers.append("reroll")
        if self.variants.computer_advantage and not self.computer_advantage_used:
            offers.append("six")
        return tuple(offers)

    def _offer_advantages(self, events: list[ev.Event]) -> bool:
        battle = self.battle
        assert battle is not None
        battle.advantages = self._available_advantages()
        if not battle.advantages:
            return False
        self.phase = Phase.ADVANTAGE
        events.append(ev.AdvantageOffered(self.current, battle.advantages,
                                          battle.attacker_roll, battle.defender_roll))
        return True

    def _do_use_advantage(self, action: act.UseAdvantage, events: list[ev.Event]) -> None:
        battle = self.battle
        assert battle is not None
        dice = list(battle.attacker_roll)
        before = min(dice)
        index = dice.index(before)
        if action.advantage == "reroll":
            dice[index] = self.rng.randint(1, 6)
            battle.used_reroll = True
        else:
            dice[index] = 6
            self.computer_advantage_used = True
        battle.attacker_roll = tuple(sorted(dice, reverse=True))
        events.append(ev.AdvantageUsed(self.current, action.advantage, before, dice[index],
                                       battle.attacker_roll))
        if self._offer_advantages(events):
            return
        self.phase = Phase.ATTACK
        if self._resolve_roll(events):
            self._fight(events, defender_dice=None)

    def _do_decline_advantage(self, action: act.DeclineAdvantage, events: list[ev.Event]) -> None:
        self.phase = Phase.ATTACK
        if self._resolve_roll(events):
            self._fight(events, defender_dice=None)

    def _resolve_roll(self, events: list[ev.Event]) -> bool:
        """Applies the losses of the roll on the table; True if the attack rolls again."""
        battle = self.battle
        assert battle is not None
        source, target = battle.source, battle.target
        attacker, defender = self.current, self.owner[target]
        assert defender is not None
        attacker_losses, defender_losses = compare(battle.attacker_roll, battle.defender_roll)
        self.armies[source] -= attacker_losses
        self.armies[target] -= defender_losses
        self.stats.battles_won[attacker] += defender_losses
        self.stats.battles_lost[attacker] += attacker_losses
        self.stats.battles_won[defender] += attacker_losses
        self.stats.battles_lost[defender] += defender_losses
        events.append(ev.BattleResolved(source, target, battle.attacker_roll,
                                        battle.defender_roll, attacker_losses, defender_losses))
        self.phase = Phase.ATTACK
        if self.armies[target] == 0:
            self._conquer(source, target, len(battle.attacker_roll), events)
            return False
        stop = None
        if self.armies[source] < 2:
            stop = "one army left"
        elif battle.mode == "single":
            stop = "single battle"
        elif battle.mode == "continuous" and attacker_losses > 0:
            stop = "attacker lost a battle"
        if stop is not None:
            events.append(ev.AttackStopped(source, target, stop))
            return False
        return True

    def _conquer(self, source: TerritoryId, target: TerritoryId, dice: int,
                 events: list[ev.Event]) -> None:
        attacker = self.current
        loser = self.owner[target]
        assert loser is not None
        moved = min(dice, self.armies[source] - 1, self.army_limit(target))
        self.owner[target] = attacker
        self.armies[source] -= moved
        self.armies[target] = moved
        self.occupy_moved = moved
        self.conquered_this_turn = True
        self.stats.invasions_won[attacker] += 1
        self.stats.invasions_lost[loser] += 1
        events.append(ev.TerritoryConquered(attacker, loser, source, target, moved))
        self._after_capture(loser, events)
        if self.is_over:
            return
        lo, hi = self.occupy_range()
        if lo == hi:
            self._finish_occupation(events)
        else:
            self.phase = Phase.OCCUPY
            events.append(ev.PhaseChanged(self.phase.value, attacker))

    def _after_capture(self, loser: PlayerId, events: list[ev.Event]) -> None:
        """Elimination, mission changes and victory after a territory changed hands."""
        attacker = self.current
        if self.territory_count(loser) == 0 and not self.players[loser].eliminated:
            victim = self.players[loser]
            victim.eliminated = True
            taken = list(victim.hand)
            victim.hand.clear()
            self.players[attacker].hand.extend(taken)
            events.append(ev.PlayerEliminated(loser, attacker, len(taken)))
            if victim.is_neutral:
                pass
            elif self.objective == "missions":
                for pid, player in enumerate(self.players):
                    mission = self.mission(pid)
                    if (pid != attacker and mission is not None and not player.eliminated
                            and mission.destroy_colour == victim.colour):
                        player.mission = CONQUER_24
                        events.append(ev.MissionChanged(pid, CONQUER_24,
                                                        "target destroyed by another player"))
        self._check_winner(events)

    def _do_occupy(self, action: act.Occupy, events: list[ev.Event]) -> None:
        battle = self.battle
        assert battle is not None
        extra = action.count - self.occupy_moved
        if extra:
            self.armies[battle.source] -= extra
            self.armies[battle.target] += extra
        self.occupy_moved = action.count
        self._finish_occupation(events)

    def _finish_occupation(self, events: list[ev.Event]) -> None:
        battle = self.battle
        assert battle is not None
        events.append(ev.ArmiesMoved(self.current, battle.source, battle.target,
                                     self.occupy_moved, "occupy"))
        self.phase = Phase.ATTACK
        if len(self.players[self.current].hand) >= ELIMINATION_TRADE_FROM:
            self.return_to_attack = True
            self.reinforcements = 0
            self.phase = Phase.REINFORCE
        events.append(ev.PhaseChanged(self.phase.value, self.current))
