"""The invariants the engine keeps, checked on a state rebuilt from plain data. No pygame.

`game_from_dict` (serialize.py) calls these after reading every field, so a save holds only
states that play can reach: the phase backed by the data it needs, placements backed by
armies, dice within the armies, no neutral asked to defend, no eliminated player holding
cards, no mission to destroy one's own colour, the turn counter matching the phase.
Each refusal is a StateError whose message a player can read.
"""

from __future__ import annotations

from game.engine.errors import StateError
from game.engine.core import GameCore
from game.engine.state import TURN_PHASES, Phase

SETUP_PHASES = (Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ)
BATTLE_PHASES = (Phase.DEFEND, Phase.ADVANTAGE, Phase.OCCUPY)


def check_phase(game: GameCore) -> None:
    """The phase must be backed by the data it needs."""
    phase = game.phase
    unclaimed = None in game.owner.values()
    if unclaimed and phase != Phase.CLAIM and not _abandoned_while_claiming(game):
        first = next(t for t, o in game.owner.items() if o is None)
        raise StateError(f"{first} is unclaimed, but the game is past claiming")
    if phase == Phase.CLAIM and not unclaimed:
        raise StateError("the game is claiming territories but none is left")
    current = game.players[game.current]
    if phase != Phase.GAME_OVER and (current.is_neutral or current.eliminated):
        raise StateError("the player to move is neutral or out of the game")
    limit = game.variants.army_limit
    if limit is not None:
        for t, o in game.owner.items():
            if o is not None and o != game.neutral_id and game.armies[t] > limit:
                raise StateError(f"{t} holds more than the army limit of {limit}")
    battle = game.battle
    if battle is not None:
        if not game.board.is_adjacent(battle.source, battle.target):
            raise StateError("the battle's territories are not adjacent")
        if len(battle.attacker_roll) > battle.dice:
            raise StateError("the battle shows more attacking dice than were chosen")
    if phase in BATTLE_PHASES:
        check_battle(game)
    if phase == Phase.PLACE:
        if game.quota + game.neutral_quota == 0:
            raise StateError("armies are being placed but there are none left to place")
        if game.quota > game.setup_pool[game.current]:
            raise StateError("the player to place has fewer armies left than its quota")
        neutral = game.neutral_id
        if game.neutral_quota and (neutral is None or game.config.flavour != "us"
                                   or game.neutral_quota > game.setup_pool[neutral]):
            raise StateError("neutral armies are being placed where none are left")
    elif phase != Phase.GAME_OVER and (game.quota or game.neutral_quota):
        raise StateError("armies are left to place after the placing is over")
    if phase in (Phase.ATTACK, Phase.FORTIFY, *BATTLE_PHASES) and game.reinforcements:
        raise StateError("reinforcements are left to place during the attacks")
    if phase == Phase.REINFORCE and not game.must_trade() and not (
            game.reinforcements > 0 and game.capacity(game.current) > 0):
        raise StateError("the game is reinforcing with nothing to place")
    if game.can_undo_placements():
        placed: dict[str, int] = {}
        for t, n in game.placements:
            placed[t] = placed.get(t, 0) + n
        for t, n in placed.items():
            if game.owner[t] != game.current or game.armies[t] - n < 1:
                raise StateError(f"the placements on {t} are not backed by armies there")
    if phase == Phase.GAME_OVER:
        if game.end_reason is None:
            raise StateError("a finished game must say how it ended")
        if (game.end_reason == "abandoned") != (game.winner is None):
            raise StateError("a finished game has a winner unless it was abandoned")
        if game.winner is not None and game.players[game.winner].eliminated:
            raise StateError("the winner is out of the game")
    elif game.winner is not None or game.end_reason is not None:
        raise StateError("a game still in play has a winner")


def _abandoned_while_claiming(game: GameCore) -> bool:
    """End Game chosen while territories were being claimed: some are still unowned."""
    return (game.phase == Phase.GAME_OVER and game.end_reason == "abandoned" and game.turn == 0
            and any(o is None for o in game.owner.values()))


