"""The headless simulator: computer generals play whole games, and we count who wins. No pygame.

    python main.py --simulate 200 --players good,standard --type us_full --json
    python -m game.ai.simulate 200 --players good,standard,standard,standard

Game i uses seed S + i, so a run is repeatable. The seats rotate exactly around the first
mover: in game i the turn order, from the player who moves first, is players[i % n],
players[(i + 1) % n], ... so in a duel each level moves first in exactly half the games
(`wins_moving_second` in the JSON counts the wins of a level that did not move first).
The bench levels `baseline` and `baseline2` (frozen copies of earlier Goods, game/ai/baseline/
and game/ai/baseline2/) may be seated as well as the three levels.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from game.ai import ALL_LEVELS, BENCH_GENERALS, BENCH_HELP, make_general
from game.ai.base import General, fallback_action
from game.engine import Game, GameConfig, IllegalActionError, PlayerSpec, Variants
from game.engine.config import COLOURS

GAME_TYPES = ("us_full", "uk_full", "us_short", "uk_short")
DEFAULT_MAX_TURNS = 600


@dataclass
class GameResult:
    """One finished (or capped) game."""

    seed: int
    levels: tuple[str, ...]
    winner: int | None
    turns: int
    seconds: float
    decisions: int
    illegal_actions: int
    decision_seconds: list[float] = field(default_factory=list)
    first_player: int = 0
    final: Game | None = field(default=None, repr=False)  # the finished game, for --record-dir

    @property
    def winner_level(self) -> str | None:
        return None if self.winner is None else self.levels[self.winner]

    @property
    def winner_moved_first(self) -> bool:
        return self.winner is not None and self.winner == self.first_player


def make_config(levels: Sequence[str], game_type: str = "us_full", *, neutral: bool = False,
                hq_to_win: int | None = None, variants: Variants | None = None) -> GameConfig:
    """A standard game with one computer general per level, in seat order. A bench-only level
    (baseline, baseline2) is a Good to the engine: the engine only tells humans from computers."""
    players = [PlayerSpec(f"{level.title()} {i + 1}", COLOURS[i],
                          "good" if level in BENCH_GENERALS else level)
               for i, level in enumerate(levels)]
    return GameConfig.preset(game_type, players, neutral=neutral, hq_to_win=hq_to_win,
                             variants=variants)


def play_game(config: GameConfig, seed: int, max_turns: int = DEFAULT_MAX_TURNS,
              time_decisions: bool = False,
              levels: Sequence[str] | None = None) -> GameResult:
    """Plays one game to the end (or to `max_turns` turns: a draw) with the seats' levels
    (`levels`, seat by seat; by default the levels in the config)."""
    levels = tuple(levels) if levels is not None else tuple(p.level for p in config.players)
    start = time.perf_counter()
    game = Game.new(config, seed)
    generals: dict[int, General] = {
        seat: make_general(level, seat, seed) for seat, level in enumerate(levels)
    }
    decisions = illegal = 0
    timings: list[float] = []
    clock = time.perf_counter
    while not game.is_over and game.turn <= max_turns:
        general = generals[game.to_move]
        if time_decisions:
            t0 = clock()
            action = general.choose(game)
            timings.append(clock() - t0)
        else:
            action = general.choose(game)
        decisions += 1
        try:
            game.apply(action)
        except IllegalActionError:
            illegal += 1
            game.apply(fallback_action(game))
    illegal += sum(g.fallbacks for g in generals.values())
    return GameResult(seed, levels, game.winner, game.turn, clock() - start, decisions, illegal,
                      timings, game.first_player, final=game)


def first_mover_seat(player_count: int, seed: int, game_type: str = "us_full", *,
                     neutral: bool = False, hq_to_win: int | None = None,
                     variants: Variants | None = None) -> int:
    """The seat the engine will draw to move first in a game of `seed` (it depends on the
    seed and the number of players only, not on who sits where)."""
    config = make_config(["easy"] * player_count, game_type, neutral=neutral,
                         hq_to_win=hq_to_win, variants=variants)
    return Game.new(config, seed).first_player


def seating(levels: Sequence[str], index: int, first: int) -> list[str]:
    """Seat by seat, the levels of game `index` when seat `first` moves first: the turn order
    from the first mover is levels rotated by `index`, so every level moves first, second, ...
    equally often (exactly, in every block of len(levels) games)."""
    n = len(levels)
    return [levels[(index + (seat - first)) % n] for seat in range(n)]


@dataclass
class Summary:
    """What a run of games adds up to."""

    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    wins_moving_second: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    seconds: list[float] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    decisions: int = 0
    illegal_actions: int = 0
    decision_seconds: list[float] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        self.games += 1
        level = result.winner_level
        if level is None:
            self.draws += 1
        else:
            self.wins[level] = self.wins.get(level, 0) + 1
            if not result.winner_moved_first:
                self.wins_moving_second[level] = self.wins_moving_second.get(level, 0) + 1
        self.seconds.append(result.seconds)
        self.turns.append(result.turns)
        self.decisions += result.decisions
        self.illegal_actions += result.illegal_actions
        self.decision_seconds.extend(result.decision_seconds)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "games": self.games,
            "wins": dict(self.wins),
            "wins_moving_second": dict(self.wins_moving_second),
            "draws": self.draws,
            "median_seconds_per_game": round(statistics.median(self.seconds), 4)
            if self.seconds else 0.0,
            "mean_turns": round(statistics.fmean(self.turns), 1) if self.turns else 0.0,
            "illegal_actions": self.illegal_actions,
        }
        total = sum(self.seconds)
        data["decisions_per_second"] = round(self.decisions / total) if total else 0
        if self.decision_seconds:
            data["p99_decision_ms"] = round(_percentile(self.decision_seconds, 99) * 1000, 3)
        return data


def _percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def run_games(levels: Sequence[str], games: int, *, game_type: str = "us_full",
              neutral: bool = False, seed: int = 1, max_turns: int = DEFAULT_MAX_TURNS,
              hq_to_win: int | None = None, variants: Variants | None = None,
              time_decisions: bool = False, progress: TextIO | None = None,
              on_game: Callable[[int, GameResult], None] | None = None) -> Summary:
    """Plays `games` games, rotating the seats around the first mover, and sums them up."""
    distinct = dict.fromkeys(levels)
    summary = Summary(wins={level: 0 for level in distinct},
                      wins_moving_second={level: 0 for level in distinct})
    n = len(levels)
    for i in range(games):
        first = first_mover_seat(n, seed + i, game_type, neutral=neutral, hq_to_win=hq_to_win,
                                 variants=variants)
        seated = seating(levels, i, first)
        config = make_config(seated, game_type, neutral=neutral, hq_to_win=hq_to_win,
                             variants=variants)
        result = play_game(config, seed + i, max_turns, time_decisions, seated)
        summary.add(result)
        if on_game is not None:
            on_game(i, result)
        if progress is not None:
            _draw_progress(progress, i + 1, games, summary)
    if progress is not None:
        progress.write("\n")
        progress.flush()
    return summary


def _draw_progress(out: TextIO, done: int, total: int, summary: Summary) -> None:
    width = 30
    filled = width * done // total
    wins = " ".join(f"{k}:{v}" for k, v in summary.wins.items())
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}  {wins} "
              f"draws:{summary.draws}")
    out.flush()


def format_summary(summary: Summary, levels: Sequence[str]) -> str:
    """Lines a person reads: wins per level, draws, time and length of games."""
    data = summary.to_dict()
    lines = [f"{data['games']} games, players {','.join(levels)}"]
    for level, won in data["wins"].items():
        seats = sum(1 for x in levels if x == level)
        share = won / data["games"] if data["games"] else 0.0
        lines.append(f"  {level:<9} won {won:>5} ({share:6.1%}) over {seats} seat(s)")
    if len(levels) == 2:
        for level, won in data["wins_moving_second"].items():
            lines.append(f"  {level:<9} won {won:>5} of the games it moved second")
    lines.append(f"  draws (turn cap) {data['draws']}")
    lines.append(f"  median {data['median_seconds_per_game']:.3f} s per game, "
                 f"mean {data['mean_turns']} turns, {data['decisions_per_second']} decisions/s, "
                 f"illegal actions {data['illegal_actions']}")
    return "\n".join(lines)


# ---------------------------------------------------------------------- command line
def _add(parser: argparse.ArgumentParser, *flags: str, **kwargs: Any) -> None:
    """Adds an option unless the parser already has it (the main CLI may define --json)."""
    if any(f in parser._option_string_actions for f in flags):  # noqa: SLF001
        return
    parser.add_argument(*flags, **kwargs)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The simulator's options, for `main.py --simulate N ...` (and this module's own CLI)."""
    _add(parser, "--simulate", type=int, metavar="N", help="play N computer-only games headless")
    _add(parser, "--players", default="good,standard,easy,easy",
         help="levels of the seats, comma separated, 2 to 6: easy, standard or good; for "
         "measuring also " + " or ".join(f"{name} ({what})" for name, what in BENCH_HELP.items()))
    _add(parser, "--type", dest="game_type", choices=GAME_TYPES, default="us_full",
         help="game type (default us_full)")
    _add(parser, "--neutral", action="store_true", help="two players and a neutral")
    _add(parser, "--seed", type=int, default=1, help="seed of the first game (game i: S + i)")
    _add(parser, "--max-turns", type=int, default=DEFAULT_MAX_TURNS,
         help=f"turn cap; a game reaching it is a draw (default {DEFAULT_MAX_TURNS})")
    _add(parser, "--hq-to-win", type=int, default=None,
         help="US short game: HQs to occupy to win (default all)")
    _add(parser, "--json", action="store_true", help="print the results as one JSON object")
    _add(parser, "--record-dir", type=Path, default=None, metavar="DIR",
         help="write each game's record (seed and every action) to DIR, one JSON file a game")


