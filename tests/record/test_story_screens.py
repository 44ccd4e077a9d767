"""The Game Log, Luck, replay and review screens, driven by real mouse, key and pad events."""

from __future__ import annotations

import pygame
import pytest

from game.resources import saves_dir
from game.ai.simulate import make_config, play_game
from game.app import App
from game.engine import Game
from game.engine.chronicle import Chronicle
from game.scenes.info.gamelog import GameLogScene
from game.scenes.play.gameover import GameOverScene
from game.scenes.info.luck import LuckScene
from game.scenes.dialogs.overlay import player_colour
from game.scenes.info.replay import ReplayScene
from game.scenes.info.review import review_start
from tests.devices.players import PadDriver
from tests.scenes.screens_support import app, click, key, show, step

__all__ = ["app"]


@pytest.fixture(scope="module")
def finished() -> Game:
    result = play_game(make_config(("good", "standard", "easy"), "us_full"), 7, 600)
    assert result.final is not None and result.final.is_over
    return result.final


def pad(app: App) -> PadDriver:
    driver = PadDriver(app)
    driver.plug_in()
    return driver


def wheel(app: App, pos: tuple[int, int], value: int) -> None:
    app.input.warp(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=value, flipped=False))
    step(app)


def test_log_filters_by_player_with_keys_pad_and_mouse(app: App, finished: Game) -> None:
    scene = show(app, GameLogScene(app, finished))
    everyone = scene.shown_count
    assert everyone == len(scene.chronicle.entries)
    key(app, pygame.K_RIGHT)
    assert scene.seat == 0 and 0 < scene.shown_count < everyone
    about = [e for e in scene.chronicle.entries if 0 in e.players or e.kind == "TurnStarted"]
    assert scene.shown_count == len(about)
    pad(app).hat(1, 0)
    assert scene.seat == 1
    click(app, scene.filters[0].rect.center)
    assert scene.seat is None and scene.shown_count == everyone


def test_log_scrolls_with_keys_wheel_scroll_bar_and_pad(app: App, finished: Game) -> None:
    scene = show(app, GameLogScene(app, finished))
    log = scene.list
    bottom = log.top
    assert bottom == log.max_top > 0  # opens on the newest lines
    key(app, pygame.K_PAGEUP)
    assert log.top == bottom - (log.visible_rows - 1)
    key(app, pygame.K_HOME)
    assert log.top == 0
    wheel(app, log.rect.center, -2)
    assert log.top == 6
    pad(app).hat(0, -1)  # d-pad down
    assert log.top == 7
    click(app, (log.rect.right - 3, log.rect.bottom - 3))
    assert log.top == log.max_top
    key(app, pygame.K_ESCAPE)
    step(app)
    assert app.scenes.top is not scene


def test_log_screen_draws_its_lines_with_each_players_colour(app: App, finished: Game) -> None:
    scene = show(app, GameLogScene(app, finished))
    rect = scene.list.rect
    colours = {app.screen.get_at((rect.x + 6, y))[:3] for y in range(rect.y + 4, rect.bottom - 4)}
    for pid in range(len(finished.players)):
        if any(pid == e.players[0] for e in scene.chronicle.entries[-40:] if e.players):
            assert player_colour(finished, pid).rgb in colours


def test_export_writes_the_four_files_into_saves_and_says_where(app: App, finished: Game
                                                                ) -> None:
    scene = show(app, LuckScene(app, finished))
    click(app, scene.export.rect.center)
    files = sorted(p.name for p in saves_dir().iterdir() if not p.name.startswith("."))
    assert len(files) == 4 and all(f.startswith(f"game-seed{finished.seed}") for f in files)
    assert str(saves_dir()) in scene.note
    csv = next(saves_dir().glob("*-luck.csv")).read_text()
    assert csv.splitlines()[0].startswith("player,attacks,defences")


def test_luck_screen_shows_the_table_and_a_plot_in_player_colours(app: App, finished: Game
                                                                   ) -> None:
    scene = show(app, LuckScene(app, finished))
    body = scene.body
    plot = pygame.Rect(body.x, body.y + 80, body.width, body.height - 100)
    seen = {app.screen.get_at((x, y))[:3] for x in range(plot.x, plot.right, 2)
            for y in range(plot.y, plot.bottom, 2)}
    luck = Chronicle(finished).luck
    for pid, p in enumerate(luck.players):
        if p.rolls_attacking + p.rolls_defending:
            assert player_colour(finished, pid).rgb in seen


def test_game_over_reaches_luck_and_log_by_mouse_and_by_tab(app: App, finished: Game) -> None:
    over = show(app, GameOverScene(app, finished), frames=120)
    luck = Chronicle(finished).luck.players
    assert over.luck_scores == {pid: f"{float(p.luck):+.1f}" for pid, p in enumerate(luck)}
    click(app, over.luck.rect.center)
    step(app)
    assert isinstance(app.scenes.top, LuckScene)
    key(app, pygame.K_RETURN)
    step(app)
    assert app.scenes.top is over
    key(app, pygame.K_TAB)  # focus walks from NEW GAME round to the first button, GAME LOG
    key(app, pygame.K_RETURN)
    step(app)
    assert isinstance(app.scenes.top, GameLogScene)


