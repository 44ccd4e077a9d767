"""`conquest --help` speaks to players: no tracker numbers, commits or library internals."""

from __future__ import annotations

import re
from pathlib import Path

from game.cli import build_parser

INTERNAL = re.compile(r"\bissue\b|#\d+|\bcommit\b|\bSDL\b|game/|\.py\b", re.IGNORECASE)


def test_help_has_no_tracker_numbers_or_internal_names() -> None:
    text = build_parser().format_help()
    assert INTERNAL.findall(text) == []
    assert "baseline" in text  # the measuring levels are still named, in words a player reads


def test_network_play_without_websockets_says_to_install_the_game_again(tmp_path: Path) -> None:
    import pygame

    from game.app import App, AppOptions
    from game.scenes.dialogs.boxes import MessageDialogScene
    from game.scenes.menu_items import _missing

    app = App(AppOptions(settings_path=tmp_path / "settings.json", headless=True, fixed_dt=1 / 60))
    try:
        _missing(app, ImportError("no websockets", name="websockets"))
        app.scenes.apply_pending()
        dialog = app.scenes.top
        assert isinstance(dialog, MessageDialogScene)
        text = " ".join(getattr(w, "text", "") for w in dialog.dialog.widgets)
        assert "install Conquest again" in text and "pip install -e" not in text
    finally:
        pygame.quit()
