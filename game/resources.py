"""Where the game finds the files it ships, and where it keeps the player's own files.

This module is the only place that knows either, so the game runs the same four ways:

- **from a source checkout** (`python main.py`, or an editable install): the shipped files are
  the checkout's top-level `assets/`, and the player's files go to the checkout's `saves/`, as
  they always have. A checkout is told by the project's `pyproject.toml` and `assets/` beside
  the `game` package (an installed package sits in site-packages, where neither is);
- **installed from a wheel** (pip, pipx): the wheel carries `assets/` as `game/assets/`
  (setup.py maps the folder there), and the player's files go to the platform's user data
  folder (platformdirs: `~/.local/share/Conquest` or `$XDG_DATA_HOME/Conquest` on Linux,
  `~/Library/Application Support/Conquest` on macOS, `%LOCALAPPDATA%\\Conquest` on Windows);
- **a standalone build** (tools/build_dist.py, PyInstaller): the same as a wheel; the build
  copies `assets/` to `game/assets/` inside the bundle.

Data that lives inside the package (Good's weights in game/ai/weights) is found by
package_path() in every case.

Nothing is ever written inside the package. `--saves-dir DIR` (set_saves_dir) puts the
player's files in DIR instead, whichever way the game runs.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

APP_NAME = "Conquest"
SETTINGS_FILE = "settings.json"
# The game package's own folder: the only path worked out from a module's location.
_PACKAGE_DIR = Path(__file__).resolve().parent
_chosen_saves_dir: Path | None = None


def source_checkout() -> Path | None:
    """The root of the source checkout the game runs from, or None when it is installed (a
    wheel in site-packages, or a standalone build)."""
    if getattr(sys, "frozen", False):
        return None
    root = _PACKAGE_DIR.parent
    if (root / "pyproject.toml").is_file() and (root / "assets").is_dir():
        return root
    return None


@cache
def assets_dir() -> Path:
    """The folder of the read-only files the game ships (boards, map art): `game/assets` in a
    wheel or a standalone build, the checkout's top-level `assets/` in a checkout."""
    packaged = _PACKAGE_DIR / "assets"
    if packaged.is_dir():
        return packaged
    checkout = source_checkout()
    if checkout is not None:
        return checkout / "assets"
    return packaged  # missing: the error that follows names the place it was looked for


def asset_path(*parts: str) -> Path:
    """A shipped file or folder, named relative to `assets/`: asset_path("maps", "classic")."""
    return assets_dir().joinpath(*parts)


def package_path(*parts: str) -> Path:
    """A data file kept inside the game package itself (Good's weights: package_path("ai",
    "weights", "good.json")), the same in a checkout, a wheel and a standalone build."""
    return _PACKAGE_DIR.joinpath(*parts)


def default_saves_dir() -> Path:
    """Where the player's files go when no --saves-dir is given: the checkout's `saves/`, or
    the platform's user data folder for an installed game."""
    checkout = source_checkout()
    if checkout is not None:
        return checkout / "saves"
    import platformdirs  # noqa: PLC0415 - only an installed game asks it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=False))


def saves_dir() -> Path:
    """The folder of the player's files: saves, the autosave, settings, exported game logs,
    network seat tokens and the server's autosaves. Not created here: writers make it."""
    return _chosen_saves_dir if _chosen_saves_dir is not None else default_saves_dir()


def set_saves_dir(folder: Path | None) -> None:
    """Put the player's files in `folder` from now on (--saves-dir); None: the default."""
    global _chosen_saves_dir
    _chosen_saves_dir = Path(folder) if folder is not None else None


def settings_path() -> Path:
    """The settings file, kept with the saves."""
    return saves_dir() / SETTINGS_FILE


def shown_path(path: Path) -> str:
    """A path as a player reads it: the home folder written as ~ (shorter, and the same on
    every machine)."""
    try:
        return str(Path("~") / path.resolve().relative_to(Path.home().resolve()))
    except (ValueError, RuntimeError, OSError):
        return str(path)
