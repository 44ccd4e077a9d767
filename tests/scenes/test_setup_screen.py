"""The NEW GAME screen driven by real mouse clicks and keys: the GameConfig it builds."""

from __future__ import annotations

import argparse

import pygame
import pytest

from game.app import App
from game.engine import Game
from game.scenes.setup import new_game as setup_screen
from game.scenes.setup.design import DesignScene
from game.scenes.dialogs.boxes import ConfirmDialogScene, MessageDialogScene
from game.scenes.setup.missions import MissionRevealScene
from game.scenes.setup.new_game import SetupScene
from game.ui.palette import PLAYER_COLOUR_BY_NAME
from tests.scenes.screens_support import app, click, key, show, step, type_text

__all__ = ["app"]


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Game]:
    """Games handed to the play screen, instead of opening it."""
    games: list[Game] = []

    def fake_open(_app: App, game: Game, options: object = None) -> bool:
        games.append(game)
        return True

    monkeypatch.setattr(setup_screen, "open_game", fake_open)
    return games


def test_return_twice_starts_the_default_six_player_uk_short_game_with_missions(
        app: App, started: list[Game]) -> None:
    scene = show(app, SetupScene(app))
    key(app, pygame.K_RETURN)  # ends the name box that has the focus
    key(app, pygame.K_RETURN)  # OK
    assert scene.started is not None
    config = scene.started.config
    assert config.game_type == "uk_short" and len(config.players) == 6
    assert [p.name for p in config.players][:2] == ["Alex", "Napoleon"]
    assert config.players[0].level == "human"
    assert isinstance(app.scenes.top, MissionRevealScene)


def test_clicks_choose_players_colour_level_and_game_type(app: App, started: list[Game]) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    click(app, scene.count_row.buttons[1].rect.center)          # 3 players
    click(app, scene.swatches[0].rect.center)                    # open player 1's colours
    pink = dict(scene.picker_rects())["pink"]
    click(app, pink.center)
    click(app, scene.level_rows[1].buttons[0].rect.center)       # Napoleon: Human
    click(app, scene.type_row.buttons[1].rect.center)            # US FULL
    step(app)
    swatch = scene.swatches[0].rect
    assert tuple(app.screen.get_at(swatch.center))[:3] == PLAYER_COLOUR_BY_NAME["pink"].rgb
    click(app, scene.ok.rect.center)
    assert len(started) == 1
    config = started[0].config
    assert [p.colour for p in config.players] == ["pink", "blue", "green"]
    assert [p.level for p in config.players] == ["human", "human", "standard"]
    assert config.game_type == "us_full" and config.territory_selection == "manual"


def test_a_colour_taken_by_another_player_swaps_so_each_colour_is_used_once(app: App) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    scene.pick_colour(0, "yellow")
    assert scene.colours[:4] == ["yellow", "blue", "green", "red"]
    assert len(set(scene.colours)) == 6


def test_typing_replaces_the_default_name(app: App, started: list[Game]) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    type_text(app, "Zed")
    assert scene.names[0].text == "Zed"
    click(app, scene.names[2].rect.center)  # a click opens the on-screen keyboard
    key(app, pygame.K_BACKSPACE)            # which keys type into as well
    key(app, pygame.K_RETURN)               # Return closes it with the name
    assert scene.names[2].text == "Hanniba"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert scene.started is not None
    assert [p.name for p in scene.started.config.players[:3]] == ["Zed", "Napoleon", "Hanniba"]


def test_two_players_with_neutral_in_a_us_game_are_reminded_of_random_selection(
        app: App, started: list[Game]) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    click(app, scene.count_row.buttons[0].rect.center)          # 2 players
    click(app, scene.type_row.buttons[1].rect.center)            # US FULL
    assert scene.neutral_row.visible and scene.neutral
    click(app, scene.ok.rect.center)
    assert isinstance(app.scenes.top, MessageDialogScene)
    key(app, pygame.K_RETURN)
    config = started[0].config
    assert config.neutral and config.territory_selection == "random"
    assert len(started[0].players) == 3  # the neutral seat


def test_two_players_without_neutral(app: App, started: list[Game]) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    click(app, scene.count_row.buttons[0].rect.center)
    click(app, scene.type_row.buttons[0].rect.center)            # UK FULL
    click(app, scene.neutral_row.buttons[1].rect.center)         # No
    click(app, scene.ok.rect.center)
    assert not started[0].config.neutral and len(started[0].players) == 2


