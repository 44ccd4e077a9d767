"""A snapshot of the board from one seat, and what conquering a territory would be worth. No pygame.

`Situation` is built once per decision from a SeatView: who holds what, incomes, threats,
which continent to go for. `target_value` prices one conquest in armies; placement, attack
and occupation all read the same prices, so a general's plan hangs together.
"""

from __future__ import annotations

import math
from functools import lru_cache

from game.ai.hunt import KillPlan, best_kill
from game.ai.mapinfo import MapInfo, map_info
from game.ai.mission_watch import blocking_values
from game.ai.profile import Profile
from game.ai.view import PlayerId, SeatView
from game.engine import Phase
from game.engine.board import TerritoryId
from game.engine.dice import compare
from game.engine.missions import CONQUER_24, OCCUPY_18
from game.engine.odds import attack_odds

WIN = 1000.0
# Above this many armies a side, odds are worked out on a scaled-down battle: the exact chain
# grows with the product of the counts, and decisions must stay well under 50 ms.
ODDS_CAP = 60


@lru_cache(maxsize=65536)
def odds(attacking: int, defending: int) -> tuple[float, float, float]:
    """(chance of conquest, expected armies lost, expected armies killed) fighting to the end.
    Kept per (attacking, defending): generals ask the same few battles thousands of times."""
    scale = 1.0
    if attacking > ODDS_CAP or defending > ODDS_CAP:
        scale = max(attacking, defending) / ODDS_CAP
        attacking = max(2, round(attacking / scale))
        defending = max(1, round(defending / scale))
    o = attack_odds(attacking, defending)
    return (o.win_probability, o.expected_attacker_losses * scale,
            o.expected_defender_losses * scale)


