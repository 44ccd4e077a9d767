"""Every question of a turn played in real browsers, through their real input: the keys and a
mouse on a page at twice the size (the keys alone in the slow run), and a touch screen alone.
A game is put on the server at a turn that holds them all (tests/network/web_scenario.py: the
dice are scripted): a card trade forced by five cards, chosen card by card; reinforcing; a
single attack whose dice Bob chooses to defend with, after which Ada takes both advantages
(Computer Advantage, then Attack Advantage's re-roll); a continuous and a do-or-die attack;
occupying; the free move.
Then Bob trades a set he chooses, reinforces, reads his mission, and wins it by touch. Each
refusal on the way is shown as the desktop shows it: the engine's sentence for what the
server refuses, the desktop's own words for what the screen refuses before sending."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.engine import Game, IllegalActionError, Phase
from game.engine import actions as act
from tests.network.test_web_game import secrets_held
from tests.network.web_browser import PagePlayer, ServerThread, chromium, seated_page, shot
from tests.network.web_policy import sync, trade_a_set
from tests.network.web_scenario import ADA, BOB, HANNIBAL, turn_of_every_question


def done(player: PagePlayer, server: ServerThread, press: Any, what: str) -> Game:
    """Press, then wait until the server has applied the action it sent and the page shows
    the result; the server's game then."""
    before = server.seq()
    press()
    player.until("f.seq > arg && !f.pending", before, what=what)
    sync(player, server)
    game = server.game()
    assert game is not None
    return game


def toggle_card(player: PagePlayer, card: str) -> None:
    """Click (tap, or press the number of) a card in the exchange window: chosen, or put
    back if it was."""
    facts = player.facts()
    was = card in (facts.get("chosen") or [])
    if player.keyboard:
        cards = [b[0] for b in facts["buttons"] if b[0].startswith("card:")]
        player.key(str(cards.index(f"card:{card}") + 1))
    else:
        player.button(f"card:{card}")
    player.until("f.chosen && f.chosen.includes(arg[0]) !== arg[1]", [card, was],
                 what=f"{card} {'put back' if was else 'chosen'}")


def engine_refusal(game: Game, action: act.Action) -> str:
    try:
        game.check(action)
    except IllegalActionError as exc:
        return str(exc)
    raise AssertionError(f"{action} is legal")


class _Ports:
    """What the desktop's turn controller needs to refuse (game/scenes/play/turns.py)."""

    def __init__(self, to_move: bool) -> None:
        self.to_move = to_move
        self.said: list[str] = []

    def refuse(self, text: str, holds: Any = None) -> None:
        self.said.append(text)

    def human_to_move(self) -> bool:
        return self.to_move

    def perform(self, action: act.Action) -> bool:
        raise AssertionError(f"the desktop would have sent {action}")


def desktop_refusal(game: Game, territory: str, *, to_move: bool = True,
                    moving: bool = False) -> str:
    """What the desktop's play screen says when this territory is pressed now (after Free
    Move if `moving`)."""
    from game.scenes.play.turns import TurnController

    ports = _Ports(to_move)
    controller = TurnController(None, game, ports)  # type: ignore[arg-type]
    if moving:
        controller.free_move()
    controller.select(territory)
    assert ports.said, f"the desktop refuses nothing on {territory}"
    return ports.said[-1]


def refused(player: PagePlayer, server: ServerThread, press: Any, wanted: str) -> None:
    """A press the page or the server refuses: the page shows `wanted`, nothing is played."""
    before = server.seq()
    press()
    player.until("f.alert === arg && !f.pending", wanted, what=f"the refusal {wanted!r}")
    assert server.seq() == before