def test_us_short_asks_how_many_hqs_win(app: App, started: list[Game]) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    click(app, scene.count_row.buttons[2].rect.center)          # 4 players
    click(app, scene.type_row.buttons[3].rect.center)            # US SHORT
    assert scene.hq_row.visible
    assert [b.visible for b in scene.hq_row.buttons] == [True, True, True, False, False]
    click(app, scene.hq_row.buttons[0].rect.center)              # 2 HQs
    click(app, scene.ok.rect.center)
    assert started[0].config.objective == "headquarters"
    assert started[0].config.hq_to_win == 2


def test_design_your_own_opens_every_option_and_builds_a_custom_config(
        app: App, started: list[Game]) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    click(app, scene.type_row.buttons[4].rect.center)
    design = app.scenes.top
    assert isinstance(design, DesignScene)
    rows = {r.label.text: r for r in design.rows if r.label is not None}
    click(app, rows["Territory selection"].buttons[0].rect.center)   # manual
    click(app, rows["Objective"].buttons[0].rect.center)             # world
    click(app, rows["Placement armies a turn"].buttons[1].rect.center)
    click(app, rows["Special Setup"].buttons[1].rect.center)
    click(app, rows["Supply lines"].buttons[1].rect.center)
    click(app, rows["Card set values"].buttons[0].rect.center)       # increasing
    click(app, rows["Low exchange rate"].buttons[1].rect.center)
    click(app, rows["Army limit"].buttons[1].rect.center)            # asks the limit
    key(app, pygame.K_RETURN)                                        # default 12
    key(app, pygame.K_RETURN)                                        # OK of the design
    assert app.scenes.top is scene and scene.game_type == "custom"
    click(app, scene.ok.rect.center)
    config = started[0].config
    assert config.game_type == "custom" and config.territory_selection == "manual"
    assert config.armies_per_placement == 3 and config.special_setup
    assert config.variants.supply_lines and config.variants.low_exchange_rate
    assert config.variants.army_limit == 12 and config.objective == "world"


def test_low_exchange_rate_is_dimmed_with_fixed_set_values(app: App) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    scene._open_design()
    step(app, 2)
    design = app.scenes.top
    assert isinstance(design, DesignScene)
    rows = {r.label.text: r for r in design.rows if r.label is not None}
    click(app, rows["Card set values"].buttons[1].rect.center)       # fixed
    assert not rows["Low exchange rate"].buttons[1].enabled


def test_escape_asks_and_then_starts_again(app: App) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    click(app, scene.count_row.buttons[0].rect.center)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ConfirmDialogScene)
    click(app, app.scenes.top.buttons[1].rect.center)
    assert scene.count == 6


def test_seed_from_the_command_line_is_used(app: App, started: list[Game]) -> None:
    app.options.args = argparse.Namespace(seed=4242)
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    click(app, scene.type_row.buttons[0].rect.center)
    click(app, scene.ok.rect.center)
    assert started[0].seed == 4242


def test_mission_reveal_shows_each_human_their_mission_then_goes_on(app: App) -> None:
    from game.engine import GameConfig

    from tests.scenes.screens_support import players

    game = Game.new(GameConfig.preset("uk_short", players(3, humans=2)), 3)
    done: list[bool] = []
    scene = show(app, MissionRevealScene(app, game, on_done=lambda: done.append(True)))
    assert isinstance(scene, MissionRevealScene)
    assert scene.stage == "ask"
    key(app, pygame.K_RETURN)          # No: do not show the computer's mission
    assert scene.stage == "call" and len(scene.viewers) == 2
    step(app, 40)
    click(app, scene.button.rect.center)   # MISSION
    assert scene.stage == "card"
    step(app, 40)
    click(app, scene.button.rect.center)   # OK
    step(app, 40)
    key(app, pygame.K_RETURN)
    step(app, 40)
    key(app, pygame.K_RETURN)
    assert done == [True]
    assert app.scenes.top is not scene


def test_mission_reveal_with_the_cheat_shows_computer_missions_too(app: App) -> None:
    from game.engine import GameConfig

    from tests.scenes.screens_support import players

    game = Game.new(GameConfig.preset("uk_short", players(3, humans=1)), 3)
    scene = show(app, MissionRevealScene(app, game, on_done=lambda: None))
    assert isinstance(scene, MissionRevealScene)
    click(app, scene.yes.rect.center)
    assert len(scene.viewers) == 3


