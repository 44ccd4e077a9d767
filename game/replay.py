"""Record files on disk and the headless check `python main.py --replay FILE --verify`. No pygame.

A record file is `{"format": "conquest-record", "version": 1, "written_at": ..., "summary":
{...}, "game": <Game.to_dict()>}`: the final state, which holds the seed, the config and every
action. Verifying rebuilds the game from its seed and actions and compares the result with the
recorded final state. A saved game (conquest-save) whose record starts at the beginning can be
replayed and verified the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from game.engine import Game, StateError
from game.engine.record import ReplayError
from game.engine.replayer import replay_game, state_differences
from game.engine.words import plural
from game.savegame import FORMAT as SAVE_FORMAT
from game.jsonfile import FileRefused, read_json
from game.savegame import MAX_SAVE_BYTES, SaveFormatError, read_save_data, write_json_atomically

RECORD_FORMAT = "conquest-record"
# Version history (append only):
#   1 - first format.
RECORD_VERSION = 1
MAX_RECORD_BYTES = 4 * MAX_SAVE_BYTES


class RecordFileError(ValueError):
    """The file is not a record or save this game can replay; the message says why."""


@dataclass(frozen=True)
class VerifyResult:
    ok: bool
    message: str
    actions: int = 0


def record_summary(game: Game) -> dict[str, Any]:
    """A few facts a person reads in the file without replaying it."""
    return {
        "seed": game.seed,
        "game_type": game.config.game_type,
        "players": [f"{p.name} ({p.level})" for p in game.players],
        "winner": None if game.winner is None else game.players[game.winner].name,
        "turns": game.turn,
        "actions": len(game.record.actions),
    }


def write_record(game: Game, path: Path, now: datetime | None = None) -> Path:
    """Writes the game's record file atomically (temporary file, then rename)."""
    data = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "written_at": (now or datetime.now()).isoformat(timespec="seconds"),
        "summary": record_summary(game),
        "game": game.to_dict(),
    }
    write_json_atomically(path, data)
    return path


def read_game_data(path: Path) -> dict[str, Any]:
    """The recorded final state from a record file or a save file; RecordFileError if unusable."""
    try:
        data = read_json(path, MAX_RECORD_BYTES, "record")
    except FileNotFoundError as exc:
        raise RecordFileError(f"Cannot open {path.name}: there is no such file.") from exc
    except FileRefused as exc:
        raise RecordFileError(str(exc)) from exc
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        try:
            data = read_save_data(path)
        except SaveFormatError as exc:
            raise RecordFileError(str(exc)) from exc
    elif not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordFileError(f"{path.name} is neither a Conquest record nor a saved game.")
    else:
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise RecordFileError(f"{path.name} has no valid version number.")
        if version > RECORD_VERSION:
            raise RecordFileError(f"{path.name} was written by a newer Conquest (record format "
                                  f"{version}); this one reads up to {RECORD_VERSION}.")
    game = data.get("game")
    if not isinstance(game, dict):
        raise RecordFileError(f"{path.name} holds no game.")
    return game


def load_recorded_game(path: Path) -> Game:
    """The recorded final game, checked field by field; RecordFileError if bad."""
    data = read_game_data(path)
    try:
        game = Game.from_dict(data)
    except StateError as exc:
        raise RecordFileError(f"{path.name} is damaged: {exc}.") from exc
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError,
            OverflowError) as exc:  # (the engine's loader should have said; never Python's words)
        raise RecordFileError(f"{path.name} is damaged in a way this game cannot read.") from exc
    if not game.record.from_start:
        raise RecordFileError(f"{path.name} holds no record from the start of the game "
                              "(it was saved before records were kept).")
    return game


def _normalised(game: Game) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(json.dumps(game.to_dict()))
    return result


def verify_game(recorded: Game) -> VerifyResult:
    """Replays `recorded` from its seed and actions and compares the final states."""
    count = len(recorded.record.actions)
    try:
        replayed = replay_game(recorded)
    except ReplayError as exc:
        return VerifyResult(False, f"replay failed: {exc}", count)
    expected, got = _normalised(recorded), _normalised(replayed)
    if expected != got:
        keys = ", ".join(state_differences(expected, got))
        return VerifyResult(False, f"replay differs from the recorded final state in: {keys}",
                            count)
    return VerifyResult(True, f"replayed {plural(count, 'action')}: the final state equals the recorded "
                              f"one (turn {recorded.turn}, {_outcome(recorded)})", count)


def _outcome(game: Game) -> str:
    if game.winner is not None:
        return f"{game.players[game.winner].name} won"
    return "abandoned" if game.end_reason == "abandoned" else "unfinished"


def verify_file(path: Path) -> VerifyResult:
    try:
        game = load_recorded_game(path)
    except RecordFileError as exc:
        return VerifyResult(False, str(exc))
    return verify_game(game)


def record_file_name(seed: int, index: int) -> str:
    return f"record-{index + 1:04d}-seed{seed}.json"


def run_from_args(args: Any, check_only: bool = False) -> int:
    """`--replay FILE --verify` and/or `--export DIR`: 0 on success, 1 when the replay differs
    from the record, the file is unusable or the export cannot be written.

    With `check_only`, only checks that the file loads (before a window opens) and says nothing
    when it does.
    """
    import sys  # noqa: PLC0415

    path = Path(args.replay)
    try:
        game = load_recorded_game(path)
    except RecordFileError as exc:
        verb = "cannot replay" if check_only else f"{path.name}: FAILED"
        print(f"{verb}: {exc}" if check_only else f"{verb}, {exc}", file=sys.stderr)
        return 1
    if check_only:
        return 0
    if getattr(args, "verify", False):
        result = verify_game(game)
        if not result.ok:
            print(f"{path.name}: FAILED, {result.message}", file=sys.stderr)
            return 1
        print(f"{path.name}: OK, {result.message}")
    folder = getattr(args, "export", None)
    if folder is not None:
        from game.export import export_story  # noqa: PLC0415

        try:
            done = export_story(game, Path(folder), stem=path.stem)
        except (OSError, ValueError) as exc:
            print(f"cannot export to {folder}: {exc}", file=sys.stderr)
            return 1
        print(done.message)
    return 0
