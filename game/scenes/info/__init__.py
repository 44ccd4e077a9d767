"""Information and story screens: what a player reads about the game, never changing it.

menu_screens (the INFO menu: battles, territories, cards, full map, key, RISK card) with the
figures they show (tables), help (F1) and continents (F2), credits (About Conquest), and the
game's story: story (one chronicle per game, exported as text), gamelog (INFO > Game Log),
luck (INFO > Luck), replay (watching a recorded game, --replay) and review (INFO > Review Last
Turn).

May import: the engine, files, devices and ui layers (docs/ARCHITECTURE.md) and game.net
(a network game's story is told by its server); of the screens, base.py, backdrop.py and the
dialogs family.
"""