def test_levels_chosen_after_starting_again_are_used(app: App, started: list[Game]) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    scene.reset()
    click(app, scene.level_rows[2].buttons[3].rect.center)      # Hannibal: Good
    step(app)
    assert scene.level_rows[2].buttons[3].selected
    click(app, scene.ok.rect.center)
    assert scene.started is not None and scene.started.config.players[2].level == "good"


def test_army_limit_typed_out_of_range_is_refused_in_red_and_the_prompt_stays(app: App) -> None:
    from game.scenes.dialogs.boxes import NumberDialogScene  # noqa: PLC0415
    from game.ui import palette  # noqa: PLC0415

    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    scene._open_design()
    step(app, 2)
    design = app.scenes.top
    assert isinstance(design, DesignScene)
    rows = {r.label.text: r for r in design.rows if r.label is not None}
    click(app, rows["Army limit"].buttons[1].rect.center)
    prompt_scene = app.scenes.top
    assert isinstance(prompt_scene, NumberDialogScene)
    type_text(app, "3")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is prompt_scene  # still asking
    assert design.options.army_limit is None  # nothing was applied
    label = prompt_scene.range_label
    assert label.text == "Enter 5 to 750!" and label.colour == palette.ALERT_RED
    app.draw()
    area = app.screen.subsurface(label.rect)
    assert any(area.get_at((x, y))[:3] == palette.ALERT_RED
               for x in range(area.get_width()) for y in range(area.get_height()))
    key(app, pygame.K_BACKSPACE)
    type_text(app, "40")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is design and design.options.army_limit == 40


def test_cancelling_design_your_own_puts_back_the_previous_game_type(app: App) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    click(app, scene.type_row.buttons[1].rect.center)  # US FULL
    click(app, scene.type_row.buttons[4].rect.center)  # DESIGN YOUR OWN
    design = app.scenes.top
    assert isinstance(design, DesignScene)
    click(app, design.cancel.rect.center)
    assert app.scenes.top is scene and scene.game_type == "us_full"
    assert scene.type_row.buttons[1].selected and not scene.type_row.buttons[4].selected
    assert not scene.design_button.visible
    click(app, scene.type_row.buttons[4].rect.center)
    key(app, pygame.K_ESCAPE)  # ESC is the design window's Cancel too
    assert app.scenes.top is scene and scene.game_type == "us_full"


def test_the_hint_follows_the_focus_in_the_words_of_the_device_used(app: App) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    assert scene.dialog.focused is scene.names[0]
    assert "click" in scene.hint.text.lower()  # nothing pressed yet: the mouse's words
    key(app, pygame.K_END)  # a key inside the name: the keyboard's words
    assert scene.hint.text == "Type the name; Return when done."
    click(app, scene.level_rows[1].buttons[3].rect.center)  # a level, while the name is open
    assert scene.dialog.focused is not scene.names[0]
    assert "Type the name" not in scene.hint.text
    key(app, pygame.K_TAB)
    assert scene.hint.text.startswith("Return chooses") or scene.hint.text.startswith(
        "Space chooses"), scene.hint.text
    key(app, pygame.K_DOWN)
    assert "move on with the arrows" in scene.hint.text and "{" not in scene.hint.text


def test_the_last_setup_is_remembered_between_games_and_runs(
        app: App, started: list[Game], tmp_path) -> None:
    from game.settings import SettingsStore  # noqa: PLC0415

    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    click(app, scene.count_row.buttons[1].rect.center)       # 3 players
    click(app, scene.names[1].rect.center)
    type_text(app, "Boudica")
    key(app, pygame.K_RETURN)
    click(app, scene.level_rows[2].buttons[3].rect.center)   # player 3 Good
    scene.pick_colour(0, "green")                            # Alex takes green
    click(app, scene.type_row.buttons[3].rect.center)        # US SHORT
    click(app, scene.hq_row.buttons[0].rect.center)          # 2 HQs win
    click(app, scene.ok.rect.center)
    assert started and len(started[0].config.players) == 3
    again = SetupScene(app)                                  # the next game, same run
    assert again.count == 3 and again.names[1].text == "Boudica"
    assert again.levels[2] == "good" and again.colours[0] == "green"
    assert again.game_type == "us_short" and again.hq_to_win == 2
    settings, problem = SettingsStore(tmp_path / "settings.json").load()  # the next run
    assert problem is None and settings.last_setup["names"][1] == "Boudica"
    app.settings = settings
    later = SetupScene(app)
    assert later.remembered() == again.remembered()


