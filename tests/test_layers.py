"""Imports point one way, down the layers, and go round in no circle (docs/ARCHITECTURE.md).

Every module under game/ is read with `ast` (nothing is imported), and every import it makes
counts: at the top, inside a function, or under `if TYPE_CHECKING:` (a circle of annotations
is still a circle a reader has to untangle). `from package import name` counts as an import of
the module `package.name` when there is one, else of `package`. Importing a module also runs
its packages' `__init__.py`, but that implicit step is not counted: the packages' own imports
are (a module that imports its own package's `__init__`, which imports that module back, is
a circle).

The layers, bottom to top, and what each may import besides itself: LAYERS below. The screens
have an order of their own, SCENE_FAMILIES: each family imports only itself and the families
below it; a screen of a family above (the title, New Game, Host, Join) is opened through the
doors of game/scenes/base.py's SceneContext, which only the App implements.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

# name -> (the modules in it, the layers it may import besides itself). A module belongs to
# the first layer with a pattern that is its name or, ending in ".*", a prefix of it.
LAYERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # the rules: no pygame, no files (the package game/__init__.py is only a docstring)
    "engine": (("game", "game.engine", "game.engine.*"), ()),
    # games and options on disk: saves, journals, records, exports, boards, settings
    # (and where they are: the one locator of shipped files and player data, and the version)
    "files": (("game.jsonfile", "game.jsonlines", "game.journal", "game.journal_replay",
               "game.boards", "game.savegame", "game.savelist", "game.export", "game.replay",
               "game.settings", "game.filenotes", "game.resources", "game.version"), ("engine",)),
    # the computer generals (the simulator writes records through game/replay.py)
    "ai": (("game.ai", "game.ai.*"), ("engine", "files")),
    # network play: the server, the clients, the bridge the screens use
    # (game/web/ is the browser's page that the server serves: package data, no Python)
    "net": (("game.net", "game.net.*", "game.web"), ("engine", "files", "ai")),
    # the machine: keyboard, mouse and pads, sound, the map's pictures
    "devices": (("game.input", "game.input_commands", "game.input_pad", "game.audio",
                 "game.mapart"), ("files",)),
    # widgets drawn on the logical screen
    "ui": (("game.ui", "game.ui.*"), ("engine", "files", "devices")),
    # the screens (their families are checked below)
    "scenes": (("game.scenes", "game.scenes.*"),
               ("engine", "files", "ai", "net", "devices", "ui")),
    # the main loop and the context every scene gets
    "app": (("game.app",), ("engine", "files", "ai", "net", "devices", "ui", "scenes")),
    # the command line (main.py calls it)
    "cli": (("game.cli",), ("engine", "files", "ai", "net", "devices", "ui", "scenes", "app")),
}

# The families of game/scenes/, bottom to top: each may import itself and the families below
# it, and of the layers below the screens, those every family may (SCENE_LAYERS) and its own.
SCENE_LAYERS = ("engine", "files", "devices", "ui")
SCENE_FAMILIES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("base", ("game.scenes", "game.scenes.base", "game.scenes.backdrop"), ()),
    ("dialogs", ("game.scenes.dialogs", "game.scenes.dialogs.*"), ()),
    ("menu_items", ("game.scenes.menu_items",), ()),
    ("info", ("game.scenes.info", "game.scenes.info.*"), ("net",)),  # a network game's story
    ("play", ("game.scenes.play", "game.scenes.play.*"), ("ai",)),  # the computer generals
    ("setup", ("game.scenes.setup", "game.scenes.setup.*"), ()),
    ("network", ("game.scenes.network", "game.scenes.network.*"), ("net",)),
    ("title", ("game.scenes.title",), ()),
)
MAX_SCENE_MODULES = 12  # modules at game/scenes/'s top level; the rest live in the families


def _matches(module: str, patterns: tuple[str, ...]) -> bool:
    return any(module == p or (p.endswith(".*") and module.startswith(p[:-1]))
               for p in patterns)


def layer_of(module: str) -> str | None:
    return next((name for name, (patterns, _) in LAYERS.items()
                 if _matches(module, patterns)), None)


def family_of(module: str) -> int | None:
    return next((rank for rank, (_, patterns, _) in enumerate(SCENE_FAMILIES)
                 if _matches(module, patterns)), None)


def game_modules(root: Path = GAME) -> dict[str, Path]:
    """Every module under game/, by dotted name (a package by its own name)."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The module of game/ that `name` (a module or a name in one) comes from, if any."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> Iterator[tuple[str, int]]:
    """(imported module of game/, line) for every import in the file, wherever it stands."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _resolve(alias.name, modules)
                if target:
                    yield target, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                target = full if full in modules else _resolve(source, modules)
                if target:
                    yield target, node.lineno


def import_graph(root: Path = GAME) -> dict[str, dict[str, int]]:
    """module -> {module it imports: the first line that does}, for every module of game/."""
    modules = game_modules(root)
    graph: dict[str, dict[str, int]] = {}
    for module, path in modules.items():
        edges: dict[str, int] = {}
        for target, line in imports_of(module, path, modules):
            if target != module:
                edges.setdefault(target, line)
        graph[module] = edges
    return graph


def wrong_way_imports(graph: dict[str, dict[str, int]], root: Path = GAME) -> list[str]:
    """Each import that crosses a layer (or a family of screens) the wrong way, in words."""
    modules = game_modules(root)
    problems = []
    for module, edges in sorted(graph.items()):
        where = modules[module].relative_to(root.parent)
        layer = layer_of(module)
        for target, line in sorted(edges.items()):
            other = layer_of(target)
            if layer is None or other is None:
                continue  # reported by test_every_module_has_a_layer
            if other != layer and other not in LAYERS[layer][1]:
                problems.append(f"{where}:{line} imports {target}: the {layer} layer may "
                                f"import only {', '.join((layer, *LAYERS[layer][1]))}")
            mine, theirs = family_of(module), family_of(target)
            if mine is None:
                continue
            family, _, extra = SCENE_FAMILIES[mine]
            if theirs is not None and theirs > mine:
                problems.append(
                    f"{where}:{line} imports {target}: the {family} screens may not import "
                    f"the {SCENE_FAMILIES[theirs][0]} screens above them (open such a screen "
                    "through the context's doors, base.SceneContext)")
            elif theirs is None and other not in (*SCENE_LAYERS, *extra):
                problems.append(f"{where}:{line} imports {target}: the {family} screens may "
                                f"import only {', '.join((*SCENE_LAYERS, *extra))} of the "
                                "layers below the screens")
    return problems


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """One circle of imports (first module repeated at the end) in each group of modules that
    import each other (Tarjan's strongly connected components, then a path round each)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(start: str) -> None:  # iterative: no recursion limit however deep the imports
        work = [(start, iter(sorted(graph.get(start, {}))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, {})))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return [_path_round(group, graph) for group in groups]


def _path_round(group: set[str], graph: dict[str, dict[str, int]]) -> list[str]:
    """A shortest circle through the group's first module, staying inside the group."""
    start = min(group)
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node]):
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [*reversed(path), start]
                if target in group and target not in previous:
                    previous[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"no circle found in {sorted(group)}")


