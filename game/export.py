"""Exporting a game's story: the log and the luck table as text and CSV, written atomically.

Files go into saves/ (or a folder the player chooses), named after the game, each through a
temporary file and a rename so a crash never leaves half a file. No pygame.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from game.engine.chronicle import Chronicle, Story
from game.engine.game import Game
from game.jsonfile import write_text_atomically


@dataclass(frozen=True)
class Exported:
    folder: Path
    files: tuple[Path, ...]

    @property
    def message(self) -> str:
        names = ", ".join(p.name for p in self.files)
        return f"Exported {names} to {self.folder}"


def _csv(rows: list[list[object]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def log_text(chronicle: Story) -> str:
    lines = []
    for entry in chronicle.entries:
        if entry.kind == "TurnStarted":
            lines.append("")
            lines.append(entry.text)
        else:
            lines.append(f"  {entry.text}")
    return "\n".join(lines).lstrip("\n") + "\n"


def log_csv(chronicle: Story) -> str:
    game = chronicle.final
    rows: list[list[object]] = [["action", "turn", "event", "players", "text"]]
    for e in chronicle.entries:
        rows.append([e.index, e.turn, e.kind, ";".join(game.players[p].name for p in e.players),
                     e.text])
    return _csv(rows)


LUCK_COLUMNS = ["player", "attacks", "defences", "rolls_attacking", "rolls_defending",
                "armies_lost", "expected_lost", "armies_killed", "expected_killed", "luck"]


def luck_rows(chronicle: Story) -> list[list[object]]:
    rows: list[list[object]] = []
    for pid, p in enumerate(chronicle.luck.players):
        rows.append([chronicle.final.players[pid].name, p.attacks, p.defences,
                     p.rolls_attacking, p.rolls_defending, p.lost,
                     round(float(p.expected_lost), 2), p.killed,
                     round(float(p.expected_killed), 2), round(float(p.luck), 2)])
    return rows


def luck_text(chronicle: Story) -> str:
    header = (f"{'PLAYER':<16} {'ATTACKS':>7} {'DEFENCES':>8} {'LOST':>5} {'EXPECTED':>8} "
              f"{'KILLED':>6} {'EXPECTED':>8} {'LUCK':>7}")
    lines = ["Luck: armies the dice gave (+) or took (-) against the exact expectation.", "",
             header]
    for row in luck_rows(chronicle):
        name, attacks, defences, _, _, lost, exp_lost, killed, exp_killed, luck = row
        lines.append(f"{name!s:<16} {attacks:>7} {defences:>8} {lost:>5} {exp_lost:>8.2f} "
                     f"{killed:>6} {exp_killed:>8.2f} {luck:>+7.2f}")
    return "\n".join(lines) + "\n"


def luck_csv(chronicle: Story) -> str:
    header: list[object] = list(LUCK_COLUMNS)
    return _csv([header, *luck_rows(chronicle)])


def export_story(game: Game, folder: Path, stem: str | None = None,
                 chronicle: Story | None = None) -> Exported:
    """Writes <stem>-log.txt, -log.csv, -luck.txt and -luck.csv into `folder`.

    Raises OSError when the folder cannot be written, ValueError when the game has no record.
    """
    story: Story = chronicle or Chronicle(game)
    if not story.available:
        raise ValueError(story.error or "This game has no record.")
    name = stem or f"game-seed{game.seed}-turn{game.turn}"
    contents = {"log.txt": log_text(story), "log.csv": log_csv(story),
                "luck.txt": luck_text(story), "luck.csv": luck_csv(story)}
    written = []
    for suffix, text in contents.items():
        path = folder / f"{name}-{suffix}"
        write_text_atomically(path, text, newline="")
        written.append(path)
    return Exported(folder, tuple(written))
