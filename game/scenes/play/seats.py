"""Who sits where: humans and computers, whose secrets the screen may show, and when the
machine changes hands (a new seat to move, a hand-over between humans).
"""

from __future__ import annotations

from game.engine import Game, Phase

SETUP_PHASES = frozenset({Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ})
TURN_PHASES = frozenset({Phase.REINFORCE, Phase.ATTACK, Phase.FORTIFY})


class Seats:
    """Reads the game's players; remembers only which seat was last seen to move."""

    def __init__(self, game: Game, demo: bool) -> None:
        self.game = game
        self.demo = demo
        self._seen: tuple[int, int, str] | None = None

    def is_computer(self, pid: int) -> bool:
        return self.demo or self.game.players[pid].level != "human"

    def is_human(self, pid: int) -> bool:
        return not self.is_computer(pid)

    @property
    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.game.players)
                if not p.is_neutral and self.is_human(i)]

    @property
    def is_humans_move(self) -> bool:
        return not self.game.is_over and self.is_human(self.game.to_move)

    @property
    def hot_seat(self) -> bool:
        """Two or more humans still in the game share the machine: each one's secrets need a
        hand-over."""
        alive = [pid for pid in self.humans if not self.game.players[pid].eliminated]
        return not self.demo and len(alive) >= 2

    def viewer(self, cheating: bool = False) -> int | None:
        """Whose secrets the screen may show: the human whose turn it is, the only human,
        or (a demo, or after a Cheat) whoever is playing; None: nobody's."""
        game = self.game
        if self.demo:
            return game.current
        if self.is_human(game.current):
            return game.current
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        return game.current if cheating else None

    # -- changes of hands ----------------------------------------------------------------
    def _key(self, game: Game) -> tuple[int, int, str] | None:
        if game.is_over:
            return None
        if game.phase in SETUP_PHASES:
            return (game.to_move, game.turn, game.phase.value)
        if game.to_move != game.current:
            return None  # a defence: the turn is still the attacker's
        return (game.current, game.turn, "turn")

    def arrived(self, game: Game) -> None:
        """The seat to move now is already at the screen (the start of the screen)."""
        self._seen = self._key(game)

    def arrival(self, game: Game) -> tuple[int | None, int | None] | None:
        """(the human who just left or None, the human now to move or None) when the seat to
        move changed since the last call; None when nothing changed."""
        key = self._key(game)
        if key is None or key == self._seen:
            return None
        before, self._seen = self._seen, key
        left = before[0] if before is not None and self.is_human(before[0]) \
            and before[0] != key[0] else None
        now = key[0] if self.is_human(key[0]) else None
        return left, now

    def needs_hand_over(self, game: Game, pid: int) -> bool:
        """A human's turn (or secret headquarters choice) in a game with several humans."""
        return self.hot_seat and (game.phase in TURN_PHASES or game.phase == Phase.CHOOSE_HQ)
