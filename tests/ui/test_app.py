"""The App in frames mode: title, a menu screen driven by real events, shots saved as PNG."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.app import App, AppOptions
from game.cli import build_parser
from game.input import CommandEvent
from game.scenes.base import Scene
from game.scenes.title import TitleScene
from game.ui import palette
from game.ui.menubar import Menu, MenuBar, MenuItem
from game.ui.messages import MessageArea


class MenuScene(Scene):
    """The smallest main screen: a menu bar whose OPTIONS menu starts with Sound, and the
    message area that shows the App's notices."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.messages = MessageArea(app.fonts)
        sound = MenuItem("Sound", lambda: app.change_settings(sound=not app.settings.sound),
                         checked=lambda: app.settings.sound)
        menus = [Menu(title, [MenuItem("About", lambda: None)])
                 for title in ("RISK", "FILE", "PLAY", "INFO", "VARIANTS")]
        self.menubar = MenuBar(app.fonts, [*menus, Menu("OPTIONS", [sound])])

    @property
    def wants_navigation(self) -> bool:  # type: ignore[override]
        return self.menubar.is_open

    def enter(self) -> None:
        for notice in self.app.take_notices():
            self.messages.add(notice)

    def handle(self, command: CommandEvent) -> None:
        self.menubar.handle(command)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.SEA_DEEP)
        self.messages.draw(surface)
        self.menubar.draw(surface)


def _post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def test_frames_mode_runs_n_frames_and_saves_every_kth_as_png(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    app = App(AppOptions(frames=6, shots=shots, shot_every=3, headless=True,
                         settings_path=tmp_path / "settings.json"))
    try:
        assert app.run() == 0
        assert app.frame == 6
    finally:
        pygame.quit()
    files = sorted(p.name for p in shots.iterdir())
    assert files == ["frame_00003.png", "frame_00006.png"]
    image = pygame.image.load(str(shots / "frame_00006.png"))
    assert image.get_size() == (640, 400)
    assert tuple(image.get_at((2, 3)))[:3] == palette.SEA_DEEP  # the title's sea
    gold = [image.get_at((x, 90)) for x in range(120, 520)]
    assert any(tuple(p)[:3] == palette.GOLD for p in gold)  # the big CONQUEST


def test_any_key_leaves_the_title_for_the_main_screen(app: App) -> None:
    app.scenes.push(TitleScene(app, next_scene=MenuScene))
    app.scenes.apply_pending()
    app.step(1 / 60)
    _post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step(1 / 60)
    assert isinstance(app.scenes.top, MenuScene)


def test_options_menu_by_keys_toggles_sound_and_saves_it(app: App, tmp_path: Path) -> None:
    app.scenes.push(MenuScene(app))
    app.scenes.apply_pending()
    app.step(1 / 60)
    keys = [pygame.K_m] + [pygame.K_RIGHT] * 5 + [pygame.K_RETURN]  # OPTIONS > Sound
    for key in keys:
        _post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        _post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        app.step(0.0)
    assert app.settings.sound is False
    assert '"sound": false' in (tmp_path / "settings.json").read_text()


def test_menu_drawn_open_after_a_click_on_its_title(app: App) -> None:
    scene = MenuScene(app)
    app.scenes.push(scene)
    app.scenes.apply_pending()
    title = scene.menubar.title_rects[5]
    _post(pygame.MOUSEMOTION, pos=title.center, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=title.center, button=1)
    app.step(1 / 60)
    assert scene.menubar.open_index == 5
    box = scene.menubar.menu_rect(5)
    assert tuple(app.screen.get_at((box.x + 20, box.bottom - 2)))[:3] == palette.WHITE


def test_window_close_quits_and_gives_scenes_on_quit(app: App) -> None:
    scene = MenuScene(app)
    called: list[str] = []
    scene.on_quit = lambda: called.append("quit")  # type: ignore[method-assign]
    app.scenes.push(scene)
    app.scenes.apply_pending()
    _post(pygame.QUIT)
    assert app.step(1 / 60) is False
    assert called == ["quit"]


def test_notices_reach_the_first_message_area(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{broken", encoding="utf-8")
    app = App(AppOptions(headless=True, settings_path=tmp_path / "settings.json"))
    try:
        scene = MenuScene(app)
        app.scenes.push(scene)
        app.scenes.apply_pending()
        texts = [text for text, _ in scene.messages.log.lines]
        assert any("damaged" in t for t in texts)
    finally:
        pygame.quit()


def test_cli_accepts_frames_and_shots_options() -> None:
    args = build_parser().parse_args(["--frames", "5", "--shots", "out", "--shot-every", "2"])
    options = AppOptions.from_args(args)
    assert options.frames == 5 and options.shot_every == 2 and options.shots == Path("out")
