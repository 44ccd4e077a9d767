"""Setting up a game: FILE > New Game, and the way from a menu screen into the play screen.

new_game (the NEW GAME window: players, names, colours, levels, game type), with what it
offers and remembers (offers) and how it looks (draw); design (DESIGN YOUR OWN GAME); missions
(each player reads their secret mission before a UK Short game); launch (opening the play
screen with a new or resumed game, and the offer to resume an interrupted one).

May import: game.engine, the files and devices modules of game/, game.ui, game/scenes/base.py,
backdrop.py, menu_items.py and the dialogs, info and play families. The title, and the network
screens on the FILE menu, are opened through the app's doors (base.SceneContext), not imported.
"""
