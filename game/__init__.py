"""Conquest: a recreation of the 1988 world-conquest board game in pygame-ce."""