class Situation:
    """Everything a decision needs to know about the seat's view, computed once from it.

    A Situation is built at every decision (hundreds of computer moves a second share one
    process in a network game), so its facts are worked out with few Python steps: slots
    rather than an instance dict, one walk of the board for owners and tallies, each
    continent's owners read in C (MapInfo.member_items), prices and threats kept once worked
    out, and the facts few decisions read (`in_contact`, `held_by`) left until asked for.
    A Situation lives for one decision: the game must not change while it is read, or the
    kept facts would be stale.
    """

    __slots__ = ("view", "profile", "info", "me", "owner", "armies", "neutral", "mine",
                 "loss_weight", "min_attack_p", "active", "rivals", "kill_weight", "count",
                 "total", "continent_owner", "lacking", "income", "card_value", "strength",
                 "leader", "runaway", "mission", "mission_continents", "target_continent",
                 "approach", "kill", "_block", "_in_contact", "_values", "_attack_terms",
                 "_threats", "_owners", "_by_owner", "_base_value", "_objectives_apply")

    def __init__(self, view: SeatView, profile: Profile) -> None:
        self.view = view
        self.profile = profile
        self.info: MapInfo = map_info(view.board)
        self.me: PlayerId = view.seat
        self.owner = view.owner
        self.armies = view.armies
        self.neutral = view.neutral_id
        # one walk of the board (this runs at every decision): owners, tallies, our land
        owner, armies, me = self.owner, self.armies, self.me
        owners: list[PlayerId | None] = []
        count: dict[PlayerId | None, int] = {}
        total: dict[PlayerId | None, int] = {}
        mine: list[TerritoryId] = []
        for t in self.info.territories:
            o = owner[t]
            owners.append(o)
            count[o] = count.get(o, 0) + 1
            total[o] = total.get(o, 0) + armies[t]
            if o == me:
                mine.append(t)
        self._owners = owners
        self.count = count
        self.total = total
        self.mine = mine
        # Long games grow into stand-offs of huge stacks; from round 30 on, armies are held
        # cheaper so someone breaks through (the turn cap must almost never be reached).
        patience = max(0.3, 1.0 - max(0, view.round - 30) / 40)
        self.loss_weight = profile.loss_weight * patience
        self.min_attack_p = profile.min_attack_p * patience
        self._values: dict[TerritoryId, float] = {}
        self._attack_terms: dict[TerritoryId, tuple[float, float, float]] = {}
        self._in_contact: bool | None = None
        self._threats: dict[TerritoryId, float] = {}
        self._by_owner: dict[PlayerId | None, list[TerritoryId]] | None = None
        self._base_value: float | None = None  # target_value's start, set on first use
        self._objectives_apply = False
        self._build_players()
        self._build_continents(owners)
        self.card_value = self._card_value()
        self._build_standing()
        self._build_mission()
        self.target_continent: str | None = None
        if profile.plan_continent:
            self.target_continent = self._choose_target_continent()
        self.approach: dict[TerritoryId, float] = {}
        if profile.approach > 0 and len(self.rivals) > 1:
            self._plan_approach()
        self.kill: KillPlan | None = None
        if profile.kill_plan > 0 and profile.chain_depth > 0 and self.rivals:
            extra = view.reinforcements if view.phase == Phase.REINFORCE else 0
            self.kill = best_kill(self, extra)

    @property
    def in_contact(self) -> bool:
        """Whether any rival touches our land (asked only when pricing the neutral's armies)."""
        if self._in_contact is None:
            owner, neighbours = self.owner, self.info.neighbours
            self._in_contact = any(self.is_enemy(owner[n])
                                   for t in self.mine for n in neighbours[t])
        return self._in_contact

    # ------------------------------------------------------------------ the facts
    def _build_players(self) -> None:
        self.active = self.view.active_players()
        self.rivals = [p for p in self.active if p != self.me]
        # Killing armies helps us most in a duel; with several rivals the others profit too.
        self.kill_weight = self.profile.kill_weight * (1.0 if len(self.rivals) <= 1 else 0.6)

    def _build_continents(self, owners: list[PlayerId | None]) -> None:
        """Each continent's single owner (None if split), how many we lack there, incomes."""
        info, me = self.info, self.me
        continent_owner: dict[str, PlayerId | None] = {}
        lacking: dict[str, int] = {}
        held_bonus: dict[PlayerId, int] = {}  # each player's continent bonuses
        for c, items in info.member_items.items():
            there = items(owners)
            first = there[0]
            whole = there.count(first) == len(there)
            continent_owner[c] = first if whole else None
            lacking[c] = len(there) - there.count(me)
            if whole and first is not None:
                held_bonus[first] = held_bonus.get(first, 0) + info.bonus[c]
        self.continent_owner = continent_owner
        self.lacking = lacking
        count = self.count
        self.income = {p: max(3, count.get(p, 0) // 3) + held_bonus.get(p, 0)
                       for p in self.active}

    def _build_standing(self) -> None:
        """Strength: armies on the board and what a turn brings; the leader is the strongest
        rival, a runaway one stronger than every other player by half again."""
        total, income = self.total, self.income
        self.strength = strength = {q: total.get(q, 0) + 2 * income[q] for q in self.active}
        # the first of the strongest rivals (max keeps the first of equals; seats rise)
        self.leader = leader = max(self.rivals, key=strength.__getitem__, default=None)
        self.runaway = None
        if leader is not None and len(self.rivals) > 1:
            top = strength[leader]
            rest = max(strength[q] for q in self.active if q != leader)
            if top >= 1.5 * rest:
                self.runaway = leader

    def _build_mission(self) -> None:
        view = self.view
        self.mission = view.mission if self.profile.objectives else None
        self.mission_continents: tuple[str, ...] = ()
        self._block: dict[TerritoryId, float] | None = {}
        if self.mission is not None and view.objective == "missions":
            self.mission_continents = self.mission.continents
            if self.profile.block_weight > 0:
                self._block = None  # worked out when a conquest is first priced

    @property
    def block(self) -> dict[TerritoryId, float]:
        """What taking each rival territory is worth for stopping a secret mission
        (mission_watch.py); empty unless missions are played and the profile watches them."""
        if self._block is None:
            rivals = [q for q in self.rivals if q != self.neutral]
            self._block = blocking_values(self, rivals, self.profile.block_weight)
        return self._block

    # ------------------------------------------------------------------ basics
    def is_enemy(self, pid: PlayerId | None) -> bool:
        """An active rival: someone who may attack us (the neutral never does)."""
        return pid is not None and pid != self.me and pid != self.neutral

    def threat(self, t: TerritoryId) -> float:
        """How hard `t` may be hit next turn: the strongest enemy stack beside it, plus part of
        that enemy's reinforcements and of the other stacks around. Kept per territory (placing,
        moving in and fortifying ask it of the same territories again and again)."""
        known = self._threats.get(t)
        if known is not None:
            return known
        strongest = 0.0
        others = 0.0
        owner, armies = self.owner, self.armies
        for n in self.info.neighbours[t]:
            o = owner[n]
            if o == self.me or o is None or o == self.neutral:
                continue
            force = armies[n] - 1 + 0.5 * self.income.get(o, 3)
            if force > strongest:
                others += strongest
                strongest = force
            else:
                others += armies[n] - 1
        threat = strongest + 0.3 * others
        self._threats[t] = threat
        return threat

    def owners(self) -> list[PlayerId | None]:
        """Every territory's owner, in board order (for the C-speed continent readers)."""
        return self._owners

    def held_by(self, pid: PlayerId | None) -> list[TerritoryId]:
        """The territories `pid` holds, in board order (grouped for all players on first use:
        hunting and approaching ask it of every rival)."""
        by_owner = self._by_owner
        if by_owner is None:
            by_owner = self._by_owner = {}
            for t, o in zip(self.info.territories, self._owners, strict=True):
                held = by_owner.get(o)
                if held is None:
                    by_owner[o] = [t]
                else:
                    held.append(t)
        return by_owner.get(pid, [])

    def has_foreign_neighbour(self, t: TerritoryId) -> bool:
        owner = self.owner
        return any(owner[n] != self.me for n in self.info.neighbours[t])

    def frontier(self) -> list[TerritoryId]:
        """Our territories that touch someone else's (neutral included)."""
        return [t for t in self.mine if self.has_foreign_neighbour(t)]

    def _card_value(self) -> float:
        """Armies that earning one more card is worth: about a third of a set, a bit more
        because a full hand forces a trade when we choose."""
        upcoming = self.view.upcoming_set_value()
        if upcoming is None:
            return 2.6
        return max(2.0, min(60.0, upcoming * 0.4))

    def odds_win(self, attacking: int, defending: int) -> float:
        if attacking < 2:
            return 0.0
        return odds(attacking, defending)[0]

    # ------------------------------------------------------------------ planning
    def _choose_target_continent(self) -> str | None:
        """The continent we are closest to taking, for its worth: where to mass this turn."""
        info, owner, armies, me = self.info, self.owner, self.armies, self.me
        continent_of = info.continent_of
        # near[c]: our armies in c, and those beside c that could move into it (all but one
        # of each stack per territory of c it touches); one walk over our land only
        near_of: dict[str, int] = {}
        for n in self.mine:
            home = continent_of[n]
            near_of[home] = near_of.get(home, 0) + armies[n]
            for t in info.neighbours[n]:  # (adjacency goes both ways: board.py)
                c = continent_of[t]
                if c != home and owner[t] != me:
                    near_of[c] = near_of.get(c, 0) + armies[n] - 1
        best, best_score = None, 0.0
        for c, ts in info.members.items():
            lacking = self.lacking[c]
            if lacking == 0:
                continue
            ours = len(ts) - lacking
            near = near_of.get(c, 0)
            cost = sum(armies[t] + 1 for t in ts if owner[t] != me)
            worth = info.weight[c] * (1.0 + ours / len(ts)) * (info.bonus[c] + 1)
            if c in self.mission_continents:
                worth *= 3.0
            score = worth * (near + 1) / (cost + 2.0 * len(info.borders[c]) + 1)
            if near == 0:
                score *= 0.2
            if score > best_score:
                best, best_score = c, score
        return best

    def _plan_approach(self) -> None:
        """Worth of the territories that would first bring us beside a small rival."""
        owner, neighbours = self.owner, self.info.neighbours
        for q in self.rivals:
            if q == self.neutral or self.count.get(q, 0) > 6:
                continue
            theirs = self.held_by(q)
            doors = {n for t in theirs for n in neighbours[t] if owner[n] != q}
            if any(owner[n] == self.me for n in doors):
                continue  # already beside them: hunting prices the kill itself
            # capped: a mission to destroy them counts as a win, which the kill itself prices
            worth = self.profile.approach * min(self.elimination_value(q), 60.0)
            for n in doors:
                self.approach[n] = max(self.approach.get(n, 0.0), worth)

    # ------------------------------------------------------------------ prices
    def elimination_value(self, pid: PlayerId) -> float:
        """What knocking a player out gives: their cards, and a rival the fewer."""
        value = 4.0 + self.view.card_count(pid) * self.card_value * 1.3
        if self.profile.objectives and self.view.objective == "world" and self.rivals == [pid]:
            value += WIN
        mission = self.mission
        if mission is not None and mission.destroy_colour == self.view.colour(pid):
            value += WIN
        return value

    def target_value(self, x: TerritoryId) -> float:
        """What conquering `x` now is worth to us, in armies (before the cost of the battle)."""
        cached = self._values.get(x)
        if cached is not None:
            return cached
        p, info = self.profile, self.info
        view = self.view
        o = self.owner[x]
        c = info.continent_of[x]
        bonus = info.bonus[c]
        value = self._base_value
        if value is None:
            value = self._first_price()
        lacking = self.lacking[c]
        complete = lacking == 1
        if complete:
            value += bonus * p.complete_weight
            if c in self.mission_continents:
                value += bonus * p.complete_weight
        elif c == self.target_continent or c in self.mission_continents:
            value += bonus * p.progress_weight / lacking
        if o is not None and o != self.neutral:
            if o == self.runaway:
                value += p.leader_focus
            if self.continent_owner[c] == o:
                value += bonus * p.break_weight
                if o == self.leader and len(self.rivals) > 1:
                    value += bonus * p.break_weight * p.leader_break
            left = self.count.get(o, 0)
            if left == 1:
                value += self.elimination_value(o)
            elif p.hunt and left <= 4 and self.total.get(o, 0) <= 3 * left + 4:
                value += self.elimination_value(o) * 0.6 / left
            if self.mission is not None and self.mission.destroy_colour == view.colour(o):
                value += 3.0
            kill = self.kill
            if kill is not None and kill.victim == o and left > 1:
                value += p.kill_plan * kill.value / left
            value += self.block.get(x, 0.0)
        else:
            value *= 0.85
        if p.objectives:
            value += self._objective_value(x, o, complete, c) if self._objectives_apply else 0.0
        value += self.approach.get(x, 0.0)
        self._values[x] = value
        return value

    def _first_price(self) -> float:
        """What every conquest is worth before its own facts (a territory, and the turn's card
        if none is taken yet), and whether HQs or a mission can add to it: the same for every
        target, so worked out at the first one."""
        p, view = self.profile, self.view
        value = p.territory_value
        if not view.conquered_this_turn:
            value += self.card_value * p.card_weight
        self._base_value = value
        # _objective_value adds nothing unless HQs are revealed or a mission is played for
        self._objectives_apply = (
            (view.objective == "headquarters" and view.hq_revealed)
            or (self.mission is not None and view.objective == "missions"))
        return value

    def _objective_value(self, x: TerritoryId, o: PlayerId | None, complete: bool,
                         c: str) -> float:
        view = self.view
        value = 0.0
        if view.objective == "headquarters" and view.hq_revealed:
            own_hq = view.headquarters(self.me)
            hqs = [view.headquarters(q) for q in range(view.player_count)]
            if x in hqs:
                value += 15.0
                held = sum(1 for h in hqs if h is not None and self.owner[h] == self.me)
                if own_hq is not None and self.owner[own_hq] == self.me and \
                        held + 1 >= view.hq_to_win:
                    value += WIN
        mission = self.mission
        if mission is not None and view.objective == "missions":
            mine = len(self.mine)
            if mission.id == CONQUER_24:
                value += 0.8 + (WIN if mine + 1 >= 24 else 0.0)
            elif mission.id == OCCUPY_18:
                solid = sum(1 for t in self.mine if self.armies[t] >= 2)
                value += 0.5 + (WIN / 2 if solid + 1 >= 18 else 0.0)
            elif mission.continents and complete:
                holding = set(view.continents_of(self.me)) | {c}
                wanted = set(mission.continents)
                if wanted <= holding and (not mission.plus_one_continent
                                          or len(holding) > len(wanted)):
                    value += WIN
        return value

    def attack_score(self, source: TerritoryId, x: TerritoryId,
                     extra: int = 0) -> tuple[float, float]:
        """(chance of conquest, expected gain in armies) of attacking `x` from `source` with
        `extra` armies added first."""
        a = self.armies[source] + extra
        if a < 2:
            return 0.0, -1.0
        # what `x` is worth does not depend on the attacking stack: priced once per target
        value, kill_weight, standing = self._attack_terms.get(x) or self._price_target(x)
        p, lost, killed = odds(a, self.armies[x])
        return p, p * value - self.loss_weight * lost + kill_weight * killed - standing * p

    def top_two_gains(self, source: TerritoryId, targets: list[TerritoryId],
                      extra: int = 0) -> tuple[float, float]:
        """The best and second best expected gain (attack_score's, by the same sum) of
        attacking one of `targets` from `source` with `extra` armies added; -inf where there
        is no such attack. Placement asks this of every stack of ours at every decision."""
        first = second = -math.inf
        a = self.armies[source] + extra
        armies, priced, loss_weight = self.armies, self._attack_terms, self.loss_weight
        for x in targets:
            if a < 2:
                gain = -1.0
            else:
                value, kill_weight, standing = priced.get(x) or self._price_target(x)
                p, lost, killed = odds(a, armies[x])
                gain = p * value - loss_weight * lost + kill_weight * killed - standing * p
            if gain > first:
                first, second = gain, first
            elif gain > second:
                second = gain
        return first, second

    def _price_target(self, x: TerritoryId) -> tuple[float, float, float]:
        """(worth of conquering x, worth of an army of its owner killed, cost per chance of
        standing in x afterwards): the terms of attack_score that do not depend on odds."""
        terms = self._attack_terms[x] = (self.target_value(x),
                                         self.kill_weight_against(self.owner[x]),
                                         self.exposure(x) + self.profile.spread_cost)
        return terms

    def loss_weight_against(self, pid: PlayerId | None) -> float:
        """What an army of ours lost attacking `pid` costs: more against a stronger rival when
        there are several (the others gain by our fight)."""
        weight = self.loss_weight
        p = self.profile
        if p.strong_loss and len(self.rivals) > 1 and pid in self.strength and \
                self.strength[pid] > self.strength.get(self.me, 0):
            weight *= 1.0 + p.strong_loss
        return weight

    def kill_weight_against(self, pid: PlayerId | None) -> float:
        """Killing a much weaker player's armies is worth it even one for one: attrition is
        how the stronger side wins, and it keeps games from freezing into stand-offs."""
        if pid is None or pid == self.neutral:
            # The neutral never attacks, so its armies matter only as a wall; when the wall
            # is all that stands between us and every rival, breaking it is the game.
            if not self.in_contact:
                return max(self.kill_weight, self.loss_weight)
            return self.kill_weight * 0.5
        if self.total.get(self.me, 0) >= 1.5 * self.total.get(pid, 0):
            return max(self.kill_weight, self.loss_weight)
        return self.kill_weight

    def exposure(self, x: TerritoryId) -> float:
        """Cost of standing in `x` after taking it: the enemy stacks that will face it."""
        weight = self.profile.exposure_weight
        if weight == 0.0:
            return 0.0
        # Capped: beyond a point a bigger enemy stack does not make losing `x` likelier.
        return weight * min(self.threat(x), 10.0)


def roll_gain(attacker: tuple[int, ...], defender: tuple[int, ...]) -> int:
    """Defender losses minus attacker losses of a roll: how good the dice on the table are."""
    a_loss, d_loss = compare(attacker, defender)
    return d_loss - a_loss


def advantage_gain(kind: str, attacker: tuple[int, ...], defender: tuple[int, ...]) -> float:
    """Expected improvement of a roll from an advantage: 'six' turns the lowest die into a
    6, 'reroll' throws it again (which can also make things worse)."""
    before = roll_gain(attacker, defender)
    dice = sorted(attacker, reverse=True)
    if kind == "six":
        dice[-1] = 6
        return roll_gain(tuple(sorted(dice, reverse=True)), defender) - before
    total = 0
    for face in range(1, 7):
        trial = dice[:-1] + [face]
        total += roll_gain(tuple(sorted(trial, reverse=True)), defender)
    return total / 6.0 - before
