"""A Game as plain data and back, checking every field on the way in. No pygame, no files.

`game_from_dict` is what stands between a save file from disk and the rules, so it trusts
nothing: every field is type-checked and the state must be one that play can reach, checked
against the invariants the engine keeps (cards conserved, owners valid, armies within limits,
the phase backed by the data it needs, placements backed by armies, dice within the armies).
The game it builds shares no list or table with its input. Messages name the field in words.
"""

from __future__ import annotations

import math
import random
from typing import Any, TypeVar

from game.engine.board import WorldMap
from game.engine.checked import MAX_HISTORY, Reader, int_list, is_int, shown
from game.engine.config import COLOURS, HARD_ARMY_LIMIT, LEVELS, NEUTRAL_COLOUR, GameConfig, Variants
from game.engine.errors import StateError
from game.engine.invariants import check_phase, check_players, check_turn
from game.engine.core import GameCore
from game.engine.state import (
    MAX_SEED,
    Battle,
    Phase,
    PlayerState,
    Statistics,
    board_for,
)
from game.engine.missions import MISSIONS
from game.engine.record import GameRecord, record_from_data, record_to_data

RNG_STATE_LENGTH = 625

# The kind of game `game_from_dict` builds: game.py's `Game`, which calls it (this module works
# on the state every game has, GameCore, so that it need not import game.py).
G = TypeVar("G", bound=GameCore)


def game_to_dict(game: GameCore, *, with_record: bool = True, with_rng: bool = True,
                 with_history: bool = True) -> dict[str, Any]:
    """The whole state, RNG included, as JSON-ready data (`with_record=False`: without the
    record of actions, for a quick copy; `with_rng=False`: "rng" is None, and
    `with_history=False`: the statistics history is empty, for a copy that no one will play
    on, such as the network server's updates, which show neither while the game goes on)."""
    battle = game.battle
    rng = None
    if with_rng:
        version, internal, gauss = game.rng.getstate()
        rng = {"version": version, "state": list(internal), "gauss": gauss}
    data: dict[str, Any] = {
        "config": game.config.to_dict(),
        "seed": game.seed,
        "rng": rng,
        "players": [
            {
                "name": p.name, "colour": p.colour, "level": p.level,
                "is_neutral": p.is_neutral, "eliminated": p.eliminated, "hand": list(p.hand),
                "mission": p.mission, "headquarters": p.headquarters,
            }
            for p in game.players
        ],
        "owner": dict(game.owner),
        "armies": dict(game.armies),
        "deck": list(game.deck),
        "discard": list(game.discard),
        "removed": list(game.removed),
        "phase": game.phase.value,
        "current": game.current,
        "first_player": game.first_player,
        "turn": game.turn,
        "round": game.round,
        "setup_pool": list(game.setup_pool),
        "quota": game.quota,
        "neutral_quota": game.neutral_quota,
        "reinforcements": game.reinforcements,
        "placements": [[t, n] for t, n in game.placements],
        "has_attacked": game.has_attacked,
        "conquered_this_turn": game.conquered_this_turn,
        "card_bonus_used": game.card_bonus_used,
        "computer_advantage_used": game.computer_advantage_used,
        "return_to_attack": game.return_to_attack,
        "sets_traded": game.sets_traded,
        "next_set_value": game.next_set_value,
        "variants": game.variants.to_dict(),
        "objective": game.objective,
        "hq_to_win": game.hq_to_win,
        "hq_revealed": game.hq_revealed,
        "battle": None if battle is None else {
            "source": battle.source, "target": battle.target, "dice": battle.dice,
            "mode": battle.mode, "attacker_roll": list(battle.attacker_roll),
            "defender_roll": list(battle.defender_roll), "advantages": list(battle.advantages),
            "used_reroll": battle.used_reroll,
        },
        "occupy_moved": game.occupy_moved,
        "winner": game.winner,
        "end_reason": game.end_reason,
        "stats": {
            "battles_won": list(game.stats.battles_won),
            "battles_lost": list(game.stats.battles_lost),
            "invasions_won": list(game.stats.invasions_won),
            "invasions_lost": list(game.stats.invasions_lost),
            "history": [dict(h) for h in game.stats.history] if with_history else [],
        },
    }
    if with_record:
        data["record"] = record_to_data(game.record)
    return data


