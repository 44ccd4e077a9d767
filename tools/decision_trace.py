"""Every action the computer generals choose over a fixed set of games, for proving that a
change made them faster without changing a single decision.

    python tools/decision_trace.py OUT.txt [--code CHECKOUT] [--blocks 4] [--max-turns 250]

Run it on the code before a change (`--code` names that checkout, e.g. one made with
`git worktree add`) and after it (no `--code`: this tool's own checkout), and compare the files
with `cmp`: they must be byte-identical. Which code was traced is printed at the end. The set covers two,
three, four and six players, all four game types, a neutral, the variants (supply lines, army
limits, advantages, low exchange rate) and mixes of Easy, Standard and Good; each block of
56 games uses other seeds. Each game's header line gives its seed, set-up, action count,
winner, turns and a digest of its actions; the actions follow, one a line.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path


def _code(argv: list[str]) -> Path:
    """The checkout whose generals are traced: `--code DIR`, else this tool's own. It goes first
    on the import path, before the installed one and PYTHONPATH (which is why PYTHONPATH alone
    cannot choose it)."""
    if "--code" in argv[:-1]:
        return Path(argv[argv.index("--code") + 1]).resolve()
    return Path(__file__).resolve().parent.parent


sys.path.insert(0, str(_code(sys.argv)))

from game.ai import make_general  # noqa: E402
from game.ai.base import fallback_action  # noqa: E402
from game.ai.simulate import make_config  # noqa: E402
from game.engine import Game, IllegalActionError, Variants  # noqa: E402

MIXES = {
    2: [["good", "standard"], ["standard", "easy"], ["easy", "good"], ["standard", "standard"],
        ["good", "good"]],
    3: [["good", "standard", "easy"], ["standard", "standard", "easy"],
        ["good", "good", "standard"]],
    4: [["good", "standard", "easy", "easy"], ["standard"] * 4,
        ["good", "good", "standard", "easy"]],
    6: [["standard"] * 6, ["good", "standard", "easy", "standard", "good", "easy"],
        ["easy", "standard", "standard", "good", "easy", "standard"]],
}
TYPES = ("us_full", "uk_full", "us_short", "uk_short")
VARIANTS = (Variants(), Variants(supply_lines=True), Variants(army_limit=12),
            Variants(attack_advantage=True, computer_advantage=True),
            Variants(low_exchange_rate=True))
Setup = tuple[int, str, list[str], bool, Variants]


def setups(blocks: int) -> Iterator[Setup]:
    """(seed, game type, levels, neutral, variants) of every game, block by block."""
    for block in range(blocks):
        k = 0
        for players, mixes in MIXES.items():
            for levels in mixes:
                for game_type in TYPES:
                    variants = VARIANTS[(k + block) % len(VARIANTS)]
                    if variants.low_exchange_rate and game_type.startswith("uk"):
                        variants = Variants(supply_lines=True, army_limit=20)  # fixed sets
                    neutral = players == 2 and (k + block) % 3 == 0
                    yield 100 + k + 1000 * block, game_type, levels, neutral, variants
                    k += 1


def play(setup: Setup, max_turns: int) -> tuple[list[str], int | None, int]:
    """The actions chosen in one game (seat:action), its winner and its last turn."""
    seed, game_type, levels, neutral, variants = setup
    game = Game.new(make_config(levels, game_type, neutral=neutral, variants=variants), seed)
    generals = {seat: make_general(level, seat, seed) for seat, level in enumerate(levels)}
    actions: list[str] = []
    while not game.is_over and game.turn <= max_turns:
        action = generals[game.to_move].choose(game)
        actions.append(f"{game.to_move}:{action!r}")
        try:
            game.apply(action)
        except IllegalActionError:
            actions.append("FALLBACK")
            game.apply(fallback_action(game))
    return actions, game.winner, game.turn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--code", type=Path, default=None,
                        help="the checkout to trace (default: this tool's own)")
    parser.add_argument("--blocks", type=int, default=4, help="blocks of 56 games")
    parser.add_argument("--max-turns", type=int, default=250)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    games = total = 0
    with args.out.open("w", encoding="utf-8") as out:
        for setup in setups(args.blocks):
            actions, winner, turns = play(setup, args.max_turns)
            seed, game_type, levels, neutral, variants = setup
            digest = hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16]
            out.write(f"# seed={seed} {game_type} {','.join(levels)} neutral={neutral} "
                      f"{variants} actions={len(actions)} winner={winner} turns={turns} "
                      f"sha={digest}\n")
            out.writelines(a + "\n" for a in actions)
            games += 1
            total += len(actions)
    import game  # noqa: PLC0415 - (imported already: only its place is read)

    print(f"{games} games, {total} actions, {time.perf_counter() - start:.1f} s, "
          f"code traced: {Path(game.__file__).parent.parent}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
