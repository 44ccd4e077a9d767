"""Benchmark: how long an ordinary computer turn takes on screen, at Normal and at Fast.

Plays computer turns through the real play screen (App.step with SDL dummy drivers, a fixed
time step of 1/60 s, so the figure is screen time, not machine time): four Standard generals
in a UK Full game, the set-up played at Instant, then `--turns` turns at each speed with every
claim, placement, roll and move shown as a player would see it. Prints a line a person reads,
or with --json one object {"normal_seconds_per_turn", "fast_seconds_per_turn", "turns", ...}
of medians. Targets (issue 10): Normal <= 3 s, Fast <= 1 s; Jump no slower than Scroll.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DT = 1 / 60
LEVELS = ("standard", "standard", "standard", "standard")


def turn_seconds(speed: str, map_scroll: str, turns: int, seed: int) -> list[float]:
    """Screen seconds of each of `turns` computer turns (from one turn's start to the next)."""
    import pygame  # noqa: PLC0415 - after the SDL drivers are chosen

    from game.app import App, AppOptions  # noqa: PLC0415
    from game.scenes.play.screen import PlayScene  # noqa: PLC0415
    from tests.scenes.driver import new_game  # noqa: PLC0415

    folder = Path(tempfile.mkdtemp(prefix="conquest-pacing-"))
    app = App(AppOptions(settings_path=folder / "settings.json", headless=True, fixed_dt=DT))
    PlayScene.saves_dir = folder
    app.change_settings(fast_game="instant", map_scroll=map_scroll, sound=False)
    game = new_game(LEVELS, "uk_full", seed=seed)
    scene = PlayScene(app, game)
    app.scenes.push(scene)
    app.scenes.apply_pending()
    for _ in range(20_000):  # the set-up and the first round, at Instant
        if game.turn > len(LEVELS) or game.is_over:
            break
        app.step(DT)
    app.change_settings(fast_game=speed)
    times: list[float] = []
    frames, turn = 0, game.turn
    for _ in range(turns * 6000):
        app.step(DT)
        frames += 1
        if game.is_over or app.scenes.top is not scene:
            break
        if game.turn != turn:
            times.append(frames * DT)
            frames, turn = 0, game.turn
            if len(times) >= turns:
                break
    pygame.quit()
    return times


def measure(turns: int, seeds: tuple[int, ...]) -> dict[str, float | int]:
    result: dict[str, float | int] = {}
    counted = 0
    for speed, scroll in (("normal", "scroll"), ("fast", "scroll"), ("normal", "jump")):
        times: list[float] = []
        for seed in seeds:
            times += turn_seconds(speed, scroll, turns, seed)
        key = f"{speed}_seconds_per_turn" if scroll == "scroll" else f"{speed}_{scroll}_seconds_per_turn"
        result[key] = round(statistics.median(times), 3) if times else float("nan")
        if speed == "normal" and scroll == "scroll":
            counted = len(times)
            result["normal_p90_seconds"] = round(sorted(times)[int(len(times) * 0.9)], 3)
    result["turns"] = counted
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=12, help="turns measured per game")
    parser.add_argument("--seeds", type=int, default=2, help="games per speed")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    result = measure(args.turns, tuple(range(1, args.seeds + 1)))
    if args.json:
        print(json.dumps(result))
    else:
        print(f"computer turn (median of {result['turns']}): Normal "
              f"{result['normal_seconds_per_turn']} s (Jump {result['normal_jump_seconds_per_turn']}"
              f" s), Fast {result['fast_seconds_per_turn']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
