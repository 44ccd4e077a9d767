"""The screens of a network game: FILE > Host and Join, connecting, the lobby, and its play screen.

host (the Host form: seats, port, password, with its variants), join (the Join form, and the
form both share), connecting (reaching the server and a seat), lobby (who has sat down),
missions (each seat here reads its own mission), play (the play screen with the server as the
only authority) with its story (the log, luck and review the server tells), and resume (at
start, the offer to go back to the network game this window was in).

May import: game.engine, game.net (the client bridge, the server a window hosts, the story
client), the files and devices modules of game/, game.ui, game/scenes/base.py, backdrop.py,
menu_items.py and the dialogs, info, play and setup families. The title is opened through the
app's door (base.SceneContext), not imported.
"""
