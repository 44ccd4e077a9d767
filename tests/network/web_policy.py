"""How the browser tests play a seat: a plain strategy decided on the server's game (the test
may look at it), carried out on the page through its real input only: clicks or taps on the
territories, the dialogs' buttons and keys. Each `act` makes one engine action happen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine import Game
from game.engine.state import Phase

from tests.network.web_browser import LAYOUT, VIEW, PagePlayer, ServerThread

MODES = ("single", "continuous", "do_or_die")
MODE_KEYS = {"single": "s", "continuous": "c", "do_or_die": "d"}
MODE_LABELS = {"single": "SINGLE", "continuous": "CONTINUOUS", "do_or_die": "DO OR DIE"}


@dataclass
class Plan:
    """What one seat has done this turn (to keep the game moving) and over the game."""

    turn: int = -1
    attacks: int = 0
    moved: bool = False
    modes_used: set[str] = field(default_factory=set)
    steps: set[str] = field(default_factory=set)  # what the page was asked, for the asserts
    max_attacks: int = 2


def sync(player: PagePlayer, server: ServerThread, timeout: float = 15.0) -> dict[str, Any]:
    """Wait until the page shows the server's state, nothing pending, the map still."""
    seq = server.seq()
    return player.until("f.seq === arg && !f.pending && !f.scrolling", seq, timeout,
                        f"update {seq}")


def act(player: PagePlayer, server: ServerThread, game: Game, seat: int, plan: Plan) -> None:
    """Make one action of `seat` (whose move it is) happen through the page."""
    before = server.seq()
    facts = sync(player, server)
    if game.turn != plan.turn:
        plan.turn, plan.attacks, plan.moved = game.turn, 0, False
    dialog = facts.get("dialog")
    phase = game.phase
    plan.steps.add(dialog or phase.value)
    if dialog == "defend":
        most = game.defence_dice_allowed(game.battle.target) if game.battle else 1
        player.answer("Enter", "2 DICE" if most == 2 else "1 DIE")  # the most dice
    elif dialog == "occupy":
        if game.occupy_range()[1] > game.occupy_range()[0]:
            player.answer("ArrowDown", "-")  # one army fewer than the most
        player.answer("Enter", "OK")
    elif dialog == "advantage":
        player.answer("n", "NO")
    elif dialog == "risk-card":  # (a missions game opens with each player's own mission)
        player.answer("Enter", "OK")
        player.until("f.dialog === null", what="the RISK card closed")
        return
    elif dialog in ("forced-cards", "cards"):
        trade_a_set(player, game.tradeable_sets(seat)[0])
    elif dialog is not None:
        raise AssertionError(f"{player.name}: an unexpected question {dialog!r} at {phase}")
    elif phase == Phase.CLAIM:
        player.territory(_claim(game, seat, facts))
    elif phase == Phase.PLACE:
        player.territory(_weakest_front(game, seat, neutral_ok=game.quota == 0, facts=facts))
    elif phase == Phase.CHOOSE_HQ:
        player.territory(_strongest_front(game, seat))
        player.until("f.dialog === 'hq'", what="the headquarters question")
        player.answer("y", "YES")
    elif phase == Phase.REINFORCE:
        target = _strongest_front(game, seat)
        player.territory(target)
        if min(game.reinforcements, game.room(target)) > 1:
            player.until("f.dialog === 'place'", what="the reinforce question")
            player.answer("Enter", "OK")
    elif phase in (Phase.ATTACK, Phase.FORTIFY):
        _battle_step(player, game, seat, plan)
    else:
        raise AssertionError(f"no plan for {phase}")
    facts = player.until("f.seq > arg || (f.alert && !f.pending)", before,
                         what=f"the {phase.value} step's action")
    assert not facts.get("alert") or facts["seq"] > before, \
        f"{player.name}: refused: {facts['alert']}"


def trade_a_set(player: PagePlayer, cards: tuple[str, ...]) -> None:
    """Choose these cards in the exchange window (clicks or taps on the cards themselves),
    then press EXCHANGE (Return on a keyboard page)."""
    for card in cards:
        chosen = player.facts().get("chosen") or []
        player.button(f"card:{card}")
        player.until("f.chosen && f.chosen.length === arg", len(chosen) + 1,
                     what=f"{card} chosen")
    player.until("f.buttons.some((b) => b[0] === 'EXCHANGE' && b[6])", what="a set to exchange")
    player.answer("Enter", "EXCHANGE")


