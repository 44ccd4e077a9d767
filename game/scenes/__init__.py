"""The screens of the game, one scene a module."""