def test_a_remembered_design_comes_back_and_bad_values_fall_back(app: App) -> None:
    from dataclasses import replace as dc_replace  # noqa: PLC0415

    design = {"territory_selection": "random", "set_values": "fixed", "objective": "missions",
              "flavour": "uk", "special_setup": True, "armies_per_placement": 3,
              "two_player_armies": 50, "low_exchange_rate": False, "supply_lines": True,
              "army_limit": 40, "attack_advantage": False, "computer_advantage": True}
    app.settings = dc_replace(app.settings, last_setup={
        "count": 2, "game_type": "custom", "design": design, "neutral": False})
    scene = SetupScene(app)
    assert scene.count == 2 and scene.game_type == "custom" and not scene.neutral
    assert scene.design.army_limit == 40 and scene.design.supply_lines
    assert scene.build_config().variants.army_limit == 40
    app.settings = dc_replace(app.settings, last_setup={
        "count": 9, "names": "Alex", "colours": ["red"] * 6, "levels": ["god"] * 6,
        "game_type": "custom", "design": {**design, "army_limit": 2}, "neutral": "yes",
        "hq_to_win": 17})
    scene = SetupScene(app)
    assert scene.count == 6 and scene.names[0].text == "Alex"
    assert scene.colours == list(setup_screen.COLOURS)
    assert scene.levels == list(setup_screen.DEFAULT_LEVELS)
    assert scene.game_type == "uk_short" and scene.neutral and scene.hq_to_win is None


@pytest.mark.parametrize("value", ['"x"', "[1, 2]", "7", '{"1": {"2": null}}'])
def test_a_bad_last_setup_in_the_settings_file_is_forgotten_not_fatal(
        tmp_path, value: str) -> None:
    import json  # noqa: PLC0415

    from game.settings import Settings, SettingsStore  # noqa: PLC0415

    data = Settings(sound=False).to_dict()
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data)[:-1] + f', "last_setup": {value}}}', encoding="utf-8")
    settings, problem = SettingsStore(path).load()
    assert problem is None and not settings.sound  # the other options are kept
    assert settings.last_setup == ({} if not value.startswith("{") else json.loads(value))


def test_a_double_press_on_mission_cannot_reveal_the_next_players_card(app: App) -> None:
    from game.engine import GameConfig

    from tests.scenes.screens_support import players

    game = Game.new(GameConfig.preset("uk_short", players(2, humans=2)), 3)
    scene = show(app, MissionRevealScene(app, game, on_done=lambda: None))
    assert isinstance(scene, MissionRevealScene) and scene.stage == "call"
    step(app, 40)
    mission_at = scene.button.rect.center
    click(app, mission_at)                 # MISSION ...
    click(app, mission_at)                 # ... and a second click on the same spot
    assert scene.stage == "card" and scene.index == 0
    assert not scene.button.rect.collidepoint(mission_at)  # OK is elsewhere
    step(app, 40)
    key(app, pygame.K_RETURN)              # OK hides the first card ...
    key(app, pygame.K_RETURN)              # ... a bounced Return does not show the next
    assert scene.stage == "call" and scene.index == 1
    step(app, 40)
    key(app, pygame.K_RETURN)
    assert scene.stage == "card" and scene.index == 1


def test_every_keyboard_and_pad_hint_names_the_focus_keys_in_good_grammar(app: App) -> None:
    """"Space opens the colour list; arrows moves on": the keyboard names the focus control
    in the plural, so the hints name it as an object, the verb agreeing on every device."""
    import re  # noqa: PLC0415

    from tests.scenes.test_setup_devices import pad  # noqa: PLC0415

    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    key(app, pygame.K_TAB)  # the keyboard is the device in hand
    scene.dialog.focus(scene.swatches[0])
    step(app)
    assert scene.hint.text == "Space opens the colour list; move on with the arrows."
    wrong = re.compile(r"\b(arrows|keys|stick|\{DPAD\}) (moves|chooses|opens)\b")
    for press in (lambda: key(app, pygame.K_TAB),
                  lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)):
        press()
        for widget in scene.dialog.focus_chain():
            scene.dialog.focus(widget)
            step(app)
            assert not wrong.search(scene.hint.text), scene.hint.text
    scene.dialog.focus(scene.swatches[0])
    step(app)
    assert scene.hint.text == ("{A} opens the colour list; move on with {DPAD}.  "
                               "{START} starts the game.")
