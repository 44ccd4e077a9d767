"""Damaged journals for the tests: a network table's whole save plus a journal of the actions
after it, as the server writes them, and the ways a disk, a copy or a curious host damages one.

`sound_after_save` is the oracle the tests hold the replay to, computed without the reader:
the number of the journal's action lines, from the first one the save lacks, that are still
in the file whole and in order (byte for byte as written). A replay must never give back fewer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.ai import make_general
from game.engine import Game
from game.journal import journal_paths
from game.net.autosave import Autosaves
from game.net.config import ServerConfig
from game.net.table import Table
from tests.network.support import run

SEATS = ("open", "open", "open")


@dataclass
class Journaled:
    """A table saved whole after `saved` actions, then journaled `len(lines)` more."""

    folder: Path
    save: Path
    journal: Path
    game: Game  # the game after every journaled action
    saved: int  # actions the whole save holds
    header: bytes  # the journal's first line, with its end
    lines: list[bytes]  # its action lines, with their ends

    def write(self, data: bytes) -> None:
        self.journal.write_bytes(data)

    @property
    def original(self) -> bytes:
        return self.header + b"".join(self.lines)


def journaled(folder: Path, steps: int = 40, seed: int = 5, before: int = 12) -> Journaled:
    """A whole save after `before` actions and a journal of `steps` more (saved as the server
    saves: a line per action, then the journal closed as by kill -9)."""
    folder.mkdir(parents=True, exist_ok=True)
    config = ServerConfig(saves_dir=folder, seats=SEATS, game_type="uk_short")
    table = Table.new("1", list(SEATS), "uk_short")
    for seat in table.seats:
        table.take_seat(seat, f"P{seat.index}")
    table.start(seed)
    game = table.game
    assert game is not None
    generals = [make_general("easy", i, seed) for i in range(len(game.players))]

    def play(count: int, saves: Autosaves | None) -> None:
        for _ in range(count):
            assert not game.is_over
            game.apply(generals[game.to_move].choose(game))
            table.seq += 1
            if saves is not None:
                saves.record(table)

    play(before, None)
    saves = Autosaves(config, {"1": "network-1"})
    run(saves.save(table))
    saved = len(game.record.actions)
    play(steps, saves)
    saves.savers["1"].journal.close()
    path = saves.savers["1"].path
    journal = journal_paths(path)[0]
    data = journal.read_bytes()
    header, _, rest = data.partition(b"\n")
    lines = [line + b"\n" for line in rest.split(b"\n") if line]
    assert len(lines) == steps and saved == before
    run(saves.stop())
    return Journaled(folder, path, journal, game, saved, header + b"\n", lines)


def sound_after_save(data: bytes, made: Journaled) -> int:
    """How many of the journal's actions after the save are still in `data`, whole and in
    order from the first: the least a replay must give back."""
    present = [line + b"\n" for line in data.split(b"\n")]
    found = 0
    at = 0
    for line in made.lines:
        try:
            at = present.index(line, at) + 1
        except ValueError:
            break
        found += 1
    return found


Damage = Callable[[Journaled, random.Random], bytes]


def _cut_line(index: int) -> Damage:
    def damage(made: Journaled, rng: random.Random) -> bytes:
        lines = list(made.lines)
        at = index % len(lines)
        lines[at] = lines[at][: rng.randrange(1, len(lines[at]) - 1)]
        if at < len(lines) - 1:
            lines[at] += b"\n"
        return made.header + b"".join(lines)
    return damage


def _replace_line(index: int, text: bytes) -> Damage:
    def damage(made: Journaled, rng: random.Random) -> bytes:
        lines = list(made.lines)
        lines[index] = text + b"\n"
        return made.header + b"".join(lines)
    return damage


def _header(text: bytes) -> Damage:
    return lambda made, rng: text + b"\n" + b"".join(made.lines)


def _double_line(index: int) -> Damage:
    def damage(made: Journaled, rng: random.Random) -> bytes:
        lines = list(made.lines)
        lines.insert(index + 1, lines[index])
        return made.header + b"".join(lines)
    return damage


def _drop_line(index: int) -> Damage:
    def damage(made: Journaled, rng: random.Random) -> bytes:
        return made.header + b"".join(made.lines[:index] + made.lines[index + 1:])
    return damage


def _other_version(made: Journaled, rng: random.Random) -> bytes:
    header = json.loads(made.header)
    return json.dumps({**header, "journal": 2}).encode() + b"\n" + b"".join(made.lines)


def _other_game(made: Journaled, rng: random.Random) -> bytes:
    header = json.loads(made.header)
    return json.dumps({**header, "seed": header["seed"] + 1}).encode() + b"\n" + \
        b"".join(made.lines)


DEEP = b"[" * 50_000 + b"]" * 50_000
NAMED: dict[str, Damage] = {
    "header damaged": _header(b'{"journ'),
    "header nested deeply": _header(DEEP),
    "header not text": _header(b"\xff\xfe\x00garbage"),
    "header 1e400": _header(b'{"journal":1e400,"seed":1,"from":0}'),
    "header of another version": _other_version,
    "last line cut": _cut_line(-1),
    "a middle line cut": _cut_line(20),
    "a line doubled": _double_line(7),
    "the last line doubled": _double_line(-1),
    "every line doubled": lambda made, rng: made.header + b"".join(
        line + line for line in made.lines),
    "a line missing": _drop_line(15),
    "a line not UTF-8": _replace_line(10, b'{"n":\xff\xfe,"seq":1}'),
    "a line nested deeply": _replace_line(10, DEEP),
    "a line with 1e400": _replace_line(10, b'{"n":1e400,"seq":1e400,"action":[]}'),
    "a line too long": _replace_line(10, b'{"n":' + b"1" * 10_000 + b"}"),
    "a garbage line between two": lambda made, rng: made.header + b"".join(
        made.lines[:5]) + b"not json at all\n" + b"".join(made.lines[5:]),
    "zero bytes at the end": lambda made, rng: made.original + b"\0" * 100_000,
    "empty": lambda made, rng: b"",
    "the header alone": lambda made, rng: made.header,
}
# a journal of another game is not replayed: what it holds is kept, never counted as sound
NOT_THIS_GAME = {"another game's journal": _other_game}


def mutate(made: Journaled, rng: random.Random) -> tuple[str, bytes]:
    """A random damage of the kinds a disk makes: a cut, flipped bytes, a line doubled or
    dropped, zeros written over a stretch, lines swapped."""
    data = bytearray(made.original)
    kind = rng.choice(("cut", "flip", "double", "drop", "zeros", "swap", "junk line"))
    lines = list(made.lines)
    if kind == "cut":
        return kind, bytes(data[: rng.randrange(len(data))])
    if kind == "flip":
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return kind, bytes(data)
    if kind == "zeros":
        start = rng.randrange(len(data))
        data[start:start + rng.randint(1, 200)] = bytes(min(200, len(data) - start))
        return kind, bytes(data)
    index = rng.randrange(len(lines))
    if kind == "double":
        lines.insert(index, lines[index])
    elif kind == "drop":
        del lines[index]
    elif kind == "swap" and index + 1 < len(lines):
        lines[index], lines[index + 1] = lines[index + 1], lines[index]
    elif kind == "junk line":
        lines.insert(index, bytes(rng.randrange(32, 127) for _ in range(rng.randint(1, 80)))
                     + b"\n")
    return kind, made.header + b"".join(lines)
