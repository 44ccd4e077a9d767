"""Benchmark: frame time of the play screen (map scrolled, 42 badges, panel, messages).

Runs the real App step (input, update, draw, present) with SDL dummy drivers in three parts:
"static" (1000 frames of a human's attack phase, attacker and defender marked, dice in the
battle box, the map scrolling a little every frame), "computer" (computer turns played and
shown at Normal speed, camera following) and "battle" (a human's long do-or-die attack
shown roll by roll). Prints a line a person reads, or with --json one object with
{"median_ms", "p99_ms", "median_budget_fraction", "p99_budget_fraction"} over all frames,
the same per part ("computer_p99_budget_fraction", ...), and "cpu_..." figures from the
thread's CPU time (robust when other processes share the cores; wall time is not). The
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


def _figures(wall: list[float], cpu: list[float], prefix: str = "") -> dict[str, float]:
    def pick(times: list[float]) -> tuple[float, float]:
        times = sorted(times)
        return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]

    median, p99 = pick(wall)
    cpu_median, cpu_p99 = pick(cpu)
    return {f"{prefix}median_ms": round(median, 3), f"{prefix}p99_ms": round(p99, 3),
            f"{prefix}median_budget_fraction": round(median / BUDGET_MS, 4),
            f"{prefix}p99_budget_fraction": round(p99 / BUDGET_MS, 4),
            f"{prefix}cpu_median_budget_fraction": round(cpu_median / BUDGET_MS, 4),
            f"{prefix}cpu_p99_budget_fraction": round(cpu_p99 / BUDGET_MS, 4)}


def measure(frames: int) -> dict[str, float]:
    import pygame  # noqa: PLC0415 - after the SDL drivers are chosen

    from game.app import App, AppOptions  # noqa: PLC0415
    from game.engine import ArmyChoice, Phase  # noqa: PLC0415
    from game.engine import actions as act  # noqa: PLC0415
    from game.scenes.play.screen import PlayScene  # noqa: PLC0415
    from tests.scenes.driver import new_game  # noqa: PLC0415

    folder = Path(tempfile.mkdtemp(prefix="conquest-bench-"))
    app = App(AppOptions(settings_path=folder / "settings.json", headless=True,
                         fixed_dt=1 / 60))
    app.change_settings(sound=False, fast_game="normal", automatic_dice=True)
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
    parts: dict[str, tuple[list[float], list[float]]] = {
        "static": ([], []), "computer": ([], []), "battle": ([], [])}

    def timed(part: str, frame: int, warm: int = 30) -> None:
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        if frame >= warm:  # the first frames build the caches
            parts[part][0].append((time.perf_counter() - start) * 1000)
            parts[part][1].append((time.thread_time() - start_cpu) * 1000)

    for frame in range(frames + 30):
        dx = 3 if (frame // 120) % 2 == 0 else -3
        scene.view.scroll_by(dx, 1 if frame % 2 else -1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(100 + frame % 300, 200),
                                             rel=(1, 0), buttons=(0, 0, 0)))
        timed("static", frame)
    # a long attack shown roll by roll
    source = max(game.territories_of(me), key=lambda t: game.armies[t])
    target = next(t for t in game.board.neighbours[source] if game.owner[t] != me)
    game.armies[source], game.armies[target] = 60, 30
    if not scene.perform(act.Attack(source, target, 3, "do_or_die")):
        print("the battle could not start:", scene.messages.log.latest, file=sys.stderr)
    frame = 0
    while frame < 3000 and (scene.is_showing_battle or game.phase == Phase.DEFEND
                            or game.battle is not None and game.phase != Phase.OCCUPY):
        timed("battle", frame, warm=0)  # the defender answers, the rolls are shown
        frame += 1
    # computer turns, every action shown
    while app.scenes.top is not scene:
        app.scenes.pop()
        app.scenes.apply_pending()
    while game.phase == Phase.OCCUPY:
        choice = next(c for c in game.legal_actions() if isinstance(c, ArmyChoice))
        scene.perform(choice.make(choice.hi))
    scene.end_turn()
    for frame in range(frames):
        if game.is_over or scene.is_humans_move:
            break
        timed("computer", frame, warm=0)
    pygame.quit()
    everything = ([t for w, _ in parts.values() for t in w],
                  [t for _, c in parts.values() for t in c])
    result = _figures(*everything)
    for part, (wall, cpu) in parts.items():
        if wall:
            result.update(_figures(wall, cpu, f"{part}_"))
            result[f"{part}_frames"] = len(wall)
    return result


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
              f"p99 {result['p99_ms']} ms ({result['p99_budget_fraction']:.1%}); CPU time: "
              f"median {result['cpu_median_budget_fraction']:.1%}, "
              f"p99 {result['cpu_p99_budget_fraction']:.1%}")
        for part in ("static", "computer", "battle"):
            if f"{part}_frames" in result:
                print(f"  {part}: {result[f'{part}_frames']} frames, p99 "
                      f"{result[f'{part}_p99_budget_fraction']:.1%} "
                      f"(CPU {result[f'{part}_cpu_p99_budget_fraction']:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
