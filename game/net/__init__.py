"""Network play: a server that owns the game, and clients that play a seat over websockets. No pygame.

protocol (messages and their schemas), views (what a seat may see), table (one game's seats and
tokens), server (the asyncio server), client (the asyncio client), bots (computer-driven
clients), bridge (the client in a background thread for the pygame screens).
"""
