"""Computer generals (Easy, Standard, Good); they use only the engine API. No pygame."""