def run(args: argparse.Namespace) -> int:
    """Runs the simulator from parsed arguments; 0 on success, 2 on bad arguments."""
    levels = [x.strip().lower() for x in str(args.players).split(",") if x.strip()]
    bad = [x for x in levels if x not in ALL_LEVELS]
    if bad or not 2 <= len(levels) <= 6:
        print(f"--players needs 2 to 6 of {', '.join(ALL_LEVELS)}; got {args.players!r}",
              file=sys.stderr)
        return 2
    games = int(args.simulate or 0)
    if games < 1:
        print("--simulate needs a number of games of at least 1", file=sys.stderr)
        return 2
    neutral = bool(getattr(args, "neutral", False))
    if neutral and len(levels) != 2:
        print("--neutral needs exactly two players", file=sys.stderr)
        return 2
    progress = sys.stderr if sys.stderr.isatty() else None
    on_game = _record_writer(args.record_dir) if getattr(args, "record_dir", None) else None
    try:
        summary = run_games(levels, games, game_type=getattr(args, "game_type", "us_full"),
                            neutral=neutral, seed=int(getattr(args, "seed", 1)),
                            max_turns=int(getattr(args, "max_turns", DEFAULT_MAX_TURNS)),
                            hq_to_win=getattr(args, "hq_to_win", None), progress=progress,
                            on_game=on_game)
    except ValueError as exc:  # StateError: e.g. an impossible --hq-to-win
        print(f"cannot set up the game: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"cannot write a record: {exc}", file=sys.stderr)
        return 1
    if getattr(args, "json", False):
        print(json.dumps(summary.to_dict()))
    else:
        print(format_summary(summary, levels))
    return 0


def _record_writer(directory: Path) -> Callable[[int, GameResult], None]:
    """Writes game i's record file into `directory` (file I/O lives in game/replay.py)."""
    from game.replay import record_file_name, write_record  # noqa: PLC0415

    def write(index: int, result: GameResult) -> None:
        assert result.final is not None
        write_record(result.final, directory / record_file_name(result.seed, index))

    return write


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m game.ai.simulate N --players ...`: N may also be given as --simulate N."""
    parser = argparse.ArgumentParser(prog="python -m game.ai.simulate",
                                     description="Computer-only games, headless.")
    parser.add_argument("games", nargs="?", type=int, help="number of games")
    add_arguments(parser)
    args = parser.parse_args(argv)
    if args.simulate is None:
        args.simulate = args.games if args.games is not None else 10
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
