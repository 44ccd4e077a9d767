"""INFO screens, F1 help and F2 continents: what they show, and that OK / any key closes them."""

from __future__ import annotations

import pygame

from game.app import App
from game.engine import Game, GameConfig
from game.scenes.info.help import ContinentsScene, HelpScene
from game.scenes.info.menu_screens import (
    BattlesInfoScene,
    CardsInfoScene,
    FullMapScene,
    KeyScene,
    RiskCardScene,
    TerritoriesInfoScene,
)
from game.scenes.info.tables import battle_table, card_counts, continent_rows, holding_table
from game.ui.palette import PLAYER_COLOUR_BY_NAME
from tests.scenes.screens_support import app, click, key, played_game, players, show, step

__all__ = ["app"]


def test_battle_table_is_sorted_and_matches_the_engine_statistics() -> None:
    game = played_game("uk_full", count=4, turns=16)
    rows = battle_table(game)
    assert [r.score for r in rows] == sorted((r.score for r in rows), reverse=True)
    for row in rows:
        assert row.battles_won == game.stats.battles_won[row.pid]
        assert row.invasions_lost == game.stats.invasions_lost[row.pid]


def test_holding_table_and_continents_add_up_to_the_board() -> None:
    game = played_game("uk_full", count=3, turns=6)
    rows = holding_table(game)
    assert sum(r.territories for r in rows) == 42
    assert sum(r.armies for r in rows) == sum(game.armies.values())
    continents = continent_rows(game.board, game)
    assert sum(len(c.territories) for c in continents) == 42
    for c in continents:
        assert sum(n for _, n in c.holders) == len(c.territories)


def test_card_counts_tell_how_many_not_which() -> None:
    game = played_game("uk_full", count=3, turns=9)
    counts = card_counts(game)
    assert [n for _, _, n in counts] == [len(p.hand) for p in game.players]
    assert all(isinstance(n, int) for _, _, n in counts)


def test_each_info_overlay_draws_and_return_closes_it(app: App) -> None:
    game = played_game("uk_short", count=4, turns=8)
    for scene in (BattlesInfoScene(app, game), TerritoriesInfoScene(app, game),
                  CardsInfoScene(app, game), KeyScene(app, game), RiskCardScene(app, game, 0),
                  ContinentsScene(app, game), ContinentsScene(app, None), HelpScene(app)):
        show(app, scene)
        assert app.scenes.top is scene
        key(app, pygame.K_RETURN)
        assert app.scenes.top is not scene, type(scene).__name__


def test_full_map_paints_territories_in_owner_colours_and_any_key_returns(app: App) -> None:
    game = Game.new(GameConfig.preset("uk_full", players(2)), 9)
    for territory in game.owner:
        game.owner[territory] = 1  # everything blue
    scene = show(app, FullMapScene(app, game))
    blue = PLAYER_COLOUR_BY_NAME["blue"].rgb
    pixels = {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, 640, 7)
              for y in range(20, 370, 7)}
    assert blue in pixels
    assert PLAYER_COLOUR_BY_NAME["red"].rgb not in pixels
    click(app, (320, 200))
    assert app.scenes.top is not scene


def test_risk_card_of_a_full_game_says_there_is_no_special_card(app: App) -> None:
    game = played_game("uk_full", count=3, turns=1)
    scene = show(app, RiskCardScene(app, game, 0))
    assert isinstance(scene, RiskCardScene) and scene.kind == "world"


def test_risk_card_of_a_us_short_game_lists_headquarters(app: App) -> None:
    game = played_game("us_short", count=3, turns=3)
    assert game.hq_revealed
    scene = show(app, RiskCardScene(app, game, 0))
    assert isinstance(scene, RiskCardScene) and scene.kind == "headquarters"


def test_help_scrolls_with_page_down_and_f1_closes_it(app: App) -> None:
    scene = show(app, HelpScene(app))
    assert isinstance(scene, HelpScene)
    key(app, pygame.K_PAGEDOWN)
    assert scene.panel.top > 0
    key(app, pygame.K_F1)
    step(app)
    assert app.scenes.top is not scene


def test_help_lists_every_menu_item_of_the_play_screen_exactly(app: App) -> None:
    import re  # noqa: PLC0415
    from unittest.mock import MagicMock  # noqa: PLC0415

    from game.scenes.info.help import HELP_PARAGRAPHS  # noqa: PLC0415
    from game.scenes.play.menus import PlayMenus  # noqa: PLC0415

    menus = PlayMenus(MagicMock(app=app)).build()
    lines = {p.split(":", 1)[0]: p.split(":", 1)[1] for p in HELP_PARAGRAPHS
             if isinstance(p, str) and re.match(r"^[A-Z]+: ", p)}
    assert set(lines) == {m.title for m in menus}
    for menu in menus:
        text = re.sub(r"\s*\([^)]*\)", "", lines[menu.title]).strip().removesuffix(".")
        listed = [item.strip() for item in text.split(", ")]
        assert listed == [i.label for i in menu.items if not i.separator], menu.title


def test_full_map_while_claiming_paints_unclaimed_land_stone_and_keys_it(app: App) -> None:
    from game.scenes.info.menu_screens import UNCLAIMED_RGB  # noqa: PLC0415
    from game.ui.palette import NEUTRAL_COLOUR, PLAYER_COLOURS  # noqa: PLC0415

    game = Game.new(GameConfig.preset("us_full", players(3)), 9)
    assert all(owner is None for owner in game.owner.values())  # manual selection: unclaimed
    scene = show(app, FullMapScene(app, game))
    assert isinstance(scene, FullMapScene) and scene.unclaimed == len(game.owner)
    assert UNCLAIMED_RGB not in {c.rgb for c in PLAYER_COLOURS} | {NEUTRAL_COLOUR.rgb}
    pixels = [tuple(app.screen.get_at((x, y)))[:3] for x in range(0, 640, 5)
              for y in range(20, 370, 5)]
    land = sum(p == UNCLAIMED_RGB for p in pixels)
    assert land > 400  # the land is stone, not the art's continent colours
    players_rgb = {c.rgb for c in PLAYER_COLOURS}
    assert not any(p in players_rgb for p in pixels)
    key_strip = app.screen.subsurface((0, 374, 640, 26))
    assert any(tuple(key_strip.get_at((x, y)))[:3] == UNCLAIMED_RGB
               for x in range(640) for y in range(26))


def test_help_opens_with_the_controls_of_the_device_used_last(app: App) -> None:
    from game.input import Device  # noqa: PLC0415
    from game.scenes.info.help import help_text  # noqa: PLC0415
    from game.scenes.setup.new_game import SetupScene  # noqa: PLC0415

    for device, first in ((Device.PAD, "# Gamepad"), (Device.KEYBOARD, "# Keys"),
                          (Device.MOUSE, "# Mouse")):
        text = help_text(device)
        headings = [line for line in text.split("\n") if line.startswith("# ")]
        assert headings[1] == first
        assert {"# Gamepad", "# Keys", "# Mouse"} <= set(headings)
    show(app, SetupScene(app))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=2,
                                         button=pygame.CONTROLLER_BUTTON_LEFTSTICK))
    app.step(1 / 60)
    app.step(1 / 60)
    top = app.scenes.top
    assert isinstance(top, HelpScene) and top.device is Device.PAD
