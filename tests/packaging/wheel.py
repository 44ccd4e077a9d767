"""Build the project's wheel the way a player's pip would, and say which files it must carry.

The wheel is built from a copy of the files a build reads (so nothing is written into the
checkout: no build/ folder, no egg-info), with pip and build isolation, as `pip install .`
and `pipx install .` do.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "game", "assets")
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def build_wheel(out: Path) -> Path:
    """The wheel built from the checkout's sources, in `out`."""
    source = out / "source"
    for name in BUILD_INPUTS:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=SKIPPED)
        else:
            source.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, source / name)
    wheels = out / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--wheel-dir", str(wheels), str(source)], check=True, timeout=300)
    (wheel,) = wheels.glob("conquest-*.whl")
    return wheel


def wheel_files(wheel: Path) -> set[str]:
    """The files the wheel installs into site-packages (its .dist-info left out)."""
    with zipfile.ZipFile(wheel) as archive:
        return {name for name in archive.namelist()
                if not name.endswith("/") and ".dist-info/" not in name}


def _files_under(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]


def expected_files() -> set[str]:
    """Every file of the game package and every file under assets/ (as game/assets/...):
    whatever data is added to either must reach the wheel, or the installed game lacks it."""
    package = {p.relative_to(REPO).as_posix() for p in _files_under(REPO / "game")}
    assets = {"game/assets/" + p.relative_to(REPO / "assets").as_posix()
              for p in _files_under(REPO / "assets")}
    return package | assets


def package_data_patterns() -> dict[str, list[str]]:
    """pyproject.toml's package-data: package name -> glob patterns in its folder."""
    with open(REPO / "pyproject.toml", "rb") as handle:
        data = tomllib.load(handle)
    return dict(data["tool"]["setuptools"]["package-data"])


def package_folder(package: str) -> Path:
    """The checkout folder of a package named in package-data (game.assets is assets/)."""
    if package == "game.assets" or package.startswith("game.assets."):
        return REPO.joinpath("assets", *package.split(".")[2:])
    return REPO.joinpath(*package.split("."))
