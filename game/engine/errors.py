"""Errors the engine raises; messages are meant to be shown to a player. No pygame."""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the rules raise."""


class IllegalActionError(RulesError):
    """The action is not allowed now; the game state was left untouched."""


class StateError(RulesError):
    """A state given as plain data (a save) is inconsistent or malformed."""
