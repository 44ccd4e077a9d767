"""Map-art builder: turns Natural Earth outlines and the board data into the committed map art.

Used only by ``tools/build_map.py``; the game never imports it.
"""
