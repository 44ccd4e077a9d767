"""The game record: every action applied since the game began, kept as data. No pygame.

The engine is deterministic from its seed and its actions, so a game's seed, config and the
ordered list of actions are the whole story: `Game.new(config, seed)` followed by the same
actions gives the same game, roll for roll. The record lives inside the game's state, so every
save (local, network server) carries it; replayer.py replays it.

Actions are stored compactly as `[kind, field1, field2, ...]` in the fields' declared order,
since a long game holds tens of thousands of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

from game.engine.actions import ACTION_TYPES, Action
from game.engine.errors import StateError

MAX_RECORDED_ACTIONS = 1_000_000
# What a damaged record can make the rules raise besides IllegalActionError.
REPLAY_FAULTS = (StateError, ValueError, KeyError, IndexError, TypeError, AssertionError)


@dataclass
class GameRecord:
    """The actions applied to a game, in order.

    `from_start` is True when the list begins at `Game.new` (so it can be replayed); a game
    loaded from an older save, or built by hand in a test, records only from then on.
    """

    actions: list[Action] = field(default_factory=list)
    from_start: bool = False


# ---------------------------------------------------------------------- codec
@cache
def _field_specs(kind: str) -> tuple[tuple[str, str], ...]:
    """(name, annotation) of each field of the action `kind`, in declared order."""
    return tuple((f.name, str(f.type)) for f in fields(ACTION_TYPES[kind]))


def encode_action(action: Action) -> list[Any]:
    """`[kind, *field values]`, JSON-ready (tuples become lists)."""
    values: list[Any] = [action.kind]
    for name, _ in _field_specs(action.kind):
        value = getattr(action, name)
        values.append(list(value) if isinstance(value, tuple) else value)
    return values


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_value(kind: str, name: str, annotation: str, value: Any) -> Any:
    ok: bool
    if annotation == "str" and type(value) is str and len(value) <= 64:
        return value  # the common case first: most actions name territories
    if annotation == "str":
        ok = isinstance(value, str) and len(value) <= 64
    elif annotation == "int":
        ok = _is_int(value) and -(10**9) <= value <= 10**9
    elif annotation.startswith("tuple[str"):
        ok = (isinstance(value, list) and len(value) == 3
              and all(isinstance(v, str) and len(v) <= 64 for v in value))
        value = tuple(value) if ok else value
    elif annotation == "bool | int | None":
        ok = value is None or isinstance(value, bool) or (_is_int(value) and 0 <= value <= 10**6)
    else:  # a field type this codec does not know: refuse rather than guess
        ok = False
    if not ok:
        raise StateError(f"a recorded '{kind}' action has a bad {name}: {value!r}")
    return value


def decode_action(data: Any) -> Action:
    """Rebuilds an action from `encode_action` output; raises StateError on anything else."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise StateError(f"a recorded action is not [kind, ...]: {data!r:.60}")
    kind = data[0]
    cls = ACTION_TYPES.get(kind)
    if cls is None:
        raise StateError(f"the record holds an unknown action {kind!r:.40}")
    declared = _field_specs(kind)
    if len(data) != len(declared) + 1:
        raise StateError(f"a recorded '{kind}' action should have {len(declared)} values")
    args = {name: _check_value(kind, name, annotation, value)
            for (name, annotation), value in zip(declared, data[1:], strict=True)}
    action: Action = cls(**args)
    return action


def record_to_data(record: GameRecord) -> dict[str, Any]:
    return {"from_start": record.from_start,
            "actions": [encode_action(a) for a in record.actions]}


def record_from_data(data: Any) -> GameRecord:
    """Checks and rebuilds a record (its structure; whether it replays is `replay_game`'s job)."""
    if not isinstance(data, dict):
        raise StateError("'record' must be an object")
    from_start = data.get("from_start")
    actions = data.get("actions")
    if not isinstance(from_start, bool):
        raise StateError("'record' must say whether it starts at the beginning (from_start)")
    if not isinstance(actions, list):
        raise StateError("'record' must hold a list of actions")
    if len(actions) > MAX_RECORDED_ACTIONS:
        raise StateError(f"'record' holds more than {MAX_RECORDED_ACTIONS} actions")
    return GameRecord([decode_action(a) for a in actions], from_start)


class ReplayError(ValueError):
    """A record that cannot be replayed; the message says where and why (replayer.py)."""