@pytest.mark.parametrize("keys_only", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_every_question_of_a_turn_in_two_browsers(saves: Path, keys_only: bool) -> None:
    """Ada answers every question with the keys and chooses the territories with the mouse
    (with the keys alone, Tab and the arrows, in the slow run: it takes three times as long);
    Bob does all by touch."""
    server = ServerThread(saves, seats=("open", "open", "good"))
    try:
        tokens = server.install(turn_of_every_question())
        with chromium() as browser:
            ada = seated_page(browser, server, ADA, tokens[ADA], "Ada", keyboard=keys_only,
                              scale=2)
            bob = seated_page(browser, server, BOB, tokens[BOB], "Bob", touch=True)
            game = server.game()
            assert game is not None
            # Bob presses the map out of turn: the desktop's words
            refused(bob, server, lambda: bob.territory("iceland"),
                    desktop_refusal(game, "iceland", to_move=False))

            # five cards: the exchange opens by itself and cannot be closed
            ada.until("f.dialog === 'forced-cards'", what="the forced exchange")
            ada.key("Escape")
            assert ada.facts()["dialog"] == "forced-cards"
            for card in ("peru", "greenland", "egypt"):  # not a set: EXCHANGE stays off
                toggle_card(ada, card)
            facts = ada.until("f.buttons.some((b) => b[0] === 'EXCHANGE')", what="the buttons")
            assert not [b for b in facts["buttons"] if b[0] == "EXCHANGE" and b[6]]
            for card in ("greenland", "egypt", "venezuela", "argentina"):
                toggle_card(ada, card)  # two put back, two more chosen: three infantry
            ada.until("f.buttons.some((b) => b[0] === 'EXCHANGE' && b[6])", what="a set")
            shot(ada, "exchange_with_a_set")
            game = done(ada, server, lambda: ada.press("e", "EXCHANGE"), "the trade")
            assert game.players[ADA].hand == ["greenland", "egypt"]
            assert game.phase == Phase.REINFORCE and game.reinforcements == 5 + 6

            # reinforcing: a press on Bob's territory is sent, and the engine's words shown
            refused(ada, server, lambda: ada.territory("iceland"),
                    engine_refusal(game, act.PlaceArmies("iceland", 1)))
            ada.territory("greenland")
            ada.until("f.dialog === 'place'", what="how many to place")
            game = done(ada, server, lambda: ada.key("Enter"), "the reinforcements placed")
            assert game.phase == Phase.ATTACK and game.armies["greenland"] == 6 + 11 + 0

            # an enemy pressed first, then a single attack: Bob defends with two dice
            refused(ada, server, lambda: ada.territory("iceland"),
                    desktop_refusal(game, "iceland"))
            ada.territory("greenland")
            ada.until("f.source === 'greenland'", what="the attack's source")
            ada.territory("iceland")
            ada.until("f.dialog === 'attack'", what="the attack question")
            ada.key("s")  # SINGLE
            ada.key("3")  # three dice
            facts = bob.until("f.dialog === 'defend' && !f.scrolling", what="the defence question")
            assert [b[0] for b in facts["buttons"][-2:]] == ["1 DIE", "2 DICE"]
            shot(bob, "defend_question")
            game = done(bob, server, lambda: bob.button("2 DICE"), "the defence")
            # the roll, 2 2 1 against 5 3: Computer Advantage is offered first, then the
            # re-roll (Greenland's card is in Ada's hand)
            ada.until("f.dialog === 'advantage'", what="the advantage question")
            assert game.battle is not None
            assert set(game.battle.advantages) == {"reroll", "six"}
            game = done(ada, server, lambda: ada.key("y"), "Computer Advantage")
            assert game.phase == Phase.ADVANTAGE and game.battle is not None
            assert game.battle.advantages == ("reroll",)
            assert game.battle.attacker_roll == (6, 2, 2)
            ada.until("f.dialog === 'advantage'", what="the re-roll question")
            game = done(ada, server, lambda: ada.press("y", "YES"), "Attack Advantage")
            assert game.phase == Phase.ATTACK and game.armies["iceland"] == 1  # 6 4 2 v 5 3

            # continuous: a roll won, then one lost, and the attack stops by itself
            ada.key("Escape")  # (Greenland is dropped: Tab goes round what it may attack)
            ada.territory("alaska")
            ada.until("f.source === 'alaska'", what="the attack's source")
            ada.territory("kamchatka")
            ada.until("f.dialog === 'attack'", what="the attack question")
            ada.press("c", "CONTINUOUS")
            ada.until("f.buttons.some((b) => b[0] === 'CONTINUOUS')", what="the mode chosen")
            ada.key("Enter")  # the most dice
            for _ in range(2):
                bob.until("f.dialog === 'defend'", what="the defence question")
                done(bob, server, lambda: bob.button("2 DICE"), "the defence")
            game = server.game()
            assert game is not None and game.phase == Phase.ATTACK
            assert (game.armies["alaska"], game.armies["kamchatka"]) == (8, 2)

            # do or die: lost, then won; Ada moves in one army fewer than the most
            ada.until("f.buttons.some((b) => b[0] === 'ATTACK AGAIN')", what="attack again")
            ada.territory("kamchatka")
            ada.until("f.dialog === 'attack'", what="the attack question")
            ada.key("d")
            ada.key("Enter")
            for _ in range(2):
                bob.until("f.dialog === 'defend'", what="the defence question")
                done(bob, server, lambda: bob.button("2 DICE"), "the defence")
            ada.until("f.dialog === 'occupy'", what="the occupation question")
            game = server.game()
            assert game is not None and game.occupy_range() == (3, 5)
            ada.key("ArrowDown")
            game = done(ada, server, lambda: ada.key("Enter"), "the occupation")
            assert game.owner["kamchatka"] == ADA and game.armies["kamchatka"] == 4
            modes = [a.mode for a in game.record.actions if isinstance(a, act.Attack)]
            assert modes == ["single", "continuous", "do_or_die"]

            # the free move (F), which ends the turn
            ada.key("Escape")
            ada.key("f")
            refused(ada, server, lambda: ada.territory("iceland"),
                    desktop_refusal(game, "iceland", moving=True))
            ada.territory("alberta")
            ada.until("f.source === 'alberta'", what="the move's source")
            refused(ada, server, lambda: ada.territory("quebec"),
                    engine_refusal(game, act.Fortify("alberta", "quebec", 1)))
            ada.territory("ontario")
            ada.until("f.dialog === 'move'", what="the move question")
            shot(ada, "free_move")
            ada.key("Home")
            ada.key("ArrowUp")
            game = done(ada, server, lambda: ada.key("Enter"), "the free move")
            assert (game.armies["alberta"], game.armies["ontario"]) == (3, 4)
            assert game.current == BOB and game.phase == Phase.REINFORCE

            # Bob's turn, by touch: a set he may trade (the exchange offers itself once)
            bob.until("f.dialog === 'cards'", what="the exchange offered")
            game = done(bob, server, lambda: trade_a_set(bob, ("yakutsk", "ural", "siberia")),
                        "Bob's trade")
            assert game.players[BOB].hand == [] and game.sets_traded == 2
            bob.territory("india")
            bob.until("f.dialog === 'place'", what="how many to place")
            bob.button("-")
            bob.button("+")
            game = done(bob, server, lambda: bob.button("OK"), "Bob's reinforcements")
            assert game.phase == Phase.ATTACK
            bob.button("MISSION")
            bob.until("f.dialog === 'risk-card'", what="the mission")
            shot(bob, "mission_card")
            bob.button("OK")
            bob.territory("india")
            bob.until("f.source === 'india'", what="the attack's source")
            bob.territory("siam")
            bob.until("f.dialog === 'attack'", what="the attack question")
            bob.button("3 DICE")
            for player in (ada, bob):
                facts = player.until("f.over && f.dialog === 'over'", what="the end")
            game = server.game()
            assert game is not None and game.is_over and game.winner == BOB
            assert game.end_reason == "mission" and game.players[HANNIBAL].eliminated
            shot(bob, "victory_winner")
            shot(ada, "victory_other")
            ada.key("r")  # the results: how the game went
            ada.until("f.dialog === 'results'", what="the results")
            shot(ada, "results")
            bob.button("RESULTS")
            bob.until("f.dialog === 'results'", what="the results")

            tokens_by_seat = {ADA: tokens[ADA], BOB: tokens[BOB]}
            for seat, player in ((ADA, ada), (BOB, bob)):
                assert secrets_held(player, seat, tokens_by_seat) == []
                assert not player.errors
    finally:
        server.stop()
