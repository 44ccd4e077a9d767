"""Reading a save's journal back: the actions after the save's last, replayed. No pygame.

The journal (game/journal.py writes it) is one JSON line per action, each naming its place in
the game's record (`n`). A save holds the actions before its record's end, `at`; the journal's
line for `at` is found by a search of the bytes (`{"n":AT,` at the start of a line), not by
parsing every line before it, so a long journal whose lines the save holds already costs a read
and a search (a 60 MB journal: a fraction of a second), and only the lines after the save are
parsed and replayed, each through the rules (`Game.apply`). A line doubled, or a line of
another kind between two actions, is passed over; the replay ends at the first action that is
damaged (a torn line), missing (a gap) or refused by the rules.

Nothing is thrown away: what the replay could not use is counted, and a journal that holds
lines the save lacks and that were not replayed, or whose first line (the header: which game,
which version) is damaged, or that is too large to be read whole, is marked to be kept
(`JournalReplay.keep`): the server sets it aside beside the save (`keep_journals`) before its
next whole save would delete it. A damaged header does not stop the replay: each action is
still checked by its place in the record and by the rules. A journal that names another game
is not replayed, and kept.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from game.journal import JOURNAL_VERSION, MAX_JOURNAL_BYTES, journal_paths
from game.jsonfile import FileRefused, set_aside
from game.jsonlines import LineFile, parse_line, read_lines

if TYPE_CHECKING:
    from game.engine import Game

log = logging.getLogger("conquest.net")

PROGRESS_SECONDS = 1.0  # a replay that takes longer says how far it is, this often
# The start of an action line as the journal writes it, and as a person might have spaced it.
_SPACED = rb'\{[ \t]*"n"[ \t]*:[ \t]*%d[ \t]*[,}]'
_ANY_N = re.compile(rb'[ \t]*\{[ \t]*"n"[ \t]*:[ \t]*(\d{1,18})[ \t]*[,}]')
MAX_COUNTED_BACK = 200_000  # lines looked at one by one when counting what was not replayed


@dataclass
class JournalReplay:
    """What replaying a save's journals did."""

    replayed: int = 0  # actions applied after the save's own
    seq: int | None = None  # the table's sequence number after the last one applied
    lost: int = 0  # lines after the last replayed that the save lacks and could not replay
    problems: list[str] = field(default_factory=list)  # in a host's words, one a trouble
    keep: list[Path] = field(default_factory=list)  # journals to set aside, not delete
    # each seat's last action number among the actions replayed (the lines' `sent`: seat, n),
    # so a client's resend after a crash of the server is answered, not applied twice
    numbers: dict[int, int] = field(default_factory=dict)
    # the line after the save's last action is missing while later ones are there: a running
    # server may have put a newer whole save in place meanwhile, so the save is read again
    gap: bool = False

    def summary(self, save: str) -> str:
        """One sentence for the host: what was replayed and what could not be."""
        text = f"{save}: {_count(self.replayed, 'journaled action')} replayed after the save"
        if self.lost:
            text += f"; {_count(self.lost, 'line')} after them could not be replayed"
        return text + "."


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def replay(game: Game, save: Path,
           progress: Callable[[int, int], None] | None = None) -> JournalReplay:
    """Apply to `game` (just loaded from `save`) the journaled actions after its record's last.
    `progress(done, about)` is called about every second of a long replay."""
    report = JournalReplay()
    for path in journal_paths(save)[::-1]:  # the one set aside first: it holds older actions
        try:
            lines = read_lines(path, MAX_JOURNAL_BYTES, "journal")
        except FileNotFoundError:
            if os.path.islink(path):  # a link to nowhere: moved out of the journal's way
                report.problems.append(f"{path.name} is a link to nothing: it was not read.")
                report.keep.append(path)
            continue
        except FileRefused as exc:  # (not a file: moved out of the way all the same)
            report.problems.append(f"{exc} It was not replayed.")
            report.keep.append(path)
            continue
        _replay_file(game, lines, path, report, progress)
    return report


def _replay_file(game: Game, lines: LineFile, path: Path, report: JournalReplay,
                 progress: Callable[[int, int], None] | None) -> None:
    keep = False
    if not lines.head.strip() and not lines.body.strip() and not lines.skipped:
        return  # an empty journal (a server stopped between opening it and its first line)
    header = _header(lines, game.seed)
    if header == "other game":
        report.problems.append(f"{lines.name} belongs to another game: it was not replayed.")
        report.lost += _count_lines(lines.body)
        if lines.body.strip() or lines.skipped:
            report.keep.append(path)
        return
    if header is not None:
        report.problems.append(f"{lines.name} {header}: each of its actions was checked by "
                               "the rules before it was replayed.")
        keep = True
    if lines.skipped:
        report.problems.append(
            f"{lines.name} is too large to be read whole: only its last "
            f"{MAX_JOURNAL_BYTES // (1024 * 1024)} MB were read.")
        keep = True
    stop = _apply_lines(game, lines, report, progress)
    lost = _not_replayed(lines, stop, len(game.record.actions))
    if lost and _find_line(lines, len(game.record.actions), stop, True) is None:
        report.gap = True  # (the next action's line is nowhere: not damaged, missing)
    if lost:
        report.lost += lost
        report.problems.append(f"{lines.name}: {_count(lost, 'line')} after action "
                               f"{len(game.record.actions)} could not be replayed.")
        keep = True
    if keep:
        report.keep.append(path)


