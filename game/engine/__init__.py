"""The rules of Conquest: pure Python, no pygame, no file I/O, no global state.

Worked example (also in docs/ENGINE.md)::

    from game.engine import Game, GameConfig, PlayerSpec, actions as act
    players = [PlayerSpec("Alex", "red"), PlayerSpec("Napoleon", "blue", "good"),
               PlayerSpec("Hannibal", "green", "standard"), PlayerSpec("Genghis", "yellow", "easy")]
    game = Game.new(GameConfig.preset("us_full", players), seed=7)
    game.phase            # Phase.CLAIM: US games claim territories by hand
    events = game.apply(act.ClaimTerritory("alaska"))   # the first player claims Alaska
    game.legal_actions()  # what the next player may do
"""

from game.engine import actions, events
from game.engine.actions import Action, ArmyChoice
from game.engine.board import WorldMap
from game.engine.config import GameConfig, PlayerSpec, Variants
from game.engine.errors import IllegalActionError, RulesError, StateError
from game.engine.game import Game, Phase, PlayerId
from game.engine.odds import AttackOdds, attack_odds, roll_outcomes

__all__ = [
    "Action", "ArmyChoice", "AttackOdds", "Game", "GameConfig", "IllegalActionError", "Phase",
    "PlayerId", "PlayerSpec", "RulesError", "StateError", "Variants", "WorldMap", "actions",
    "attack_odds", "events", "roll_outcomes",
]
