"""Where Good loses among several rivals: per round, Good's share of armies and territories
against the others, and when and by whom it is knocked out. A diagnostic for issue 14.

    python tools/diagnose_four.py --games 200 --seed 500000 [--opponent baseline2]
        [--set base.field=JSON ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import BENCH_GENERALS, make_general  # noqa: E402
from game.ai.good import good_with  # noqa: E402
from game.ai.simulate import first_mover_seat, make_config, seating  # noqa: E402
from game.engine import Game  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from tune_good import WEIGHTS, apply_sets  # noqa: E402


def snapshot(game: Game, seat: int) -> tuple[float, float, float, int]:
    """(our armies / mean of the others alive, our territories / mean, our cards, alive)."""
    armies: dict[int, int] = defaultdict(int)
    lands: dict[int, int] = defaultdict(int)
    for t, o in game.owner.items():
        if o is not None:
            armies[o] += game.armies[t]
            lands[o] += 1
    others = [p for p in armies if p != seat]
    if seat not in armies or not others:
        return 0.0, 0.0, 0.0, 0
    ma = statistics.fmean(armies[p] for p in others)
    ml = statistics.fmean(lands[p] for p in others)
    return armies[seat] / ma, lands[seat] / ml, len(game.players[seat].hand), len(others)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=500_000)
    parser.add_argument("--type", default="us_full")
    parser.add_argument("--set", action="append", default=[])
    parser.add_argument("--opponent", default="baseline", help="the level of the three rivals")
    args = parser.parse_args()
    weights = apply_sets(json.loads(WEIGHTS.read_text()), args.set)
    BENCH_GENERALS["candidate"] = good_with(weights)
    levels = ("candidate",) + (args.opponent,) * 3
    by_round: dict[int, list[tuple[float, float]]] = defaultdict(list)
    outs: list[int] = []
    wins = 0
    deaths: dict[str, list[tuple[int, int, bool]]] = defaultdict(list)
    lost_att: dict[str, int] = defaultdict(int)
    lost_def: dict[str, int] = defaultdict(int)
    pair: dict[tuple[str, str], int] = defaultdict(int)
    prev_owner = -1
    held: dict[tuple[int, str], int] = defaultdict(int)
    last_state: dict[str, list[tuple[int, int, int, int]]] = defaultdict(list)
    for i in range(args.games):
        seed = args.seed + i
        first = first_mover_seat(4, seed, args.type)
        seated = seating(levels, i, first)
        me = seated.index("candidate")
        game = Game.new(make_config(seated, args.type), seed)
        gens = {s: make_general(lv, s, seed) for s, lv in enumerate(seated)}
        last_round = -1
        last_turn = -1
        out_round = None
        while not game.is_over and game.turn <= 600:
            if game.round != last_round:
                last_round = game.round
                a, t, _, _ = snapshot(game, me)
                if not game.players[me].eliminated and a > 0:
                    by_round[game.round].append((a, t))
                    for c in game.board.continents:
                        o = {game.owner[x] for x in game.board.continents[c].territories}
                        if len(o) == 1:
                            who = "good" if o == {me} else "base"
                            held[(game.round, who)] += 1
            mover = game.to_move
            before = {s: game.players[s].eliminated for s in range(4)}
            if game.turn != last_turn:
                last_turn = game.turn
                hands = {s: len(game.players[s].hand) for s in range(4)}
                lands = {s: sum(1 for o in game.owner.values() if o == s) for s in range(4)}
                arms = {s: sum(a for t, a in game.armies.items() if game.owner[t] == s)
                        for s in range(4)}
                killer_arms = arms[game.current]
                killer_hand = hands[game.current]
            events = game.apply(gens[mover].choose(game))
            if game.round <= 8:
                for e in events:
                    if type(e).__name__ == "BattleResolved":
                        att, dfd = game.owner[e.source], game.owner[e.target]
                        dfd = att if dfd is None else dfd
                        if dfd == att:  # conquered: the defender was the previous owner
                            dfd = prev_owner
                        ka = "good" if att == me else "base"
                        kd = "good" if dfd == me else "base"
                        lost_att[ka] += e.attacker_losses
                        lost_def[kd] += e.defender_losses
                        pair[(ka, kd)] += e.attacker_losses + e.defender_losses
                    elif type(e).__name__ == "DiceRolled":
                        prev_owner = e.defender
            for s in range(4):
                if game.players[s].eliminated and not before[s]:
                    who = "good" if s == me else "base"
                    deaths[who].append((game.round, hands[s], game.current == me))
                    last_state[who].append((lands[s], arms[s], killer_arms, killer_hand))
            if out_round is None and game.players[me].eliminated:
                out_round = game.round
        wins += game.winner == me
        if out_round is not None:
            outs.append(out_round)
    print(f"wins {wins}/{args.games}; knocked out {len(outs)}; rounds out: "
          f"{sorted(outs)}")
    for who, rows in deaths.items():
        per = len(rows) / (1 if who == "good" else 3) / args.games
        print(f"{who}: out per seat-game {per:.2f}, median round "
              f"{statistics.median(r for r, _, _ in rows)}, mean cards held "
              f"{statistics.fmean(c for _, c, _ in rows):.1f}, by good {sum(k for *_, k in rows)}")
        st = last_state[who]
        print(f"   at the start of the fatal turn: lands {statistics.fmean(x[0] for x in st):.1f} "
              f"(median {statistics.median(x[0] for x in st)}), armies "
              f"{statistics.fmean(x[1] for x in st):.1f}, killer armies "
              f"{statistics.fmean(x[2] for x in st):.1f}, killer cards "
              f"{statistics.fmean(x[3] for x in st):.1f}")
    print("rounds 1-8, per seat-game: lost attacking good "
          f"{lost_att['good'] / args.games:.1f} base {lost_att['base'] / 3 / args.games:.1f}; "
          f"lost defending good {lost_def['good'] / args.games:.1f} "
          f"base {lost_def['base'] / 3 / args.games:.1f}; armies lost in fights (attacker, "
          f"defender): " + ", ".join(f"{k}:{v / args.games:.1f}" for k, v in pair.items()))
    for r in sorted(by_round)[:25]:
        rows = by_round[r]
        print(f"round {r:2}: alive {len(rows):3}  armies x{statistics.fmean(a for a, _ in rows):.2f}"
              f"  lands x{statistics.fmean(t for _, t in rows):.2f}  continents held per game:"
              f" good {held[(r, 'good')] / len(rows):.2f} all others "
              f"{held[(r, 'base')] / len(rows):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
