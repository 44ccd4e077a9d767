"""A number with its noun in the right number: "1 army", "2 armies"; and the sentences the
message area and the game log share (an elimination). No pygame.

The engine's refusals and chronicle, and the screens' messages, all put counts that can be 1
in front of nouns; writing the plural by hand gave "after 1 turns" and "at most 1 dice". It
lives in the engine, the lowest layer, so every layer can use the one rule.
"""

from __future__ import annotations

# The irregular plurals the game says; any other noun takes an "s".
_IRREGULAR = {"army": "armies", "die": "dice", "territory": "territories"}


def plural(count: int, word: str = "army", many: str | None = None) -> str:
    """`count` and `word`, the noun in the plural unless the count is exactly 1.

    `many` names the plural when it is not in the table above (nor the word with an "s").
    """
    if count == 1:
        return f"{count} {word}"
    return f"{count} {many or _IRREGULAR.get(word, word + 's')}"


def elimination(taker: str, loser: str, cards: int) -> str:
    """The line of an elimination, the taker its subject: "Alex eliminates Napoleon and takes
    3 cards". Told the other way round ("Napoleon is eliminated by Alex and takes 3 cards")
    the loser read as the one taking the cards."""
    line = f"{taker} eliminates {loser}"
    return f"{line} and takes {plural(cards, 'card')}" if cards else line
