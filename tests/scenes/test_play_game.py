"""A whole game played through the play screen with the mouse (and Return/ESC at prompts)."""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Game, Phase
from game.scenes.dialogs.boxes import DialogScene
from game.scenes.play.screen import PlayScene
from game.scenes.play.cards import CardExchangeScene
from tests.scenes.driver import (  # noqa: F401 - play_app is a fixture
    choose_menu,
    click,
    click_territory,
    key,
    new_game,
    play_app,
    start,
    step,
)

MAX_ACTIONS = 6000


def _border(game: Game, pid: int) -> str:
    """The player's territory with most armies among those next to an enemy."""
    own = game.territories_of(pid)
    border = [t for t in own if any(game.owner[n] != pid for n in game.board.neighbours[t])]
    return max(border or own, key=lambda t: (game.armies[t], t))


def _best_attack(game: Game, pid: int) -> tuple[str, str] | None:
    best = None
    for source in game.territories_of(pid):
        for target in sorted(game.board.neighbours[source]):
            if game.owner[target] == pid or game.armies[source] < 3:
                continue
            margin = game.armies[source] - game.armies[target]
            if margin > 1 and (best is None or margin > best[0]):
                best = (margin, source, target)
    return None if best is None else (best[1], best[2])


def human_act(app: Any, scene: PlayScene) -> None:
    """One thing a sensible human would do now, by mouse and keys only."""
    game = scene.game
    top = app.scenes.top
    if isinstance(top, CardExchangeScene):
        if top.guard > 0:  # just opened: a player reads the cards before choosing
            step(app)
            return
        # pick the first valid set card by card with the mouse, then press Exchange
        wanted = sorted(top.valid_sets[0])
        for card in wanted:
            click(app, top.card_rects[top.hand.index(card)].center)
        assert top.is_valid_choice
        click(app, top.ok.rect.center)
        return
    if top is not scene:
        assert isinstance(top, DialogScene)
        key(app, pygame.K_RETURN)  # accept the default of whatever is asked
        return
    me = game.to_move
    phase = game.phase
    if phase == Phase.CLAIM:
        click_territory(app, scene, sorted(t for t, o in game.owner.items() if o is None)[0])
    elif phase in (Phase.PLACE, Phase.REINFORCE, Phase.CHOOSE_HQ):
        click_territory(app, scene, _border(game, me))
    elif phase == Phase.ATTACK:
        attack = _best_attack(game, me)
        if attack is None:
            key(app, pygame.K_ESCAPE)
            return
        source, target = attack
        if scene.source != source:
            click_territory(app, scene, source)
        click_territory(app, scene, target)
    elif phase == Phase.FORTIFY:
        key(app, pygame.K_ESCAPE)
    else:
        step(app)


def test_whole_us_short_game_played_with_the_mouse_against_a_computer(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant", automatic_dice=True)
    game = new_game(("human", "easy"), "us_short", seed=11, hq_to_win=2)
    scene = start(app, game)
    choose_menu(app, scene, "PLAY", "Do Or Die Attack")
    assert scene.attack_mode == "do_or_die"
    seen: set[Phase] = set()
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        seen.add(game.phase)
        if scene.is_human(game.to_move) or app.scenes.top is not scene:
            human_act(app, scene)
        else:
            step(app)
    assert game.is_over, f"still {game.phase} at turn {game.turn}"
    assert game.winner is not None
    assert {Phase.CLAIM, Phase.PLACE, Phase.CHOOSE_HQ, Phase.REINFORCE, Phase.ATTACK} <= seen
    assert game.stats.invasions_won[0] > 0  # the human conquered something with the mouse
    step(app, 200)  # the victory pause, then the game-over screen (or its fallback)
    assert app.scenes.top is not scene


def test_uk_game_with_three_dice_prompts_and_occupation_dialogs(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant", automatic_dice=False)
    game = new_game(("human", "standard", "easy"), "uk_full", seed=5)
    scene = start(app, game)
    turns = 0
    for _ in range(1500):
        if game.is_over or game.turn > 12:
            break
        if scene.is_human(game.to_move) or app.scenes.top is not scene:
            human_act(app, scene)
        else:
            step(app)
        turns = game.turn
    assert turns > 3
    assert game.stats.battles_won[0] + game.stats.battles_lost[0] > 0
