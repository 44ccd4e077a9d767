"""The game's story told from its record: a readable log of every turn, and luck figures. No pygame.

`Chronicle` replays a game's record on a fresh game, turning each action's events into log
lines (claims, placements, trades, each roll of dice, conquests, moves, eliminations) and
feeding the luck table. It keeps its replay, so `update` only replays what was added since.
Secrets stay secret: a drawn card, a chosen headquarters or a new mission is not named.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from game.engine import events as ev
from game.engine.actions import Action, EndTurn
from game.engine.errors import IllegalActionError
from game.engine.game import Game
from game.engine.luck import LuckTable
from game.engine.record import REPLAY_FAULTS
from game.engine.serialize import game_to_dict
from game.engine.words import elimination, plural

# Only turns this close to the end of the record are copied (a long record replayed at once
# does not copy every turn it passes).
COPY_WINDOW = 4000
ADVANTAGE_NAMES = {"reroll": "Attack Advantage", "six": "Computer Advantage"}


@dataclass(frozen=True)
class LogEntry:
    """One line of the log. `players` are the seats it concerns (for the filter)."""

    index: int  # the recorded action that caused it (0 for the set-up)
    turn: int
    kind: str  # the event's name, or "Turn" for a turn's heading
    text: str
    players: tuple[int, ...] = ()


class Story(Protocol):
    """What the log, luck and export read of a game's story: a Chronicle replayed here, or
    (a network game) the story its server told (`game.net.story_client.NetChronicle`)."""

    @property
    def final(self) -> Game: ...
    @property
    def entries(self) -> list[LogEntry]: ...
    @property
    def luck(self) -> LuckTable: ...
    @property
    def error(self) -> str | None: ...
    @property
    def matches(self) -> bool: ...
    @property
    def available(self) -> bool: ...


@dataclass
class Chronicle:
    """The log and the luck of one game, built by replaying its record."""

    final: Game
    entries: list[LogEntry] = field(default_factory=list)
    luck: LuckTable = field(init=False)
    movers: list[int] = field(default_factory=list)  # who was to move before each action
    turn_players: list[int] = field(default_factory=list)  # whose turn it was, each action
    error: str | None = None
    matches: bool = True  # the replay ends in the game's own state (False: the story is unsure)
    # Copies of the replay just after an action that started a turn, the latest `keep_copies`
    # of them, keyed by the number of actions applied: a network server rebuilds a seat's
    # "since your last turn" from the nearest one instead of from the start.
    keep_copies: int = 0
    copies: dict[int, Game] = field(default_factory=dict)
    _game: Game | None = None
    _attacker: int | None = None
    _defender: int | None = None
    _turn: int = 0
    _checked_at: int = -1  # how many actions `matches` was last worked out for

    def __post_init__(self) -> None:
        self.luck = LuckTable.for_players(len(self.final.players))
        if not self.final.record.from_start:
            self.error = "This game was saved before games kept a record: no log for it."
            return
        self._game = Game.new(self.final.config, self.final.seed, self.final.board)
        self._tell(0, None, list(self._game.opening_events))
        self.update()

    @property
    def available(self) -> bool:
        return self.error is None

    def update(self) -> None:
        """Replays the actions recorded since the last call."""
        game = self._game
        if game is None:
            return
        actions = self.final.record.actions
        if self._checked_at == len(actions):
            return  # nothing new: the comparison below encodes two whole games, so skip it
        for index in range(len(self.movers), len(actions)):
            action = actions[index]
            self.movers.append(game.to_move)
            self.turn_players.append(game.current)
            try:
                events = game.apply(action)
            except (IllegalActionError, *REPLAY_FAULTS) as exc:
                self.error = f"The record stops making sense at action {index + 1}: {exc}"
                self._game = None
                return
            self.luck.observe(action, events)
            self._tell(index + 1, action, events)
            if self.keep_copies and len(actions) - index <= COPY_WINDOW \
                    and any(isinstance(e, ev.TurnStarted) for e in events):
                self._keep_copy(index + 1, game)
        self.matches = game_to_dict(game, with_record=False) == game_to_dict(
            self.final, with_record=False)
        self._checked_at = len(actions)

    def _keep_copy(self, applied: int, game: Game) -> None:
        self.copies[applied] = game.clone()
        while len(self.copies) > self.keep_copies:
            del self.copies[min(self.copies)]

    def game_at(self, applied: int) -> Game | None:
        """A fresh copy of the game after `applied` recorded actions (None if unreplayable).

        Starts from the latest kept copy at or before that point, else from the beginning.
        """
        if self.error is not None or not 0 <= applied <= len(self.movers):
            return None
        kept = max((i for i in self.copies if i <= applied), default=None)
        if kept is None:
            game = Game.new(self.final.config, self.final.seed, self.final.board)
            position = 0
        else:
            game, position = self.copies[kept].clone(), kept
        for action in self.final.record.actions[position:applied]:
            try:
                game.apply(action)
            except (IllegalActionError, *REPLAY_FAULTS):
                return None
        return game

    # ------------------------------------------------------------------ texts
    def _name(self, seat: int) -> str:
        assert self._game is not None
        return self._game.players[seat].name

    def _place(self, territory: str) -> str:
        return self.final.board.territory_name(territory)

    def _card(self, card: str) -> str:
        if card.startswith("wild"):
            return "Wild"
        return self._place(card)

    def _tell(self, index: int, action: Action | None, events: list[ev.Event]) -> None:
        if isinstance(action, EndTurn) and self.turn_players:
            seat = self.turn_players[-1]
            self.entries.append(LogEntry(index, self._turn, "EndTurn",
                                         f"{self._name(seat)} ends the turn", (seat,)))
        for event in events:
            if isinstance(event, ev.TurnStarted):
                self._turn = event.turn
            said = self._describe(event)
            if said is not None:
                text, players = said
                self.entries.append(LogEntry(index, self._turn, type(event).__name__, text,
                                             players))

    def _describe(self, e: ev.Event) -> tuple[str, tuple[int, ...]] | None:  # noqa: PLR0911, PLR0912
        n, p = self._name, self._place
        if isinstance(e, ev.FirstPlayerChosen):
            return f"{n(e.player)} moves first", (e.player,)
        if isinstance(e, ev.TerritoryClaimed):
            return f"{n(e.player)} claims {p(e.territory)}", (e.player,)
        if isinstance(e, ev.ArmiesPlaced):
            armies = "an army" if e.count == 1 else f"{e.count} armies"
            return f"{n(e.player)} places {armies} on {p(e.territory)}", (e.player,)
        if isinstance(e, ev.PlacementsUndone):
            return f"{n(e.player)} takes back {plural(e.count, 'placed army', 'placed armies')}", (e.player,)
        if isinstance(e, ev.MissionsDealt):
            return "Secret missions are dealt", tuple(e.players)
        if isinstance(e, ev.HeadquartersChosen):
            return f"{n(e.player)} chooses a secret headquarters", (e.player,)
        if isinstance(e, ev.HeadquartersRevealed):
            named = ", ".join(f"{n(s)} {p(t)}" for s, t in e.headquarters)
            return f"Headquarters revealed: {named}", tuple(s for s, _ in e.headquarters)
        if isinstance(e, ev.TurnStarted):
            return f"TURN {e.turn}: {n(e.player).upper()}", (e.player,)
        if isinstance(e, ev.ReinforcementsReceived):
            names = [self.final.board.continents[c].name if c in self.final.board.continents
                     else c for c in e.continents]
            extra = f"; holds {', '.join(names)}" if names else ""
            return (f"{n(e.player)} receives {plural(e.count)} ({plural(e.territories, 'territory')}"
                    f"{extra})"), (e.player,)
        if isinstance(e, ev.NeutralReinforced):
            return f"Neutral reinforces {p(e.territory)} with {e.count}", ()
        if isinstance(e, ev.SetTraded):
            cards = ", ".join(self._card(c) for c in e.cards)
            return f"{n(e.player)} trades {cards} for {plural(e.value)}", (e.player,)
        if isinstance(e, ev.CardBonus):
            return f"{n(e.player)} gets {e.count} extra on {p(e.territory)} (card bonus)", \
                (e.player,)
        if isinstance(e, ev.ArmiesLostToLimit):
            where = f" on {p(e.territory)}" if e.territory else ""
            return f"{n(e.player)} loses {plural(e.count)}{where} to the army limit", (e.player,)
        if isinstance(e, ev.DiceRolled):
            self._attacker, self._defender = e.attacker, e.defender
            return None
        if isinstance(e, ev.AdvantageUsed):
            return (f"{n(e.player)} uses {ADVANTAGE_NAMES.get(e.advantage, e.advantage)}: "
                    f"a {e.before} becomes a {e.after}"), (e.player,)
        if isinstance(e, ev.BattleResolved):
            return self._battle(e)
        if isinstance(e, ev.AttackStopped):
            if e.reason == "single battle":  # the roll's own line says all there is
                return None
            return f"The attack on {p(e.target)} stops ({e.reason})", self._battle_seats()
        if isinstance(e, ev.TerritoryConquered):
            return (f"{n(e.player)} conquers {p(e.target)} from {n(e.previous_owner)}",
                    (e.player, e.previous_owner))
        if isinstance(e, ev.ArmiesMoved):
            if e.reason == "occupy":
                return f"{n(e.player)} occupies {p(e.target)} with {e.count}", (e.player,)
            return (f"{n(e.player)} moves {e.count} from {p(e.source)} to {p(e.target)}",
                    (e.player,))
        if isinstance(e, ev.PlayerEliminated):
            return elimination(n(e.by), n(e.player), e.cards_taken), (e.player, e.by)
        if isinstance(e, ev.CardDrawn):
            return f"{n(e.player)} draws a card", (e.player,)
        if isinstance(e, ev.DeckReshuffled):
            return f"The discards are shuffled into a new deck ({plural(e.cards, 'card')})", ()
        if isinstance(e, ev.MissionChanged):
            return f"{n(e.player)} gets a new mission ({e.reason})", (e.player,)
        if isinstance(e, ev.VariantChanged):
            return f"Variant {e.name.replace('_', ' ')} set to {e.value}", ()
        if isinstance(e, ev.SidesChanged):
            return f"{n(e.other)} and {n(e.player)} change sides", (e.player, e.other)
        if isinstance(e, ev.CheatUsed):
            return f"{n(e.player)} cheats and takes {p(e.territory)}", (e.player,)
        if isinstance(e, ev.GameExtended):
            return "The game is extended to world domination", ()
        if isinstance(e, ev.GameWon):
            return f"{n(e.player)} WINS ({e.reason})", (e.player,)
        if isinstance(e, ev.GameAbandoned):
            return "The game is ended without a winner", ()
        return None

    def _battle_seats(self) -> tuple[int, ...]:
        return tuple(s for s in (self._attacker, self._defender) if s is not None)

    def _battle(self, e: ev.BattleResolved) -> tuple[str, tuple[int, ...]]:
        assert self._game is not None
        attacker = self._attacker if self._attacker is not None else self._game.current
        defender = self._defender
        dice = f"{'-'.join(map(str, e.attacker_dice))} v {'-'.join(map(str, e.defender_dice))}"
        result = []
        if e.attacker_losses:
            result.append(f"{self._name(attacker)} loses {e.attacker_losses}")
        if e.defender_losses:
            who = self._name(defender) if defender is not None else "defender"
            result.append(f"{who} loses {e.defender_losses}")
        text = (f"{self._name(attacker)} attacks {self._place(e.target)} from "
                f"{self._place(e.source)}: {dice}, {', '.join(result)}")
        seats = (attacker,) if defender is None else (attacker, defender)
        return text, seats

    # ------------------------------------------------------------------ queries
    def last_turn_start(self, seat: int) -> int:
        """The number of recorded actions up to the end of `seat`'s most recent turn.

        Replaying from there shows what the others did since (0 if `seat` has not moved yet).
        """
        for index in range(len(self.turn_players) - 1, -1, -1):
            if self.turn_players[index] == seat:
                return index + 1
        return 0

    def review_start(self, seat: int) -> int:
        """Where "Review Last Turn" starts for `seat`: just after its most recent turn, or,
        while it is moving now, just after the turn before (0 before it has had one)."""
        movers = self.turn_players
        start = self.last_turn_start(seat)
        if start < len(movers):
            return start
        index = start - 1
        while index >= 0 and movers[index] == seat:
            index -= 1
        if index < 0:
            return start
        while index >= 0 and movers[index] != seat:
            index -= 1
        return index + 1
