"""The battle presenter: an action's events told in order, its rolls shown one by one.

Fed only by engine events. An attack's rolls tumble in the battle box one after another; the
shown board loses each roll's armies as that roll settles; what a roll leads to (losses,
conquest, elimination) is told once its dice have shown it, and what came before a roll (an
advantage used) is told before it. Events without dice are told at once. The presenter owns
nothing but this timing: the dice box, the shown board and the message sink are given to it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.audio import Sfx
from game.engine import events as ev
from game.scenes.play.board import BoardSource, ShownBoard
from game.scenes.play.narrate import Line, battle_summary
from game.ui.palette import PlayerColour
from game.ui.sidepanel import DiceDisplay

# Seconds a roll tumbles, and a settled roll stays, by Fast Game level.
TUMBLE = {"normal": 0.4, "fast": 0.12, "instant": 0.0}
HOLD = {"normal": 0.25, "fast": 0.07, "instant": 0.0}
CONTINUOUS_FACTOR = 0.6  # the later rolls of a continuous attack go by quicker
SOUNDS_PER_STEP = 2

Narrator = Callable[[Sequence[ev.Event]], list[Line]]


@dataclass
class Roll:
    """One roll of the dice as it will be shown."""

    attacker: int
    defender: int
    source: str
    target: str
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    final: bool = False  # its losses are known (False: an advantage is on offer)
    attacker_losses: int = 0
    defender_losses: int = 0
    before: list[Line] = field(default_factory=list)  # told as the roll begins

    @property
    def caption(self) -> str:
        if not self.final:
            return ""
        return loss_caption(self.attacker_losses, self.defender_losses)


def loss_caption(attacker_losses: int, defender_losses: int) -> str:
    if attacker_losses and defender_losses:
        return "Each side loses 1" if attacker_losses == 1 else \
            f"Att -{attacker_losses}  Def -{defender_losses}"
    if defender_losses:
        return f"Defender loses {defender_losses}"
    return f"Attacker loses {attacker_losses}"


def split_rolls(events: Sequence[ev.Event], narrate: Narrator,
                last_pids: tuple[int, int] = (0, 0)
                ) -> tuple[list[Line], list[Roll], list[Line]]:
    """(told at once, the rolls, told after the last roll) for one action's events."""
    first: list[Line] = []
    rolls: list[Roll] = []
    waiting: list[ev.Event] = []  # events since the last roll
    pending: Roll | None = None   # a DiceRolled whose result may follow
    pids = last_pids
    for e in events:
        if isinstance(e, ev.DiceRolled):
            pids = (e.attacker, e.defender)
            pending = Roll(e.attacker, e.defender, e.source, e.target, e.attacker_dice,
                           e.defender_dice, before=narrate(waiting))
            rolls.append(pending)
            waiting = []
        elif isinstance(e, ev.BattleResolved):
            if pending is not None and pending.source == e.source and not waiting:
                roll = pending  # the result of the roll just shown
            else:
                roll = Roll(*pids, e.source, e.target, e.attacker_dice, e.defender_dice,
                            before=narrate(waiting))
                rolls.append(roll)
                waiting = []
            roll.attacker_dice, roll.defender_dice = e.attacker_dice, e.defender_dice
            roll.final = True
            roll.attacker_losses, roll.defender_losses = e.attacker_losses, e.defender_losses
            pending = None
        else:
            waiting.append(e)
    if not rolls:
        return narrate(events), [], []
    summary = battle_summary(events)
    after = ([summary] if summary is not None else []) + narrate(waiting)
    return first, rolls, after


