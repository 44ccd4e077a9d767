"""The readouts of the play screen, brought up to date each frame: the status line (what
is under the pointer), the map marks and the odds line.

They read the scene's parts (the shown board, the turn controller's selection, the seats)
and write only what they show: `messages.status`, `scene.marks`, `scene.hover`, the odds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Phase
from game.input import Device
from game.scenes.play.status import (
    Selection,
    map_marks,
    odds_for,
    pointer_text,
    visible_headquarters,
)
from game.ui import sidepanel
from game.ui.controlnames import device_of

if TYPE_CHECKING:
    from game.scenes.play.face import PlaySceneFace


# How earlier messages are read, in the words of the device in hand (the line named Page Up,
# Page Down and the wheel to a pad player, who has none of them).
HISTORY_HINTS = {
    Device.KEYBOARD: "Messages: {HISTORY_OLDER} / {HISTORY_NEWER} show earlier ones",
    Device.PAD: "Messages: {HISTORY_OLDER} / {HISTORY_NEWER} show earlier ones",
    Device.MOUSE: "Messages: the wheel over them shows earlier ones"}


class Readouts:
    def __init__(self, scene: PlaySceneFace) -> None:
        self.scene = scene

    def update(self) -> None:
        self.marks()
        self.odds()

    def hover(self) -> None:
        """What is under the pointer, and the status line that names it."""
        s = self.scene
        pos = s.app.input.pointer
        tid = s.view.territory_at(pos) if not s.menubar.is_open else None
        s.hover = tid
        game = s.game
        if tid is not None:
            s.messages.status = pointer_text(game, s.board, s.colours, tid)
        elif s.menubar.is_open:
            s.messages.status = ""
        elif s.panel.rect.collidepoint(pos) or s.messages.rect.collidepoint(pos):
            s.messages.status = self.panel_status(pos)
        elif not game.is_over and s.is_computer(game.to_move):
            s.messages.status = (f"{game.players[game.to_move].name} is playing - "
                                    "hold a button to hurry")
        else:
            s.messages.status = ""

    def panel_status(self, pos: tuple[int, int]) -> str:
        """The status line when the pointer is over the side panel or the message area."""
        s = self.scene
        if s.messages.rect.collidepoint(pos):
            return HISTORY_HINTS[device_of(s.app)]
        if s.panel.card_rect.collidepoint(pos):
            return "RISK card: select it to read your card"
        if sidepanel.BATTLE_RECT.collidepoint(pos):
            return "Battle: the last roll of the dice"
        if sidepanel.ODDS_RECT.collidepoint(pos):
            return "Odds: the chance that the attack conquers, if fought to the end"
        game = s.game
        return f"{game.players[game.to_move].name} to move" if not game.is_over else ""

    def marks(self) -> None:
        s = self.scene
        game = s.game
        hqs = visible_headquarters(game, s.colours, s.viewer, s.cheating or s.demo)
        s.marks = map_marks(game, Selection(s.mode, s.source, s.target), s.hover,
                               choosing=s.is_choosing, headquarters=hqs)
        s.marks.pointed = s.hover  # its badge drawn again above the pointer that covers it
        pointers = getattr(s.app.assets, "pointers", None)
        if pointers is not None:
            s.marks.pointer = pointers.covers(s.pointer, s.app.input.pointer)
        if s.is_choosing:  # others' set-up moves the map is not showing: arrows to them
            s.marks.beyond = s.helps.beyond()

    def odds(self) -> None:
        """The odds of the attack on show: a battle being fought, the attack a human here is
        choosing (or may repeat), or another seat's attack while it is shown. Once another
        seat's attack has been shown the line goes idle: a network game's watching window
        kept the mover's odds for the rest of that turn."""
        s = self.scene
        game = s.game
        if game.is_over:
            s.panel.set_odds(None, idle="Odds: the war is over")
            return
        src, tgt = s.source, s.target
        battle = game.battle
        if game.phase in (Phase.DEFEND, Phase.ADVANTAGE) and battle is not None:
            src, tgt = battle.source, battle.target
        elif not s.is_human(game.current) and not (s.is_showing_battle or s.wait > 0):
            s.panel.set_odds(None)  # another seat's attack is over
            return
        odds = odds_for(game, s.board, src, tgt)
        if odds is not None:
            s.panel.set_odds(*odds)
        elif s.announced_odds is not None and not (s.is_choosing and s.source):
            s.panel.set_odds(*s.announced_odds)  # the odds the last attack began with
        else:
            s.panel.set_odds(None)