MAX_TURN = 10**6
MAX_PLACEMENTS = 10_000
END_REASONS = ("world", "mission", "headquarters", "abandoned")


def game_from_dict(data: dict[str, Any], board: WorldMap | None = None, *,
                   seat_view: bool = False, kind: type[G]) -> G:
    """Rebuilds and checks a game of class `kind` (use `Game.from_dict`). Raises StateError
    naming the first problem found."""
    r = Reader(data)
    config = GameConfig.from_dict(r.get("config"))
    game = kind(board_for(config, board), config)
    game.seed = r.read_int("seed", 0, MAX_SEED)
    game.rng = _read_rng(r.read_obj("rng"))
    _read_players(game, r)
    _read_territories(game, r)
    _read_cards(game, r)
    _read_turn(game, r)
    _read_stats(game, r)
    # saves from before the record was kept have none: the game records from now on
    game.record = record_from_data(data["record"]) if "record" in data else GameRecord()
    check_phase(game)
    check_players(game, seat_view=seat_view)
    check_turn(game)
    return game


def refresh_from_dict(game: GameCore, data: dict[str, Any], changed: set[str], *,
                      seat_view: bool = False,
                      entries: dict[str, set[str]] | None = None) -> None:
    """Bring `game` (built by `game_from_dict` from an earlier `data`) up to date with `data`,
    reading and checking again only the parts the `changed` keys belong to, then the whole
    state's invariants. A network client's copy changes by a few keys an action: rebuilding
    it whole each time cost more than the rest of a computer client's move.

    `entries` narrows a changed territory table ("owner" or "armies") to the territories whose
    values changed (the entries of an update's patches): only those are read and checked again.
    A table in `changed` but not in `entries` is read whole.

    Raises StateError as `game_from_dict` does, and then `game` is half updated: throw it away.
    Keys outside REFRESHABLE_KEYS (the config, seed, RNG, record) need a whole rebuild.
    """
    unknown = changed - REFRESHABLE_KEYS
    if unknown:
        raise StateError(f"'{shown(min(unknown))}' cannot be refreshed in place")
    r = Reader(data)
    if "players" in changed:
        game.players = []
        _read_players(game, r)
    territory_keys = changed & _TERRITORY_KEYS
    if "players" in changed or any(entries is None or key not in entries
                                   for key in territory_keys):
        _read_territories(game, r)
    elif territory_keys:
        assert entries is not None
        _read_some_territories(game, r, set().union(*(entries[k] for k in territory_keys)))
    if "players" in changed or changed & _CARD_KEYS:
        _read_cards(game, r)
    turn_keys = changed & _TURN_KEYS
    if turn_keys:
        _read_turn(game, r, turn_keys)
    if "stats" in changed:
        _read_stats(game, r)
    check_phase(game)
    check_players(game, seat_view=seat_view)
    check_turn(game)


def _read_rng(r: Reader) -> random.Random:
    state = r.read_list("state", RNG_STATE_LENGTH)
    # (whole numbers, no bools, in range: checked in C loops, not 625 calls; every network
    # client's mirror is loaded with a placeholder state)
    if len(state) != RNG_STATE_LENGTH or set(map(type, state)) != {int} \
            or min(state[:-1]) < 0 or max(state[:-1]) >= 2**32 or not 0 <= state[-1] <= 624:
        raise StateError("the random number state is damaged")
    gauss = r.get("gauss")
    if gauss is not None and (type(gauss) is not float or not math.isfinite(gauss)):
        raise StateError("the random number state is damaged")
    rng = random.Random()
    try:
        rng.setstate((r.read_int("version", 3, 3), tuple(state), gauss))
    except (TypeError, ValueError) as exc:
        raise StateError("the random number state is damaged") from exc
    return rng


