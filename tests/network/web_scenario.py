"""Games made for the browser tests to play one step after another: a turn with every kind of
question (card trades, forced and chosen, with real sets; the attack modes; the advantages;
defending; occupying; the free move) and a mission won, with the dice scripted so each step
comes when the test expects it."""

from __future__ import annotations

from game.engine import Game, GameConfig, Phase, PlayerSpec, Variants
from tests.engine.builders import BOARD, ScriptedRng

ADA, BOB, HANNIBAL = 0, 1, 2

# The dice, in the order the engine rolls them (each attack: the attacker's, then the
# defender's; an advantage's re-roll where it comes).
DICE = [
    # Ada's single attack, Greenland on Iceland (Bob defends with 2): 2 2 1 against 5 3; the
    # lowest rolled again (Attack Advantage: Greenland's card is in her hand) comes up 4, and
    # the lowest of 4 2 2 made a six (Computer Advantage): 6 4 2 beats 5 3
    2, 2, 1, 5, 3, 4,
    # her continuous attack, Alaska on Kamchatka: a roll won, then one lost (it stops)
    6, 6, 6, 1, 1, 1, 1, 1, 6, 6,
    # her do-or-die attack on it: lost, then won (Kamchatka falls)
    1, 1, 1, 6, 6, 6, 6, 6, 1, 1,
    # Bob's attack on Hannibal's last territory (one army: its one die is thrown for it)
    6, 6, 6, 1,
]


def turn_of_every_question() -> Game:
    """A UK Short game at Ada's reinforcements: she holds five cards (a trade is forced), two
    attacks' advantages are on, Bob (blue) must destroy Hannibal (green), who holds only
    Siam. Ada's turn: trade, reinforce, attack three ways, occupy, move; then Bob's: trade a
    set of his own choosing (three cavalry), reinforce, look at his mission, and win it."""
    players = [PlayerSpec("Ada", "red", "human"), PlayerSpec("Bob", "blue", "human"),
               PlayerSpec("Hannibal", "green", "good")]
    config = GameConfig.preset("uk_short", players,
                               variants=Variants(attack_advantage=True, computer_advantage=True))
    game = Game.new(config, seed=1, board=BOARD)
    ada = ["alaska", "northwest_territory", "greenland", "alberta", "ontario", "quebec",
           "western_united_states", "eastern_united_states", "central_america", "venezuela",
           "peru", "brazil", "argentina", "north_africa", "egypt"]
    for t in BOARD.territories:
        game.owner[t] = ADA if t in ada else BOB
        game.armies[t] = 2
    game.owner["siam"] = HANNIBAL
    game.armies["siam"] = 1
    game.armies.update({"greenland": 6, "alaska": 10, "alberta": 5, "iceland": 3,
                        "kamchatka": 4, "india": 6, "china": 2})
    game.deck = list(BOARD.card_ids)
    game.discard, game.removed = [], []
    hands = {ADA: ["peru", "venezuela", "argentina", "greenland", "egypt"],
             BOB: ["ural", "siberia", "yakutsk"]}
    for pid, player in enumerate(game.players):
        player.hand = list(hands.get(pid, []))
        for card in player.hand:
            game.deck.remove(card)
        player.eliminated = False
        player.headquarters = None
    game.players[ADA].mission = "asia+south_america"
    game.players[BOB].mission = "destroy_green"
    game.players[HANNIBAL].mission = "conquer_24"
    game.setup_pool = [0] * len(game.players)
    game.quota = game.neutral_quota = 0
    game.phase = Phase.REINFORCE
    game.current = ADA
    game.first_player = ADA
    game.turn, game.round = 3, 1
    game.reinforcements = 5
    game.placements = []
    game.battle = None
    game.has_attacked = False
    game.conquered_this_turn = False
    game.rng = ScriptedRng(DICE)
    return game
