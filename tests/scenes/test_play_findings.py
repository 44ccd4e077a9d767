"""Issue 10's findings on the whole play screen: refusals seen, confirmations readable, the
camera, Instant, hot-seat privacy, headquarters, the end of a game, titles and autosaves."""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

from typing import Any

import pygame

from game.engine import ArmyChoice, Phase
from game.engine import actions as act
from game.input import Command, CommandEvent
from game.scenes.dialogs.boxes import DialogScene, MessageDialogScene
from game.scenes.play.gameover import GameOverScene
from game.scenes.play.pass_to import HandOverScene
from game.ui import palette
from tests.scenes.driver import (  # noqa: F401 - play_app is a fixture
    attack_pair,
    choose_menu,
    click,
    key,
    new_game,
    pass_hand_over,
    play_app,
    start,
    step,
    to_human_attack,
)

MESSAGE_LINE = (8, 378)  # inside the first line of the message area


def _until(app: Any, done: Any, frames: int = 3000) -> None:
    for _ in range(frames):
        if done():
            return
        step(app)
    raise AssertionError("never happened")


# -- 2: refusals are seen; confirmations stay; the history reaches the newest line --------
def test_a_refused_claim_is_highlighted_over_the_pinned_prompt_until_the_next_action(
        play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant", sound=False)
    game = new_game(("human", "easy"), "us_full", seed=3)
    scene = start(app, game)
    _until(app, lambda: scene.is_humans_move and scene.wait <= 0)
    mine = next(t for t in sorted(game.board.territories) if game.owner[t] is None)
    scene.select(mine)
    _until(app, lambda: scene.is_humans_move and scene.wait <= 0)
    scene.select(mine)  # already ours: refused
    step(app)
    assert "already" in scene.messages.alerting
    assert app.screen.get_at(MESSAGE_LINE)[:3] == palette.ALERT_RED
    step(app, 30)
    assert "already" in scene.messages.alerting  # it stays
    free = next(t for t in sorted(game.board.territories) if game.owner[t] is None)
    scene.select(free)
    step(app)
    assert scene.messages.alerting == ""
    assert app.screen.get_at(MESSAGE_LINE)[:3] != palette.ALERT_RED


def test_game_saved_stays_readable_while_the_computers_play(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    scene.confirm("Game saved as RISKFILE.")
    step(app, 60)  # a second of computer moves
    assert scene.messages.alerting == "Game saved as RISKFILE."
    step(app, 240)
    assert scene.messages.alerting == ""


def test_page_up_shows_the_newest_line_first(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy"), "us_full", seed=3)
    scene = start(app, game)
    for i in range(6):
        scene.messages.add(f"line {i}")
    drawn: list[str] = []
    real = scene.messages.fonts.body.draw

    def spy(surface: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    scene.messages.handle(CommandEvent(Command.PAGE_UP, (0, 0)))
    scene.messages.fonts.body.draw = spy  # type: ignore[method-assign]
    scene.messages.draw(app.screen)
    scene.messages.fonts.body.draw = real  # type: ignore[method-assign]
    assert "line 5" in drawn and "line 4" in drawn


# -- 3: the camera returns to the human's territories at the start of their turn ------------
def test_the_map_returns_to_the_human_at_the_start_of_their_turn(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="fast", map_scroll="jump")
    game = new_game(("human", "easy", "easy"), "uk_full", seed=4)
    scene = start(app, game)
    to_human_attack(app, scene)
    scene.end_turn()
    _until(app, lambda: game.current != 0)
    _until(app, lambda: not all(scene.view.is_in_view(t, 0) for t in game.territories_of(0)))
    _until(app, lambda: game.current == 0 and scene.wait <= 0 and not scene.is_showing_battle)
    step(app, 2)
    mine = game.territories_of(0)
    assert any(scene.view.is_in_view(t, 0) for t in mine)


# -- 4: Instant shows the board after an attack at once, everywhere ---------------------------
def test_instant_attack_shows_the_result_in_badges_and_totals_at_once(play_app: Any) -> None:
    from tests.engine.builders import ScriptedRng

    app = play_app
    app.change_settings(fast_game="instant", automatic_dice=True)
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    source, target = attack_pair(game)
    game.armies[source], game.armies[target] = 20, 3
    game.rng = ScriptedRng([6, 6, 6, 1, 1] * 2)
    scene.perform(act.Attack(source, target, 3))
    assert scene.board.matches(game)
    counts = scene._panel_info().counts
    assert counts is not None and counts[1][0] == game.army_count(0)
    assert counts[0][0] == game.territory_count(0)


# -- 5: hot-seat privacy ------------------------------------------------------------------------
def test_two_humans_get_a_hand_over_and_no_secrets_in_a_computer_turn(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant", automatic_dice=True)
    game = new_game(("human", "human", "easy"), "uk_short", seed=5)
    scene = start(app, game)
    handed: list[str] = []
    for _ in range(6000):
        top = app.scenes.top
        if isinstance(top, HandOverScene):
            handed.append(top.headline)
            assert top.is_opaque  # the board is hidden
            pass_hand_over(app)  # Return, once the hand-over takes presses
            continue
        if top is not scene:
            app.scenes.pop()
            app.scenes.apply_pending()
            continue
        if game.turn >= 4:
            break
        if scene.is_humans_move and game.phase in (Phase.ATTACK, Phase.FORTIFY):
            scene.end_turn()
        elif scene.is_humans_move:
            choice = next(c for c in game.legal_actions()
                          if not isinstance(c, act.UndoPlacements))
            scene.perform(choice.make(choice.hi) if isinstance(choice, ArmyChoice) else choice)
        if not scene.is_humans_move and game.phase in (Phase.REINFORCE, Phase.ATTACK):
            assert scene.viewer is None  # a computer's turn: nobody's mission or cards
            scene.menus.risk_card()
            step(app)
            assert app.scenes.top is scene and "owner" in scene.messages.alerting
        step(app)
    names = [game.players[0].name, game.players[1].name]
    assert any(h == f"Pass to {names[0]}" for h in handed)
    assert any(h == f"Pass to {names[1]}" for h in handed)


# -- 6: headquarters flags; the end waits for a human; the winning move before the stats -----
def test_a_headquarters_badge_carries_a_flag(play_app: Any) -> None:
    from game.ui.palette import PLAYER_COLOURS

    app = play_app
    scene = start(app, new_game(("human", "easy"), "us_short", seed=3))
    plain = scene.view.badge(5, PLAYER_COLOURS[3])
    flagged = scene.view.badge(5, PLAYER_COLOURS[3], headquarters=True)
    assert flagged.get_height() > plain.get_height() + 6
    assert flagged.get_at((4, 1))[:3] == palette.WHITE  # the pennant's white edge
    assert flagged.get_at((0, 3))[:3] == palette.INK  # the pole


def test_a_game_won_before_the_humans_turn_waits_for_a_press(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant", automatic_dice=True)
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    me = game.current
    for tid in game.board.territories:  # all but one territory: the next conquest wins
        game.owner[tid] = me
    source, target = next((s, t) for s in sorted(game.board.territories)
                          for t in sorted(game.board.neighbours[s]))
    game.owner[target] = 1
    game.armies[source], game.armies[target] = 30, 1
    scene.perform(act.Attack(source, target, 3, "do_or_die"))
    _until(app, lambda: game.is_over)
    _until(app, lambda: isinstance(app.scenes.top, MessageDialogScene), 200)
    step(app, 600)  # ten seconds: still the board and the box, not the statistics
    top = app.scenes.top
    assert isinstance(top, MessageDialogScene) and "wins" in " ".join(
        w.text for w in top.dialog.widgets if hasattr(w, "text"))
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert isinstance(app.scenes.top, GameOverScene)


# -- 8: Extend Game retitles; the status line is silent under a dialog ------------------------
def test_extend_game_retitles_and_the_status_line_is_silent_under_a_dialog(
        play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy", "easy"), "uk_short", seed=9)
    scene = start(app, game)
    to_human_attack(app, scene)
    assert "SHORT" in scene.menubar.right_text
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(200, 200), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    assert scene.messages.status.startswith("Pointer:")
    choose_menu(app, scene, "PLAY", "Extend Game")
    assert isinstance(app.scenes.top, DialogScene)
    assert scene.messages.status == ""
    click(app, app.scenes.top.buttons[1].rect.center)  # type: ignore[union-attr]
    assert game.objective == "world" and "SHORT" not in scene.menubar.right_text


# -- 7: the RISK card of a full game opens the player's cards ----------------------------------
def test_the_risk_card_of_a_full_game_opens_the_cards(play_app: Any) -> None:
    from game.scenes.play.cards import CardExchangeScene

    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy"), "us_full", seed=3)
    scene = start(app, game)
    to_human_attack(app, scene)
    click(app, scene.panel.card_rect.center)
    assert isinstance(app.scenes.top, CardExchangeScene) and app.scenes.top.player == 0


# -- 11: autosave before turn 1 and after each human action --------------------------------
def test_autosave_before_turn_one_and_after_a_human_action(play_app: Any) -> None:
    from game.savegame import load_game, save_path

    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy"), "us_full", seed=3)
    scene = start(app, game)
    path = save_path("autosave", scene.saves_dir)
    assert path.exists() and load_game(path).game.phase == Phase.CLAIM
    _until(app, lambda: scene.is_humans_move and scene.wait <= 0)
    tid = next(t for t in sorted(game.board.territories) if game.owner[t] is None)
    scene.select(tid)
    step(app, 30)
    assert load_game(path).game.owner[tid] == 0


# -- 8: the first player is found by a shown roll of the dice ------------------------------
def test_first_roll_rounds_end_with_the_engines_choice_alone_on_top() -> None:
    from game.scenes.play.first_roll import first_roll_rounds

    for seed in range(60):
        chosen = seed % 4
        rounds = first_roll_rounds([0, 1, 2, 3], chosen, seed)
        last = rounds[-1]
        assert max(last.values()) == last[chosen]
        assert [s for s, f in last.items() if f == last[chosen]] == [chosen]
        for earlier, later in zip(rounds[:-1], rounds[1:], strict=True):  # ties roll again
            assert set(later) == {s for s, f in earlier.items() if f == max(earlier.values())}


def test_the_first_roll_is_shown_and_holds_the_game_until_it_ends(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy", "easy"), "us_full", seed=3)
    scene = start(app, game, first_roll=True)
    roll = scene.first_roll
    assert roll is not None and roll.chosen == game.first_player
    claimed = lambda: sum(1 for t in game.board.territories  # noqa: E731
                          if game.owner[t] is not None)
    step(app, 20)
    assert scene.first_roll is roll and claimed() == 0  # nobody moves during the roll
    key(app, pygame.K_SPACE)  # any key: the dice settle
    step(app, 2)
    assert scene.first_roll is None
    assert any("plays first" in text for text, _ in scene.messages.log.lines)


def test_a_computer_attack_is_on_the_map_while_it_is_announced(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="normal", map_scroll="jump")
    game = new_game(("easy", "easy", "standard"), "uk_full", seed=4)
    scene = start(app, game, demo=True)
    seen = 0
    real = scene.announce

    def spy(source: str, target: str) -> None:
        real(source, target)
        spy.pending = (source, target)  # type: ignore[attr-defined]

    spy.pending = None  # type: ignore[attr-defined]
    scene.announce = spy  # type: ignore[method-assign]
    for _ in range(20000):
        step(app)
        pending = spy.pending  # type: ignore[attr-defined]
        if pending is not None:
            spy.pending = None  # type: ignore[attr-defined]
            assert all(scene.view.is_in_view(t, 0) for t in pending), pending
            seen += 1
            if seen >= 8:
                break
    assert seen >= 8
