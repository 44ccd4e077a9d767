"""What the side panel, the map marks and the status line say, read from the shown board.

Pure functions of what they are given: the game for its rules and names, the `ShownBoard`
for owners and armies as the screen shows them (so nothing gives away a result before its
dice have shown it), and the selection of the turn controller.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Game, Phase
from game.engine.odds import attack_odds
from game.scenes.play.board import ShownBoard
from game.engine.words import plural
from game.ui.mapview import MapMarks
from game.ui.palette import PlayerColour
from game.ui.sidepanel import PanelInfo

BATTLE_PHASES = frozenset({Phase.DEFEND, Phase.ADVANTAGE, Phase.OCCUPY})


@dataclass(frozen=True)
class Selection:
    """The turn controller's current step, as the readouts need it."""

    mode: str = "attack_from"
    source: str | None = None
    target: str | None = None


def pointer_text(game: Game, board: ShownBoard, colours: list[PlayerColour], tid: str) -> str:
    """The status line for the pointer over territory `tid`."""
    owner = board.owner.get(tid)
    name = game.board.territory_name(tid)
    if owner is None:
        return f"Pointer: {name} - unclaimed"
    player = game.players[owner]
    colour = colours[owner].name.lower()
    who = f"{player.name} ({colour})" if player.name.lower() != colour else player.name
    return f"Pointer: {name} - {who} - {plural(board.armies[tid])}"


def map_marks(game: Game, selection: Selection, hover: str | None, *, choosing: bool,
              headquarters: dict[str, PlayerColour]) -> MapMarks:
    """Attacker and defender letters, hatching of a move, the hover outline, HQ flags."""
    attacker, defender = selection.source, selection.target
    selected: frozenset[str] = frozenset()
    battle = game.battle
    if battle is not None and game.phase in BATTLE_PHASES:
        attacker, defender = battle.source, battle.target
    elif selection.mode in ("move_from", "move_to", "place"):
        attacker, defender = None, None
        selected = frozenset(t for t in (selection.source, selection.target) if t)
    return MapMarks(hover=hover if choosing else None, attacker=attacker, defender=defender,
                    selected=selected, headquarters=headquarters)


def visible_headquarters(game: Game, colours: list[PlayerColour],
                         viewer: int | None, secrets: bool) -> dict[str, PlayerColour]:
    """The headquarters the screen may show: all once revealed, else the viewer's own."""
    hqs: dict[str, PlayerColour] = {}
    for pid, player in enumerate(game.players):
        hq = player.headquarters
        if hq and (game.hq_revealed or secrets or pid == viewer):
            hqs[hq] = colours[pid]
    return hqs


def odds_for(game: Game, board: ShownBoard, source: str | None,
             target: str | None) -> tuple[float, str] | None:
    """The chance that an attack from `source` on `target` conquers, fought to the end."""
    if not (source and target) or board.owner.get(source) == board.owner.get(target):
        return None
    attackers, defenders = board.armies[source], board.armies[target]
    if attackers < 2:
        return None
    return attack_odds(attackers, defenders).win_probability, f"{attackers} v {defenders}"


def panel_info(game: Game, board: ShownBoard, viewer: int | None, *, moving: bool) -> PanelInfo:
    label = {"missions": "MISSION", "headquarters": "HQ"}.get(game.objective, "CARDS")
    cards = len(game.players[viewer].hand) if viewer is not None else None
    return PanelInfo(card_label=label, viewer_cards=cards,
                     phase_cell="MOVE" if moving and not game.is_over else None,
                     counts=board.totals())