def describe(circle: list[str], graph: dict[str, dict[str, int]]) -> str:
    """A circle as its imports, each with the line that makes it."""
    steps = zip(circle, circle[1:], strict=False)
    return " -> ".join(f"{a} (line {graph[a][b]})" for a, b in steps) + f" -> {circle[-1]}"


# -- the tests -------------------------------------------------------------------------------
def test_every_module_has_a_layer() -> None:
    homeless = [m for m in game_modules() if layer_of(m) is None]
    homeless += [m for m in game_modules() if m.startswith("game.scenes") and family_of(m) is None]
    assert not homeless, (f"in no layer: {', '.join(homeless)}; add each to LAYERS (or "
                          "SCENE_FAMILIES) in tests/test_layers.py and to docs/ARCHITECTURE.md")


def test_imports_point_down_the_layers() -> None:
    problems = wrong_way_imports(import_graph())
    assert not problems, "imports that point the wrong way:\n" + "\n".join(problems)


def test_no_import_circle_between_files_of_game() -> None:
    graph = import_graph()
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(describe(c, graph) for c in found)


def test_the_screens_live_in_families() -> None:
    top = sorted(p.name for p in (GAME / "scenes").glob("*.py"))
    assert len(top) <= MAX_SCENE_MODULES, f"game/scenes/ holds {len(top)} modules: {top}"
    for package in sorted(p.parent for p in (GAME / "scenes").glob("*/__init__.py")):
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
        assert doc and "May import" in doc, \
            f"{package.relative_to(ROOT)}/__init__.py must say what it holds and what it may import"


def test_the_checks_find_a_wrong_way_import_and_a_circle(tmp_path: Path) -> None:
    """The checks themselves, on a small planted tree: an engine module importing a screen,
    and two modules importing each other (one of them only for its annotations)."""
    files = {
        "game/__init__.py": '"""x"""\n',
        "game/engine/__init__.py": "",
        "game/engine/dice.py": "def roll() -> None:\n    from game.scenes.base import Scene\n",
        "game/ui/__init__.py": "",
        "game/ui/a.py": "from game.ui import b\n",
        "game/ui/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                        "    from game.ui.a import thing\n",
        "game/scenes/__init__.py": "",
        "game/scenes/base.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(tmp_path / "game")
    assert graph["game.engine.dice"] == {"game.scenes.base": 2}
    assert wrong_way_imports(graph, tmp_path / "game") == [
        "game/engine/dice.py:2 imports game.scenes.base: the engine layer may import only engine"]
    assert circles(graph) == [["game.ui.a", "game.ui.b", "game.ui.a"]]
    assert describe(circles(graph)[0], graph) == \
        "game.ui.a (line 1) -> game.ui.b (line 3) -> game.ui.a"