def _read_players(game: GameCore, r: Reader) -> None:
    entries = r.read_list("players", 7)
    expected = len(game.config.players) + (1 if game.config.neutral else 0)
    if len(entries) != expected:
        raise StateError(f"the save should list {expected} players, not {len(entries)}")
    cards = len(game.board.card_ids)
    for index, entry in enumerate(entries):
        p = Reader(entry, f"player {index + 1}")
        is_neutral = p.read_bool("is_neutral")
        if is_neutral != (index == len(game.config.players)):
            raise StateError("only the last seat of a neutral game may be neutral")
        name = p.read_str("name")
        if not name.strip() or len(name) > 16:
            raise StateError(f"player {index + 1} has a bad name")
        hand = p.read_list("hand", cards)
        if not all(isinstance(c, str) for c in hand):
            raise StateError(f"player {index + 1} holds a card that is not a card name")
        mission = p.read_str("mission", MISSIONS, optional=True)
        hq = p.read_str("headquarters", game.board.territories, optional=True)
        colours = (NEUTRAL_COLOUR,) if is_neutral else COLOURS
        levels = ("neutral",) if is_neutral else LEVELS
        colour = p.read_str("colour", colours)
        if not is_neutral and colour != game.config.players[index].colour:
            raise StateError(f"player {index + 1} has another colour than in the set-up")
        game.players.append(PlayerState(
            name=name, colour=colour, level=p.read_str("level", levels),
            is_neutral=is_neutral,
            eliminated=p.read_bool("eliminated"), hand=list(hand), mission=mission, headquarters=hq,
        ))


def _read_territories(game: GameCore, r: Reader) -> None:
    owner = r.read_obj("owner").data
    armies = r.read_obj("armies").data
    territories = set(game.board.territories)
    for name, mapping in (("owner", owner), ("armies", armies)):
        unknown = set(mapping) - territories
        if unknown:
            raise StateError(f"'{name}' names an unknown territory '{shown(min(unknown))}'")
        missing = territories - set(mapping)
        if missing:
            raise StateError(f"'{name}' is missing territory {min(missing)}")
    for t in game.board.territories:
        _read_territory(game, t, owner[t], armies[t])


def _read_some_territories(game: GameCore, r: Reader, names: set[str]) -> None:
    """Only the territories `names` of the owner and armies tables (the rest are as read
    before); each must be one of the board's and in both tables."""
    owner = r.read_obj("owner").data
    armies = r.read_obj("armies").data
    for t in sorted(names):
        if t not in game.owner or t not in owner or t not in armies:
            raise StateError(f"an update names an unknown territory '{shown(str(t))}'")
        _read_territory(game, t, owner[t], armies[t])


def _read_territory(game: GameCore, t: str, o: Any, n: Any) -> None:
    if o is not None and (not is_int(o) or not 0 <= o < len(game.players)):
        raise StateError(f"{t} has an owner that is not a player")
    if not is_int(n):
        raise StateError(f"{t} has a bad army count")
    if o is None and n != 0:
        raise StateError(f"unclaimed {t} cannot hold armies")
    if o is not None and not 1 <= n <= HARD_ARMY_LIMIT:
        raise StateError(f"{t} holds {n} armies; a territory holds 1 to {HARD_ARMY_LIMIT}")
    if o is not None and game.players[o].eliminated:
        raise StateError(f"{t} belongs to an eliminated player")
    game.owner[t] = o
    game.armies[t] = n


