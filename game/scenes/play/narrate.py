"""Plain words for the message area: what each engine event means to the players at the table.

Kept apart from the scene so the wording can be read (and tested) in one place. Secrets stay
secret: a drawn card is named only as "a RISK card", a chosen HQ only once all are revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.audio import Sfx
from game.engine import Game
from game.engine import events as ev
from game.engine.words import elimination, plural
from game.ui import palette

Colour = tuple[int, int, int]
REASONS = {"attacker lost a battle": "the attacker lost a battle",
           "one army left": "only one army is left to attack with"}
VARIANT_LABELS = {"low_exchange_rate": "Low Exchange Rate", "supply_lines": "Supply Lines",
                  "army_limit": "Army Limit", "attack_advantage": "Attack Advantage",
                  "computer_advantage": "Computer Advantage"}
WIN_REASONS = {"world": "conquers the world", "mission": "completes the mission",
               "headquarters": "holds the headquarters needed"}


@dataclass(frozen=True)
class Line:
    """One message with its colour and the sound that goes with it (if any)."""

    text: str
    colour: Colour = palette.WHITE
    sfx: Sfx | None = None


def narrate(game: Game, events: Sequence[ev.Event], is_human: Callable[[int], bool]) -> list[Line]:
    """Lines for a batch of events from one action, battles summed up into one line first."""
    summary = battle_summary(events)
    return ([summary] if summary is not None else []) + narrate_each(game, events, is_human)


def narrate_each(game: Game, events: Sequence[ev.Event],
                 is_human: Callable[[int], bool]) -> list[Line]:
    """One line per event that has something to say, in the order of the events."""
    name = lambda pid: game.players[pid].name  # noqa: E731
    where = game.board.territory_name
    lines: list[Line] = []
    for e in events:
        line = _one(game, e, name, where, is_human)
        if line is not None:
            lines.append(Line(sentence(line.text), line.colour, line.sfx))
    return lines


def battle_summary(events: Sequence[ev.Event]) -> Line | None:
    """The losses of the rolls in `events` summed up in one line (None without a roll)."""
    rolls = [e for e in events if isinstance(e, ev.BattleResolved)]
    if not rolls:
        return None
    lost_a = sum(e.attacker_losses for e in rolls)
    lost_d = sum(e.defender_losses for e in rolls)
    battles = f"{len(rolls)} battles: " if len(rolls) > 1 else ""
    return Line(sentence(f"{battles}attacker loses {lost_a}, defender loses {lost_d}."),
                palette.LIGHT, Sfx.BATTLE)


def sentence(text: str) -> str:
    """Every message begins with a capital letter."""
    return text[:1].upper() + text[1:]


def _one(game: Game, e: ev.Event, name: Callable[[int], str], where: Callable[[str], str],
         is_human: Callable[[int], bool]) -> Line | None:
    if isinstance(e, ev.FirstPlayerChosen):
        return Line(f"{name(e.player)} plays first.", palette.CREAM)
    if isinstance(e, ev.TerritoryClaimed):
        return Line(f"{name(e.player)} claims {where(e.territory)}.")
    if isinstance(e, ev.ArmiesPlaced):
        return Line(f"{name(e.player)} places {plural(e.count)} on {where(e.territory)}.")
    if isinstance(e, ev.PlacementsUndone):
        return Line(f"{name(e.player)} takes back {plural(e.count)}.", palette.CREAM)
    if isinstance(e, ev.MissionsDealt):
        return Line("Missions are dealt: select the RISK card to read yours.", palette.CREAM)
    if isinstance(e, ev.HeadquartersChosen):
        return Line(f"{name(e.player)} has chosen a headquarters (secret).")
    if isinstance(e, ev.HeadquartersRevealed):
        text = ", ".join(f"{name(p)}: {where(t)}" for p, t in e.headquarters)
        return Line(f"Headquarters revealed - {text}.", palette.AMBER)
    if isinstance(e, ev.TurnStarted):
        return Line(f"Turn {e.turn}: {name(e.player)} to play.", palette.AMBER)
    if isinstance(e, ev.ReinforcementsReceived):
        extra = f" and {', '.join(game.board.continents[c].name for c in e.continents)}" \
            if e.continents else ""
        return Line(f"{name(e.player)} receives {plural(e.count)} for "
                    f"{plural(e.territories, 'territory')}{extra}.")
    if isinstance(e, ev.NeutralReinforced):
        return Line(f"Neutral reinforces {where(e.territory)} with {plural(e.count)}.",
                    palette.LIGHT)
    if isinstance(e, ev.SetTraded):
        return Line(f"{name(e.player)} trades a set of cards for {plural(e.value)}.",
                    palette.CREAM, Sfx.CLICK)
    if isinstance(e, ev.CardBonus):
        return Line(f"{plural(e.count)} more on {where(e.territory)} for its card.", palette.CREAM)
    if isinstance(e, ev.ArmiesLostToLimit):
        place = f" on {where(e.territory)}" if e.territory else ""
        return Line(f"Armies lost to the army limit{place}: {e.count}.", palette.AMBER)
    if isinstance(e, ev.AdvantageUsed):
        kind = "Computer Advantage" if e.advantage == "six" else "Attack Advantage"
        return Line(f"{name(e.player)} uses {kind}: a {e.before} becomes a {e.after}.",
                    palette.AMBER)
    if isinstance(e, ev.AttackStopped):
        reason = REASONS.get(e.reason)
        return Line(f"The attack on {where(e.target)} stops: {reason}.") if reason else None
    if isinstance(e, ev.TerritoryConquered):
        return Line(f"{name(e.player)} conquers {where(e.target)}!", palette.AMBER, Sfx.CONQUEST)
    if isinstance(e, ev.ArmiesMoved):
        if e.reason == "fortify":
            return Line(f"{name(e.player)} moves {plural(e.count)} from {where(e.source)} "
                        f"to {where(e.target)}.")
        return Line(f"{plural(e.count)} occupy {where(e.target)}.")
    if isinstance(e, ev.PlayerEliminated):
        return Line(elimination(name(e.by), name(e.player), e.cards_taken) + "!",
                    palette.ALERT_RED, Sfx.ELIMINATION)
    if isinstance(e, ev.CardDrawn):
        if is_human(e.player):
            return Line(f"{name(e.player)}, you receive a RISK card.", palette.CREAM)
        return Line(f"{name(e.player)} receives a RISK card.")
    if isinstance(e, ev.DeckReshuffled):
        return Line("The used cards are shuffled back into the deck.")
    if isinstance(e, ev.MissionChanged):
        return Line(f"{name(e.player)}'s mission changes ({e.reason}): conquer 24 territories.",
                    palette.AMBER)
    if isinstance(e, ev.VariantChanged):
        label = VARIANT_LABELS.get(e.name, e.name)
        if e.name == "army_limit":
            state = f"{e.value} armies" if e.value else "off"
        else:
            state = "on" if e.value else "off"
        return Line(f"{label}: {state}.", palette.CREAM)
    if isinstance(e, ev.SidesChanged):
        return Line(f"{name(e.player)} and {name(e.other)} change sides.", palette.AMBER)
    if isinstance(e, ev.CheatUsed):
        return Line(f"{name(e.player)} cheats and takes {where(e.territory)}!", palette.ALERT_RED,
                    Sfx.CONQUEST)
    if isinstance(e, ev.GameExtended):
        return Line("The game is extended: now conquer the world.", palette.AMBER)
    if isinstance(e, ev.GameWon):
        return Line(f"{name(e.player)} {WIN_REASONS.get(e.reason, 'wins')} and wins the game!",
                    palette.GOLD, Sfx.VICTORY)
    if isinstance(e, ev.GameAbandoned):
        return Line("The game is abandoned.", palette.AMBER)
    return None
