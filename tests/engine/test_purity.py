"""The engine is pure: no pygame, no file I/O modules, no module-level random."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"
FORBIDDEN = {"pygame", "os", "pathlib", "io", "time", "logging", "shutil"}


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_engine_module_imports_pygame_or_does_file_io():
    modules = sorted(ENGINE.glob("*.py"))
    assert len(modules) >= 8
    for path in modules:
        bad = _imports(path) & FORBIDDEN
        assert not bad, f"{path.name} imports {bad}"


def test_engine_modules_state_no_pygame_in_their_docstring():
    for path in ENGINE.glob("*.py"):
        doc = ast.get_docstring(ast.parse(path.read_text())) or ""
        assert "pygame" in doc.lower(), f"{path.name} should say it uses no pygame"


def _absolute_imports(path: Path) -> set[str]:
    """Every module an engine file imports, at any depth of the file (functions included)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                names.add("game.engine." + (node.module or ""))
            elif node.module:
                names.add(node.module)
    return names


def test_nothing_in_the_engine_imports_outside_the_engine():
    """The engine receives its board: no module of it reaches game/boards.py or any other part
    of the game (standard library modules are fine, and checked above for I/O)."""
    for path in sorted(ENGINE.glob("*.py")):
        for name in _absolute_imports(path):
            if name == "game" or name.startswith("game."):
                assert name == "game.engine" or name.startswith("game.engine."), \
                    f"{path.name} imports {name}"


def test_the_built_in_classic_board_is_the_one_in_assets():
    import json

    from game.boards import load_board
    from game.engine.classic import CLASSIC_DATA, classic_board

    data = json.loads((ENGINE.parents[1] / "assets" / "maps" / "classic.json").read_text("utf-8"))
    assert data == CLASSIC_DATA
    assert load_board("classic") == classic_board()
