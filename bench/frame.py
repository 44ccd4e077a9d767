"""Benchmark: frame time of the play screen (map scrolled, 42 badges, panel, messages).

Runs the real App step (input, update, draw, present) 1000 times with SDL dummy drivers on a
game in its attack phase, with an attacker and defender marked, dice in the battle box and
the map scrolling a little every frame. Prints a line a person reads, or with --json one
object {"median_ms", "p99_ms", "median_budget_fraction", "p99_budget_fraction"} where the
budget is one 60 Hz frame (16.7 ms). Targets: median <= 0.125, p99 <= 0.33.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

BUDGET_MS = 1000 / 60


def measure(frames: int) -> dict[str, float]:
    import pygame  # noqa: PLC0415 - after the SDL drivers are chosen

    from game.app import App, AppOptions  # noqa: PLC0415
    from game.engine import ArmyChoice, Phase  # noqa: PLC0415
    from game.engine import actions as act  # noqa: PLC0415
    from game.scenes.play import PlayScene  # noqa: PLC0415
    from tests.scenes.driver import new_game  # noqa: PLC0415

    folder = Path(tempfile.mkdtemp(prefix="conquest-bench-"))
    app = App(AppOptions(settings_path=folder / "settings.json", headless=True,
                         fixed_dt=1 / 60))
    PlayScene.saves_dir = folder
    game = new_game(("human", "standard", "standard", "standard"), "uk_full", seed=3)
    while not (game.phase == Phase.ATTACK and game.current == 0):
        choice = next(c for c in game.legal_actions() if not isinstance(c, act.UndoPlacements))
        if isinstance(choice, ArmyChoice):
            game.apply(choice.make(choice.hi))
        elif isinstance(choice, act.Attack):
            game.apply(act.EndTurn())
        else:
            game.apply(choice)
    scene = PlayScene(app, game)
    app.scenes.push(scene)
    app.scenes.apply_pending()
    me = game.current
    source = max(game.territories_of(me), key=lambda t: game.armies[t])
    target = next((t for t in game.board.neighbours[source] if game.owner[t] != me), None)
    scene.source, scene.target = source, target
    scene.panel.dice.roll(scene.colours[0], scene.colours[1], (6, 4, 2), (5, 3), "Each loses 1",
                          0.0)
    times = []
    for frame in range(frames + 30):
        dx = 3 if (frame // 120) % 2 == 0 else -3
        scene.view.scroll_by(dx, 1 if frame % 2 else -1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(100 + frame % 300, 200),
                                             rel=(1, 0), buttons=(0, 0, 0)))
        start = time.perf_counter()
        app.step(1 / 60)
        elapsed = (time.perf_counter() - start) * 1000
        if frame >= 30:  # the first frames build the caches
            times.append(elapsed)
    pygame.quit()
    times.sort()
    median = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return {"median_ms": round(median, 3), "p99_ms": round(p99, 3),
            "median_budget_fraction": round(median / BUDGET_MS, 4),
            "p99_budget_fraction": round(p99 / BUDGET_MS, 4)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=1000)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    result = measure(args.frames)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"play screen: median {result['median_ms']} ms "
              f"({result['median_budget_fraction']:.1%} of a 60 Hz frame), "
              f"p99 {result['p99_ms']} ms ({result['p99_budget_fraction']:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
