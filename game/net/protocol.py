"""The network protocol: versioned JSON messages, each checked against a schema on receipt. No pygame.

Every message is one JSON object `{"v": PROTOCOL_VERSION, "type": ..., ...}`. What a client may
send is listed in CLIENT_SCHEMAS, what the server sends in SERVER_SCHEMAS. `decode` turns raw
text into a checked dict or raises ProtocolError whose message is the reason given back to the
sender; it never raises anything else, whatever the input.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

# Version history: 1 - first; 2 - an update carries only what changed in the view (`changes`);
# 3 - the owner and armies tables are sent as the entries that changed (`patches`); 4 - every
# action carries its number for the seat (`n`: 1, 2, 3... in a game, the same again when a
# message is sent again), applied once; `welcome`, and the refusal of an action, carry the last
# number applied for the seat (game/net/numbering.py).
PROTOCOL_VERSION = 4
DEFAULT_PORT = 8765
# A client message is small (an action is under 200 bytes): anything bigger is refused.
MAX_CLIENT_MESSAGE_BYTES = 16 * 1024
# The transport closes the connection on frames beyond this (a hard stop before parsing); with
# the 16 frames a connection may have waiting to be read, what one client can make the server
# hold of its messages is bounded (1 MiB).
MAX_FRAME_BYTES = 64 * 1024
# Views of the game sent by the server grow with the statistics history; this is generous.
MAX_SERVER_MESSAGE_BYTES = 4 * 1024 * 1024
MAX_NAME_LENGTH = 16
MAX_TOKEN_LENGTH = 64
MAX_PASSWORD_LENGTH = 128
MAX_GAME_ID_LENGTH = 32
MAX_REQUEST_ID = 2**53
MAX_STORY_INDEX = 10**7  # the highest log or record index a story request may name
MAX_ACTION_NUMBER = 2**31 - 1  # a client's numbers for its actions: 1 to this


class ProtocolError(ValueError):
    """A message that does not follow the protocol; the text is the reason told to its sender."""


@dataclass(frozen=True)
class Field:
    """One field of a message: its JSON type(s), whether it must be there, and its bounds."""

    types: tuple[type, ...]
    required: bool = True
    lo: int | None = None
    hi: int | None = None
    max_length: int | None = None
    nullable: bool = False
    _plain: frozenset[type] = dataclass_field(default=frozenset(), init=False, repr=False,
                                              compare=False)

    def __post_init__(self) -> None:
        # the exact types that pass with no bound to check (bool is never taken for an int)
        unbounded = self.lo is None and self.hi is None and self.max_length is None
        object.__setattr__(self, "_plain", frozenset(self.types) if unbounded else frozenset())

    def check(self, name: str, value: Any) -> None:
        kind = type(value)
        if kind in self._plain:  # the common case, quickly: most fields have no bounds
            return
        if kind is int and int in self.types and (self.lo is None or value >= self.lo) and \
                (self.hi is None or value <= self.hi):
            return  # a number within its bounds (seq, seat, id...)
        if value is None:
            if self.nullable or not self.required:
                return
            raise ProtocolError(f"'{name}' must not be null")
        if isinstance(value, bool) and bool not in self.types:
            raise ProtocolError(f"'{name}' has the wrong type")
        if not isinstance(value, self.types):
            wanted = " or ".join(_JSON_NAMES.get(t, t.__name__) for t in self.types)
            raise ProtocolError(f"'{name}' must be {wanted}")
        if isinstance(value, int) and not isinstance(value, bool):
            if self.lo is not None and value < self.lo:
                raise ProtocolError(f"'{name}' must be at least {self.lo}")
            if self.hi is not None and value > self.hi:
                raise ProtocolError(f"'{name}' must be at most {self.hi}")
        if self.max_length is not None and isinstance(value, (str, list, dict)) \
                and len(value) > self.max_length:
            raise ProtocolError(f"'{name}' is too long (at most {self.max_length})")


_JSON_NAMES = {str: "a string", int: "a whole number", dict: "an object", list: "a list",
               bool: "true or false", float: "a number"}


def _opt(*types: type, **bounds: Any) -> Field:
    return Field(types, required=False, **bounds)


def _req(*types: type, **bounds: Any) -> Field:
    return Field(types, required=True, **bounds)


REQUEST_ID = _opt(int, lo=0, hi=MAX_REQUEST_ID)
ACTION_NUMBER = _req(int, lo=1, hi=MAX_ACTION_NUMBER)
LAST_NUMBER = _req(int, lo=0, hi=MAX_ACTION_NUMBER)
SEAT = _req(int, lo=0, hi=7)
TOKEN = _req(str, max_length=MAX_TOKEN_LENGTH)

CLIENT_SCHEMAS: dict[str, dict[str, Field]] = {
    # Join an open seat (no token) or take one's seat back (seat and token).
    "hello": {
        "name": _req(str, max_length=MAX_NAME_LENGTH),
        "password": _opt(str, max_length=MAX_PASSWORD_LENGTH),
        "game": _opt(str, max_length=MAX_GAME_ID_LENGTH),
        "seat": _opt(int, lo=0, hi=7),
        "token": _opt(str, max_length=MAX_TOKEN_LENGTH),
        "id": REQUEST_ID,
    },
    # One engine action for the sender's seat; the token proves the seat. `n` numbers the
    # seat's actions in this game: 1, 2, 3..., one more for each new action (a refused one's
    # number is used again), the same when a message is sent again after a lost connection;
    # the server applies each number once (game/net/numbering.py).
    "action": {
        "id": REQUEST_ID,
        "seat": SEAT,
        "token": TOKEN,
        "n": ACTION_NUMBER,
        "action": _req(dict, max_length=8),
    },
    # The sender's own view again (after a gap); `seat` must be the sender's.
    "state": {"id": REQUEST_ID, "seat": _opt(int, lo=0, hi=7)},
    "ping": {"id": REQUEST_ID},
    "leave": {"id": REQUEST_ID},
    # Before the game starts, the sender's table with its open seats given to computer
    # generals, so that it starts now (only where the host allows it: --fill-seats).
    "fill": {"id": REQUEST_ID},
    # The game's public story (game/net/story.py): log entries from `since`, the luck table,
    # and with `review` the sender's "since your last turn" (further pages: from, end).
    "story": {"id": REQUEST_ID, "since": _opt(int, lo=0, hi=MAX_STORY_INDEX),
              "review": _opt(bool), "review_from": _opt(int, lo=0, hi=MAX_STORY_INDEX),
              "review_end": _opt(int, lo=0, hi=MAX_STORY_INDEX)},
}

SERVER_SCHEMAS: dict[str, dict[str, Field]] = {
    # A seat taken; `n`: the number of the last action applied for it (0: none yet), so a
    # client goes on numbering from there.
    "welcome": {"seat": SEAT, "token": TOKEN, "game": _req(str), "rejoined": _req(bool),
                "n": LAST_NUMBER, "id": REQUEST_ID},
    "lobby": {"game": _req(str), "seats": _req(list), "started": _req(bool),
              "password": _req(bool)},
    # A whole view of the game for one seat (at the start, after a reconnect, on request).
    "state": {"seq": _req(int, lo=0), "seat": SEAT, "view": _req(dict), "id": REQUEST_ID,
              "events": _opt(list), "to_move": _req(int, lo=0, hi=7), "over": _req(bool)},
    # One action applied: what happened (as the seat may see it) and what changed in the
    # seat's view (`changes`: top-level keys with their new values; `patches`: the entries of
    # the owner and armies tables that changed; game/net/updates.py), or the whole view once
    # the game is over. A client that misses a `seq` asks for a state.
    "update": {"seq": _req(int, lo=0), "actor": _req(int, lo=0, hi=7),
               "action": _req(dict), "events": _req(list), "changes": _opt(dict),
               "patches": _opt(dict),
               "view": _opt(dict),
               "id": REQUEST_ID, "computer": _req(bool), "to_move": _req(int, lo=0, hi=7),
               "over": _req(bool)},
    # A message refused; the refusal of an action carries `n`, the number of the last action
    # applied for the sender's seat (its next action's number is one more).
    "error": {"reason": _req(str), "code": _req(str), "id": REQUEST_ID,
              "n": _opt(int, lo=0, hi=MAX_ACTION_NUMBER)},
    "pong": {"id": REQUEST_ID},
    "bye": {"reason": _req(str)},
    "story": {"id": REQUEST_ID, "seq": _req(int, lo=0), "since": _req(int, lo=0),
              "entries": _req(list), "total": _req(int, lo=0), "actions": _req(int, lo=0),
              "matches": _req(bool), "luck": _req(dict), "error": _opt(str),
              "review": _opt(dict)},
}


def _reject_constant(value: str) -> Any:
    raise ValueError(f"{value} is not JSON")


# Made once: json.loads and json.dumps build a new decoder or encoder at every call given options.
_STD_DECODE = json.JSONDecoder(parse_constant=_reject_constant).decode
_STD_ENCODE = json.JSONEncoder(separators=(",", ":")).encode  # compact JSON text, as json.dumps

# orjson reads and writes JSON several times faster than the standard library (see the project's
# dependencies): every message is encoded by the server and decoded by a client. Only a version
# that limits how deeply a document may nest (as the standard library does) reads the network's
# untrusted text; without one the standard library's is used: the same messages, only slower.
ORJSON_SINCE = (3, 11, 6)  # loads limited since 3.9.15, dumps since 3.11.6


def _orjson() -> Any:
    try:
        import orjson  # noqa: PLC0415
    except ImportError:
        return None
    try:
        version = tuple(int(part) for part in orjson.__version__.split(".")[:3])
    except (AttributeError, ValueError):
        return None
    return orjson if version >= ORJSON_SINCE else None


orjson = _orjson()


def _decode(text: str | bytes) -> Any:
    """JSON text (str, or bytes in UTF-8) to data. Refused (ValueError) as not JSON: NaN and
    Infinity, numbers too large for a float, broken UTF-8 or unpaired surrogates."""
    if orjson is not None:
        return orjson.loads(text)
    data = _STD_DECODE(text.decode("utf-8") if isinstance(text, bytes) else text)
    return data


def ENCODE(data: Any) -> str:  # noqa: N802 - the name it had as a bound method
    """Compact JSON text of `data`."""
    if orjson is not None:
        try:
            return orjson.dumps(data).decode()
        except TypeError:  # what orjson does not take (a number past 64 bits...): as ever
            pass
    return _STD_ENCODE(data)


def json_library() -> str:
    """Which library reads and writes the messages, for logs and the benchmark's report."""
    return "orjson" if orjson is not None else "json"
