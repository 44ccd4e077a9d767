"""The screens of a network game: FILE > Host and Join, connecting, the lobby, and its play screen.

host (the Host form: seats, port, password, with its variants), join (the Join form, and the
form both share), connecting (reaching the server and a seat), lobby (who has sat down),
missions (each seat here reads its own mission), play (the play screen with the server as the
only authority) with its story (the log, luck and review the server tells), and resume (at
start, the offer to go back to the network game this window was in).

May import: the engine, files, devices and ui layers (docs/ARCHITECTURE.md) and game.net
(the client bridge, and the server a window hosts); of the screens, base.py, backdrop.py,
menu_items.py and the dialogs, info, play and setup families. The title is opened through the
door of the scenes' context (base.SceneContext), not imported.
"""
