"""Command line of Conquest: play (default), --demo, --simulate. Heavy modules load lazily.

Options come in groups: each group is a function that adds its arguments to the parser,
listed in OPTION_GROUPS, so a new mode (demo, simulate...) adds one function and one entry.
The parsed namespace reaches the App as `AppOptions.args`.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path


MAX_SEED = 2**63 - 1  # the engine's range: a save keeps the seed and checks it on load


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def _seed(text: str) -> int:
    """A seed is a whole number from 0 to 2**63-1, so every save of the game loads again."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be from 0 to {MAX_SEED}")
    return value


def _shots_folder(text: str) -> Path:
    """A folder the frames can be written to: made if missing, refused if it cannot be."""
    path = Path(text)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise argparse.ArgumentTypeError(
            f"cannot use {text[:80]!r} as a folder ({exc.strerror or 'error'})") from None
    if not path.is_dir() or not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(f"cannot write frames into {text[:80]!r}")
    return path


def _settings_file(text: str) -> Path:
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:80]!r} is a folder, not a settings file")
    return path


def _saves_folder(text: str) -> Path:
    """A folder for the player's files: it may not exist yet (it is made when first written),
    but it cannot be a file."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:80]!r} is a file, not a folder")
    return path


def add_file_options(parser: argparse.ArgumentParser) -> None:
    """Where the player's files are kept (game/resources.py says where by default)."""
    from game.resources import saves_dir, shown_path  # noqa: PLC0415

    group = parser.add_argument_group("files")
    group.add_argument("--saves-dir", type=_saves_folder, default=None, metavar="DIR",
                       help="keep saved games, the automatic save, settings and network seats "
                            f"in DIR (default {shown_path(saves_dir())})")
    group.add_argument("--settings", type=_settings_file, metavar="FILE",
                       help="settings file (default settings.json in the saves folder)")


def add_display_options(parser: argparse.ArgumentParser) -> None:
    """Window, frame-count and screenshot options of the main loop."""
    group = parser.add_argument_group("display")
    screen = group.add_mutually_exclusive_group()
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None,
                        help="start in fullscreen (Alt+Return or F11 toggles)")
    screen.add_argument("--windowed", dest="fullscreen", action="store_false",
                        help="start in a window")
    group.add_argument("--frames", type=_positive_int, metavar="N",
                       help="quit after N frames, with a fixed time step (tests, screenshots)")
    group.add_argument("--shots", type=_shots_folder, metavar="DIR",
                       help="save frames as PNG files in DIR (with --frames)")
    group.add_argument("--shot-every", type=_positive_int, default=0, metavar="K",
                       help="save every K-th frame (default: only the last)")
    group.add_argument("--headless", action="store_true",
                       help="no window and no sound (for tests, screenshots and servers)")


def add_demo_options(parser: argparse.ArgumentParser) -> None:
    """Attract mode: computer generals play every seat through the real screens."""
    group = parser.add_argument_group("demo")
    group.add_argument("--demo", action="store_true",
                       help="computer generals play every seat (any key returns to the title)")
    group.add_argument("--seed", type=_seed, default=None,
                       help="seed of the demo game or of the first simulated game")
    group.add_argument("--fast", action="store_true", help="demo at top speed")


def add_simulate_options(parser: argparse.ArgumentParser) -> None:
    """Headless computer-only games that measure the generals (see game/ai/simulate.py)."""
    from game.ai import simulate  # noqa: PLC0415 - pure Python, no pygame

    simulate.add_arguments(parser)


def add_replay_options(parser: argparse.ArgumentParser) -> None:
    """Play back a recorded game (a record file or a save) on screen, or check it headless."""
    group = parser.add_argument_group("replay")
    group.add_argument("--replay", type=Path, metavar="FILE",
                       help="show a recorded game (record file or save) at any speed")
    group.add_argument("--verify", action="store_true",
                       help="with --replay: replay headless and exit 0 only if the final state "
                            "equals the recorded one")
    group.add_argument("--export", type=Path, metavar="DIR",
                       help="with --replay: write the game's log and luck as text and CSV to DIR")


def add_network_options(parser: argparse.ArgumentParser) -> None:
    """The dedicated network server (--serve --port --password ...; see game/net/serve.py)."""
    from game.net import serve  # noqa: PLC0415 - no pygame

    serve.add_arguments(parser)


OPTION_GROUPS: tuple[Callable[[argparse.ArgumentParser], None], ...] = (
    add_file_options, add_display_options, add_demo_options, add_simulate_options, add_replay_options,
    add_network_options,
)


def build_parser() -> argparse.ArgumentParser:
    from game.version import version  # noqa: PLC0415

    parser = argparse.ArgumentParser(prog="conquest", description="Conquest: world conquest, 1988 style.")
    parser.add_argument("--version", action="version", version=f"Conquest {version()}",
                        help="say the game's version and stop")
    for add_options in OPTION_GROUPS:
        add_options(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point for `python main.py` and the `conquest` console script."""
    args = build_parser().parse_args(argv)
    if getattr(args, "saves_dir", None) is not None:
        from game.resources import set_saves_dir  # noqa: PLC0415

        set_saves_dir(args.saves_dir)  # every mode keeps the player's files there
    if getattr(args, "simulate", None) is not None:
        from game.ai import simulate  # noqa: PLC0415

        if args.seed is None:
            args.seed = 1
        return simulate.run(args)
    if getattr(args, "serve", False):
        from game.net import serve  # noqa: PLC0415

        return serve.run(args)
    if getattr(args, "replay", None) is not None:
        from game.replay import run_from_args  # noqa: PLC0415

        if args.verify or args.export:
            return run_from_args(args)
        problem = run_from_args(args, check_only=True)
        if problem:
            return problem
    elif getattr(args, "verify", False) or getattr(args, "export", None):
        print("--verify and --export need --replay FILE", file=sys.stderr)
        return 2
    problem = _display_problem(bool(getattr(args, "headless", False)))
    if problem:
        print(f"conquest: {problem}", file=sys.stderr)
        return 1
    from game.savegame import tidy_saves_folder  # noqa: PLC0415

    tidy_saves_folder()  # temporary files left by a save that was killed
    from game.app import AppOptions, run  # noqa: PLC0415 - pygame loads only when the game is played

    options = AppOptions.from_args(args)
    if args.demo:
        options = dataclasses.replace(options, first_scene=_demo_scene(args))
    elif getattr(args, "replay", None) is not None:
        options = dataclasses.replace(options, first_scene=_replay_scene(args.replay))
    return run(options)


def _replay_scene(path: Path) -> Callable[..., object]:
    def first_scene(app: object) -> object:
        from game.scenes.info.replay import start_replay  # noqa: PLC0415

        return start_replay(app, path)  # type: ignore[arg-type]

    return first_scene


def _display_problem(headless: bool) -> str | None:
    """Why no window can open (said in words, not a traceback), or None."""
    if headless:
        return None
    import pygame  # noqa: PLC0415

    try:
        pygame.display.init()
    except pygame.error as exc:
        return (f"no display to open a window on ({exc}). Run Conquest on a desktop, or with "
                "--headless for tests.")
    return None


def _demo_scene(args: argparse.Namespace) -> Callable[..., object]:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)

    def first_scene(app: object) -> object:
        from game.scenes.play.screen import start_demo  # noqa: PLC0415

        return start_demo(app, seed, bool(args.fast))  # type: ignore[arg-type]

    return first_scene
