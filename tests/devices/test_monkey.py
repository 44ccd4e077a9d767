"""A monkey: thousands of random events of every device across every screen, with a fixed seed.

Nothing may raise, and the engine's invariants must hold after every frame: after set-up each
territory has an owner and at least one army, and the 44 cards are all somewhere. The default
run is short (CI); `python -m pytest -m slow tests/devices` runs the full 20,000 events.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.engine import Game, Phase
from game.scenes.play.screen import PlayScene, start_demo
from game.scenes.title import TitleScene
from tests.scenes.driver import new_game

DT = 1 / 60
SETUP_PHASES = (Phase.CLAIM, Phase.PLACE)

KEYS = (
    pygame.K_RETURN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_SPACE, pygame.K_ESCAPE,
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB,
    pygame.K_m, pygame.K_n, pygame.K_r, pygame.K_c, pygame.K_f, pygame.K_a, pygame.K_z,
    pygame.K_0, pygame.K_1, pygame.K_5, pygame.K_9, pygame.K_BACKSPACE, pygame.K_DELETE,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END, pygame.K_KP5,
    pygame.K_KP8, pygame.K_KP2, pygame.K_KP4, pygame.K_KP6, pygame.K_KP_ENTER,
    pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F5, pygame.K_F10, pygame.K_F11,
    pygame.K_F12, pygame.K_PERIOD, pygame.K_MINUS, pygame.K_LSHIFT,
)
MODS = (0, 0, 0, 0, pygame.KMOD_LSHIFT, pygame.KMOD_NUM, pygame.KMOD_LALT, pygame.KMOD_CTRL)


class Monkey:
    """Posts random events and steps the App, one small batch per frame."""

    def __init__(self, app: Any, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.keys_down: set[int] = set()
        self.buttons_down: set[int] = set()
        self.pads: set[int] = set()
        self.posted: Counter[str] = Counter()

    def _post(self, kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.posted[pygame.event.event_name(kind)] += 1

    def _pos(self) -> tuple[int, int]:
        rng = self.rng
        if rng.random() < 0.3:  # dialogs and menus live near the middle and the top
            return rng.randint(150, 490), rng.choice((rng.randint(0, 60), rng.randint(120, 300)))
        return rng.randint(0, 639), rng.randint(0, 399)

    def event(self) -> None:
        rng = self.rng
        roll = rng.random()
        if roll < 0.42:
            if self.keys_down and rng.random() < 0.4:
                key = rng.choice(sorted(self.keys_down))
                self.keys_down.discard(key)
                self._post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
                return
            key = rng.choice(KEYS)
            mod = rng.choice(MODS)
            char = chr(key) if 32 <= key < 127 else ""
            self._post(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
            if rng.random() < 0.85:
                self._post(pygame.KEYUP, key=key, mod=mod, unicode=char, scancode=0)
            else:
                self.keys_down.add(key)  # held: key repeat, pointer movement, hurrying
        elif roll < 0.72:
            pos = self._pos()
            kind = rng.random()
            if kind < 0.45:
                held = tuple(int(b in self.buttons_down) for b in (1, 2, 3))
                self._post(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-40, 40),
                                                            rng.randint(-40, 40)), buttons=held)
            elif kind < 0.9:
                button = rng.choice((1, 1, 1, 3, 2))
                if button in self.buttons_down:
                    self.buttons_down.discard(button)
                    self._post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
                else:
                    self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
                    if button != 3 and rng.random() < 0.8:
                        self._post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
                    else:
                        self.buttons_down.add(button)  # a right-drag, or a held press
            else:
                self._post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-2, -1, 1, 3)), flipped=False)
        elif roll < 0.995:
            if not self.pads or rng.random() < 0.01:
                pad = rng.randint(0, 2)
                self.pads.add(pad)
                self._post(pygame.JOYDEVICEADDED, device_index=pad, instance_id=pad, guid="")
                return
            pad = rng.choice(sorted(self.pads))
            kind = rng.random()
            if kind < 0.35:
                value = rng.choice((0.0, 0.0, 1.0, -1.0, rng.uniform(-1, 1)))
                self._post(pygame.JOYAXISMOTION, instance_id=pad, joy=pad,
                           axis=rng.choice((0, 1, 0, 1, 2, 3)), value=value)
            elif kind < 0.55:
                self._post(pygame.JOYHATMOTION, instance_id=pad, joy=pad, hat=0,
                           value=(rng.randint(-1, 1), rng.randint(-1, 1)))
            elif kind < 0.98:
                button = rng.choice((0, 0, 0, 1, 4, 5, 6, 7, 2, 3, 8, 9, 10))
                self._post(pygame.JOYBUTTONDOWN, instance_id=pad, joy=pad, button=button)
                if rng.random() < 0.85:
                    self._post(pygame.JOYBUTTONUP, instance_id=pad, joy=pad, button=button)
            else:
                self.pads.discard(pad)
                self._post(pygame.JOYDEVICEREMOVED, instance_id=pad)
        else:
            self._post(pygame.WINDOWFOCUSLOST)
            self.keys_down.clear()
            self.buttons_down.clear()

    def release_everything(self) -> None:
        for key in sorted(self.keys_down):
            self._post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        for button in sorted(self.buttons_down):
            self._post(pygame.MOUSEBUTTONUP, pos=(0, 0), button=button)
        self.keys_down.clear()
        self.buttons_down.clear()


def check_invariants(game: Game) -> None:
    cards = list(game.deck) + list(game.discard) + list(game.removed)
    for player in game.players:
        cards += player.hand
    assert sorted(cards) == sorted(game.board.card_ids), "the 44 cards are conserved"
    assert len(cards) == 44
    for tid, owner in game.owner.items():
        armies = game.armies[tid]
        if owner is None:
            assert game.phase in SETUP_PHASES and armies == 0, tid
            continue
        assert armies >= 1, f"{tid} holds {armies}"
        assert not game.players[owner].eliminated, tid


def _title(app: Any) -> Any:
    return TitleScene(app)


def _setup(app: Any) -> Any:
    from game.scenes.setup.new_game import SetupScene

    return SetupScene(app)


def _computers(app: Any) -> Any:
    return PlayScene(app, new_game(("human", "easy", "standard", "good"), "uk_full", seed=8))


def _humans(app: Any) -> Any:
    return PlayScene(app, new_game(("human", "human", "easy"), "us_short", seed=9, hq_to_win=2))


def _missions(app: Any) -> Any:
    return PlayScene(app, new_game(("human", "standard"), "uk_short", seed=10))


def _demo(app: Any) -> Any:
    return start_demo(app, 13, True)


STARTS: tuple[Callable[[Any], Any], ...] = (_title, _computers, _setup, _humans, _missions,
                                            _demo)


def run_monkey(app: Any, events: int, seed: int) -> Monkey:
    monkey = Monkey(app, seed)
    app.change_settings(fast_game="instant")
    per_start = events // len(STARTS)
    games_seen: set[int] = set()
    done = 0
    for start in STARTS:
        app.scenes.quit_all()
        app._quitting = False
        app.scenes.push(start(app))
        app.scenes.apply_pending()
        goal = done + per_start
        while done < goal:
            for _ in range(monkey.rng.choice((1, 1, 2, 3))):
                monkey.event()
                done += 1
            running = app.step(DT)
            for scene in app.scenes.stack:
                game = getattr(scene, "game", None)
                if isinstance(game, Game):
                    games_seen.add(id(game))
                    check_invariants(game)
            if not running or app.scenes.is_empty:  # Shutdown chosen: start again
                monkey.release_everything()
                app._quitting = False
                app.scenes.quit_all()
                app.scenes.push(start(app))
                app.scenes.apply_pending()
        monkey.release_everything()
        app.step(DT)
    assert games_seen, "the monkey never reached a game"
    return monkey


def test_monkey_ci_size_finds_no_crash(device_app: Any) -> None:
    monkey = run_monkey(device_app, 3000, seed=2024)
    assert monkey.posted["KeyDown"] and monkey.posted["MouseButtonDown"]
    assert monkey.posted["JoyButtonDown"] and monkey.posted["JoyDeviceAdded"]


@pytest.mark.slow
def test_monkey_full_size_finds_no_crash(device_app: Any) -> None:
    run_monkey(device_app, 20000, seed=1988)
