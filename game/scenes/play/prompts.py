"""The questions the phase puts to the human to move, and the line that says what to do.

Part of the turn controller: when the engine waits for a human's answer (defend, advantage,
occupy, a forced card exchange) this asks it in a dialog; otherwise it says once, in plain
words, what the human should do now (`prompt_text`). Answers go out through `perform`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine import Game, Phase
from game.engine import actions as act
from game.scenes.play.cards import CardExchangeScene
from game.scenes.dialogs.boxes import ChoiceDialogScene, ConfirmDialogScene, NumberDialogScene
from game.engine.words import plural
from game.scenes.play.turns import TurnController
from game.input import Device
from game.ui import controlnames, palette
from game.ui.messages import MessageArea

if TYPE_CHECKING:
    from game.scenes.base import SceneContext

SETUP_PHASES = frozenset({Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ})
# What the prompt line says after OPTIONS > Cheat (menus.py); a controlnames template.
CHEAT_PROMPT = "Cheat: select any territory to conquer it ({DESELECT} cancels)."


class HumanPrompts:
    """Asks what the engine waits for; `step()` is called when a human is to move."""

    def __init__(self, app: SceneContext, game: Game, turns: TurnController,
                 clear_of: Callable[[Any, tuple[str, ...]], None],
                 show_battlefield: Callable[[str, str], None],
                 preview: Callable[[tuple[str, str, int] | None], None] = lambda move: None
                 ) -> None:
        self.app = app
        self.game = game
        self.turns = turns
        self.perform = turns.ports.perform
        self.clear_of = clear_of
        self.show_battlefield = show_battlefield
        # the map shows the armies an occupation would move: (source, target, armies in it)
        self.preview = preview
        self.cards_offered: tuple[int, int] | None = None
        self._guide_key: tuple[Any, ...] | None = None

    def forget_guide(self) -> None:
        """Say the guide line again at the next step (after a dialog, a new attack...)."""
        self._guide_key = None

    def step(self) -> None:
        game = self.game
        phase = game.phase
        if phase == Phase.DEFEND:
            self.ask_defence()
        elif phase == Phase.ADVANTAGE:
            self.ask_advantage()
        elif phase == Phase.OCCUPY:
            self.ask_occupation()
        elif phase == Phase.REINFORCE and self.should_offer_cards():
            self.offer_cards(forced=game.must_trade())
        else:
            self.guide()

    # -- saying what to do -------------------------------------------------------------
    def guide(self) -> None:
        """Say once what the human to move should do now."""
        game = self.game
        text = self.prompt_template()
        t = self.turns
        key = (game.phase, game.to_move, t.mode, t.source, game.reinforcements, game.quota,
               game.neutral_quota, game.turn, text)
        if key == self._guide_key:
            return
        self._guide_key = key
        if text:
            self.turns.ports.say(text, palette.CREAM)

    def prompt_text(self) -> str:
        """What the human to move should do now, in one line ("" when nothing is asked), with
        the controls named for the device the player used last."""
        return controlnames.describe_for(self.app, self.prompt_template())

    def prompt_template(self) -> str:
        """`prompt_text` with its controls left as {CONTROL} markers: the message area names
        them when it draws, so a line in the history never keeps another device's words."""
        game = self.game
        pid = game.to_move
        name = game.players[pid].name
        where = game.board.territory_name
        mode, source = self.turns.mode, self.turns.source
        if mode == "cheat":  # before the phase's own words ("place 4 armies" stood over it)
            return CHEAT_PROMPT
        if game.phase == Phase.CLAIM:
            left = sum(1 for t in game.board.territories if game.owner[t] is None)
            return f"{name}: claim a territory - select an unclaimed one ({left} left)."
        if game.phase == Phase.PLACE:
            left = game.setup_pool[pid]
            own, neutral = game.quota, game.neutral_quota
            if own and neutral:
                return (f"{name}: place {plural(own)} on your territories and {neutral} on a "
                        f"neutral one ({left} left).")
            if neutral:
                return f"{name}: now place {plural(neutral)} on a neutral territory."
            return f"{name}: place {plural(own)} on your territories ({left} left)."
        if game.phase == Phase.CHOOSE_HQ:
            return f"{name}: select one of your territories as your headquarters."
        if game.phase == Phase.REINFORCE:
            return f"{name}: place {plural(game.reinforcements)} - select one of your territories."
        if mode == "attack_to" and source:
            return (f"Attack from {where(source)}: select the enemy territory to attack "
                    "({DESELECT} cancels).")
        if mode == "move_from":
            return "Free move: select the territory to move armies from ({DESELECT} cancels)."
        if mode == "move_to" and source:
            return f"Free move from {where(source)}: select where to ({{DESELECT}} cancels)."
        if game.phase == Phase.ATTACK:
            return (f"{name}: select a territory to attack from; free move ({{FREE_MOVE}}), "
                    "end the turn ({END_TURN}).")
        if game.phase == Phase.FORTIFY:
            return f"{name}: another free move ({{FREE_MOVE}}), or end the turn ({{END_TURN}})."
        return ""

    def pinned(self) -> bool:
        """While a human places, the first message line keeps saying what to do."""
        return (self.turns.mode in ("attack_from", "place")
                and self.game.phase in SETUP_PHASES | {Phase.REINFORCE})

    # -- cards ---------------------------------------------------------------------------
    def should_offer_cards(self) -> bool:
        game = self.game
        pid = game.current
        if not game.tradeable_sets(pid):
            return False
        if game.must_trade():
            return True
        return self.cards_offered != (game.turn, pid)

    def offer_cards(self, *, forced: bool) -> None:
        """The card exchange at the start of a turn (forced at 5 cards)."""
        game = self.game
        pid = game.current
        self.cards_offered = (game.turn, pid)

        def on_trade(cards: tuple[str, str, str]) -> None:
            self.perform(act.TradeCards((cards[0], cards[1], cards[2])))

        self.app.scenes.push(CardExchangeScene(self.app, game, pid, on_trade, lambda: None,
                                               forced))

    # -- battle questions ----------------------------------------------------------------
    def ask_defence(self) -> None:
        game = self.game
        battle = game.battle
        assert battle is not None
        most = game.defence_dice_allowed(battle.target)
        if self.app.settings.automatic_dice or most == 1:
            self.perform(act.Defend(most))
            return
        pid = game.to_move
        name = game.board.territory_name
        text = (f"{game.players[pid].name}: {name(battle.target)} ({game.armies[battle.target]}) "
                f"is attacked from {name(battle.source)} with {plural(battle.dice, 'die', 'dice')}."
                "\nDefend with how many dice?")
        options = [plural(n, "die", "dice") for n in range(1, most + 1)]
        dialog = ChoiceDialogScene(self.app, "DEFEND", text, options,
                                   lambda index: self.perform(act.Defend(index + 1)),
                                   default=most - 1)
        self.show_battlefield(battle.source, battle.target)
        self.clear_of(dialog, (battle.source, battle.target))
        self.app.scenes.push(dialog)

    def ask_advantage(self) -> None:
        game = self.game
        battle = game.battle
        assert battle is not None
        lowest = min(battle.attacker_roll)
        dice = " ".join(str(d) for d in battle.attacker_roll)
        against = " ".join(str(d) for d in battle.defender_roll)
        if "six" in battle.advantages:
            kind, text = "six", (f"You rolled {dice} against {against}.\nUse Computer Advantage: "
                                 f"turn your lowest die ({lowest}) into a 6? (once a turn)")
        else:
            kind, text = "reroll", (f"You rolled {dice} against {against}.\nUse Attack Advantage: "
                                    f"roll your lowest die ({lowest}) again?")
        self.app.scenes.push(ConfirmDialogScene(
            self.app, "ADVANTAGE", text, lambda: self.perform(act.UseAdvantage(kind)),
            lambda: self.perform(act.DeclineAdvantage()), default_yes=True))

    def ask_occupation(self) -> None:
        game = self.game
        battle = game.battle
        assert battle is not None
        lo, hi = game.occupy_range()
        source, target = battle.source, battle.target
        name = game.board.territory_name(target)

        def done(n: int | None) -> None:
            self.preview(None)
            self.perform(act.Occupy(hi if n is None else n))

        # The number asked is the armies that will stand in the new territory; the map
        # follows it (it showed the dice's armies already moved, the box another number).
        dialog = NumberDialogScene(
            self.app, "OCCUPY", f"How many armies move into {name}?", lo, hi, hi, done,
            can_cancel=False, on_value=lambda n: self.preview((source, target, n)))
        self.clear_of(dialog, (battle.source, battle.target))
        self.app.scenes.push(dialog)


# -- the message area --------------------------------------------------------------------
def message_area(app: SceneContext) -> MessageArea:
    """The play screen's message area, naming the controls of the device used now."""
    area = MessageArea(app.fonts, hint=lambda: message_hint(app),
                       describe=lambda text: controlnames.describe_for(app, text))
    area.newer_hint = lambda: controlnames.for_app(app, controlnames.Control.HISTORY_NEWER)
    return area


def message_hint(app: SceneContext) -> str:
    """Help and continents, as the device in hand reaches them (a controlnames template)."""
    if controlnames.device_of(app) is Device.MOUSE:
        return "INFO > Help, Continents"
    return "{HELP} Help   {CONTINENTS} Continents"