class BattlePresenter:
    """Shows one action's events at a time: dice, loss marks, the count-down, the narration."""

    def __init__(self, dice: DiceDisplay, board: ShownBoard, colours: Sequence[PlayerColour],
                 narrate: Narrator, tell: Callable[[Line], None],
                 sound: Callable[[Sfx], None]) -> None:
        self.dice = dice
        self.board = board
        self.colours = colours
        self.narrate = narrate
        self.tell = tell
        self.sound = sound
        self.queue: list[Roll] = []
        self.after: list[Line] = []
        self.hold = 0.0
        self.speed = "normal"
        self.rolls_shown = 0
        self._settled: Roll | None = None  # the roll on screen whose losses are not counted yet
        self._source: BoardSource | None = None
        self._pids = (0, 0)

    # -- feeding -----------------------------------------------------------------------
    def show(self, events: Sequence[ev.Event], source: BoardSource, speed: str,
             before: BoardSource | None = None) -> bool:
        """Show one action's events; True if it brought dice (a show that takes time).

        `before` is the board as it was before the action, for the count-down to start from.
        """
        self.finish()  # whatever an earlier action still had to show comes first
        self.speed = speed
        self._source = source
        first, rolls, after = split_rolls(events, self.narrate, self._pids)
        self._tell(first)
        if not rolls:
            self.board.sync(source)
            self._source = None
            return False
        self._pids = (rolls[-1].attacker, rolls[-1].defender)
        if before is not None:
            self.board.sync(before)
        self.queue, self.after = list(rolls), after
        self.rolls_shown = 0
        self.sound(Sfx.DICE)
        self._next_roll(tumble=True)
        if TUMBLE.get(speed, 1.0) <= 0 and HOLD.get(speed, 1.0) <= 0:
            self.skip()  # Instant: the board after the attack, at once, everywhere
        return True

    @property
    def busy(self) -> bool:
        """Rolls still tumbling, queued or settling on screen: no prompt, no next move."""
        return self._source is not None

    def clear(self) -> None:
        """A new turn: no battle on screen."""
        self.finish()
        self.dice.clear()

    # -- time --------------------------------------------------------------------------
    def update(self, dt: float, hurry: float = 1.0) -> None:
        if self._source is None:
            return
        if self.dice.is_rolling:
            self.dice.update(dt * hurry)
            if self.dice.is_rolling:
                return
        self._count_settled()
        if self.hold > 0:
            self.hold -= dt * hurry
            if self.hold > 0:
                return
        self.hold = 0.0
        if self.queue:
            self._next_roll(tumble=True)
        else:
            self._done()

    def skip(self) -> None:
        """Any key: straight to the last roll, settled, and on with the game."""
        if self._source is None:
            return
        if self.queue:
            for roll in self.queue[:-1]:
                self._tell(roll.before)
            self.queue = self.queue[-1:]
            self._next_roll(tumble=False)
        self.dice.settle()
        self._done()

    def finish(self) -> None:
        """Show the rest at once (a new action, a new turn, the end of the game)."""
        if self._source is not None:
            self.skip()

    # -- inside ------------------------------------------------------------------------
    def _next_roll(self, *, tumble: bool) -> None:
        self._count_settled()
        roll = self.queue.pop(0)
        self._tell(roll.before)
        seconds = TUMBLE.get(self.speed, TUMBLE["normal"]) if tumble else 0.0
        if self.rolls_shown:
            seconds *= CONTINUOUS_FACTOR
        self.rolls_shown += 1
        self.dice.roll(self.colours[roll.attacker], self.colours[roll.defender],
                       roll.attacker_dice, roll.defender_dice, roll.caption, seconds,
                       final=roll.final, battle=(roll.source, roll.target))
        self._settled = roll
        self.hold = HOLD.get(self.speed, HOLD["normal"])

    def _count_settled(self) -> None:
        """The roll on screen has settled: its losses now show on the board too."""
        roll, self._settled = self._settled, None
        if roll is not None and roll.final:
            self.board.lose(roll.source, roll.attacker_losses)
            self.board.lose(roll.target, roll.defender_losses)

    def _done(self) -> None:
        self._settled = None
        self.queue, self.hold = [], 0.0
        if self._source is not None:
            self.board.sync(self._source)
        self._source = None
        after, self.after = self.after, []
        self._tell(after)

    def _tell(self, lines: list[Line]) -> None:
        sounds: list[Sfx] = []
        for line in lines:
            self.tell(line)
            if line.sfx is not None and line.sfx not in sounds:
                sounds.append(line.sfx)
        for sfx in sounds[:SOUNDS_PER_STEP]:
            self.sound(sfx)
