"""Write the pixel font's glyphs as JSON for the browser page: assets/fonts/pixel_font.json.

The font is defined glyph by glyph in game/ui/font.py (which needs pygame); the page the game
server serves (game/web/) draws text with the same glyphs, read from this file, because the
server must not import the screens. Run it again after changing a glyph; a test checks the
committed file matches the font.

    python tools/font_json.py            # writes assets/fonts/pixel_font.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "assets" / "fonts" / "pixel_font.json"


def font_data() -> dict[str, object]:
    from game.ui import font  # noqa: PLC0415 - needs pygame, which the tool has

    return {
        "format": "conquest-pixel-font", "version": 1,
        "cell_height": font.CELL_HEIGHT, "cap_height": font.CAP_HEIGHT,
        "letter_spacing": font.LETTER_SPACING, "fallback": font._FALLBACK,
        "glyphs": {char: list(rows) for char, rows in font.GLYPHS.items()},
    }


def font_text() -> str:
    """The file's text: one glyph a line, so a changed glyph is a one-line diff."""
    data = font_data()
    glyphs = data.pop("glyphs")
    assert isinstance(glyphs, dict)
    head = json.dumps(data, separators=(", ", ": "))[:-1]
    lines = [f"  {json.dumps(char)}: {json.dumps(rows, separators=(',', ':'))}"
             for char, rows in glyphs.items()]
    return head + ', "glyphs": {\n' + ",\n".join(lines) + "\n}}\n"


def main() -> int:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(font_text(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
