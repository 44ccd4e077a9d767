"""The turn controller: a human's intents on the play screen turned into engine actions.

A press on a territory, a hot key or a menu item means something different in each phase and
step (claim, place, attack from, attack to, free move...). This part keeps that step (`mode`,
`source`, `target`, the last attack, the attack mode), asks the questions an action needs
(how many armies, how many dice) and hands finished actions to `perform`. It holds no rule:
the engine's legal actions say what is possible, and its refusals are passed on.

`mode` is one of "attack_from", "attack_to", "move_from", "move_to", "place", "cheat".
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.audio import Sfx
from game.engine import ArmyChoice, Game, IllegalActionError, Phase
from game.engine import actions as act
from game.scenes.dialogs.boxes import ChoiceDialogScene, ConfirmDialogScene, NumberDialogScene
from game.engine.words import plural
from game.ui import palette

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

ATTACK_MODES = ("single", "continuous", "do_or_die")


class TurnPorts(Protocol):
    """What the controller may do besides reading the game (given by the scene)."""

    def perform(self, action: act.Action) -> bool: ...
    def refuse(self, text: str, holds: Callable[[], bool] | None = None) -> None: ...
    def say(self, text: str, colour: tuple[int, int, int] = palette.WHITE) -> None: ...
    def announce(self, source: str, target: str) -> None: ...
    def clear_of(self, dialog: Any, tids: tuple[str, ...]) -> None: ...
    def human_to_move(self) -> bool: ...


def choice_for(game: Game, template: type, **match: str) -> ArmyChoice | None:
    """The legal army choice of `template`'s kind whose fields equal `match`."""
    for choice in game.legal_actions():
        if isinstance(choice, ArmyChoice) and isinstance(choice.template, template) and all(
                getattr(choice.template, k) == v for k, v in match.items()):
            return choice
    return None