def _header(lines: LineFile, seed: int) -> str | None:
    """None if the header is sound and names this game; "other game"; else what is wrong."""
    try:
        header = parse_line(lines.head, lines.name, "header")
    except FileRefused:
        return "has a damaged first line"
    if not isinstance(header, dict) or "journal" not in header:
        return "has a damaged first line"
    if header.get("journal") != JOURNAL_VERSION:
        return "was written by another version of Conquest"
    return None if header.get("seed") == seed else "other game"


def _find_line(lines: LineFile, n: int, start: int, spaced_too: bool) -> int | None:
    """Where the line of action `n` begins in the body, from `start` on; None if nowhere.
    `spaced_too`: look for lines spaced otherwise than the journal writes them, too."""
    body = lines.body
    marker = b'{"n":%d,' % n
    at = body.find(marker, start)
    while at >= 0:
        if at == 0 or body[at - 1] == 0x0A:
            return at
        at = body.find(marker, at + 1)
    if not spaced_too:
        return None
    spaced = re.compile(_SPACED % n)
    for found in spaced.finditer(body, start):
        line_start = body.rfind(b"\n", 0, found.start()) + 1
        if not body[line_start:found.start()].strip():
            return line_start
    return None


def _apply_lines(game: Game, lines: LineFile, report: JournalReplay,
                 progress: Callable[[int, int], None] | None) -> int:
    """Replay the body's actions from the save's end on; returns the offset after the last
    line applied (where what was not replayed begins)."""
    from game.engine.errors import IllegalActionError  # noqa: PLC0415
    from game.engine.record import REPLAY_FAULTS, decode_action  # noqa: PLC0415

    done_to = 0
    last_told = time.monotonic()
    first = len(game.record.actions)
    # lines spaced by hand (or by another writer) are looked for only if there are any: the
    # search for them costs a quarter of a second in a 60 MB journal
    spaced_too = lines.body.count(b'"n"') != lines.body.count(b'{"n":')
    while True:
        at = len(game.record.actions)
        start = _find_line(lines, at, done_to, spaced_too)
        if start is None:
            return done_to
        end, raw = lines.line_at(start)
        try:
            line = parse_line(raw, lines.name, "line")
        except FileRefused:
            log.warning("%s: the line of action %d is damaged: the replay stops there",
                        lines.name, at)
            return done_to
        seq = line.get("seq") if isinstance(line, dict) else None
        if type(seq) is not int:
            log.warning("%s: the line of action %d is damaged: the replay stops there",
                        lines.name, at)
            return done_to
        try:
            game.apply(decode_action(line.get("action")))
        except (IllegalActionError, *REPLAY_FAULTS):
            log.warning("%s: action %d cannot be replayed: the replay stops there",
                        lines.name, at)
            return done_to
        report.replayed += 1
        report.seq = seq
        sent = line.get("sent")
        if type(sent) is list and len(sent) == 2 and all(type(x) is int and x >= 0 for x in sent):
            report.numbers[sent[0]] = sent[1]
        done_to = end + 1
        now = time.monotonic()
        if progress is not None and now - last_told >= PROGRESS_SECONDS:
            last_told = now
            ahead = lines.body.count(b"\n", done_to)
            progress(len(game.record.actions) - first, len(game.record.actions) - first + ahead)


def _not_replayed(lines: LineFile, start: int, at: int) -> int:
    """How many lines from `start` on hold what the save lacks: counted back from the end
    until a line the game holds already (a journal's lines come in order); a damaged line
    counts."""
    body = lines.body
    lost = 0
    end = len(body)
    looked = 0
    while end > start:
        line_start = body.rfind(b"\n", start, end) + 1
        if line_start <= start:
            line_start = start
        line = body[line_start:end]
        end = line_start - 1
        if not line.strip():
            continue
        found = _ANY_N.match(line)
        if found is not None and int(found.group(1)) < at:
            break  # held by the save (or replayed): so is everything before it
        lost += 1
        looked += 1
        if looked >= MAX_COUNTED_BACK:  # (a huge damaged journal: the rest counted whole)
            lost += _count_lines(body[start:max(start, end)])
            break
    return lost


def _count_lines(body: bytes) -> int:
    """Lines in `body` that are not empty (near enough: blank lines are rare)."""
    if not body.strip():
        return 0
    return body.count(b"\n") + (0 if body.endswith(b"\n") else 1) - body.count(b"\n\n")


def keep_journals(save: Path, report: JournalReplay) -> list[Path]:
    """Set aside, beside the save, the journals `report` says hold what must not be lost
    (`.network-1.journal` -> `network-1.journal.bad`): the server's next whole save deletes
    the journals it covers. Returns where they went."""
    kept = []
    for path in report.keep:
        aside = set_aside(path, ".bad", base=path.name.lstrip("."), any_kind=True)
        if aside is not None:
            kept.append(aside)
    return kept
