"""Pick one of three continent shades per territory so that no two neighbours share one."""

from __future__ import annotations

SHADES = 3


def assign_shades(ids: list[str], continent: dict[str, str], adjacent: set[frozenset[str]]) -> dict[str, int]:
    """Backtracking 3-colouring per continent, in board order, so the result is deterministic.

    Only neighbours that touch on the same continent matter: across continents the hue
    already differs, and across water a dashed line separates them anyway.
    """
    out: dict[str, int] = {}
    for cont in sorted(set(continent.values())):
        members = [t for t in ids if continent[t] == cont]
        nbrs = {t: [u for u in members if u != t and frozenset((t, u)) in adjacent] for t in members}
        if not _solve(members, nbrs, out, 0):
            raise ValueError(f"continent {cont} needs more than {SHADES} shades")
    return out


def _solve(members: list[str], nbrs: dict[str, list[str]], out: dict[str, int], k: int) -> bool:
    if k == len(members):
        return True
    t = members[k]
    for s in ((k + d) % SHADES for d in range(SHADES)):
        if all(out.get(u) != s for u in nbrs[t]):
            out[t] = s
            if _solve(members, nbrs, out, k + 1):
                return True
            del out[t]
    return False
