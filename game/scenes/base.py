"""The scene stack: `Scene` (one screen or overlay) and `SceneManager` (push, pop, replace).

Changes asked for during a frame are queued and applied between frames, so a scene never
disappears while its own `handle` or `update` is still running.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.input import CommandEvent
from game.ui.pointers import PointerKind

if TYPE_CHECKING:
    from game.app import App


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
    """

    is_opaque: bool = True
    wants_text: bool = False
    wants_navigation: bool = False
    pointer: PointerKind = PointerKind.SWORD

    def __init__(self, app: App) -> None:
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
                    self._stack[-1].pause()
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
