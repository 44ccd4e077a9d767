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