def _battle_step(player: PagePlayer, game: Game, seat: int, plan: Plan) -> None:
    if game.phase == Phase.ATTACK and plan.attacks < plan.max_attacks:
        pair = _attack(game, seat)
        if pair is not None:
            source, target = pair
            plan.attacks += 1
            mode = MODES[(len(plan.modes_used) + plan.attacks) % len(MODES)] \
                if len(plan.modes_used) < len(MODES) else "continuous"
            if player.facts().get("source") != source:
                if player.facts().get("source"):
                    player.answer("Escape", "CANCEL")
                player.territory(source)
                player.until("f.source === arg", source, what="the attack's source")
            player.territory(target)
            player.until("f.dialog === 'attack'", what="the attack question")
            player.answer(MODE_KEYS[mode], MODE_LABELS[mode])
            plan.modes_used.add(mode)
            dice = min(3, game.armies[source] - 1)
            player.answer("Enter", "1 DIE" if dice == 1 else f"{dice} DICE")
            return
    if not plan.moved:
        pair = _free_move(game, seat)
        if pair is not None:
            source, target = pair
            plan.moved = True
            if player.facts().get("source"):
                player.answer("Escape", "CANCEL")
            if game.phase == Phase.ATTACK:
                player.answer("f", "FREE MOVE")
            player.territory(source)
            player.until("f.source === arg", source, what="the move's source")
            player.territory(target)
            player.until("f.dialog === 'move'", what="the move question")
            player.answer("Enter", "OK")
            return
    if player.facts().get("source"):
        player.answer("Escape", "CANCEL")
    player.answer("e", "END TURN")


def _in_view(territories: list[str], facts: dict[str, Any]) -> list[str]:
    """Those of `territories` on screen now (a player clicks what they see first)."""
    cx, cy = facts.get("camera", (0, 0))
    return [t for t in territories
            if cx + 20 <= LAYOUT["territories"][t]["anchor"][0] < cx + VIEW[2] - 20
            and cy + 20 <= LAYOUT["territories"][t]["anchor"][1] < cy + VIEW[3] - 20]


def _claim(game: Game, seat: int, facts: dict[str, Any]) -> str:
    free = [t for t, o in game.owner.items() if o is None]
    near = [t for t in free if any(game.owner[n] == seat for n in game.board.neighbours[t])]
    seen = _in_view(free, facts)
    return (_in_view(near, facts) or seen or near or free)[0]


def _front(game: Game, seat: int) -> list[str]:
    own = game.territories_of(seat)
    front = [t for t in own if any(game.owner[n] != seat for n in game.board.neighbours[t])]
    return [t for t in (front or own) if game.room(t) > 0]


def _weakest_front(game: Game, seat: int, neutral_ok: bool, facts: dict[str, Any]) -> str:
    if neutral_ok and game.neutral_quota > 0 and game.neutral_id is not None:
        return game.territories_of(game.neutral_id)[0]
    front = _front(game, seat)
    return min(_in_view(front, facts) or front, key=lambda t: (game.armies[t], t))


def _strongest_front(game: Game, seat: int) -> str:
    return max(_front(game, seat), key=lambda t: (game.armies[t], t))


def _attack(game: Game, seat: int) -> tuple[str, str] | None:
    best = None
    for source in game.territories_of(seat):
        if game.armies[source] < 4:
            continue
        for target in sorted(game.board.neighbours[source]):
            if game.owner[target] != seat and game.armies[target] <= game.armies[source] - 2:
                margin = game.armies[source] - game.armies[target]
                if best is None or margin > best[0]:
                    best = (margin, source, target)
    return None if best is None else (best[1], best[2])


def _free_move(game: Game, seat: int) -> tuple[str, str] | None:
    for source in game.territories_of(seat):
        if game.armies[source] < 3:
            continue
        if any(game.owner[n] != seat for n in game.board.neighbours[source]):
            continue  # (only from behind the front)
        for target in sorted(game.board.neighbours[source]):
            if game.owner[target] == seat and game.room(target) > 0:
                return source, target
    return None
