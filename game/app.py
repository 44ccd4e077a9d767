"""The main loop and the `App`, the context every scene receives (game/scenes/base.py's
`SceneContext`): settings, assets, audio, input, the scene stack, and the doors to the screens
scenes open in a family above their own. The app alone knows the first scene, the title.

The game draws on a logical 640x400 surface that `pygame.SCALED` enlarges by whole pixels.
A frames mode (headless tests, `--frames N --shots DIR --shot-every K`) runs N frames with a
fixed time step and saves PNGs.
"""

from __future__ import annotations

import argparse
import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame

from game.audio import SAMPLE_RATE, Audio, Sfx
from game.input import Command, CommandEvent, Input
from game.scenes.base import Scene, SceneManager
from game.scenes.title import TitleScene
from game.settings import Settings, SettingsStore
from game.ui import palette
from game.ui.banner import Banner
from game.ui.font import Fonts
from game.ui.pointers import PointerKind, Pointers, make_pointer

LOGICAL_SIZE = (640, 400)
FPS = 60
MAX_DT = 0.1  # a stall (window dragged, breakpoint) never makes animations jump further
CAPTION = "Conquest"
PAD_ADDED_TEXT = "Joystick connected."
PAD_REMOVED_TEXT = "Joystick unplugged: play on with any device."


@dataclass
class AppOptions:
    """How to run: normal play, or a fixed number of frames with screenshots.

    `first_scene` builds the first scene (default: the title); `args` keeps the parsed
    command line so other modes (--demo, --seed...) can read their own options.
    """

    frames: int | None = None
    shots: Path | None = None
    shot_every: int = 0
    fullscreen: bool | None = None
    settings_path: Path | None = None
    headless: bool = False
    fixed_dt: float | None = None
    first_scene: Callable[[App], Scene] | None = None
    args: argparse.Namespace | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> AppOptions:
        shots = getattr(args, "shots", None)
        return cls(frames=getattr(args, "frames", None),
                   shots=Path(shots) if shots else None,
                   shot_every=getattr(args, "shot_every", 0) or 0,
                   fullscreen=getattr(args, "fullscreen", None),
                   settings_path=getattr(args, "settings", None),
                   headless=getattr(args, "headless", False),
                   args=args)


class Assets:
    """Everything loaded or drawn once after the display exists: fonts, pointers, images."""

    def __init__(self) -> None:
        self.fonts = Fonts()
        self.pointers = Pointers()
        self._images: dict[tuple[Path, bool], pygame.Surface] = {}

    def image(self, path: Path | str, *, alpha: bool = False) -> pygame.Surface:
        """Load an image once; converted to the display format when a display exists."""
        key = (Path(path), alpha)
        if key not in self._images:
            surf = pygame.image.load(str(path))
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha() if alpha else surf.convert()
            self._images[key] = surf
        return self._images[key]