def _read_cards(game: GameCore, r: Reader) -> None:
    most = len(game.board.card_ids)
    piles = {name: r.read_list(name, 2 * most) for name in ("deck", "discard", "removed")}
    seen: dict[str, str] = {}
    everywhere = [(name, card) for name, cards in piles.items() for card in cards]
    everywhere += [(f"player {i + 1}'s hand", c) for i, p in enumerate(game.players) for c in p.hand]
    valid = set(game.board.card_ids)
    for where, card in everywhere:
        if not isinstance(card, str) or card not in valid:
            raise StateError(f"an unknown card is in {where}")
        if card in seen:
            raise StateError(f"card {card} is both in {seen[card]} and in {where}")
        seen[card] = where
    if len(seen) != len(valid):
        missing = min(valid - set(seen))
        raise StateError(f"card {missing} is missing: all {len(valid)} cards must be accounted for")
    game.deck, game.discard, game.removed = piles["deck"], piles["discard"], piles["removed"]


_PHASES = {p.value: p for p in Phase}  # (made once: the network client reads turns often)


def _read_phase(game: GameCore, r: Reader) -> None:
    game.phase = _PHASES[r.read_str("phase", _PHASES)]


def _read_player_index(key: str) -> Any:
    def read(game: GameCore, r: Reader) -> None:
        setattr(game, key, r.read_int(key, 0, len(game.players) - 1))
    return read


def _read_count(key: str, lo: int, hi: int) -> Any:
    def read(game: GameCore, r: Reader) -> None:
        setattr(game, key, r.read_int(key, lo, hi))
    return read


def _read_flag(key: str) -> Any:
    def read(game: GameCore, r: Reader) -> None:
        setattr(game, key, r.read_bool(key))
    return read


def _read_setup_pool(game: GameCore, r: Reader) -> None:
    count = len(game.players)
    game.setup_pool = int_list(r.read_list("setup_pool", count), count, "setup_pool",
                                hi=game.config.starting_armies)


def _read_reinforcements(game: GameCore, r: Reader) -> None:
    game.reinforcements = r.read_int("reinforcements", 0,
                                     HARD_ARMY_LIMIT * len(game.board.territories))


def _read_placements(game: GameCore, r: Reader) -> None:
    placements = []
    for entry in r.read_list("placements", MAX_PLACEMENTS):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], str)
                or entry[0] not in game.board.territories
                or not is_int(entry[1]) or not 1 <= entry[1] <= HARD_ARMY_LIMIT):
            raise StateError("'placements' holds a bad entry")
        placements.append((entry[0], int(entry[1])))
    game.placements = placements


def _read_variants(game: GameCore, r: Reader) -> None:
    game.variants = Variants.from_dict(r.read_obj("variants").data)


def _read_objective(game: GameCore, r: Reader) -> None:
    game.objective = r.read_str("objective", ("world", "missions", "headquarters"))


def _read_winner(game: GameCore, r: Reader) -> None:
    winner = r.get("winner")
    if winner is not None and (not is_int(winner) or not 0 <= winner < len(game.players)):
        raise StateError("'winner' is not a player")
    game.winner = winner


def _read_end_reason(game: GameCore, r: Reader) -> None:
    game.end_reason = r.read_str("end_reason", END_REASONS, optional=True)


_ADVANTAGES = frozenset({"reroll", "six"})


def _read_battle(game: GameCore, r: Reader) -> None:
    battle = r.get("battle")
    if battle is None:
        game.battle = None
        return
    b = Reader(battle, "'battle'")
    rolls = {}
    for key, most in (("attacker_roll", 3), ("defender_roll", 2)):
        dice = b.read_list(key, most)
        for d in dice:  # (a loop, not all(...): read at every battle of a network game)
            if type(d) is not int or not 1 <= d <= 6:
                raise StateError(f"'battle' has bad dice in {key}")
        rolls[key] = tuple(dice)
    advantages = b.read_list("advantages", 2)
    if advantages and (any(type(a) is not str or a not in _ADVANTAGES for a in advantages)
                       or len(set(advantages)) != len(advantages)):
        raise StateError("'battle' offers an unknown advantage")
    game.battle = Battle(
        source=b.read_str("source", game.board.territories),
        target=b.read_str("target", game.board.territories),
        dice=b.read_int("dice", 1, 3),
        mode=b.read_str("mode", ("single", "continuous", "do_or_die")),
        attacker_roll=rolls["attacker_roll"], defender_roll=rolls["defender_roll"],
        advantages=tuple(advantages), used_reroll=b.read_bool("used_reroll"),
    )


