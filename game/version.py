"""The game's version, for `conquest --version` and the title screen.

pyproject.toml is its one source. Installed (a wheel, or a standalone build that copies the
package's metadata), it is read from the package metadata made from that file; in a source
checkout, from pyproject.toml itself, so a bump shows at once without reinstalling.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import metadata

from game.resources import source_checkout

DISTRIBUTION = "conquest"
UNKNOWN = "unknown"


@cache
def version() -> str:
    """'0.2.0'; 'unknown' when neither the metadata nor a checkout's pyproject.toml says."""
    checkout = source_checkout()
    if checkout is not None:
        from game.jsonfile import FileRefused, read_bytes  # noqa: PLC0415

        try:
            text = read_bytes(checkout / "pyproject.toml", 1024 * 1024, "project file")
            return str(tomllib.loads(text.decode("utf-8"))["project"]["version"])
        except (OSError, FileRefused, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError,
                TypeError):
            pass
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return UNKNOWN
