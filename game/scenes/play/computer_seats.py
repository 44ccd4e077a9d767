"""Computer seats on the play screen: one decision at a time, each shown, paced by Fast Game.

`ComputerSeats.next_action` asks the seat's general for one action (a stand-in plays should
the general fail; a long think runs beside the frame loop and is announced first);
`pause_after` says how long the shown action stays on screen before the next one. The pause
starts only once the map has arrived where the action happened, so Map Scroll "Jump" (no
travel) makes a computer turn quicker than "Scroll".
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from game.engine import Game, Phase
from game.engine import actions as act
from game.scenes.play.computer import ComputerPlayer, StandInGeneral, make_general

# Seconds a shown computer action stays on screen, by Fast Game level.
PAUSES = {
    "normal": {"setup": 0.08, "step": 0.16, "battle": 0.08},
    "fast": {"setup": 0.02, "step": 0.04, "battle": 0.02},
    "instant": {"setup": 0.0, "step": 0.0, "battle": 0.0},
}
BATTLE_ACTIONS = (act.Attack, act.Defend, act.UseAdvantage, act.DeclineAdvantage)
SETUP_PHASES = frozenset({Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ})


class ComputerSeats:
    """The generals of the computer seats, made again when Change Sides changes a level."""

    def __init__(self, game: Game, warn: Callable[[str], None],
                 notice: Callable[[str], None] = lambda text: None) -> None:
        self.game = game
        self.warn = warn
        self.notice = notice  # tells the player what the computer is doing (a long think)
        self._generals: dict[int, tuple[str, ComputerPlayer]] = {}
        # a long think runs beside the frame loop: (seat, actions so far, the thread, result)
        self._thought: tuple[int, int, threading.Thread, list[act.Action]] | None = None

    def general_for(self, pid: int) -> ComputerPlayer:
        level = self.game.players[pid].level
        found = self._generals.get(pid)
        if found is None or found[0] != level:
            found = (level, make_general(level if level != "human" else "standard",
                                         self.game.seed, pid))
            self._generals[pid] = found
        return found[1]

    def choose(self, pid: int) -> act.Action:
        """The seat's next action; a broken general never stops the game."""
        game = self.game
        try:
            return self.general_for(pid).choose(game)
        except Exception as exc:  # noqa: BLE001 - a broken general must not stop the game
            self.warn(f"{game.players[pid].name} hesitates ({exc}).")
            return self.stand_in(pid)

    def next_action(self, pid: int) -> act.Action | None:
        """The seat's next action, or None while its general thinks beside the frame loop.
        A long think is announced and started here, and collected on a later frame (dropped
        if the game moved on meanwhile: the next frame asks afresh)."""
        if self.thinking:
            return self.thought(pid)
        if self.deliberates(pid):
            self.notice(f"{self.game.players[pid].name} is thinking...")
            self.begin_thought(pid)
            return None
        return self.choose(pid)

    def deliberates(self, pid: int) -> bool:
        """Whether the seat's next decision takes a moment of thought (worth announcing
        before the window waits for it)."""
        try:
            general = self.general_for(pid)
            ask = getattr(general, "will_deliberate", None)
            return bool(ask(self.game)) if ask is not None else False
        except Exception:  # noqa: BLE001 - a broken general must not stop the game
            return False

    @property
    def thinking(self) -> bool:
        """Whether a long think is under way (or done and not yet collected)."""
        return self._thought is not None

    def begin_thought(self, pid: int) -> None:
        """Start the seat's next decision beside the frame loop, so the window keeps drawing
        while the general thinks. The game must not change until `thought` collects it."""
        result: list[act.Action] = []
        thread = threading.Thread(target=lambda: result.append(self.choose(pid)),
                                  name="general-thinking", daemon=True)
        self._thought = (pid, len(self.game.record.actions), thread, result)
        thread.start()

    def thought(self, pid: int) -> act.Action | None:
        """The decision `begin_thought` started, once made; None while the general still
        thinks, or when the game moved on meanwhile (the decision is then dropped)."""
        if self._thought is None:
            return None
        seat, actions, thread, result = self._thought
        if thread.is_alive():
            return None
        self._thought = None
        if seat != pid or actions != len(self.game.record.actions) or not result:
            return None
        return result[0]

    def stand_in(self, pid: int) -> act.Action:
        return StandInGeneral(pid, self.game.seed).choose(self.game)


def pause_after(action: act.Action, phase_before: Phase, speed: str) -> float:
    """How long a computer's shown action stays on screen before its next one."""
    pauses = PAUSES.get(speed, PAUSES["normal"])
    if isinstance(action, BATTLE_ACTIONS):
        return pauses["battle"]
    if phase_before in SETUP_PHASES or isinstance(action, act.ClaimTerritory):
        return pauses["setup"]
    return pauses["step"]
