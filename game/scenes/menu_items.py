"""The FILE menu's two network items, shared by the set-up and play screens' menu bars.

They open the Host and Join forms through the scenes' context (`app.host_scene()`,
`app.join_scene()`), so the set-up and play families need not import the network family,
which sits above them (its play screen is built on theirs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.menubar import MenuItem

if TYPE_CHECKING:
    from game.scenes.base import SceneContext


HOST_ITEM, JOIN_ITEM = "Host Network Game...", "Join Network Game..."
NETWORK_ITEMS = (HOST_ITEM, JOIN_ITEM)


def network_items(app: SceneContext) -> list[MenuItem]:
    """FILE > Host Network Game... and FILE > Join Network Game..."""
    def host() -> None:
        try:
            scene = app.host_scene()
        except ImportError as exc:
            _missing(app, exc)
            return
        app.scenes.push(scene)

    def join() -> None:
        try:
            scene = app.join_scene()
        except ImportError as exc:
            _missing(app, exc)
            return
        app.scenes.push(scene)

    return [MenuItem(HOST_ITEM, host), MenuItem(JOIN_ITEM, join)]


def _missing(app: SceneContext, exc: ImportError) -> None:
    """Network play needs `websockets`; without it the rest of the game goes on."""
    from game.scenes.dialogs.boxes import MessageDialogScene  # noqa: PLC0415

    app.scenes.push(MessageDialogScene(
        app, "NETWORK GAME", f"Network play needs the websockets package ({exc.name}), which "
        "comes with Conquest: install Conquest again to bring it back."))
