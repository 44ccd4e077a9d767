"""One way in for every file the game reads: no module of game/ opens or parses a file itself,
except the readers (game/jsonfile.py, game/jsonlines.py) and the few places listed below, each
with the reason it is not a file read by the game's own checks. A new `open(`, `read_text`,
`json.load`... anywhere else fails this test: route it through the reader instead (or, if it
truly is not reading a player's or the disk's file, add it here with its reason)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
READERS = {"game/jsonfile.py", "game/jsonlines.py"}

# Calls that open or parse: a bare name, or the last part of a dotted call.
OPENING_NAMES = {"open"}
OPENING_ATTRIBUTES = {
    "open", "fdopen", "read_text", "read_bytes", "load", "loads", "read", "pread", "readv",
    "readlines", "mmap", "load_cert_chain", "load_verify_locations", "load_dh_params",
    "reader", "DictReader", "parse", "JSONDecoder", "Unpickler",
}
# Modules whose `load`/`loads`/`parse`/`reader` parse text (a `.load` elsewhere, such as
# `Settings`'s or a board's, is the game's own function, not a parser).
PARSING_MODULES = {"json", "orjson", "pickle", "marshal", "tomllib", "csv", "plistlib", "yaml",
                   "shelve", "dbm", "ast", "xml", "ElementTree"}

# (module, the call's dotted name) -> why it is not a file read behind the reader's back.
ALLOWED: dict[tuple[str, str], str] = {
    ("game/app.py", "pygame.image.load"):
        "the project's own art (assets/), loaded by pygame (which takes a path, never a file "
        "a player gives)",
    ("game/mapart.py", "pygame.image.load"):
        "the map's committed images and mask (assets/maps/classic/): the project's own art",
    ("game/net/tls.py", "context.load_cert_chain"):
        "OpenSSL opens the certificate and key itself (no way to hand it a key from memory); "
        "tls._checked reads each through jsonfile.read_bytes first (a regular file, bounded)",
    ("game/net/tls.py", "context.load_verify_locations"):
        "the trusted certificates, handed over as text (cadata=) read by tls._checked",
    ("game/ai/good.py", "json.loads"):
        "Good's tuned weights, package data read by importlib.resources (inside a zip when "
        "packaged), never a file a player gives",
    ("game/ai/good.py", "read_text"): "the same weights' text (importlib.resources)",
    ("game/ai/draft.py", "json.loads"): "the draft model's weights: package data",
    ("game/ai/draft.py", "read_text"): "the same weights' text (importlib.resources)",
    ("game/ai/draft_multi.py", "json.loads"): "the seat models' weights: package data",
    ("game/ai/draft_multi.py", "read_text"): "the same weights' text (importlib.resources)",
    ("game/ai/baseline2/good.py", "json.loads"):
        "the frozen yardstick general's weights: package data, as Good's",
    ("game/ai/baseline2/good.py", "read_text"): "the same weights' text (importlib.resources)",
    ("game/ai/baseline2/draft.py", "json.loads"): "its draft model's weights: package data",
    ("game/ai/baseline2/draft.py", "read_text"): "the same weights' text (importlib.resources)",
    ("game/ai/baseline2/draft_multi.py", "json.loads"): "its seat models' weights: package data",
    ("game/ai/baseline2/draft_multi.py", "read_text"):
        "the same weights' text (importlib.resources)",
    ("game/net/protocol.py", "orjson.loads"):
        "network messages, not files (bounded by the websocket's frame limit, checked by "
        "protocol.py's own limits)",
    ("game/net/protocol.py", "json.JSONDecoder"): "the same messages without orjson",
    ("game/journal.py", "os.open"):
        "the journal's appender (writes only, never reads; O_NONBLOCK so a FIFO put in its "
        "place is refused, not waited on)",
    ("game/net/savelock.py", "os.open"):
        "the lock file, opened to be locked and never read (no link followed, no FIFO "
        "waited on: savelock.py checks it is a regular file)",
    ("game/net/autosave.py", "os.open"):
        "the save just written and its folder, opened only to fsync them (never read)",
    ("game/jsonfile.py", "os.fdopen"): "the atomic writer's temporary file",
    ("game/version.py", "tomllib.loads"):
        "the checkout's own pyproject.toml (the version, in a source checkout only), read "
        "through jsonfile.read_bytes first",
}


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    if isinstance(node, ast.Call):
        return _dotted(node.func) + "()"
    return "?"


def _is_round_trip(call: ast.Call) -> bool:
    """json.loads(json.dumps(x)): a copy made in memory, no file in it."""
    return bool(call.args) and isinstance(call.args[0], ast.Call) and \
        _dotted(call.args[0].func).endswith("dumps")


def _opening(call: ast.Call) -> str | None:
    """The call's dotted name if it opens or parses a file (by its look), else None."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id if func.id in OPENING_NAMES else None
    if not isinstance(func, ast.Attribute) or func.attr not in OPENING_ATTRIBUTES:
        return None
    name = _dotted(func)
    owner = name.rsplit(".", 1)[0]
    if func.attr in ("load", "loads", "parse", "reader", "DictReader", "JSONDecoder",
                     "Unpickler"):
        parser = owner.split(".")[-1]
        if parser not in PARSING_MODULES and not name.startswith("pygame.image"):
            return None  # the game's own `load` (Settings, a board...), not a parser
        if _is_round_trip(call):
            return None
    if func.attr == "read" and owner not in ("os", "sys.stdin", "io"):
        return None  # `.read()` of an already-open handle is caught where it was opened
    if func.attr == "open" and owner in ("self", "menu", "self.menus"):
        return None  # a menu's open(), not a file's
    return name


@functools.cache
def _findings() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(GAME.rglob("*.py")):
        module = path.relative_to(GAME.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), module)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = _opening(node)
                if name is not None:
                    found.append((module, node.lineno, name))
    return found


def _allowed(module: str, name: str) -> bool:
    if module in READERS and (module, name) not in ALLOWED:
        return True
    return any(module == m and (name == n or name.endswith("." + n) or n.endswith("." + name))
               for m, n in ALLOWED)


def test_no_module_outside_the_reader_opens_or_parses_a_file() -> None:
    stray = [f"{module}:{line}: {name}" for module, line, name in _findings()
             if not _allowed(module, name)]
    assert not stray, "read through game/jsonfile.py or game/jsonlines.py instead:\n" + \
        "\n".join(stray)


def test_every_allowance_is_still_needed() -> None:
    """An entry of the list whose call has gone is taken out, so the list stays short."""
    seen = {(module, name) for module, _, name in _findings()}
    unused = [key for key in ALLOWED
              if not any(m == key[0] and (n == key[1] or n.endswith("." + key[1]))
                         for m, n in seen)]
    assert not unused, unused


def test_the_scan_finds_what_it_is_for() -> None:
    """The scan itself is checked on a made-up module: each way in is caught."""
    source = (
        "import json, os\nfrom pathlib import Path\n"
        "a = open('x')\nb = Path('x').read_text()\nc = json.load(a)\nd = json.loads(b)\n"
        "e = os.open('x', 0)\nf = Path('y').read_bytes()\ng = json.loads(json.dumps({}))\n"
        "h = store.load()\ni = json.JSONDecoder().decode\n"
    )
    tree = ast.parse(source)
    names = [_opening(n) for n in ast.walk(tree) if isinstance(n, ast.Call)]
    caught = sorted(n for n in names if n)
    assert caught == sorted(["open", "Path().read_text", "json.load", "json.loads", "os.open",
                             "Path().read_bytes", "json.JSONDecoder"])
