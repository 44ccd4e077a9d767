"""Setting up a game: FILE > New Game, and the way from a menu screen into the play screen.

new_game (the NEW GAME window: players, names, colours, levels, game type), with what it
offers and remembers (offers), how it looks (draw), its colour list (picker) and what those
helpers see of it (form);
design (DESIGN YOUR OWN GAME); missions (each player reads their secret mission before a UK
Short game); launch (opening the play screen with a new or resumed game, and the offer to
resume an interrupted one).

May import: the engine, files, devices and ui layers (docs/ARCHITECTURE.md); of the
screens, base.py, backdrop.py, menu_items.py and the dialogs, info and play families. The
title, and the network screens on the FILE menu, are opened through the doors of the scenes'
context (base.SceneContext), not imported.
"""
