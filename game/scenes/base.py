"""What a screen is and what it gets: `Scene` (one screen or overlay), `SceneManager` (the stack:
push, pop, replace) and `SceneContext` (what a scene may use of the running program).

Changes asked for during a frame are queued and applied between frames, so a scene never
disappears while its own `handle` or `update` is still running.

Every scene gets a `SceneContext` as `app`; game/app.py's `App` is the one that satisfies it,
and no scene imports game/app.py. The context's doors (`title_scene`, `setup_scene`,
`host_scene`, `join_scene`) open the screens one family of scenes leads to in a family above
its own (back to the title, FILE > New Game, Host and Join), so that no family imports a
family above it and the app alone knows the first scene.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.input import CommandEvent, Input
from game.settings import Settings
from game.ui.menubar import MenuBar
from game.ui.pointers import PointerKind

if TYPE_CHECKING:
    from game.audio import Sfx
    from game.ui.font import Fonts


class LaunchOptions(Protocol):
    """How the program was started: the parsed command line (--seed...), None in tests."""

    args: argparse.Namespace | None


class SceneContext(Protocol):
    """What a scene may use of the running program (game/app.py's `App` gives all of it)."""

    settings: Settings  # the player's options; change them with `change_settings`
    input: Input  # the pointer, the last device used, whether a key is held to hurry
    scenes: SceneManager  # the stack of screens
    options: LaunchOptions
    frame: int  # frames drawn so far
    # Fonts and pointers, and a per-run cache scenes keep shared drawings in (the map art
    # and its overlays) and the play screen's story teller (info/story.py).
    assets: Any

    @property
    def fonts(self) -> Fonts: ...

    def play(self, sfx: Sfx) -> None:
        """Play a sound effect (nothing when sound is off or there is no sound device)."""

    def change_settings(self, **changes: Any) -> Settings:
        """Change options, apply them at once and save them."""

    def take_notices(self) -> list[str]:
        """Start-up messages (no sound device, damaged settings) for the first message area."""

    def quit(self) -> None:
        """Close the program after this frame (every scene gets `on_quit` first)."""

    def toggle_fullscreen(self) -> None: ...

    # -- the doors: screens of a family above the caller's, made by the app ----------------
    def title_scene(self) -> Scene:
        """The title screen, the first screen of the game."""

    def setup_scene(self) -> Scene:
        """FILE > New Game."""

    def host_scene(self) -> Scene:
        """FILE > Host Network Game; ImportError when network play's packages are missing."""

    def join_scene(self) -> Scene:
        """FILE > Join Network Game; ImportError when network play's packages are missing."""


class Scene:
    """One screen (title, play) or overlay (dialog, dice pop-up) on the stack.

    Lifecycle, called by `SceneManager` between frames:
      - `enter()`  once, when the scene is pushed or replaces another; build widgets here.
      - `pause()`  when another scene is pushed on top (stop timers, music...).
      - `resume()` when the scene above it is popped and this one is on top again.
      - `exit()`   once, when the scene is popped or replaced; it will not be used again.
      - `on_quit()` when the program is closing (window closed, Quit chosen), on every scene
        in the stack from the top down, before `exit()`: save what must not be lost
        (the play scene writes its autosave here).
    Every frame, only the top scene gets `handle(command)` for each command and then
    `update(dt)` with dt in seconds; `draw(surface)` runs for the top scene and the scenes
    below it down to the first opaque one, bottom first. `draw` must not change any state.

    Class attributes the App reads each frame (a scene may turn them into properties):
      - `is_opaque`: False for overlays, so the scene below is drawn first.
      - `wants_text`: route typed characters as Command.TEXT (an edit box has focus).
      - `wants_navigation`: cursor keys, d-pad and stick send UP/DOWN/LEFT/RIGHT instead of
        moving the pointer (menus, lists, number prompts).
      - `pointer`: which `PointerKind` to draw at the logical pointer.
      - `menubar`: the screen's menu bar, if it has one. The stack closes it when another
        scene covers the screen: a menu left open under a window (a DEFEND question that came
        during a computer's turn) was drawn there, dead, ESC not closing it, and was still open
        when the window went.
    """

    is_opaque: bool = True
    wants_text: bool = False
    wants_navigation: bool = False
    pointer: PointerKind = PointerKind.SWORD
    menubar: MenuBar | None = None

    def __init__(self, app: SceneContext) -> None:
        self.app = app

    def enter(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def on_quit(self) -> None:
        pass

    def tell_device(self, text: str) -> bool:
        """Say that a pad came or went, where this screen tells its news; False if it has
        nowhere to (the App then shows a banner). Told even when a dialog covers the screen."""
        return False

    def handle(self, command: CommandEvent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class SceneManager:
    """Holds the stack; `push`, `pop`, `replace` and `clear` take effect at `apply_pending`."""

    def __init__(self) -> None:
        self._stack: list[Scene] = []
        self._pending: list[tuple[str, Any]] = []

    @property
    def stack(self) -> tuple[Scene, ...]:
        return tuple(self._stack)

    @property
    def top(self) -> Scene | None:
        return self._stack[-1] if self._stack else None

    @property
    def is_empty(self) -> bool:
        return not self._stack and not self._pending

    def push(self, scene: Scene) -> None:
        self._pending.append(("push", scene))

    def pop(self) -> None:
        self._pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene` (the old one exits, the one below stays paused)."""
        self._pending.append(("replace", scene))

    def clear(self) -> None:
        """Pop every scene (e.g. before starting a new game from the title)."""
        self._pending.append(("clear", None))

    def apply_pending(self) -> None:
        """Carry out the queued changes in order; called by the App between frames."""
        while self._pending:
            op, scene = self._pending.pop(0)
            if op == "push":
                if self._stack:
                    covered = self._stack[-1]
                    if covered.menubar is not None:
                        covered.menubar.close()  # no menu stays open under a window
                    covered.pause()
                self._stack.append(scene)
                scene.enter()
            elif op == "pop" and self._stack:
                self._stack.pop().exit()
                if self._stack:
                    self._stack[-1].resume()
            elif op == "replace":
                if self._stack:
                    self._stack.pop().exit()
                self._stack.append(scene)
                scene.enter()
            elif op == "clear":
                while self._stack:
                    self._stack.pop().exit()

    def handle(self, command: CommandEvent) -> None:
        if self._stack:
            self._stack[-1].handle(command)

    def update(self, dt: float) -> None:
        if self._stack:
            self._stack[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for index in range(len(self._stack) - 1, -1, -1):
            if self._stack[index].is_opaque:
                start = index
                break
        for scene in self._stack[start:]:
            scene.draw(surface)

    def quit_all(self) -> None:
        """Give every scene its `on_quit` (top first), then exit them all."""
        self._pending.clear()
        for scene in reversed(self._stack):
            scene.on_quit()
        while self._stack:
            self._stack.pop().exit()
