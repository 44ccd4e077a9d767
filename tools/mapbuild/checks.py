"""The checks the build must pass before it writes anything: the art must match the board."""

from __future__ import annotations

# A territory must hold a 15x15 square around its badge point (chessboard room 8): enough
# for an 11 px army badge and a comfortable pointer target at the game's 1x scale.
MIN_ROOM = 8
MIN_AREA = 300


class MapCheckError(RuntimeError):
    """The generated map disagrees with the board data; the message lists every problem."""


def check_map(
    ids: list[str],
    borders: set[frozenset[str]],
    areas: dict[str, int],
    anchors: dict[str, tuple[int, int, int]],
    anchor_owner: dict[str, str | None],
    touching: set[frozenset[str]],
) -> list[str]:
    """Every problem found, as readable lines; an empty list means the map is good."""
    problems: list[str] = []
    for tid in ids:
        if areas.get(tid, 0) == 0:
            problems.append(f"{tid}: missing from the mask")
            continue
        if areas[tid] < MIN_AREA:
            problems.append(f"{tid}: area {areas[tid]} px is below {MIN_AREA}")
        x, y, room = anchors[tid]
        if anchor_owner[tid] != tid:
            problems.append(f"{tid}: anchor ({x}, {y}) lies on {anchor_owner[tid]}")
        if room < MIN_ROOM:
            problems.append(f"{tid}: only {room} px of room around its anchor (need {MIN_ROOM})")
    for pair in sorted(touching, key=sorted):
        if pair not in borders:
            a, b = sorted(pair)
            problems.append(f"{a} and {b} touch on the mask but share no border on the board")
    return problems