def check_battle(game: GameCore) -> None:
    """A battle under way: the territories, the dice and the offers agree with the armies."""
    phase, battle = game.phase, game.battle
    if battle is None:
        raise StateError(f"phase {phase.value} needs a battle under way")
    source, target = battle.source, battle.target
    if game.owner[source] != game.current:
        raise StateError("the attacking territory is not the attacker's")
    if phase == Phase.OCCUPY:
        if game.owner[target] != game.current:
            raise StateError("occupying a territory the attacker does not hold")
        if not 1 <= game.occupy_moved <= game.armies[target]:
            raise StateError("the armies moved in do not match the conquered territory")
        lo, hi = game.occupy_range()
        if lo >= hi:
            raise StateError("there is no choice of armies to move in")
        return
    if game.owner[target] == game.current:
        raise StateError("the attacker holds the territory under attack")
    if phase == Phase.DEFEND:
        if game.owner[target] == game.neutral_id:
            raise StateError("the neutral player is asked to choose its dice")
        if game.attack_dice_allowed(source) < 1:
            raise StateError("the attacker has too few armies to attack")
        if game.defence_dice_allowed(target) < 2:
            raise StateError("the defender is asked to choose dice with one army")
        return
    rolled_a, rolled_d = battle.attacker_roll, battle.defender_roll
    if not rolled_a or not rolled_d:
        raise StateError("an advantage is offered without dice on the table")
    if len(rolled_a) > game.attack_dice_allowed(source) or len(rolled_d) > game.armies[target]:
        raise StateError("the battle has more dice than armies")
    if list(rolled_a) != sorted(rolled_a, reverse=True) or \
            list(rolled_d) != sorted(rolled_d, reverse=True):
        raise StateError("the dice on the table are out of order")
    if battle.advantages != game._available_advantages() or not battle.advantages:
        raise StateError("an advantage is offered that the rules do not give")


def check_players(game: GameCore, *, seat_view: bool = False) -> None:
    """Seats, hands, missions and headquarters as play leaves them (in one seat's view the
    others' missions are unknown: `seat_view` lets them be missing)."""
    colours_in_play = {p.colour for p in game.players if not p.is_neutral}
    setup = game.phase == Phase.CLAIM or _abandoned_while_claiming(game)
    missions = game.config.objective == "missions"
    holders = set(game.owner.values())  # one walk of the board, not one per player
    for index, player in enumerate(game.players):
        who = f"player {index + 1}"
        if player.eliminated:
            if player.hand:
                raise StateError(f"{who} is out of the game but holds cards")
        elif not setup and index not in holders:
            raise StateError(f"{who} holds no territory but is still in the game")
        if player.is_neutral:
            if player.hand or player.mission or player.headquarters:
                raise StateError("the neutral player holds cards, a mission or a headquarters")
            continue
        mission = game.mission(index)
        if mission is not None:
            if not missions:
                raise StateError(f"{who} holds a mission in a game without missions")
            if mission.destroy_colour == player.colour:
                raise StateError(f"{who} holds the mission to destroy its own colour")
            if mission.destroy_colour is not None and mission.destroy_colour not in colours_in_play:
                raise StateError(f"{who} must destroy a colour that is not in the game")
        elif missions and not seat_view:
            raise StateError(f"{who} has no mission in a game of missions")
        if player.headquarters is not None and game.config.objective != "headquarters":
            raise StateError(f"{who} has a headquarters in a game without them")
    if game.objective not in ("world", game.config.objective):
        raise StateError("the game's objective does not match its set-up")
    if game.hq_revealed and any(p.headquarters is None for p in game.players
                                if not p.is_neutral):
        raise StateError("the headquarters are revealed but not all are chosen")
    if game.phase == Phase.CHOOSE_HQ and (game.hq_revealed
                                         or game.players[game.current].headquarters is not None):
        raise StateError("headquarters are being chosen by a player who has one")


def check_turn(game: GameCore) -> None:
    """The turn counter and the cards match the phase."""
    if game.phase in SETUP_PHASES and game.turn != 0:
        raise StateError("the set-up is under way after the first turn")
    if game.phase in TURN_PHASES | set(BATTLE_PHASES) and game.turn < 1:
        raise StateError("a turn is under way before the first turn")
    if game.round > game.turn:
        raise StateError("the round is ahead of the turn")
    if len(game.stats.history) > game.turn:
        raise StateError("the history is longer than the game")
