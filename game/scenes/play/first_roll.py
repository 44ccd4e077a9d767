"""Who goes first: every player rolls a die on screen, the highest starts, ties roll again.

The engine has already chosen the first player (uniformly among the seats, from its own seeded
chance); this shows that choice the way the table would find it. The dice are drawn, round by
round, from a seeded generator conditioned on the engine's choice (a round is thrown again
until the chosen player is among the highest), which is exactly how fair dice would have
picked that player. The show holds the game while it runs; any press ends it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame

from game.ui import palette
from game.ui.font import Fonts
from game.ui.palette import PlayerColour
from game.ui.sidepanel import PIPS

ROUND_SECONDS = {"normal": 0.9, "fast": 0.35, "instant": 0.0}
RESULT_SECONDS = {"normal": 1.0, "fast": 0.4, "instant": 0.0}
TUMBLE_STEP = 0.07
DIE = 18


def first_roll_rounds(seats: Sequence[int], chosen: int, seed: int
                      ) -> list[dict[int, int]]:
    """The rounds of dice (seat -> face) that end with `chosen` alone on the highest face."""
    rng = random.Random(f"first-roll:{seed}")
    rounds: list[dict[int, int]] = []
    rolling = list(seats)
    if chosen not in rolling:
        return rounds
    while True:
        for _ in range(1000):
            faces = {seat: rng.randint(1, 6) for seat in rolling}
            if faces[chosen] == max(faces.values()):
                break
        rounds.append(faces)
        top = [seat for seat, face in faces.items() if face == faces[chosen]]
        if len(top) == 1:
            return rounds
        rolling = top


class FirstRoll:
    """The roll for the first player, shown over the map round by round."""

    def __init__(self, names: Sequence[str], colours: Sequence[PlayerColour],
                 seats: Sequence[int], chosen: int, seed: int, speed: str) -> None:
        self.names = names
        self.colours = colours
        self.chosen = chosen
        self.rounds = first_roll_rounds(seats, chosen, seed)
        self.round_seconds = ROUND_SECONDS.get(speed, ROUND_SECONDS["normal"])
        self.result_seconds = RESULT_SECONDS.get(speed, RESULT_SECONDS["normal"])
        self.time = 0.0
        self._shake = random.Random(seed)
        self._faces: dict[int, int] = {}

    @property
    def total(self) -> float:
        return len(self.rounds) * self.round_seconds + self.result_seconds

    @property
    def done(self) -> bool:
        return not self.rounds or self.time >= self.total

    @property
    def round_index(self) -> int:
        if self.round_seconds <= 0:
            return len(self.rounds) - 1
        return min(len(self.rounds) - 1, int(self.time / self.round_seconds))

    @property
    def settled(self) -> bool:
        """The current round's dice have stopped tumbling."""
        if self.round_seconds <= 0:
            return True
        into = self.time - self.round_index * self.round_seconds
        return into >= self.round_seconds * 0.6 or self.time >= len(self.rounds) * \
            self.round_seconds

    def skip(self) -> None:
        self.time = self.total

    def update(self, dt: float) -> None:
        before = int(self.time / TUMBLE_STEP)
        self.time += dt
        if int(self.time / TUMBLE_STEP) != before and self.rounds:
            self._faces = {seat: self._shake.randint(1, 6)
                           for seat in self.rounds[self.round_index]}

    def text(self) -> str:
        name = self.names[self.chosen]
        if len(self.rounds) > 1:
            return f"After a tie, {name} rolls highest and plays first."
        return f"{name} rolls highest and plays first."

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, fonts: Fonts, area: pygame.Rect) -> None:
        if not self.rounds:
            return
        faces = self.rounds[self.round_index]
        shown = faces if self.settled else {s: self._faces.get(s, 1) for s in faces}
        seats = list(self.rounds[0])
        box = pygame.Rect(0, 0, 300, 40 + len(seats) * 24 + 16)
        box.center = area.center
        pygame.draw.rect(surface, palette.INK, box.move(3, 3))
        pygame.draw.rect(surface, palette.FACE, box)
        pygame.draw.rect(surface, palette.INK, box, 1)
        bar = pygame.Rect(box.x, box.y, box.width, 14)
        pygame.draw.rect(surface, palette.TITLE_BLUE, bar)
        fonts.bold.draw(surface, "WHO GOES FIRST?", (bar.centerx, bar.y + 3), palette.WHITE,
                        align="center")
        finished = self.settled and self.round_index == len(self.rounds) - 1
        y = box.y + 22
        for seat in seats:
            row = pygame.Rect(box.x + 6, y - 2, box.width - 12, 22)
            if finished and seat == self.chosen:
                pygame.draw.rect(surface, palette.SELECT_BLUE, row)
            pygame.draw.rect(surface, self.colours[seat].rgb, (box.x + 12, y + 4, 10, 10))
            pygame.draw.rect(surface, palette.INK, (box.x + 12, y + 4, 10, 10), 1)
            ink = palette.WHITE if finished and seat == self.chosen else palette.INK
            fonts.body.draw(surface, self.names[seat], (box.x + 30, y + 5), ink)
            if seat in shown:
                self._die(surface, (box.right - 40, y), shown[seat])
            else:  # out of the tie: its last face, dimmed
                fonts.body.draw(surface, "-", (box.right - 31, y + 5), palette.DARK)
            y += 24
        if finished:
            fonts.body.draw(surface, fonts.body.ellipsize(self.text(), box.width - 12),
                            (box.centerx, box.bottom - 14), palette.INK, align="center")

    @staticmethod
    def _die(surface: pygame.Surface, pos: tuple[int, int], face: int) -> None:
        rect = pygame.Rect(pos, (DIE, DIE))
        pygame.draw.rect(surface, palette.INK, rect.move(1, 1))
        pygame.draw.rect(surface, palette.WHITE, rect)
        pygame.draw.rect(surface, palette.INK, rect, 1)
        for px, py in PIPS.get(face, ()):
            pygame.draw.rect(surface, palette.INK, (rect.x + 4 + px * 4, rect.y + 4 + py * 4,
                                                    2, 2))
