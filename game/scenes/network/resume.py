"""At start, the network game this player was in is offered, as an interrupted local game is.

A window closed (or crashed) in the middle of a network game leaves the player's seat token on
disk, and the server keeps the seat for them; but nothing on the title or the set-up screen
said so, and a player had to know to open FILE > Join Network Game. Now the first screen asks:
a game hosted from this window is offered first (its Host form has RESUME), then a game joined
(its Join form comes back filled in and takes the seat back). "Not now" forgets nothing; a
seat is forgotten when its game is over (game/net/bridge.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.scenes.base import SceneContext


def kept_join(saves_dir: Path | None = None) -> tuple[str, list[str]] | None:
    """The server (as typed on the Join form) and the names with a seat kept there, from the
    form's last answers; None when no seat is kept."""
    from game.net.recall import load_answers  # noqa: PLC0415
    from game.scenes.network.join import kept_seats  # noqa: PLC0415

    answers = load_answers("join", saves_dir)
    address, port = str(answers.get("address", "")), str(answers.get("port", ""))
    kept = kept_seats(address, port, str(answers.get("name", "")))
    return (f"{address}:{port}", [name for _, name in kept]) if kept else None


def offer_network_game(app: SceneContext, saves_dir: Path | None = None) -> bool:
    """Ask whether to go back to the network game this window was in; True if asked."""
    from game.net.recall import resumable_hosted_game  # noqa: PLC0415
    from game.scenes.dialogs.boxes import ConfirmDialogScene  # noqa: PLC0415
    from game.scenes.network.host import HostNetworkScene  # noqa: PLC0415
    from game.scenes.network.join import JoinNetworkScene  # noqa: PLC0415

    hosted = resumable_hosted_game(saves_dir)
    if hosted is not None:
        app.scenes.push(ConfirmDialogScene(
            app, "NETWORK GAME", f"You were hosting a network game: {hosted.describe()}. "
            "Host it again?", lambda: app.scenes.push(HostNetworkScene(app)),
            default_yes=True, yes="Host", no="Not now", width=380))
        return True
    joined = kept_join(saves_dir)
    if joined is None:
        return False
    server, names = joined
    several = len(names) > 1
    app.scenes.push(ConfirmDialogScene(
        app, "NETWORK GAME", f"{'Seats' if several else 'A seat'} in the network game at "
        f"{server} {'are' if several else 'is'} kept for {', '.join(names)}. Join "
        f"{'them' if several else 'it'} again?", lambda: app.scenes.push(JoinNetworkScene(app)),
        default_yes=True, yes="Join", no="Not now", width=380))
    return True
