"""Invariants of a game of Conquest, written from the rules (DESIGN.md and the manual), apart
from the engine: they read the state's fields and never call the engine's own checks, so a
rule the engine breaks and its loader forgives is still caught.

`violations(game)` lists what is wrong in words; an empty list means the state is sound.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

HARD_LIMIT = 750
ACTIVE_PHASES = {"reinforce", "attack", "defend", "advantage", "occupy", "fortify"}
SETUP_PHASES = {"claim", "place", "choose_hq"}


def violations(game: Any) -> list[str]:
    """Every broken invariant of `game`'s state, in words."""
    found: list[str] = []
    board = game.board
    players = game.players
    phase = game.phase.value
    # End Game may be chosen while claiming: the board then stays as the claiming left it
    claiming = phase == "claim" or (phase == "game_over" and game.end_reason == "abandoned"
                                    and game.turn == 0)
    neutral = len(players) - 1 if players and players[-1].is_neutral else None

    def bad(text: str) -> None:
        found.append(text)

    # cards: each of the deck's cards is in exactly one place
    places = Counter(game.deck) + Counter(game.discard) + Counter(game.removed)
    for p in players:
        places += Counter(p.hand)
    if places != Counter(board.card_ids):
        bad("the cards are not each in exactly one place")
    # territories
    limit = game.variants.army_limit
    held = Counter()
    for t in board.territories:
        owner, armies = game.owner[t], game.armies[t]
        if owner is None:
            if not claiming or armies != 0:
                bad(f"{t} is unowned in phase {phase} or holds armies")
            continue
        held[owner] += 1
        if not 1 <= armies <= HARD_LIMIT:
            bad(f"{t} holds {armies} armies")
        if limit is not None and owner != neutral and armies > limit:
            bad(f"{t} holds more than the army limit")
    for pid, p in enumerate(players):
        if p.eliminated and (held[pid] or p.hand):
            bad(f"eliminated player {pid} still holds territories or cards")
        if not p.eliminated and not claiming and held[pid] == 0:
            bad(f"player {pid} holds nothing but is not eliminated")
        if p.is_neutral and (p.hand or p.mission):
            bad("the neutral holds cards or a mission")
        if p.mission and p.mission.startswith("destroy_") and p.mission.endswith(p.colour):
            bad(f"player {pid} must destroy its own colour")
    # whose turn
    if phase != "game_over":
        mover = players[game.current]
        if mover.is_neutral or mover.eliminated:
            bad("the player to move is neutral or eliminated")
        if game.winner is not None:
            bad("a game in play has a winner")
    else:
        if game.end_reason == "abandoned":
            if game.winner is not None:
                bad("an abandoned game has a winner")
        elif game.winner is None or players[game.winner].eliminated:
            bad("a won game names no winner still in it")
        elif game.end_reason == "world":
            rivals = [i for i, p in enumerate(players)
                      if i != game.winner and not p.eliminated and not p.is_neutral]
            if rivals:
                bad("won the world with rivals left")
    # set-up and turn counters
    if phase in SETUP_PHASES and game.turn != 0:
        bad("set-up after the first turn")
    if phase in ACTIVE_PHASES and game.turn < 1:
        bad("a turn before turn 1")
    if min(game.setup_pool) < 0:
        bad("a negative set-up pool")
    if phase == "place" and game.quota + game.neutral_quota <= 0:
        bad("placing with nothing to place")
    if game.reinforcements < 0:
        bad("negative reinforcements")
    if phase in {"attack", "fortify", "defend", "advantage", "occupy"} and game.reinforcements:
        bad("reinforcements left during the attacks")
    # battles
    battle = game.battle
    if phase in {"defend", "advantage", "occupy"}:
        if battle is None:
            bad(f"phase {phase} without a battle")
        else:
            source, target = battle.source, battle.target
            if target not in board.neighbours[source]:
                bad("a battle between territories that do not touch")
            if game.owner[source] != game.current:
                bad("the attack comes from another player's territory")
            if phase == "defend":
                if game.owner[target] == neutral:
                    bad("the neutral is asked to defend")
                if game.armies[target] < 2 or game.armies[source] < 2:
                    bad("dice asked for where the armies allow no choice")
            if phase == "advantage":
                if len(battle.attacker_roll) > min(3, game.armies[source] - 1):
                    bad("more attacking dice than armies")
                if len(battle.defender_roll) > min(2, game.armies[target]):
                    bad("more defending dice than armies")
    if battle is not None and (len(battle.attacker_roll) > 3 or len(battle.defender_roll) > 2):
        bad("too many dice on the table")
    # undoable placements are backed by armies
    if phase in {"reinforce", "attack"} and game.placements and not game.has_attacked \
            and not game.return_to_attack:
        placed = Counter()
        for t, n in game.placements:
            placed[t] += n
        for t, n in placed.items():
            if game.owner[t] != game.current or game.armies[t] - n < 1:
                bad(f"placements on {t} are not backed by armies")
    return found
