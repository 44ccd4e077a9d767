"""kill -9 in the middle of saving, many times: after each kill the start-up tidy leaves no
stray file, and the autosave always loads, at the last completed action (or the one whose
save was being finished when the kill came).

A child process plays a game by random legal moves, autosaving after every action and
printing each action's number and the hash of the saved state once the save returned; the
test kills it at random moments, then resumes from the autosave in the next child.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.savegame import load_game, tidy_saves_folder
from tests.figures import report

ROOT = Path(__file__).resolve().parents[2]
CHILD = textwrap.dedent('''
    import hashlib, json, random, sys
    from pathlib import Path
    from game.engine import ArmyChoice, Game, GameConfig, PlayerSpec
    from game.savegame import autosave_path, load_game, write_autosave

    folder, run = Path(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(run)
    if autosave_path(folder).exists():
        loaded = load_game(autosave_path(folder))
        game, count = loaded.game, loaded.options["actions"]
    else:
        players = [PlayerSpec("Ann", "red"), PlayerSpec("Bob", "blue", "easy"),
                   PlayerSpec("Cy", "green", "good")]
        game, count = Game.new(GameConfig.preset("uk_full", players), 7), 0
    print("ready", flush=True)
    while True:
        if game.is_over:
            players = [PlayerSpec("Ann", "red"), PlayerSpec("Bob", "blue")]
            game = Game.new(GameConfig.preset("us_full", players), run + count)
        choice = rng.choice(game.legal_actions())
        if isinstance(choice, ArmyChoice):
            choice = choice.make(rng.randint(choice.lo, choice.hi))
        game.apply(choice)
        count += 1
        write_autosave(game, folder, {"actions": count})
        digest = hashlib.sha1(json.dumps(game.to_dict(), sort_keys=True).encode()).hexdigest()
        print(count, digest, flush=True)
''')


def _digest(game: object) -> str:
    return hashlib.sha1(json.dumps(game.to_dict(), sort_keys=True).encode()).hexdigest()


def kill_runs(folder: Path, kills: int, seed: int = 1) -> dict[str, int]:
    import random

    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    figures = {"kills": 0, "stray_files_removed": 0, "exact": 0, "one_ahead": 0}
    for run in range(kills):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(run)],
                                 stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.02, 0.25))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=30)
        figures["kills"] += 1
        saved = {}
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0].isdigit():
                saved[int(parts[0])] = parts[1]
        # start-up: the tidy removes what the kill left; nothing else stays behind
        figures["stray_files_removed"] += tidy_saves_folder(folder)
        names = sorted(p.name for p in folder.iterdir())
        assert names in (["autosave.json"], []), names
        if not names:
            assert not saved, "actions were saved but no autosave is there"
            continue
        loaded = load_game(folder / "autosave.json")
        count = loaded.options["actions"]
        last = max(saved) if saved else None
        if count == last:
            assert _digest(loaded.game) == saved[last], "the autosave is not the last action"
            figures["exact"] += 1
        else:
            # killed after the file was replaced, before the child could say so
            assert last is None or count == last + 1, (count, last)
            figures["one_ahead"] += 1
    return figures


def _line(figures: dict[str, int]) -> str:
    return (f"kill -9: {figures['kills']} kills mid-play and mid-save, "
            f"{figures['stray_files_removed']} temporary files removed at the next start, "
            f"0 stray files left, every autosave loaded ({figures['exact']} at the last "
            f"completed action, {figures['one_ahead']} at the action being saved)")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no kill -9 here")
def test_kill_9_during_saves_small(tmp_path: Path) -> None:
    figures = kill_runs(tmp_path / "saves", kills=8)
    report(_line(figures))
    assert figures["kills"] == 8


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no kill -9 here")
def test_kill_9_during_saves_300_times(tmp_path: Path) -> None:
    figures = kill_runs(tmp_path / "saves", kills=300, seed=9)
    report(_line(figures))
    assert figures["kills"] == 300
