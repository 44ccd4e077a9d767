"""The browser client (game/web/js/) cannot drift from the Python side: every kind of message
the server sends is handled by the page, every kind the page sends is one the server takes
(with only fields it allows), the actions it builds are the engine's, and its palette and font
are the game's (game/ui/palette.py, game/ui/font.py)."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path

from game.engine import actions as act
from game.net import protocol

JS = Path(protocol.__file__).resolve().parent.parent / "web" / "js"
REPO = Path(protocol.__file__).resolve().parents[2]


def block(text: str, name: str) -> object:
    """The JSON between /*NAME*/ and /*END*/ in a module."""
    found = re.search(rf"/\*{name}\*/(.*?)/\*END\*/", text, re.S)
    assert found, name
    return json.loads(found.group(1))


def test_the_page_speaks_the_servers_protocol_version_and_limits() -> None:
    text = (JS / "protocol.js").read_text()
    numbers = dict(re.findall(r"export const (\w+) = (\d+);", text))
    assert int(numbers["PROTOCOL_VERSION"]) == protocol.PROTOCOL_VERSION
    assert int(numbers["MAX_NAME_LENGTH"]) == protocol.MAX_NAME_LENGTH
    assert int(numbers["MAX_PASSWORD_LENGTH"]) == protocol.MAX_PASSWORD_LENGTH
    assert int(numbers["MAX_TOKEN_LENGTH"]) == protocol.MAX_TOKEN_LENGTH


def test_every_kind_the_server_sends_is_known_and_handled_by_the_page() -> None:
    kinds = block((JS / "protocol.js").read_text(), "KINDS")
    assert isinstance(kinds, dict)
    received = kinds["received"]
    assert set(received) == set(protocol.SERVER_SCHEMAS)
    for kind, needed in received.items():
        required = {name for name, f in protocol.SERVER_SCHEMAS[kind].items() if f.required}
        assert set(needed) == required, kind
    connection = (JS / "connection.js").read_text()
    handlers = re.search(r"// handlers: begin(.*?)// handlers: end", connection, re.S)
    assert handlers
    handled = set(re.findall(r'case "(\w+)":', handlers.group(1)))
    assert handled == set(protocol.SERVER_SCHEMAS)


def test_every_kind_the_page_sends_is_one_the_server_takes() -> None:
    text = (JS / "protocol.js").read_text()
    kinds = block(text, "KINDS")
    assert isinstance(kinds, dict)
    for kind, names in kinds["sent"].items():
        assert kind in protocol.CLIENT_SCHEMAS, kind
        assert set(names) <= set(protocol.CLIENT_SCHEMAS[kind]), kind
        required = {n for n, f in protocol.CLIENT_SCHEMAS[kind].items() if f.required}
        assert required <= set(names), kind
    built = re.findall(r'message\("(\w+)"', text)
    assert set(built) == set(kinds["sent"])
    assert len(built) == len(set(built))  # one function builds each kind
    for module in JS.glob("*.js"):  # and no other module makes a message of its own
        if module.name != "protocol.js":
            source = module.read_text()
            assert "PROTOCOL_VERSION" not in source and "v: " not in source, module.name


def test_the_actions_the_page_builds_are_the_engines() -> None:
    text = (JS / "protocol.js").read_text()
    section = text[text.index("export const actions"):]
    built = dict(re.findall(r'\(\{ kind: "(\w+)"((?:, \w+)*|, cards: \[[^\]]*\])', section))
    assert built, "no actions found"
    for kind, rest in built.items():
        cls = act.ACTION_TYPES[kind]
        assert cls not in act.OPTION_ACTIONS
        names = {part.split(":")[0].strip() for part in rest.split(",") if part.strip()}
        names = {n for n in names if not n.startswith("cards[") and n}
        assert names == {f.name for f in fields(cls)}, kind
    wanted = {cls.kind for cls in act.ACTION_TYPES.values()
              if cls not in act.OPTION_ACTIONS}
    assert set(built) == wanted


def test_the_pages_rule_numbers_are_the_engines() -> None:
    """rules.js kept its own copy of the engine's numbers (750 armies, 5 cards, 4 after an
    elimination, 3 and 2 dice): they come with the board now, from the engine."""
    from game.engine.config import HARD_ARMY_LIMIT
    from game.engine.game import (
        ELIMINATION_TRADE_ABOVE,
        FORCED_TRADE_HAND,
        MAX_ATTACK_DICE,
        MAX_DEFENCE_DICE,
    )
    from game.net.web import board_data

    sent = board_data()["rules"]
    assert sent == {"army_limit": HARD_ARMY_LIMIT, "forced_trade_hand": FORCED_TRADE_HAND,
                    "elimination_trade_above": ELIMINATION_TRADE_ABOVE,
                    "attack_dice": MAX_ATTACK_DICE, "defence_dice": MAX_DEFENCE_DICE}
    text = (JS / "rules.js").read_text()
    code = re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S))
    assert set(re.findall(r"this\.numbers\.(\w+)", code)) == set(sent)  # each one, read
    assert not re.findall(r"const \w+ = \d+", code)  # and no number of its own
    assert not re.findall(r"Math\.min\(\d", code)


def test_the_palette_is_the_games() -> None:
    from game.ui import palette

    text = (JS / "palette.js").read_text()
    plain = re.findall(r"export const (\w+) = \[(\d+), (\d+), (\d+)\];", text)
    assert len(plain) >= 19
    for name, r, g, b in plain:
        assert tuple(map(int, (r, g, b))) == getattr(palette, name), name
    colours = block(text, "COLOURS")
    neutral = block(text, "NEUTRAL")
    expected = [[c.name, list(c.rgb), list(c.shade), list(c.text), list(c.pattern)]
                for c in palette.PLAYER_COLOURS]
    assert colours == expected
    n = palette.NEUTRAL_COLOUR
    assert neutral == [n.name, list(n.rgb), list(n.shade), list(n.text), list(n.pattern)]


def test_the_fonts_glyphs_file_matches_the_font() -> None:
    import sys

    sys.path.insert(0, str(REPO / "tools"))
    try:
        import font_json
    finally:
        sys.path.remove(str(REPO / "tools"))
    committed = (REPO / "assets" / "fonts" / "pixel_font.json").read_text()
    assert committed == font_json.font_text(), "run python tools/font_json.py"
    data = json.loads(committed)
    from game.ui.font import GLYPHS

    assert data["glyphs"] == {c: list(rows) for c, rows in GLYPHS.items()}


def test_the_cards_are_drawn_as_the_desktop_draws_them() -> None:
    from game.ui import cardart

    text = (JS / "cards.js").read_text()
    assert block(text, "UNITS") == {k: list(v) for k, v in cardart.UNIT_PICTURES.items()}
    colours = block(text, "CARDCOLOURS")
    assert isinstance(colours, dict)
    for name, rgb in colours.items():
        assert tuple(rgb) == getattr(cardart, name), name