# The turn's keys of `game_to_dict`, each with the reader that checks it and sets it on the game,
# in the order a whole read takes them (a refresh reads only the keys that changed).
_TURN_READERS: dict[str, Any] = {
    "phase": _read_phase,
    "current": _read_player_index("current"),
    "first_player": _read_player_index("first_player"),
    "turn": _read_count("turn", 0, MAX_TURN),
    "round": _read_count("round", 0, MAX_TURN),
    "setup_pool": _read_setup_pool,
    "quota": _read_count("quota", 0, 3),
    "neutral_quota": _read_count("neutral_quota", 0, 1),
    "reinforcements": _read_reinforcements,
    "placements": _read_placements,
    **{key: _read_flag(key) for key in (
        "has_attacked", "conquered_this_turn", "card_bonus_used", "computer_advantage_used",
        "return_to_attack", "hq_revealed")},
    "sets_traded": _read_count("sets_traded", 0, MAX_TURN),
    "next_set_value": _read_count("next_set_value", 1, 10**6),
    "variants": _read_variants,
    "objective": _read_objective,
    "hq_to_win": _read_count("hq_to_win", 2, 6),
    "occupy_moved": _read_count("occupy_moved", 0, HARD_ARMY_LIMIT),
    "winner": _read_winner,
    "end_reason": _read_end_reason,
    "battle": _read_battle,
}


# What `refresh_from_dict` re-reads for each top-level key of `game_to_dict` that changed.
_TURN_KEYS = frozenset(_TURN_READERS)
_TERRITORY_KEYS = frozenset({"owner", "armies"})
_CARD_KEYS = frozenset({"deck", "discard", "removed"})
REFRESHABLE_KEYS = _TURN_KEYS | _TERRITORY_KEYS | _CARD_KEYS | {"players", "stats"}


_TURN_ORDER = {key: index for index, key in enumerate(_TURN_READERS)}


def _read_turn(game: GameCore, r: Reader, keys: Any = None) -> None:
    """The turn's keys (`keys`: only those, in the usual order), each checked. (A refresh
    names two or three of the 26: they are sorted, not looked for among all of them.)"""
    if keys is None:
        for read in _TURN_READERS.values():
            read(game, r)
        return
    for key in sorted(keys, key=_TURN_ORDER.__getitem__):
        _TURN_READERS[key](game, r)


HISTORY_LISTS = ("territories", "armies", "continents")
STAT_LISTS = ("battles_won", "battles_lost", "invasions_won", "invasions_lost")


def _read_stats(game: GameCore, r: Reader) -> None:
    s = r.read_obj("stats")
    count = len(game.players)
    lists = {key: int_list(s.read_list(key, count), count, key) for key in STAT_LISTS}
    history = []
    for entry in s.read_list("history", MAX_HISTORY):  # (empty in a network view mid-game)
        h = Reader(entry, "a history entry")
        if set(h.data) - {"turn", "round", "player", *HISTORY_LISTS}:
            raise StateError("a history entry holds something this game does not know")
        row: dict[str, Any] = {"turn": h.read_int("turn", 0, MAX_TURN)}
        if "round" in h.data:
            row["round"] = h.read_int("round", 0, MAX_TURN)
        if "player" in h.data:
            row["player"] = h.read_int("player", 0, count - 1)
        for key in HISTORY_LISTS:
            row[key] = int_list(h.read_list(key, count), count, key)
        history.append(row)
    game.stats = Statistics(history=history, **lists)
