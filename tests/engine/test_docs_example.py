"""The worked example in docs/ENGINE.md runs as written."""

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "ENGINE.md"


def test_engine_document_example_runs(capsys):
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})  # noqa: S102 - our own document
    assert "dice" in capsys.readouterr().out