class App:
    """The running program: the context every scene gets instead of globals."""

    def __init__(self, options: AppOptions | None = None) -> None:
        self.options = options or AppOptions()
        if self.options.headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        if self.options.frames is not None and self.options.fixed_dt is None:
            self.options.fixed_dt = 1.0 / FPS
        self.notices: list[str] = []
        self.store = SettingsStore(self.options.settings_path)
        settings, problem = self.store.load()
        if problem:
            self.notices.append(problem)
        if self.options.fullscreen is not None:
            settings = replace(settings, fullscreen=self.options.fullscreen)
        self.settings: Settings = settings
        pygame.mixer.pre_init(SAMPLE_RATE, -16, 1, 512)
        pygame.init()
        pygame.display.set_caption(CAPTION)
        self.window = self._open_window(settings.fullscreen)
        self.screen = pygame.Surface(LOGICAL_SIZE).convert()
        self.assets = Assets()
        pygame.display.set_icon(_icon())
        pygame.mouse.set_visible(False)
        self.audio = Audio(enabled=settings.sound)
        message = self.audio.take_message()
        if message:
            self.notices.append(message)
        self.input = Input(settings, LOGICAL_SIZE)
        self.scenes = SceneManager()
        self.banner = Banner(self.assets.fonts)
        self._pad_lost = False  # a pad was unplugged this run: its return is worth a word
        self.clock = pygame.time.Clock()
        self.frame = 0
        self._quitting = False

    # -- services for scenes ---------------------------------------------------------------
    @property
    def fonts(self) -> Fonts:
        return self.assets.fonts

    def take_notices(self) -> list[str]:
        """Start-up messages (no sound device, damaged settings, files set aside while read:
        game/filenotes.py) for the first message area."""
        from game import filenotes  # noqa: PLC0415

        notices, self.notices = self.notices + filenotes.take(), []
        return notices

    def change_settings(self, **changes: Any) -> Settings:
        """Change options, apply them at once and save them; a save failure becomes a notice."""
        self.settings = replace(self.settings, **changes)
        self.audio.enabled = self.settings.sound
        self.input.apply_settings(self.settings)
        problem = self.store.save(self.settings)
        if problem:
            self.notices.append(problem)
        return self.settings

    def play(self, sfx: Sfx) -> None:
        self.audio.play(sfx)

    def quit(self) -> None:
        """Ask to close the program after this frame; every scene gets `on_quit` first."""
        self._quitting = True

    def toggle_fullscreen(self) -> None:
        fullscreen = not self.settings.fullscreen
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            self.window = self._open_window(fullscreen)
        self.change_settings(fullscreen=fullscreen)

    # -- the doors: the screens a scene opens in a family above its own -------------------
    def title_scene(self) -> Scene:
        return TitleScene(self)

    def setup_scene(self) -> Scene:
        # loaded when first opened, as before: it brings the play screen and the generals,
        # which the first frame does not need
        from game.scenes.setup.new_game import SetupScene  # noqa: PLC0415

        return SetupScene(self)

    def host_scene(self) -> Scene:
        """ImportError when network play's packages (websockets) are missing."""
        from game.scenes.network.host import HostNetworkScene  # noqa: PLC0415 - needs websockets

        return HostNetworkScene(self)

    def join_scene(self) -> Scene:
        """ImportError when network play's packages (websockets) are missing."""
        from game.scenes.network.join import JoinNetworkScene  # noqa: PLC0415 - needs websockets

        return JoinNetworkScene(self)

    # -- loop ------------------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        flags = pygame.SCALED | (pygame.FULLSCREEN if fullscreen else 0)
        for attempt in ({"flags": flags, "vsync": 1}, {"flags": flags}, {}):
            try:
                with warnings.catch_warnings():
                    # The dummy driver has no accelerated renderer; the software one is fine.
                    warnings.filterwarnings("ignore", "no fast renderer")
                    return pygame.display.set_mode(LOGICAL_SIZE, **attempt)
            except pygame.error:
                continue
        raise pygame.error("no display mode could be set")

    def step(self, dt: float) -> bool:
        """Run one frame: input, update, draw, present, apply scene changes. False = stop."""
        top = self.scenes.top
        if top is not None:
            self.input.set_mode(text=bool(top.wants_text), navigation=bool(top.wants_navigation))
        for cmd in self.input.poll(dt):
            self._dispatch(cmd)
        self.scenes.update(dt)
        self.banner.update(dt)
        self.draw()
        self.window.blit(self.screen, (0, 0))
        pygame.display.flip()
        self.frame += 1
        self._save_shot()
        self.scenes.apply_pending()
        if self._quitting:
            self.scenes.quit_all()
            return False
        return not self.scenes.is_empty

    def _dispatch(self, cmd: CommandEvent) -> None:
        if cmd.kind is Command.FULLSCREEN:
            self.toggle_fullscreen()
        elif cmd.kind is Command.QUIT:
            self.quit()
        else:
            if cmd.kind is Command.POINTER_SPEED:
                self.change_settings(pointer_speed=cmd.value)
            if cmd.kind in (Command.PAD_ADDED, Command.PAD_REMOVED):
                self._tell_device(cmd.kind is Command.PAD_ADDED)
            self.scenes.handle(cmd)

    def _tell_device(self, added: bool) -> None:
        """Say a pad came or went, whatever screen is up: in the message line of the nearest
        shown scene that has one (`Scene.tell_device`), else in the banner. Only the top scene gets
        commands, so the play screen under a dialog, or a form, would otherwise stay silent
        while a player presses the buttons of a pad that is gone."""
        text = PAD_ADDED_TEXT if added else PAD_REMOVED_TEXT
        if not added:
            self._pad_lost = True
        for scene in reversed(self.scenes.stack):
            if scene.tell_device(text):
                return
            if scene.is_opaque:
                break
        if not added or self._pad_lost:  # the pad found at start-up needs no word
            self.banner.show(text)

    def draw(self) -> None:
        """Draw the scenes and the pointer on the logical screen."""
        self.screen.fill(palette.INK)
        self.scenes.draw(self.screen)
        self.banner.draw(self.screen)
        top = self.scenes.top
        kind = top.pointer if top is not None else PointerKind.NONE
        self.assets.pointers.draw(self.screen, kind, self.input.pointer)

    def _save_shot(self) -> None:
        opts = self.options
        if opts.shots is None:
            return
        last = opts.frames is not None and self.frame == opts.frames
        if (opts.shot_every and self.frame % opts.shot_every == 0) or (last and not opts.shot_every):
            opts.shots.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(opts.shots / f"frame_{self.frame:05d}.png"))

    def run(self) -> int:
        """Play until the last scene is gone, Quit is chosen, or the frame count is reached."""
        if self.scenes.is_empty:
            first = self.options.first_scene or App.title_scene
            self.scenes.push(first(self))
        self.scenes.apply_pending()
        running = True
        while running:
            elapsed = self.clock.tick(FPS if self.options.fixed_dt is None else 0) / 1000.0
            dt = self.options.fixed_dt if self.options.fixed_dt is not None else elapsed
            running = self.step(min(dt, MAX_DT))
            if self.options.frames is not None and self.frame >= self.options.frames:
                self.scenes.quit_all()
                running = False
        return 0


def _icon() -> pygame.Surface:
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    image, _ = make_pointer(PointerKind.SWORD)
    icon.blit(pygame.transform.scale_by(image, 2), (2, 2))
    return icon


def run(options: AppOptions | None = None) -> int:
    """Start the game; returns the process exit status."""
    app = App(options)
    try:
        return app.run()
    finally:
        pygame.quit()
