"""The game installed from its wheel, as a player gets it, played from an empty folder.

A fresh virtual environment gets the wheel with its dependencies (pip resolves them from the
index; pip's cache serves the files CI's own install just fetched, so this costs seconds), and
every command runs with HOME and the XDG folders in temporary folders. Each must exit 0, the
save must land in the player's data folder, and neither the working folder nor the installed
package may gain a file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.packaging.wheel import REPO

DATA_FOLDER = "Conquest"  # game/resources.py's APP_NAME, under $XDG_DATA_HOME


def _venv_bin(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed; its bin folder."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = _venv_bin(venv) / "python"
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                           "--quiet", str(wheel)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"pip could not install the wheel: {done.stderr[-3000:]}"
    return _venv_bin(venv)


def _site_packages(bin_dir: Path) -> Path:
    out = subprocess.run([str(bin_dir / "python"), "-c",
                          "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         check=True, capture_output=True, text=True, cwd=bin_dir)
    return Path(out.stdout.strip())


def _snapshot(folder: Path) -> dict[str, int]:
    """Every file below `folder` with its modification time: a change shows as a difference.
    Python's own bytecode caches are left out (pip compiled them at install; they are not the
    game's writing)."""
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def test_the_installed_game_plays_saves_and_simulates_from_an_empty_folder(
        installed: Path, tmp_path: Path) -> None:
    work, home, xdg = tmp_path / "work", tmp_path / "home", tmp_path / "xdg"
    for folder in (work, home, xdg):
        folder.mkdir()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "XDG_", "VIRTUAL_ENV", "CONQUEST_"))}
    env.update(HOME=str(home), XDG_DATA_HOME=str(xdg / "data"), XDG_CONFIG_HOME=str(xdg / "config"),
               XDG_CACHE_HOME=str(xdg / "cache"), XDG_STATE_HOME=str(xdg / "state"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PATH=str(installed) + os.pathsep + env.get("PATH", ""))
    scripts = tmp_path / "scripts"  # the save-and-load driver runs from outside the checkout
    scripts.mkdir()
    driver = shutil.copy(REPO / "tests" / "packaging" / "save_and_load.py", scripts)
    site = _site_packages(installed)
    package_before = _snapshot(site)

    def run(*argv: str) -> str:
        done = subprocess.run(list(argv), cwd=work, env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, f"{argv} exited {done.returncode}: {done.stderr[-2000:]}"
        return done.stdout

    conquest = str(installed / "conquest")
    with open(REPO / "pyproject.toml", "rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    assert run(conquest, "--version").strip() == f"Conquest {version}"
    where = run(str(installed / "python"), "-c", "import game; print(game.__file__)")
    assert Path(where.strip()).is_relative_to(site)  # the installed copy, not the checkout
    run(conquest, "--headless", "--demo", "--frames", "600", "--seed", "3")
    saved = Path(run(str(installed / "python"), str(driver)).strip().splitlines()[-1])
    assert saved == xdg / "data" / DATA_FOLDER / "Evening1.json" and saved.is_file()
    result = json.loads(run(conquest, "--simulate", "2", "--players", "easy,easy", "--json"))
    assert result["games"] == 2

    assert sorted(work.iterdir()) == []  # nothing written where the player stood
    assert _snapshot(site) == package_before  # nor into the installed package
