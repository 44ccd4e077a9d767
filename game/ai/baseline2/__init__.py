"""The second frozen yardstick: the Good general exactly as it played before issue 27. No pygame.

FROZEN ON PURPOSE. NEVER EDIT ANY MODULE OF THIS PACKAGE. Every module here is a verbatim copy
of the game/ai module of the same name at commit 72faedd, with only its imports (and the
package its weights are read from, weights/ here) pointed at this package; hunt.py types its
Situation loosely so that it does not import evaluate.py back. Improving Good changes the
shared decision code, so this copy keeps that Good playing exactly as it did: the level
`baseline2` in `--simulate --players`, bench/league.py and tools/tune_good.py (not offered on
the setup screen). tests/ai/test_baseline2.py checks its decisions against positions recorded
from that Good before anything changed. The older yardstick, `baseline`, stays as it was.

If the engine's API changes under it, fix the call sites in the smallest way that keeps every
decision the same, and keep that test green.
"""

from __future__ import annotations

from game.ai.baseline2.good import GoodGeneral as Baseline2General

__all__ = ["Baseline2General"]
