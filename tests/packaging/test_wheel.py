"""The wheel carries every file the game reads: the package, Good's weights, the board data and
map art of assets/, and any data added later (a pattern in package-data, or a new file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.packaging.wheel import (
    REPO,
    expected_files,
    package_data_patterns,
    package_folder,
    wheel_files,
)


def test_the_wheel_holds_every_file_of_the_package_and_of_assets(wheel: Path) -> None:
    carried, expected = wheel_files(wheel), expected_files()
    assert "game/assets/maps/classic/world.png" in carried
    assert "game/assets/maps/classic.json" in carried
    assert sorted(expected - carried) == [], "files the installed game would lack"
    assert sorted(carried - expected) == [], "files in the wheel that the checkout lacks"


@pytest.mark.parametrize("package,pattern", [
    (package, pattern) for package, patterns in package_data_patterns().items()
    for pattern in patterns])
def test_every_package_data_pattern_names_files_that_reach_the_wheel(
        wheel: Path, package: str, pattern: str) -> None:
    folder = package_folder(package)
    matched = [p for p in folder.glob(pattern) if p.is_file()]
    assert matched, f"{package}: {pattern} matches nothing in {folder.relative_to(REPO)}"
    prefix = package.replace(".", "/")
    carried = wheel_files(wheel)
    for path in matched:
        assert f"{prefix}/{path.relative_to(folder).as_posix()}" in carried
