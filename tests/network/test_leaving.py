"""A network game is left only on purpose: FILE's Host and Join items do not leave it without
a word (FILE > Leave Network Game asks first)."""

from __future__ import annotations

from typing import Any

from game.scenes.menu_items import NETWORK_ITEMS
from tests.network.test_screens import DT
from tests.network.test_stale_wait import _hosted_against_easy


def test_host_and_join_in_a_network_game_say_to_leave_it_first(app: Any) -> None:
    scene = _hosted_against_easy(app)
    server = scene.bridge.server
    file_menu = next(menu for menu in scene.menubar.menus if menu.title == "FILE")
    items = {item.label: item for item in file_menu.items}
    assert set(NETWORK_ITEMS) <= set(items)
    for label in NETWORK_ITEMS:
        items[label].action()
        app.scenes.apply_pending()
        app.step(DT)
        assert app.scenes.top is scene  # no form over the game, nothing left
        assert scene.messages.alerting == ("Leave the network game first "
                                           "(FILE > Leave Network Game).")
    assert scene.bridge.clients and server.clients  # still seated, still connected
    items["Leave Network Game"].action()
    app.scenes.apply_pending()
    assert type(app.scenes.top).__name__ == "ConfirmDialogScene"
