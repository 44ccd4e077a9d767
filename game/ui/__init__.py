"""Widgets drawn on the logical 640x400 screen."""
