"""Build the standalone game: one folder holding Python, the game and its art, for players
without Python. The same command on Linux, macOS and Windows (build on each for its players):

    python -m pip install -e '.[dist]'
    python tools/build_dist.py            # makes dist/conquest/, started by dist/conquest/conquest

The folder runs the whole game and every mode (--demo, --simulate, --serve...): zip it and hand
it over. PyInstaller does the bundling; the files the game reads are laid out as the wheel lays
them (assets/ as game/assets/, and every package-data pattern of pyproject.toml), so the game's
locator (game/resources.py) finds them the same way, and the package's metadata goes along
for --version. Nothing here is needed to play from a checkout or a wheel.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "conquest"


def package_folder(package: str) -> Path:
    """The checkout folder of a package named in package-data (game.assets is assets/)."""
    if package == "game.assets" or package.startswith("game.assets."):
        return ROOT.joinpath("assets", *package.split(".")[2:])
    return ROOT.joinpath(*package.split("."))


def data_files() -> list[tuple[Path, str]]:
    """(file, folder inside the bundle) for every file pyproject's package-data names, so the
    bundle carries exactly the data the wheel does."""
    with open(ROOT / "pyproject.toml", "rb") as handle:
        patterns = tomllib.load(handle)["tool"]["setuptools"]["package-data"]
    found: dict[Path, str] = {}
    for package, globs in patterns.items():
        folder = package_folder(package)
        for pattern in globs:
            for path in sorted(folder.glob(pattern)):
                if path.is_file() and "__pycache__" not in path.parts:
                    inside = Path(*package.split(".")) / path.relative_to(folder).parent
                    found[path] = inside.as_posix()
    return sorted(found.items())


def check_metadata() -> str | None:
    """Why the build would carry a wrong version (the project not installed, or installed from
    an older pyproject.toml), or None."""
    with open(ROOT / "pyproject.toml", "rb") as handle:
        wanted = tomllib.load(handle)["project"]["version"]
    try:
        installed = metadata.version(NAME)
    except metadata.PackageNotFoundError:
        return "the project is not installed: python -m pip install -e '.[dist]' first"
    if installed != wanted:
        return (f"the installed metadata says {installed}, pyproject.toml {wanted}: "
                "python -m pip install -e '.[dist]' again")
    return None


def pyinstaller_command(dist: Path, work: Path) -> list[str]:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--onedir",
               "--name", NAME, "--distpath", str(dist), "--workpath", str(work),
               "--specpath", str(work), "--paths", str(ROOT),
               # every module of the game, though most are imported only when a mode needs them
               "--collect-submodules", "game", "--copy-metadata", NAME, "--log-level", "WARN"]
    if os.name != "nt":  # symbol tables are some 40% of the folder; Windows' tools have none to strip
        command.append("--strip")
    for source, inside in data_files():
        command += ["--add-data", f"{source}{os.pathsep}{inside}"]
    return [*command, str(ROOT / "main.py")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the game's folder is made (default dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's working folder (default build/pyinstaller)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401, PLC0415
    except ImportError:
        print("PyInstaller is missing: python -m pip install -e '.[dist]'", file=sys.stderr)
        return 2
    problem = check_metadata()
    if problem:
        print(f"build_dist: {problem}", file=sys.stderr)
        return 2
    done = subprocess.run(pyinstaller_command(args.dist.resolve(), args.work.resolve()), cwd=ROOT)
    if done.returncode != 0:
        return done.returncode
    folder = args.dist.resolve() / NAME
    executable = folder / (NAME + (".exe" if os.name == "nt" else ""))
    if not executable.is_file():
        print(f"build_dist: PyInstaller made no {executable}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(f"{executable} ({size / 2**20:.0f} MB in {folder})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
