"""Dialogs and files: the windows every screen shares.

boxes (a message, a yes/no question, a number, a choice, a line of text), overlay (the framed
window with OK the information screens draw in, and the players' colours), files (FILE > Save
Game and Resume Game) and padbuttons (OPTIONS > Pad Buttons).

May import: the engine, files, devices and ui layers (docs/ARCHITECTURE.md), and
game/scenes/base.py and backdrop.py. No other family of screens: they all import this one.
"""
