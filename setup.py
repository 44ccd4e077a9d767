"""The one packaging detail pyproject.toml cannot say: the checkout's top-level `assets/` (the
board data and map art) goes into the wheel as `game/assets/`, so an installed game carries
every file it reads. Everything else is in pyproject.toml; game/resources.py finds the folder.
"""

from setuptools import find_namespace_packages, setup

ASSET_FOLDERS = ["game.assets", *(f"game.assets.{name}" for name in find_namespace_packages("assets"))]

setup(
    packages=[*find_namespace_packages(include=["game*"]), *ASSET_FOLDERS],
    package_dir={"game.assets": "assets"},
)