class TurnController:
    """Selection and the questions of a human's step; actions go out through `ports.perform`."""

    def __init__(self, app: SceneContext, game: Game, ports: TurnPorts) -> None:
        self.app = app
        self.game = game
        self.ports = ports
        self.attack_mode = "single"
        self.mode = "attack_from"
        self.source: str | None = None
        self.target: str | None = None
        self.last_attack: tuple[str, str, int] | None = None

    def step(self) -> tuple[object, ...]:
        """What the player is asked now: the game's turn, phase and mover, and the selection's
        mode, source and target. A refusal answers one step: once this changes (a free move
        begun, a source chosen, the turn over) it is stale, and the new step's prompt shows."""
        game = self.game
        return (game.turn, game.phase, game.to_move, self.mode, self.source, self.target)

    def reset(self) -> None:
        """A new turn: nothing selected, no attack to repeat."""
        self.mode, self.source, self.target = "attack_from", None, None
        self.last_attack = None

    def _push(self, scene: Any) -> None:
        self.app.scenes.push(scene)

    # -- a press on the map ------------------------------------------------------------
    def select(self, tid: str) -> None:
        """A press on territory `tid`: what it means depends on the phase and the mode."""
        game = self.game
        if game.is_over:
            return
        if self.mode == "cheat":
            self.mode = "attack_from"
            self.ports.perform(act.CheatConquer(tid))
            return
        if not self.ports.human_to_move():
            mover = game.to_move
            # true only while that player is to move: taken down when the move passes, so it
            # never stands over the next player's prompt (the game is read anew each frame: a
            # network screen swaps in a fresh mirror with every move)
            self.ports.refuse(f"Please wait: it is {game.players[mover].name}'s move.",
                              holds=lambda: self.game.to_move == mover
                              and not self.game.is_over)
            return
        phase = game.phase
        if phase == Phase.CLAIM:
            self.ports.perform(act.ClaimTerritory(tid))
        elif phase in (Phase.PLACE, Phase.REINFORCE):
            self.place(tid)
        elif phase == Phase.CHOOSE_HQ:
            self.choose_hq(tid)
        elif phase in (Phase.ATTACK, Phase.FORTIFY):
            if self.mode in ("move_from", "move_to"):
                self.select_move(tid)
            else:
                self.select_attack(tid)
        else:
            self.ports.refuse("Answer the question on screen first.")

    def place(self, tid: str) -> None:
        game = self.game
        choice = choice_for(game, act.PlaceArmies, territory=tid)
        if choice is None:
            self.ports.perform(act.PlaceArmies(tid, 1))  # the engine says why not
            return
        if choice.hi == choice.lo:
            self.ports.perform(choice.make(choice.hi))
            return
        name = game.board.territory_name(tid)
        self.source, self.mode = tid, "place"

        def done(count: int | None) -> None:
            self.source, self.mode = None, "attack_from"
            if count is not None:
                self.ports.perform(choice.make(count))

        self._push(NumberDialogScene(
            self.app, "REINFORCE" if game.phase == Phase.REINFORCE else "PLACE ARMIES",
            f"How many armies on {name}?", choice.lo, choice.hi, choice.hi, done))

    def choose_hq(self, tid: str) -> None:
        game = self.game
        if not game.is_legal(act.ChooseHeadquarters(tid)):
            self.ports.perform(act.ChooseHeadquarters(tid))
            return
        name = game.board.territory_name(tid)
        self._push(ConfirmDialogScene(
            self.app, "HEADQUARTERS", f"Make {name} your headquarters?",
            lambda: self.ports.perform(act.ChooseHeadquarters(tid)), default_yes=True))

    # -- attacks -----------------------------------------------------------------------
    def can_attack_from(self, tid: str) -> bool:
        return any(isinstance(a, act.Attack) and a.source == tid
                   for a in self.game.legal_actions())

    def select_attack(self, tid: str) -> None:
        game = self.game
        me = game.current
        name = game.board.territory_name
        refuse = self.ports.refuse
        if game.phase != Phase.ATTACK:
            # {CONTROL} markers: the message area names them for the device in hand.
            refuse("Your attacks are over: make another free move ({FREE_MOVE}) or end the turn"
                   " ({END_TURN}).")
            return
        if game.owner[tid] == me:
            if self.can_attack_from(tid):
                self.source, self.target, self.mode = tid, None, "attack_to"
                self.app.play(Sfx.CLICK)
            elif game.armies[tid] < 2:
                refuse(f"{name(tid)} has only 1 army: it cannot attack.")
            else:
                refuse(f"{name(tid)} has no enemy neighbour to attack.")
            return
        if self.source is None:
            refuse(f"First select one of your territories to attack {name(tid)} from.")
            return
        if self.mode == "attack_from" and self.target == tid and self.last_attack:
            self.repeat_attack()
            return
        try:
            game.check(act.Attack(self.source, tid, 1, self.attack_mode))
        except IllegalActionError as exc:
            refuse(str(exc))
            return
        self.target = tid
        self.choose_dice(self.source, tid)

    def choose_dice(self, source: str, target: str) -> None:
        """The attacker's dice: asked unless there is one choice or Automatic Dice is on."""
        most = self.game.attack_dice_allowed(source)
        if most <= 1 or self.app.settings.automatic_dice:
            self.launch(source, target, max(1, most))
            return
        options = [plural(n, "die", "dice") for n in range(1, most + 1)] + ["Cancel"]

        def chosen(index: int) -> None:
            if index < most:
                self.launch(source, target, index + 1)
            else:
                self.cancel_selection()

        dialog = ChoiceDialogScene(
            self.app, "ATTACK", f"Attack {self.game.board.territory_name(target)} with how many "
            "dice?", options, chosen, default=most - 1, cancel=most)
        self.ports.clear_of(dialog, (source, target))
        self._push(dialog)

    def launch(self, source: str, target: str, dice: int) -> None:
        self.ports.announce(source, target)
        self.last_attack = (source, target, dice)
        self.source, self.target, self.mode = source, target, "attack_from"
        self.ports.perform(act.Attack(source, target, dice, self.attack_mode))

    def repeat_attack(self) -> None:
        """R: the last attack again with the same territories and dice (fewer if needed)."""
        game = self.game
        if self.last_attack is None:
            self.ports.refuse("There is no attack to repeat: select New Attack (N).")
            return
        source, target, dice = self.last_attack
        if game.owner[source] != game.current or game.owner[target] == game.current:
            self.ports.refuse("That attack is over: select New Attack (N).")
            return
        self.launch(source, target, min(dice, max(1, game.attack_dice_allowed(source))))

    def new_attack(self) -> None:
        self.source, self.target, self.mode = None, None, "attack_from"
        self.last_attack = None
        self.ports.say("New attack: select the territory to attack from.", palette.CREAM)

    def set_attack_mode(self, mode: str) -> None:
        if mode in ATTACK_MODES:
            self.attack_mode = mode

    # -- free moves ----------------------------------------------------------------------
    def free_move(self) -> None:
        if choice_for(self.game, act.Fortify) is None:
            self.ports.refuse("No free move is possible now.")
            return
        self.source, self.target, self.mode = None, None, "move_from"

    def select_move(self, tid: str) -> None:
        game = self.game
        name = game.board.territory_name
        if self.mode == "move_from" or self.source is None:
            if choice_for(game, act.Fortify, source=tid) is not None:
                self.source, self.mode = tid, "move_to"
                self.app.play(Sfx.CLICK)
            else:
                self.ports.refuse(f"No armies can move from {name(tid)}.")
            return
        source = self.source
        choice = choice_for(game, act.Fortify, source=source, target=tid)
        if choice is None:
            self.ports.perform(act.Fortify(source, tid, 1))  # the engine says why not
            return

        def done(count: int | None) -> None:
            self.source, self.target, self.mode = None, None, "attack_from"
            if count is not None:
                self.ports.perform(choice.make(count))

        self.target = tid
        self._push(NumberDialogScene(
            self.app, "FREE MOVE", f"Move how many armies from {name(source)} to {name(tid)}?",
            choice.lo, choice.hi, choice.hi, done))

    # -- cancelling and ending -------------------------------------------------------------
    def cancel_selection(self) -> None:
        self.source, self.target, self.mode = None, None, "attack_from"

    def cancel(self) -> None:
        """ESC: drop the current selection, or end the turn when nothing is selected."""
        game = self.game
        if self.mode != "attack_from" or self.source is not None:
            self.cancel_selection()
            self.ports.say("Cancelled.", palette.LIGHT)
            return
        if not self.ports.human_to_move():
            return
        if game.phase in (Phase.ATTACK, Phase.FORTIFY):
            self.end_turn()
        elif game.phase == Phase.REINFORCE:
            self.ports.refuse(f"Place your {plural(game.reinforcements)} first.")
        elif game.phase in (Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ):
            self.ports.refuse("The set-up must be finished before a turn can end.")

    def end_turn(self) -> None:
        self.cancel_selection()
        self.ports.perform(act.EndTurn())

    # -- what a press could mean now -------------------------------------------------------
    def accepted(self) -> list[str]:
        """The territories a press would be accepted on now (empty: nothing is asked)."""
        game = self.game
        if game.is_over or not self.ports.human_to_move():
            return []
        legal = game.legal_actions()
        if self.mode == "cheat":
            return [t for t in game.board.territories if game.owner[t] != game.current]
        if game.phase == Phase.CLAIM:
            return [a.territory for a in legal if isinstance(a, act.ClaimTerritory)]
        if game.phase in (Phase.PLACE, Phase.REINFORCE):
            return list(dict.fromkeys(c.template.territory for c in legal
                                      if isinstance(c, ArmyChoice)
                                      and isinstance(c.template, act.PlaceArmies)))
        if game.phase == Phase.CHOOSE_HQ:
            return [a.territory for a in legal if isinstance(a, act.ChooseHeadquarters)]
        if game.phase not in (Phase.ATTACK, Phase.FORTIFY):
            return []
        fortify = [c.template for c in legal if isinstance(c, ArmyChoice)
                   and isinstance(c.template, act.Fortify)]
        if self.mode == "move_from":
            return list(dict.fromkeys(f.source for f in fortify))
        if self.mode == "move_to" and self.source:
            return [f.target for f in fortify if f.source == self.source]
        attacks = [a for a in legal if isinstance(a, act.Attack)]
        if self.mode == "attack_to" and self.source:
            return list(dict.fromkeys(a.target for a in attacks if a.source == self.source))
        return list(dict.fromkeys(a.source for a in attacks))

    def snap_order(self, anchor: Callable[[str], tuple[int, int]],
                   pointer: tuple[int, int]) -> list[str]:
        """`accepted()` nearest first from the pointer (every territory when nothing is)."""
        found = self.accepted() or list(self.game.board.territories)

        def distance(tid: str) -> tuple[float, str]:
            x, y = anchor(tid)
            return (math.hypot(x - pointer[0], y - pointer[1]), tid)

        return sorted(found, key=distance)