def test_replay_steps_pauses_and_speeds_with_keys(app: App, finished: Game) -> None:
    scene = show(app, ReplayScene(app, finished))
    key(app, pygame.K_SPACE)
    assert scene.paused
    at = scene.index
    key(app, pygame.K_RIGHT)
    assert scene.index == at + 1
    key(app, pygame.K_LEFT)
    assert scene.index == at
    key(app, pygame.K_TAB)
    assert scene.index in scene.turn_starts or scene.at_end
    speed = scene.speed
    key(app, pygame.K_UP)
    assert scene.speed == speed + 1
    key(app, pygame.K_END)
    assert scene.at_end and scene.game == finished
    key(app, pygame.K_HOME)
    assert scene.index == 0


def test_replay_plays_on_by_itself_and_reaches_the_recorded_end(app: App, finished: Game
                                                                ) -> None:
    scene = show(app, ReplayScene(app, finished))
    for _ in range(10):
        key(app, pygame.K_UP)  # to the top speed (further presses change nothing)
    for _ in range(600):
        step(app)
        if scene.at_end:
            break
    assert scene.at_end and scene.paused
    assert scene.game == finished


def test_replay_buttons_work_by_mouse_and_the_pad_drives_it_alone(app: App, finished: Game
                                                                  ) -> None:
    scene = show(app, ReplayScene(app, finished))
    buttons = {b.label: b for b in scene.buttons}
    click(app, buttons["PAUSE"].rect.center)
    assert scene.paused
    at = scene.index
    click(app, buttons[">"].rect.center)
    assert scene.index == at + 1
    click(app, buttons["TURN>"].rect.center)
    assert scene.index in scene.turn_starts
    driver = pad(app)
    app.input.warp((250, 200))
    driver.button(driver.A)
    assert not scene.paused
    driver.button(driver.A)
    assert scene.paused
    at = scene.index
    driver.hat(1, 0)
    assert scene.index == at + 1
    driver.button(driver.RB)
    assert scene.index in scene.turn_starts or scene.at_end
    driver.button(driver.BACK)
    step(app)
    assert app.scenes.top is not scene


def test_review_starts_after_the_seats_last_turn_and_leaves_the_game_alone(
        app: App, finished: Game) -> None:
    game = finished.clone()
    cut = next(i for i in range(len(game.record.actions) // 2, len(game.record.actions))
               if game.record.actions[i].kind == "end_turn")
    # the game as it stood just after an end of turn
    from game.engine.replayer import Replayer  # noqa: PLC0415

    replayer = Replayer(game)
    while replayer.index <= cut:
        replayer.step()
    live = replayer.game
    seat = live.current  # the seat whose turn has just begun looks back at the others'
    start = review_start(app, live, seat)
    assert 0 < start < len(live.record.actions)
    before = live.to_dict()
    scene = show(app, ReplayScene(app, live, start))
    assert scene.index == start
    movers = Chronicle(live).turn_players
    assert movers[start - 1] == seat and all(m != seat for m in movers[start:])
    key(app, pygame.K_END)
    assert scene.game == live and live.to_dict() == before


def test_stepping_back_from_the_end_gives_the_state_a_straight_replay_gives(
        app: App, finished: Game) -> None:
    from game.engine.replayer import Replayer  # noqa: PLC0415

    scene = show(app, ReplayScene(app, finished))
    key(app, pygame.K_END)
    assert scene.snapshots  # copies were kept on the way
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    straight = Replayer(finished)
    while straight.index < len(finished.record.actions) - 2:
        straight.step()
    assert scene.index == straight.index and scene.game == straight.game


def test_the_pad_alone_reaches_export_in_the_log(app: App, finished: Game) -> None:
    scene = show(app, GameLogScene(app, finished))
    driver = pad(app)
    app.input.warp(scene.list.rect.center)  # the pointer rests on the list: A must not page it
    top = scene.list.top
    for _ in range(10):
        if scene.export.focused:
            break
        driver.button(driver.RB)
    assert scene.export.focused
    driver.button(driver.A)
    assert scene.list.top == top
    assert "saved in" in scene.note
    assert len(list(saves_dir().glob("*-log.txt"))) == 1


def test_game_over_buttons_are_walked_by_the_d_pad_and_the_arrows_not_the_pointer(
        app: App, finished: Game) -> None:
    over = show(app, GameOverScene(app, finished), frames=120)
    driver = pad(app)
    pointer = app.input.pointer
    driver.hat(-1, 0)  # from NEW GAME (the default, last in the row) left to TITLE
    assert over.title.focused and app.input.pointer == pointer
    driver.hat(1, 0)
    assert over.new_game.focused and app.input.pointer == pointer
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert over.full_map.focused and app.input.pointer == pointer


@pytest.mark.parametrize(("press", "words", "never"), [
    ("pad", "D-pad", ("PgUp", "Tab")),
    ("key", "PgUp", ("D-pad", "Wheel")),
    ("mouse", "Wheel", ("PgUp", "D-pad")),
])
def test_log_hint_names_the_controls_of_the_device_used_last(
        app: App, finished: Game, press: str, words: str, never: tuple[str, ...]) -> None:
    scene = show(app, GameLogScene(app, finished))
    if press == "pad":
        pad(app).hat(0, -1)
    elif press == "key":
        key(app, pygame.K_DOWN)
    else:
        wheel(app, scene.list.rect.center, -1)
    hint = scene.controls_hint()
    assert words in hint and not any(word in hint for word in never), hint
