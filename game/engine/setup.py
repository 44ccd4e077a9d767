"""Set-up phases: dealing, claiming, placing armies, choosing headquarters, undoing placements. No pygame.

It exists to keep the rules of getting a game ready to play (and placing reinforcements)
apart from the rest of `Game`.
"""

from __future__ import annotations

from game.engine import actions as act
from game.engine import events as ev
from game.engine.core import GameCore
from game.engine.missions import as_dealt, mission_deck
from game.engine.words import plural
from game.engine.state import (
    Phase,
    PlayerId,
)


class SetupRules(GameCore):
    """The setup rules of `Game` (a mixin; `Game` inherits it)."""

    def _set_up(self) -> list[ev.Event]:
        events: list[ev.Event] = []
        self.deck = list(self.board.card_ids)
        self.rng.shuffle(self.deck)
        active = self.turn_order_from(0)
        self.first_player = self.rng.choice(active)
        self.current = self.first_player
        events.append(ev.FirstPlayerChosen(self.first_player))
        start = self.config.starting_armies
        self.setup_pool = [start] * len(self.players)
        if self.config.objective == "missions":
            self._deal_missions(events)
        neutral = self.neutral_id
        if neutral is not None:
            self._deal_territories(events, seats=[*self.turn_order_from(self.first_player),
                                                  neutral])
            if self.config.flavour == "uk":
                for t in self.territories_of(neutral):
                    self.armies[t] = 2
                self.setup_pool[neutral] = 0
        elif self.config.territory_selection == "random" or self.config.special_setup:
            self._deal_territories(events, seats=self.turn_order_from(self.first_player))
        if self.config.special_setup and any(o is None for o in self.owner.values()):
            raise AssertionError("special setup deals every territory")
        if all(o is not None for o in self.owner.values()):
            if self.config.special_setup:
                self._place_all_at_random(events)
                self._after_placement(events)
            else:
                self._begin_placement(events)
        else:
            self.phase = Phase.CLAIM
            events.append(ev.PhaseChanged(self.phase.value, self.current))
        return events

    def _deal_missions(self, events: list[ev.Event]) -> None:
        in_play = {p.colour for p in self.players if not p.is_neutral}
        cards = mission_deck(in_play)
        self.rng.shuffle(cards)
        dealt = []
        for pid in self.turn_order_from(self.first_player):
            self.players[pid].mission = as_dealt(cards.pop(), self.players[pid].colour)
            dealt.append(pid)
        events.append(ev.MissionsDealt(tuple(dealt)))

    def _deal_territories(self, events: list[ev.Event], seats: list[PlayerId]) -> None:
        territories = list(self.board.territories)
        self.rng.shuffle(territories)
        for index, territory in enumerate(territories):
            pid = seats[index % len(seats)]
            self.owner[territory] = pid
            self.armies[territory] = 1
            self.setup_pool[pid] -= 1
            events.append(ev.TerritoryClaimed(pid, territory))

    def _place_all_at_random(self, events: list[ev.Event]) -> None:
        for pid, player in enumerate(self.players):
            if player.is_neutral and self.config.flavour == "uk":
                continue
            own = self.territories_of(pid)
            while self.setup_pool[pid] > 0:
                open_ = [t for t in own if self.room(t) > 0]
                if not open_:
                    self.setup_pool[pid] = 0  # every territory is at the army limit
                    break
                territory = self.rng.choice(open_)
                self.armies[territory] += 1
                self.setup_pool[pid] -= 1
            for territory in own:
                events.append(ev.ArmiesPlaced(pid, territory, self.armies[territory]))

    def _begin_placement(self, events: list[ev.Event]) -> None:
        self.current = self.first_player
        self.phase = Phase.PLACE
        if not self._start_placement_turn(self.first_player):
            self._advance_placement(events)
            return
        events.append(ev.PhaseChanged(self.phase.value, self.current))

    def _start_placement_turn(self, pid: PlayerId) -> bool:
        """Sets the quotas of a placement turn; False if the player has nothing to place."""
        per_turn = self.config.armies_per_placement
        neutral = self.neutral_id
        self.neutral_quota = 0
        if neutral is not None and self.config.flavour == "us":
            per_turn = 2
            self.neutral_quota = min(1, self.setup_pool[neutral])
        if self.capacity(pid) == 0:
            self.setup_pool[pid] = 0  # every territory is at the army limit: the rest is lost
        self.quota = min(per_turn, self.setup_pool[pid])
        return self.quota + self.neutral_quota > 0

    def _advance_placement(self, events: list[ev.Event]) -> None:
        order = self.turn_order_from(self.current)
        for pid in order[1:] + order[:1]:
            self.current = pid
            if self._start_placement_turn(pid):
                events.append(ev.PhaseChanged(self.phase.value, self.current))
                return
        self._after_placement(events)

    def _after_placement(self, events: list[ev.Event]) -> None:
        self.quota = self.neutral_quota = 0
        if self.objective == "headquarters" and not self.hq_revealed:
            self.phase = Phase.CHOOSE_HQ
            self.current = self.first_player
            events.append(ev.PhaseChanged(self.phase.value, self.current))
            return
        self._begin_turn(self.first_player, events)

    def _check_claim(self, action: act.ClaimTerritory) -> None:
        self._require_phase(Phase.CLAIM, what="claim a territory")
        self._require_territory(action.territory)
        self._require(self.owner[action.territory] is None,
                      f"{self._name(action.territory)} is already claimed.")

    def _check_place(self, action: act.PlaceArmies) -> None:
        self._require_phase(Phase.PLACE, Phase.REINFORCE, what="place armies")
        self._require_territory(action.territory)
        self._require_count(action.count)
        t = action.territory
        self._require(action.count >= 1, "Place at least one army.")
        owner = self.owner[t]
        if self.phase == Phase.PLACE:
            if owner is not None and owner == self.neutral_id and self.neutral_quota > 0:
                self._require(action.count <= self.neutral_quota,
                              f"Only {self.neutral_quota} neutral army to place this turn.")
                return
            self._require(owner == self.current,
                          f"{self._name(t)} is not yours: place armies on your own territories.")
            self._require(self.quota > 0, "Now place the neutral army: select a neutral "
                          "territory." if self.neutral_quota else
                          "You have no more armies to place this turn.")
            self._require(action.count <= self.quota,
                          f"You may place only {self.quota} this turn.")
        else:
            self._require(not self.must_trade(),
                          "You hold too many cards: trade a set before placing armies.")
            self._require(owner == self.current,
                          f"{self._name(t)} is not yours: reinforce your own territories.")
            self._require(action.count <= self.reinforcements,
                          f"You have only {plural(self.reinforcements)} to place.")
        self._require(action.count <= self.room(t),
                      f"{self._name(t)} can hold only {self.army_limit(t)} armies.")

    def _check_hq(self, action: act.ChooseHeadquarters) -> None:
        self._require_phase(Phase.CHOOSE_HQ, what="choose headquarters")
        self._require_territory(action.territory)
        self._require(self.owner[action.territory] == self.current,
                      f"{self._name(action.territory)} is not yours: choose one of your own.")

    def _check_undo(self, action: act.UndoPlacements) -> None:
        self._require(self.can_undo_placements(),
                      "Placements can be taken back only before the first attack or free move.")

    def _do_claim(self, action: act.ClaimTerritory, events: list[ev.Event]) -> None:
        pid = self.current
        self.owner[action.territory] = pid
        self.armies[action.territory] = 1
        self.setup_pool[pid] -= 1
        events.append(ev.TerritoryClaimed(pid, action.territory))
        if all(o is not None for o in self.owner.values()):
            self._begin_placement(events)
            return
        order = self.turn_order_from(pid)
        self.current = order[1 % len(order)]

    def _do_place(self, action: act.PlaceArmies, events: list[ev.Event]) -> None:
        t, count = action.territory, action.count
        owner = self.owner[t]
        assert owner is not None
        self.armies[t] += count
        events.append(ev.ArmiesPlaced(owner, t, count))
        if self.phase == Phase.PLACE:
            if owner == self.neutral_id and owner != self.current:
                self.neutral_quota -= count
            else:
                self.quota -= count
            self.setup_pool[owner] -= count
            if self.quota == 0 and self.neutral_quota == 0:
                self._advance_placement(events)
            elif self.quota > 0 and self.capacity(self.current) == 0:
                self.quota = 0
                if self.neutral_quota == 0:
                    self._advance_placement(events)
            return
        self.reinforcements -= count
        if not self.return_to_attack:
            self.placements.append((t, count))
        self._maybe_finish_reinforcing(events)

    def _maybe_finish_reinforcing(self, events: list[ev.Event]) -> None:
        if self.phase != Phase.REINFORCE or self.must_trade():
            return
        if self.reinforcements > 0 and self.capacity(self.current) > 0:
            return
        if self.reinforcements > 0:
            events.append(ev.ArmiesLostToLimit(self.current, None, self.reinforcements))
            self.reinforcements = 0
        self.return_to_attack = False
        self.phase = Phase.ATTACK
        events.append(ev.PhaseChanged(self.phase.value, self.current))

    def _do_hq(self, action: act.ChooseHeadquarters, events: list[ev.Event]) -> None:
        self.players[self.current].headquarters = action.territory
        events.append(ev.HeadquartersChosen(self.current))
        order = self.turn_order_from(self.current)
        pending = [p for p in order if self.players[p].headquarters is None]
        if pending:
            self.current = pending[0]
            events.append(ev.PhaseChanged(self.phase.value, self.current))
            return
        self.hq_revealed = True
        hqs = tuple(
            (pid, p.headquarters) for pid, p in enumerate(self.players)
            if p.headquarters is not None
        )
        for _, territory in hqs:
            if territory in self.deck:
                self.deck.remove(territory)
                self.removed.append(territory)
        events.append(ev.HeadquartersRevealed(hqs))
        self._begin_turn(self.first_player, events)

    def _do_undo(self, action: act.UndoPlacements, events: list[ev.Event]) -> None:
        total = 0
        for territory, count in reversed(self.placements):
            self.armies[territory] -= count
            total += count
        self.placements = []
        self.reinforcements += total
        events.append(ev.PlacementsUndone(self.current, total))
        if self.phase != Phase.REINFORCE:
            self.phase = Phase.REINFORCE
            events.append(ev.PhaseChanged(self.phase.value, self.current))
