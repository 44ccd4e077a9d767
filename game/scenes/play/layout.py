"""Layout helpers of the play screen: the shared map art, seat colours, where a dialog goes
(clear of the territories it asks about) and where a snapped pointer parks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.mapart import MapArt, load_map_art
from game.ui.mapview import MapView
from game.ui.palette import NEUTRAL_COLOUR, PLAYER_COLOUR_BY_NAME, PlayerColour

if TYPE_CHECKING:
    from game.scenes.base import SceneContext


def place_clear_of(dialog_scene: Any, view: MapView, tids: tuple[str, ...]) -> None:
    """Move a dialog scene's window (and its widgets) so it leaves `tids` on the map visible."""
    dialog = getattr(dialog_scene, "dialog", None)
    if dialog is None:
        return
    badges: list[pygame.Rect] = []  # the army counts: never covered if it can be helped
    shapes: list[pygame.Rect] = []  # the territories themselves: covered as little as can be
    for tid in tids:
        badges.append(pygame.Rect(0, 0, 48, 30))
        badges[-1].center = view.anchor_on_screen(tid)
        box = view.art.bounding_box(tid)
        x, y = view.to_screen(box.topleft)
        shapes.append(pygame.Rect(x, y, box.width, box.height).clip(view.rect))
    rect = dialog.rect
    area = view.rect.inflate(-8, -8)
    spots = [rect.copy() for _ in range(8)]
    spots[0].midtop = area.midtop
    spots[1].midbottom = area.midbottom
    spots[2].topleft = area.topleft
    spots[3].topright = area.topright
    spots[4].bottomleft = area.bottomleft
    spots[5].bottomright = area.bottomright
    spots[6].midleft = area.midleft
    spots[7].midright = area.midright

    def covered(r: pygame.Rect, rects: list[pygame.Rect]) -> int:
        return sum(r.clip(a).width * r.clip(a).height for a in rects)

    def overlap(r: pygame.Rect) -> int:
        return covered(r, badges) * 10_000 + covered(r, shapes)

    if not badges or overlap(rect) == 0:
        return
    best = min(spots, key=overlap)
    dx, dy = best.x - rect.x, best.y - rect.y
    rect.move_ip(dx, dy)
    for widget in dialog.widgets:
        widget.rect.move_ip(dx, dy)


def park_beside(view: MapView, tid: str, badge_width: int) -> tuple[int, int]:
    """A screen point on territory `tid` beside its army badge (not on it), for snapping."""
    ax, ay = view.anchor_on_screen(tid)
    half = badge_width // 2
    for dx, dy in ((half + 6, 0), (-half - 6, 0), (0, 10), (0, -10), (half + 3, 6),
                   (-half - 3, 6), (half + 3, -6), (-half - 3, -6), (half + 10, 0),
                   (-half - 10, 0), (0, 15), (0, -15)):
        point = (ax + dx, ay + dy)
        if view.territory_at(point) == tid:
            return point
    return ax + half + 2, ay + 6  # a sliver of a territory: the badge's lower corner


def map_art(app: SceneContext) -> MapArt:
    """The map art, loaded once per App (it is large and never changes)."""
    art = getattr(app.assets, "map_art", None)
    if art is None:
        art = load_map_art()
        app.assets.map_art = art  # type: ignore[attr-defined]
    return art


def player_colour(name: str) -> PlayerColour:
    return PLAYER_COLOUR_BY_NAME.get(name.lower(), NEUTRAL_COLOUR)


def game_title(game: Any, demo: bool) -> str:
    """The menu bar's title: the game type (a short game extended says so)."""
    from game.engine.config import GAME_TYPE_NAMES  # noqa: PLC0415

    config = game.config
    name = GAME_TYPE_NAMES.get(config.game_type, "").upper()
    if game.objective == "world" and config.game_type.endswith("_short"):
        name = name.replace("SHORT", "FULL") + " (EXTENDED)"  # Extend Game made it full
    return f"DEMO - {name}" if demo else name


def show_battlefield(view: MapView, source: str, target: str) -> None:
    """Bring an attack on a human into view (at once) before asking how to defend it."""
    if not (view.is_in_view(source, 0) and view.is_in_view(target, 0)):
        view.show(source, target, smooth=False)
    view.target = None
