"""The FILE menu's two network items, shared by the set-up and play screens' menu bars."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.menubar import MenuItem

if TYPE_CHECKING:
    from game.app import App


HOST_ITEM, JOIN_ITEM = "Host Network Game...", "Join Network Game..."
NETWORK_ITEMS = (HOST_ITEM, JOIN_ITEM)


def network_items(app: App) -> list[MenuItem]:
    """FILE > Host Network Game... and FILE > Join Network Game..."""
    def host() -> None:
        try:
            from game.scenes.network.host import HostNetworkScene  # noqa: PLC0415
        except ImportError as exc:
            _missing(app, exc)
            return
        app.scenes.push(HostNetworkScene(app))

    def join() -> None:
        try:
            from game.scenes.network.join import JoinNetworkScene  # noqa: PLC0415
        except ImportError as exc:
            _missing(app, exc)
            return
        app.scenes.push(JoinNetworkScene(app))

    return [MenuItem(HOST_ITEM, host), MenuItem(JOIN_ITEM, join)]


def _missing(app: App, exc: ImportError) -> None:
    """Network play needs `websockets`; without it the rest of the game goes on."""
    from game.scenes.dialogs.boxes import MessageDialogScene  # noqa: PLC0415

    app.scenes.push(MessageDialogScene(
        app, "NETWORK GAME", f"Network play needs the websockets package ({exc.name}). "
        "Install it with: python -m pip install -e ."))
