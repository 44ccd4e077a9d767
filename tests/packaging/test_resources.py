"""The locator: shipped files and the player's files, from a checkout and installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import resources
from game.cli import build_parser, main
from game.savegame import save_path
from tests.packaging.wheel import REPO


def test_from_the_checkout_the_top_level_assets_and_saves_are_used() -> None:
    assert resources.source_checkout() == REPO
    assert resources.assets_dir() == REPO / "assets"
    assert resources.asset_path("maps", "classic.json").is_file()
    assert resources.default_saves_dir() == REPO / "saves"


def test_a_chosen_folder_takes_the_player_files(tmp_path: Path) -> None:
    resources.set_saves_dir(tmp_path)
    assert save_path("Evening") == tmp_path / "Evening.json"
    assert resources.settings_path() == tmp_path / "settings.json"


def _installed_copy(site: Path) -> None:
    """The locator as a wheel lays it out: game/ with game/assets/ inside, no pyproject."""
    (site / "game").mkdir(parents=True)
    (site / "game" / "__init__.py").write_text("")
    shutil.copy(REPO / "game" / "resources.py", site / "game")
    shutil.copytree(REPO / "assets", site / "game" / "assets")


def test_installed_the_package_assets_and_the_user_data_folder_are_used(tmp_path: Path) -> None:
    site, data = tmp_path / "site", tmp_path / "data"
    _installed_copy(site)
    env = {**os.environ, "PYTHONPATH": str(site), "XDG_DATA_HOME": str(data),
           "HOME": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", "from game import resources as r; "
         "print(r.source_checkout()); print(r.assets_dir()); print(r.saves_dir())"],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=True, timeout=60)
    checkout, assets, saves = out.stdout.split("\n")[:3]
    assert checkout == "None"
    assert Path(assets) == site / "game" / "assets"
    if sys.platform.startswith("linux"):
        assert Path(saves) == data / "Conquest"


def test_saves_dir_that_is_a_file_is_refused_with_a_message(tmp_path: Path, capsys) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["--saves-dir", str(a_file)])
    assert stopped.value.code == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_saves_dir_is_the_window_s_folder_too(tmp_path: Path) -> None:
    """Not only the server's: the window tidies, reads and writes its files there."""
    stale = tmp_path / ".Evening.1234.tmp"  # what a killed save leaves; tidied at start
    stale.write_text("{")
    assert main(["--saves-dir", str(tmp_path), "--headless", "--frames", "2"]) == 0
    assert not stale.exists()
    assert resources.settings_path() == tmp_path / "settings.json"


def test_the_version_comes_from_pyproject(capsys) -> None:
    import tomllib

    with open(REPO / "pyproject.toml", "rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.strip() == f"Conquest {version}"


def test_shown_paths_write_the_home_folder_as_a_tilde() -> None:
    assert resources.shown_path(Path.home() / "x" / "y") == str(Path("~", "x", "y"))
    assert resources.shown_path(Path("/elsewhere/z")) == str(Path("/elsewhere/z"))
