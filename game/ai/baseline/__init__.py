"""The frozen baseline: the Good general exactly as it played before issue 14. No pygame.

FROZEN ON PURPOSE. NEVER EDIT ANY MODULE OF THIS PACKAGE. Every module here is a verbatim copy
of the game/ai module of the same name at commit 41ca4fe, with only its imports pointed at this
package. Easy, Standard and Good share one decision engine, so improving Good changes that
shared code; this copy keeps the old Good playing exactly as it did, as the fixed yardstick
every later change is measured against (level `baseline` in `--simulate --players` and in
bench/league.py; it is not offered on the setup screen). tests/ai/test_baseline.py checks its
decisions against positions recorded from the original Good before anything changed.

If the engine's API changes under it, fix the call sites in the smallest way that keeps every
decision the same, and keep that test green.
"""

from __future__ import annotations

from game.ai.baseline.good import GoodGeneral as BaselineGeneral

__all__ = ["BaselineGeneral"]