_ENVELOPE = frozenset({"v", "type"})
_MISSING = object()


def parse(raw: str | bytes, limit: int) -> dict[str, Any]:
    """Raw text to a JSON object within `limit` bytes; ProtocolError for anything else."""
    size = len(raw)
    if not isinstance(raw, bytes) and size * 4 > limit:  # (a character is at most 4 bytes)
        size = len(raw.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ProtocolError(f"message too large ({size} bytes; the limit is {limit})")
    try:
        data = _decode(raw)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProtocolError("malformed JSON") from exc
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    return data


def check(data: dict[str, Any], schemas: dict[str, dict[str, Field]]) -> dict[str, Any]:
    """The message itself if it matches its schema; ProtocolError naming the first problem."""
    version = data.get("v")
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        raise ProtocolError(f"unsupported protocol version {version!r}; "
                            f"this server speaks version {PROTOCOL_VERSION}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in schemas:
        raise ProtocolError(f"unknown message type {str(kind)[:32]!r}")
    checkers = _CHECKERS.get(id(schemas))
    if checkers is None or checkers[0] is not schemas:  # a table of schemas not known here
        _check_fields(data, kind, schemas[kind])
    else:
        checkers[1][kind](data)
    return data


def _check_fields(data: dict[str, Any], kind: str, schema: dict[str, Field]) -> None:
    """Every field of `data` against `schema`, one by one: the plain way, which the compiled
    checks below follow, and which gives the reason when they find a problem."""
    known = _ENVELOPE | schema.keys()
    if not data.keys() <= known:
        key = next(k for k in data if k not in known)
        raise ProtocolError(f"unknown field {str(key)[:32]!r} in a {kind} message")
    for name, field in schema.items():
        value = data.get(name, _MISSING)
        if value is _MISSING:
            if field.required:
                raise ProtocolError(f"a {kind} message needs '{name}'")
        elif type(value) not in field._plain:  # (the quick case of Field.check, inline)
            field.check(name, value)


def _quick_test(field: Field, var: str) -> str | None:
    """A Python expression true when `var` passes `field` with no more ado (its exact type,
    within its bounds), None if the field has no quick case; whatever the expression does not
    pass goes to the field's full check, which says why or lets it through (a null allowed)."""
    if len(field.types) != 1 or field.types[0] not in (str, int, bool, dict, list):
        return None
    kind = field.types[0].__name__
    test = f"type({var}) is {kind}"
    if kind == "int":
        if field.lo is not None:
            test += f" and {var} >= {field.lo!r}"
        if field.hi is not None:
            test += f" and {var} <= {field.hi!r}"
    elif field.lo is not None or field.hi is not None:
        return None
    if field.max_length is not None:
        test += f" and len({var}) <= {field.max_length!r}"
    return test


def _compile(kind: str, schema: dict[str, Field]) -> Callable[[dict[str, Any]], None]:
    """The check of one kind of message as one function written for its fields (a message is
    checked on every receipt, thousands a second on a busy server or client): it passes what
    `_check_fields` passes and, on the first problem, lets `_check_fields` name it."""
    lines = ["def check(data):",
             "    if not data.keys() <= KNOWN:",
             "        slow(data, KIND, SCHEMA)"]
    env: dict[str, Any] = {"KNOWN": _ENVELOPE | schema.keys(), "KIND": kind, "SCHEMA": schema,
                           "slow": _check_fields, "MISSING": _MISSING}
    for number, (name, field) in enumerate(schema.items()):
        value = f"value{number}"
        lines.append(f"    {value} = data.get({name!r}, MISSING)")
        test = _quick_test(field, value)
        if test is None:
            lines.append(f"    if {value} is MISSING or type({value}) not in PLAIN{number}:")
            env[f"PLAIN{number}"] = field._plain
        else:
            lines.append(f"    if not ({test}):")
            if not field.required:
                lines[-1] = f"    if {value} is not MISSING and not ({test}):"
        lines.append("        slow(data, KIND, SCHEMA)")
        if test is None and not field.required:
            lines[-2] = (f"    if {value} is not MISSING and "
                         f"type({value}) not in PLAIN{number}:")
    exec("\n".join(lines), env)  # noqa: S102 - the source is made above from the schemas
    checker: Callable[[dict[str, Any]], None] = env["check"]
    return checker


# The compiled checks of each table of schemas (and the table, to know it is the same one).
_CHECKERS: dict[int, tuple[dict[str, dict[str, Field]], dict[str, Callable[[dict[str, Any]], None]]]] = {
    id(schemas): (schemas, {kind: _compile(kind, schema) for kind, schema in schemas.items()})
    for schemas in (CLIENT_SCHEMAS, SERVER_SCHEMAS)}


def decode_client(raw: str | bytes) -> dict[str, Any]:
    """A checked client message (what the server receives)."""
    return check(parse(raw, MAX_CLIENT_MESSAGE_BYTES), CLIENT_SCHEMAS)


def decode_server(raw: str | bytes) -> dict[str, Any]:
    """A checked server message (what a client receives)."""
    return check(parse(raw, MAX_SERVER_MESSAGE_BYTES), SERVER_SCHEMAS)


def encode(kind: str, *, raw: dict[str, str] | None = None, **fields: Any) -> str:
    """One message as compact JSON text; `raw` adds fields already encoded as JSON text."""
    text = ENCODE({"v": PROTOCOL_VERSION, "type": kind, **fields})
    if raw:
        text = text[:-1] + "".join(f",{json.dumps(k)}:{v}" for k, v in raw.items()) + "}"
    return text
