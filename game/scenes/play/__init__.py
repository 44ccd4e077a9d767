"""The play screen and its parts: a whole game, from placement to the statistics at its end.

screen (`PlayScene`, which only wires the parts) and its parts, one job each: turns and
prompts (a human's intents and answers turned into engine actions), commands (what a press,
Cancel, a snap or a skip does), menus (the six menus), battle_show and narrate (each action's
events shown and told), board and status (the board as shown, and what the panel and status
line say of it), readouts, camera, snap and layout (where the map looks and the pointer
goes), map_helps (arrows to others' moves out of view, the occupation being chosen, a pad's
pointer brought onto the map), computer and computer_seats (the computer generals' moves),
seats, handovers and pass_to (who sits where; the "Pass to" screen of a hot-seat game), first_roll (who goes
first), autosave, demo (the attract mode), end and gameover (the end of a game), cards (Show
Cards and the card exchange), and face (what the parts see of the screen).

May import: the engine, files, devices and ui layers (docs/ARCHITECTURE.md) and game.ai
(the computer generals); of the screens, base.py, backdrop.py, menu_items.py and the dialogs
and info families. The title and the New Game screen are opened through the doors of the
scenes' context (base.SceneContext), not imported.
"""
