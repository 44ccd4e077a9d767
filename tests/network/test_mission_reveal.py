"""A network missions game starts, as a local one does, with each player reading their own
secret mission (and nobody else's); the RISK card shows it again later."""

from __future__ import annotations

from typing import Any

from game.input import Command, CommandEvent, Device
from tests.network.support import free_port
from tests.network.test_screens import DT, _host, _shot, _step_until

CARD_PIXEL = (320, 190)  # inside the card: the back is the player's colour, the face cream


def _press(app: Any) -> None:
    app.scenes.top.handle(CommandEvent(Command.CONFIRM, (0, 0), Device.KEYBOARD))
    app.scenes.apply_pending()


def test_a_hosted_missions_game_shows_this_seat_its_own_mission_first(app: Any) -> None:
    from game.scenes.info.menu_screens import RiskCardScene
    from game.scenes.network.missions import NetworkMissionRevealScene
    from game.scenes.network.play import NetworkPlayScene

    host = _host(app, ["easy", "local"], free_port())
    host._set_type("uk_short")
    host.confirm()
    app.scenes.apply_pending()
    _step_until(app, lambda: isinstance(app.scenes.top, NetworkMissionRevealScene),
                shot="mission_call")
    reveal = app.scenes.top
    play = app.scenes.stack[-2]
    assert isinstance(play, NetworkPlayScene)
    assert reveal.viewers == [1] and reveal.stage == "call"  # this machine's seat alone
    game = play.game
    assert game.mission(1) is not None and game.mission(0) is None  # the other's is unknown
    back = app.screen.get_at(CARD_PIXEL)[:3]
    assert back == play.colours[1].rgb  # the card's back, in this seat's colour
    for _ in range(60):
        app.step(DT)  # the guard against a double press runs out
    _press(app)
    app.step(DT)
    _shot(app, "mission_card")
    assert reveal.stage == "card"
    assert app.screen.get_at(CARD_PIXEL)[:3] != back  # the card's face: the mission text
    for _ in range(60):
        app.step(DT)
    _press(app)
    app.step(DT)
    assert app.scenes.top is play  # one seat, one card: on to the game
    play.menus.risk_card()  # and the mission can be read again, as in a local game
    app.scenes.apply_pending()
    card = app.scenes.top
    assert isinstance(card, RiskCardScene) and card.viewer == 1


def test_a_game_without_missions_opens_straight_on_the_map(app: Any) -> None:
    from game.scenes.network.play import NetworkPlayScene

    host = _host(app, ["local", "easy"], free_port())  # UK Full: cards, no missions
    host.confirm()
    app.scenes.apply_pending()
    from game.scenes.setup.missions import MissionRevealScene

    _step_until(app, lambda: isinstance(app.scenes.top, NetworkPlayScene))
    for _ in range(30):
        app.step(DT)
        assert not any(isinstance(s, MissionRevealScene) for s in app.scenes.stack)
