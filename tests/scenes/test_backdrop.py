"""The sea backdrop of the title and the full-screen messages: drawn once per size, then copied."""

from __future__ import annotations

import pygame
import pytest

from game.scenes import backdrop
from game.ui import palette


def _dot_by_dot(size: tuple[int, int]) -> pygame.Surface:
    """The backdrop as it was drawn every frame before it was kept."""
    surface = pygame.Surface(size)
    surface.fill(palette.SEA_DEEP)
    for y in range(0, size[1], 16):
        for x in range(0, size[0], 4):
            surface.set_at((x, y), palette.TITLE_BLUE)
    for x in range(0, size[0], 16):
        for y in range(0, size[1], 4):
            surface.set_at((x, y), palette.TITLE_BLUE)
    return surface


@pytest.mark.parametrize("size", [(640, 400), (320, 200)])
def test_the_kept_backdrop_is_the_same_picture_as_one_drawn_dot_by_dot(size: tuple[int, int]
                                                                        ) -> None:
    screen = pygame.Surface(size)
    screen.fill((255, 0, 255))  # whatever was there before is covered
    backdrop.draw_sea_backdrop(screen)
    assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(_dot_by_dot(size), "RGB")


def test_the_dots_are_drawn_once_for_a_size_then_copied(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[int, int]] = []
    real = backdrop._sea_backdrop

    def counting(like: pygame.Surface) -> pygame.Surface:
        drawn.append(like.get_size())
        return real(like)

    monkeypatch.setattr(backdrop, "_BACKDROPS", {})
    monkeypatch.setattr(backdrop, "_sea_backdrop", counting)
    for _ in range(5):
        backdrop.draw_sea_backdrop(pygame.Surface((640, 400)))
    backdrop.draw_sea_backdrop(pygame.Surface((320, 200)))
    assert drawn == [(640, 400), (320, 200)]
