"""The screens of the game, in families: one package each, and a few shared modules.

Bottom to top; a family imports only itself and what is below it (tests/test_layers.py):
  base.py, backdrop.py  what a scene is, the scene stack and the context every scene gets
                        (SceneContext); the sea backdrop most full screens draw
  dialogs/              the dialogs and windows every screen shares: boxes, the overlay
                        frame, Save and Resume Game, Pad Buttons
  menu_items.py         FILE > Host / Join Network Game, on the set-up and play screens' menus
  info/                 information and story screens: INFO menu, help, credits, game log,
                        luck, replay, review
  play/                 the play screen and its parts, the end of a game
  setup/                FILE > New Game, Design Your Own, the missions screen, the way into
                        the play screen
  network/              Host, Join, connecting, the lobby, a network game's play screen
  title.py              the title, the first screen (the App opens it)

Below the screens lie game.ui (widgets) and the devices, files, net, ai and engine layers
(docs/ARCHITECTURE.md). A screen of a family above the caller's (the title, New Game, Host,
Join) is opened through the context's doors (`app.title_scene()`...), never imported: only
game/app.py's App knows them all.
"""
