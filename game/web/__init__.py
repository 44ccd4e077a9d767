"""The page the game server serves to browsers (game/net/web.py serves it): HTML, a style sheet
and ES modules in js/, package data so an installed game carries them. No Python runs here."""
