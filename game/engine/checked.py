"""Typed reading of untrusted data (a save file, a network view): every value checked for its
type and range, every failure a StateError that names the field in words and never shows the
value itself (which may be huge or unprintable). No pygame, no files.
"""

from __future__ import annotations

from typing import Any

from game.engine.errors import StateError

MAX_COUNT = 10**9
MAX_HISTORY = 100_000


def shown(text: str) -> str:
    """A name from the file as a message may show it: short and printable, or not at all."""
    if len(text) <= 24 and text.isprintable():
        return text
    return "(unreadable)"


def is_int(value: Any) -> bool:
    """A whole number, and not a bool (which Python counts as one)."""
    return type(value) is int


class Reader:
    """Typed access to untrusted data; every failure names the field, never shows the value
    (which may be huge or unprintable)."""

    def __init__(self, data: Any, where: str = "save") -> None:
        if not isinstance(data, dict):
            raise StateError(f"{where} must be a table")
        self.data = data
        self.where = where

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise StateError(f"{self.where} is missing '{key}'")
        return self.data[key]

    def read_int(self, key: str, lo: int = 0, hi: int = MAX_COUNT) -> int:
        value = self.get(key)
        if not is_int(value) or not lo <= value <= hi:
            raise StateError(f"'{key}' must be a whole number from {lo} to {hi}")
        return int(value)

    def read_bool(self, key: str) -> bool:
        value = self.get(key)
        if type(value) is not bool:
            raise StateError(f"'{key}' must be true or false")
        return value

    def read_str(self, key: str, allowed: Any = None, optional: bool = False) -> Any:
        value = self.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, str) or (allowed is not None and value not in allowed):
            raise StateError(f"'{key}' has a value this game does not know")
        return value

    def read_list(self, key: str, most: int = MAX_HISTORY) -> list[Any]:
        value = self.get(key)
        if not isinstance(value, list) or len(value) > most:
            raise StateError(f"'{key}' must be a list of at most {most} entries")
        return list(value)

    def read_obj(self, key: str) -> Reader:
        return Reader(self.get(key), f"'{key}'")


def int_list(values: list[Any], length: int, name: str, lo: int = 0,
              hi: int = MAX_COUNT) -> list[int]:
    if len(values) != length:
        raise StateError(f"'{name}' must have {length} entries")
    for v in values:
        if type(v) is not int or not lo <= v <= hi:  # (_is_int, inline: read at every update)
            raise StateError(f"'{name}' holds a number out of range")
    return list(values)  # (whole numbers exactly, as checked)
