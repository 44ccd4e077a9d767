"""Regressions from a play-test in a real window: overlays, Return, battles, prompts, camera."""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.engine import ArmyChoice, Phase
from game.engine import actions as act
from game.scenes.play.screen import PlayScene
from game.scenes.info.credits import CreditsScene
from tests.scenes.driver import (  # noqa: F401 - play_app is a fixture
    choose_menu,
    click,
    click_territory,
    key,
    new_game,
    play_app,
    start,
    step,
    territory_pos,
    attack_pair,
    to_human_attack,
)


def _ready_to_attack(app: Any, fast_game: str) -> tuple[Any, PlayScene, str, str]:
    """A human-against-Easy UK game at the human's attack, with Automatic Dice on: the game,
    the scene, and a territory that can attack with its first target."""
    app.change_settings(automatic_dice=True, fast_game=fast_game)
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    source, target = attack_pair(game)
    return game, scene, source, target


# -- 1: every overlay pops exactly once ----------------------------------------------------
def test_about_then_a_key_or_click_pops_only_the_credits(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy"), "uk_full")
    scene = start(app, game)
    step(app, 2)
    for dismiss in (lambda: key(app, pygame.K_RETURN), lambda: key(app, pygame.K_SPACE),
                    lambda: key(app, pygame.K_ESCAPE), lambda: click(app, (300, 200))):
        choose_menu(app, scene, "RISK", "About")
        step(app)
        assert isinstance(app.scenes.top, CreditsScene)
        dismiss()
        step(app)
        assert app.scenes.stack == (scene,)


def test_help_and_info_overlays_pop_once(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy"), "uk_full")
    scene = start(app, game)
    step(app, 2)
    for menu, label in (("RISK", "Help"), ("INFO", "")):
        bar = scene.menubar
        index = next(i for i, m in enumerate(bar.menus) if m.title == menu)
        labels = [it.label for it in bar.menus[index].items if it.is_enabled]
        for item in labels if not label else [label]:
            if item.endswith("...") or item in ("Fullscreen",):
                continue
            choose_menu(app, scene, menu, item)
            step(app)
            if app.scenes.top is scene:
                continue
            for press in (pygame.K_RETURN, pygame.K_ESCAPE):
                key(app, press)
                step(app)
                if app.scenes.top is scene:
                    break
            assert app.scenes.stack == (scene,), (menu, item)


# -- 2: Return presses on the map ----------------------------------------------------------
def test_return_claims_the_territory_under_the_pointer(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy"), "us_full", seed=5)
    scene = start(app, game)
    step(app, 2)
    while game.phase == Phase.CLAIM and not scene.is_humans_move:
        step(app)
    tid = next(t for t in sorted(game.board.territories) if game.owner[t] is None)
    pos = territory_pos(scene, tid)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    key(app, pygame.K_RETURN)
    assert game.owner[tid] == 0


# -- tests never write the repo's saves/ -------------------------------------------------------
def test_autosaves_never_go_to_the_repo_saves_folder(play_app: Any) -> None:
    import game
    from game.resources import saves_dir

    repo_saves = Path(game.__file__).resolve().parent.parent / "saves"
    assert saves_dir().resolve() != repo_saves
    assert PlayScene.saves_dir is not None and PlayScene.saves_dir.resolve() != repo_saves
    before = sorted(repo_saves.glob("*")) if repo_saves.exists() else []
    scene = start(play_app, new_game(("human", "easy"), "uk_full"))
    scene.autosave()
    assert (PlayScene.saves_dir / "autosave.json").exists()
    after = sorted(repo_saves.glob("*")) if repo_saves.exists() else []
    assert after == before


# -- 3: the rolls of an attack show before the next prompt --------------------------------------
def test_do_or_die_attack_shows_every_roll_before_the_occupy_prompt(play_app: Any) -> None:
    from game.engine import events as ev
    from game.scenes.dialogs.boxes import NumberDialogScene

    app = play_app
    game, scene, source, target = _ready_to_attack(app, "fast")
    game.armies[source], game.armies[target] = 40, 6
    scene.attack_mode = "do_or_die"
    applied: list[Any] = []
    real_apply = game.apply

    def spy(action: Any) -> Any:
        events = real_apply(action)
        applied.extend(events)
        return events

    game.apply = spy  # type: ignore[method-assign]
    click_territory(app, scene, source)
    click_territory(app, scene, target)
    seen: list[tuple[Any, Any]] = []
    for _ in range(600):
        dice = scene.panel.dice
        if isinstance(app.scenes.top, NumberDialogScene):
            break
        if not dice.is_rolling and dice.attacker and (not seen or seen[-1] != (
                dice.attacker, dice.defender)):
            seen.append((dice.attacker, dice.defender))
        step(app)
    assert isinstance(app.scenes.top, NumberDialogScene)
    rolls = [(e.attacker_dice, e.defender_dice) for e in applied
             if isinstance(e, ev.BattleResolved)]
    assert len(rolls) >= 2 and game.phase == Phase.OCCUPY
    dice = scene.panel.dice
    assert not dice.is_rolling and dice.caption.startswith("Defender loses")
    assert dice.shown_attacker == tuple(sorted(rolls[-1][0], reverse=True))
    sorted_rolls = [(tuple(sorted(a, reverse=True)), tuple(sorted(d, reverse=True)))
                    for a, d in rolls]
    assert seen == sorted_rolls  # each roll was on screen, settled, in order
    dialog = app.scenes.top.dialog  # type: ignore[union-attr]
    for tid in (source, target):  # the occupy prompt leaves both territories' counts in view
        badge = pygame.Rect(0, 0, 40, 24)
        badge.center = scene.view.anchor_on_screen(tid)
        assert not dialog.rect.colliderect(badge.clip(scene.view.rect)), tid


def test_a_key_skips_the_rolls_to_the_last_one(play_app: Any) -> None:
    from game.scenes.dialogs.boxes import NumberDialogScene

    app = play_app
    app.change_settings(automatic_dice=True, fast_game="normal")
    game = new_game(("human", "easy"), "uk_full", seed=2, neutral=True)
    scene = start(app, game)
    to_human_attack(app, scene)
    source, target = next((s, t) for s in sorted(game.territories_of(0))
                          for t in sorted(game.board.neighbours[s])
                          if game.owner[t] == game.neutral_id)
    game.armies[source], game.armies[target] = 40, 8
    scene.attack_mode = "do_or_die"
    click_territory(app, scene, source)
    click_territory(app, scene, target)
    for _ in range(10):
        if scene.presenter.queue:
            break
        step(app)
    assert len(scene.presenter.queue) >= 2 and app.scenes.top is scene
    step(app, 2)
    key(app, pygame.K_LSHIFT)
    assert not scene.presenter.queue and not scene.panel.dice.is_rolling
    scene.wait = 0.0  # (a computer's last pause may still run)
    step(app, 2)
    assert isinstance(app.scenes.top, NumberDialogScene)


# -- 4, 7: clear placement prompts, pinned on the first message line --------------------------
def test_neutral_placement_prompts_read_clearly(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy"), "us_full", seed=3, neutral=True)
    scene = start(app, game)
    for _ in range(50):
        if game.phase == Phase.PLACE and scene.is_humans_move:
            break
        step(app)
    assert game.phase == Phase.PLACE and game.quota and game.neutral_quota
    text = scene.prompt_text()
    assert text == (f"Alex: place {game.quota} armies on your territories and 1 on a neutral "
                    f"one ({game.setup_pool[0]} left).")
    game.quota = 0  # the own armies are placed; the neutral one is still to come
    assert scene.prompt_text() == "Alex: now place 1 army on a neutral territory."


def test_the_humans_setup_prompt_stays_on_the_first_line(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy", "easy"), "us_full", seed=5)
    scene = start(app, game)
    for _ in range(3):  # three claiming rounds: computers claim between the human's turns
        for _ in range(50):
            step(app)
            if scene.is_humans_move and game.phase == Phase.CLAIM:
                break
        assert scene.messages.log.latest.startswith(("Alex", "Napoleon", "Hannibal"))
        left = sum(1 for t in game.board.territories if game.owner[t] is None)
        assert scene.messages.prompt is not None
        assert scene.messages.prompt[0] == (f"Alex: claim a territory - select an unclaimed "
                                            f"one ({left} left).")
        tid = next(t for t in sorted(game.board.territories) if game.owner[t] is None)
        scene.select(tid)
    step(app)
    scene.messages.draw(app.screen)
    # the drawn first line is the prompt in cream, not the newest narration in white
    strip = app.screen.subsurface((6, 376, 300, 9))
    colours = {strip.get_at((x, y))[:3] for x in range(300) for y in range(9)}
    assert (232, 220, 184) in colours or not scene.is_humans_move
    assert any("claims" in line for line, _ in scene.messages.log.lines)  # narration kept


# -- 5: the phase strip lights MOVE during a free move ----------------------------------------
def test_phase_strip_shows_move_while_choosing_a_free_move(play_app: Any) -> None:
    from game.ui import palette, sidepanel

    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    strip = sidepanel.STRIP_RECT
    attack_cell = (strip.x + sidepanel.STRIP_WIDTHS[0] + 3, strip.y + 1)
    move_cell = (strip.x + sidepanel.STRIP_WIDTHS[0] + sidepanel.STRIP_WIDTHS[1] + 3,
                 strip.y + 1)
    step(app)
    assert app.screen.get_at(attack_cell)[:3] == palette.ALERT_RED
    key(app, pygame.K_f)
    assert scene.mode == "move_from"
    step(app)
    assert app.screen.get_at(move_cell)[:3] == palette.ALERT_RED
    assert app.screen.get_at(attack_cell)[:3] != palette.ALERT_RED


# -- 6: End Game in set-up: a sensible label, and a click goes straight on -------------------
def test_end_game_in_setup_then_a_click_shows_the_statistics(play_app: Any) -> None:
    from game.scenes.play.gameover import GameOverScene

    app = play_app
    game = new_game(("human", "easy"), "us_full", seed=5)
    scene = start(app, game)
    step(app, 2)
    choose_menu(app, scene, "PLAY", "End Game")
    key(app, pygame.K_RIGHT)  # from No to Yes
    key(app, pygame.K_RETURN)
    assert game.is_over and game.turn == 0
    step(app)
    labels: list[str] = []
    real = scene.panel.fonts.body.draw

    def spy(surface: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        labels.append(text)
        return real(surface, text, *args, **kwargs)

    scene.panel.fonts.body.draw = spy  # type: ignore[method-assign]
    scene.panel._draw_turn(app.screen, game)
    scene.panel.fonts.body.draw = real  # type: ignore[method-assign]
    assert "GAME OVER IN SET-UP" in labels and not any("TURN 0" in t for t in labels)
    click(app, (300, 200))
    step(app, 2)
    assert isinstance(app.scenes.top, GameOverScene)


# -- 8 (issue 10 item 3): computer claims are shown; the human's view comes back for their turn
def test_computer_claims_are_shown_and_the_humans_view_comes_back(play_app: Any) -> None:
    from game.scenes.play.camera import spots_of

    app = play_app
    app.change_settings(fast_game="normal", map_scroll="jump")
    game = new_game(("human", "easy", "easy", "easy"), "us_full", seed=5)
    scene = start(app, game)
    step(app, 2)
    scene.view.x, scene.view.y = 0, 0
    shown_away = 0
    human_claims = 0
    real = scene.show_events

    def spy(events: Any, **kwargs: Any) -> None:
        nonlocal shown_away
        real(events, **kwargs)
        spots = spots_of(events)
        if spots and kwargs.get("actor") not in (None, 0):
            # every computer claim is brought into view at once (Jump)
            assert all(scene.view.is_in_view(t, 0) for t in spots), spots
            shown_away += (scene.view.x, scene.view.y) != (0, 0)

    scene.show_events = spy  # type: ignore[method-assign]
    for _ in range(600):
        step(app)
        if scene.is_humans_move and game.phase == Phase.CLAIM and scene.wait <= 0:
            # the human's claim: the map is where they left it, so their click lands
            assert (scene.view.x, scene.view.y) == (0, 0) and scene.view.target is None
            tid = next(t for t in sorted(game.board.territories) if game.owner[t] is None)
            scene.select(tid)
            human_claims += 1
            if human_claims >= 4:
                break
    assert human_claims >= 4 and shown_away >= 1


def test_a_computer_scroll_stops_when_the_human_chooses(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    scene.view.x, scene.view.y = 0, 0
    scene.view.show("new_guinea", "eastern_australia", smooth=True)
    assert scene.view.is_scrolling
    step(app)
    assert not scene.view.is_scrolling and (scene.view.x, scene.view.y) == (0, 0)


# -- 9, 14: every computer attack shows its odds, and its dice through the pause after it -----
def test_every_computer_attack_shows_its_odds(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="fast")
    game = new_game(("easy", "easy", "standard"), "uk_full", seed=4)
    scene = start(app, game, demo=True)
    announced: list[tuple[str, str]] = []
    real = scene._announce_attack

    def spy(source: str, target: str) -> None:
        announced.append((source, target))
        real(source, target)

    scene._announce_attack = spy  # type: ignore[method-assign]
    attacks = 0
    for _ in range(20000):
        step(app)
        if len(announced) > attacks:
            attacks = len(announced)
            assert scene.panel.odds.label.startswith("Win"), scene.panel.odds.label
            for _ in range(3):
                step(app)
                assert scene.panel.odds.label.startswith("Win"), scene.panel.odds.label
        if attacks >= 12:
            break
    assert attacks >= 12


def test_the_pause_after_a_computer_attack_shows_the_settled_roll(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="normal")
    game = new_game(("easy", "easy", "standard"), "uk_full", seed=4)
    scene = start(app, game, demo=True)
    checked = 0
    for _ in range(20000):
        attacking = scene.last_attack
        step(app)
        if scene.last_attack is not attacking and scene.last_attack is not None:
            # the next computer decision waits until this roll has settled and been shown
            moves = len(scene.messages.log)
            frames = 0
            while scene.is_showing_battle:
                assert len(scene.messages.log) == moves  # nothing else happened meanwhile
                step(app)
                frames += 1
            assert scene.panel.dice.attacker and not scene.panel.dice.is_rolling
            assert scene.panel.dice.caption
            assert frames >= 10
            checked += 1
            if checked >= 3:
                break
    assert checked >= 1


# -- 10: the status line names the player and never goes stale over the panel -----------------
def test_pointer_status_names_the_owner_and_clears_over_the_panel(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    step(app, 2)
    tid = "egypt"
    pos = territory_pos(scene, tid)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    owner = game.owner[tid]
    assert owner is not None
    colour = scene.colours[owner].name.lower()
    assert scene.messages.status == (f"Pointer: Egypt - {game.players[owner].name} ({colour}) - "
                                     f"{game.armies[tid]} armies").replace(" 1 armies", " 1 army")
    for spot in ((560, 60), (540, 200), (300, 385)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        step(app)
        assert "Egypt" not in scene.messages.status and "Pointer:" not in scene.messages.status
        assert scene.messages.status


# -- 11: every narrated sentence begins with a capital -----------------------------------------
def test_narration_sentences_are_capitalised() -> None:
    from game.engine import events as ev
    from game.scenes.play.narrate import narrate

    game = new_game(("human", "easy"), "uk_full", seed=2)
    src = game.territories_of(0)[0]
    tgt = next(iter(game.board.neighbours[src]))
    lines = narrate(game, [ev.BattleResolved(src, tgt, (6,), (2,), 0, 1)], lambda pid: True)
    assert lines and all(line.text[0].isupper() for line in lines)
    assert lines[0].text == "Attacker loses 0, defender loses 1."


# -- 12: Show Cards is dimmed with no cards ---------------------------------------------------
def test_show_cards_is_dimmed_without_cards(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    bar = scene.menubar
    play = next(m for m in bar.menus if m.title == "PLAY")
    item = next(it for it in play.items if it.label == "Show Cards")
    assert not game.players[0].hand and not item.is_enabled
    key(app, pygame.K_c)
    assert app.scenes.top is scene
    game.players[0].hand.append(sorted(game.board.territories)[0])
    assert item.is_enabled


# -- 13: the attack and defence prompts leave the two territories visible ----------------------
def _territory_rect(scene: PlayScene, tid: str) -> pygame.Rect:
    """Where the territory's army count shows, with a margin."""
    r = pygame.Rect(0, 0, 40, 24)
    r.center = scene.view.anchor_on_screen(tid)
    return r.clip(scene.view.rect)


def test_attack_dice_prompt_does_not_cover_the_battle(play_app: Any) -> None:
    from game.scenes.dialogs.boxes import ChoiceDialogScene

    app = play_app
    app.change_settings(automatic_dice=False, fast_game="instant")
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    checked = 0
    me = game.current
    pairs = [(s, t) for s in sorted(game.territories_of(me))
             for t in sorted(game.board.neighbours[s]) if game.owner[t] != me]
    for source, target in pairs[:6]:
        game.armies[source] = 10
        scene.view.centre_on(scene.view.art.anchor(target))
        x, y = scene.view.anchor_on_screen(target)
        click(app, scene.view.anchor_on_screen(source))
        if scene.mode != "attack_to":
            continue
        click(app, scene.view.anchor_on_screen(target))
        top = app.scenes.top
        assert isinstance(top, ChoiceDialogScene) and top.dialog is not None
        for tid in (source, target):
            assert not top.dialog.rect.colliderect(_territory_rect(scene, tid)), tid
        key(app, pygame.K_ESCAPE)
        scene.cancel_selection()
        checked += 1
        del x, y
    assert checked >= 2


def test_defend_prompt_does_not_cover_the_battle(play_app: Any) -> None:
    from game.scenes.dialogs.boxes import ChoiceDialogScene

    app = play_app
    app.change_settings(automatic_dice=False, fast_game="instant")
    game = new_game(("easy", "human"), "uk_full", seed=2)
    scene = start(app, game)
    for _ in range(3000):
        step(app)
        top = app.scenes.top
        if isinstance(top, ChoiceDialogScene) and game.phase == Phase.DEFEND:
            battle = game.battle
            assert battle is not None and top.dialog is not None
            for tid in (battle.source, battle.target):
                r = _territory_rect(scene, tid)
                assert r.width and not top.dialog.rect.colliderect(r), tid
            return
        if scene.is_humans_move and game.phase != Phase.DEFEND:
            choice = next(c for c in game.legal_actions() if isinstance(c, ArmyChoice)
                          or not isinstance(c, act.UndoPlacements))
            while app.scenes.top is not scene:
                app.scenes.pop()
                app.scenes.apply_pending()
            if game.phase == Phase.ATTACK:
                scene.perform(act.EndTurn())
            else:
                scene.perform(choice.make(choice.hi) if isinstance(choice, ArmyChoice)
                              else choice)
    raise AssertionError("no defence was asked")


def test_the_map_counts_down_roll_by_roll_while_an_attack_is_shown(play_app: Any) -> None:
    """The badges must not jump to the attack's result before its rolls have been shown."""
    from tests.engine.builders import ScriptedRng

    app = play_app
    game, scene, source, target = _ready_to_attack(app, "fast")
    game.armies[source], game.armies[target] = 12, 1
    # three rolls lost by the attacker (3 dice against one 6), then the conquest
    game.rng = ScriptedRng([1, 1, 1, 6] * 3 + [6, 1, 1, 1])
    scene.attack_mode = "do_or_die"
    click_territory(app, scene, source)
    click_territory(app, scene, target)
    assert game.owner[target] == game.current  # the engine has played the whole chain
    shown: list[int] = []
    for _ in range(600):
        if not scene.is_showing_battle:
            break
        count = scene.board.armies[source]
        if not shown or shown[-1] != count:
            shown.append(count)
        step(app)
    # the map started from twelve and lost one army with each roll shown, not all at once
    assert shown == [12, 11, 10, 9]


def test_the_result_is_told_and_counted_only_when_the_dice_have_shown_it(play_app: Any) -> None:
    """A single roll: the message area and the player key wait for the dice to settle."""
    from tests.engine.builders import ScriptedRng

    app = play_app
    game, scene, source, target = _ready_to_attack(app, "normal")
    game.armies[source], game.armies[target] = 10, 1
    game.rng = ScriptedRng([6, 5, 4, 1])  # three dice against one: the defender falls
    me, victim = game.current, game.owner[target]
    army_before = game.army_count(victim)
    news = f"{game.players[me].name} conquers {game.board.territory_name(target)}"
    told = lambda: " ".join(text for text, _ in scene.messages.log.lines).count(news)  # noqa: E731
    already = told()
    scene.perform(act.Attack(source, target, 3))
    assert game.owner[target] == me  # the engine has decided already
    assert scene.panel.dice.is_rolling
    assert told() == already
    counts = scene._panel_info().counts
    assert counts is not None and counts[1][victim] == army_before
    for _ in range(300):
        if not scene.is_showing_battle:
            break
        step(app)
    assert told() == already + 1
    counts = scene._panel_info().counts  # the key now reads the game's own totals
    assert counts is not None and counts[1][victim] == game.army_count(victim)


def test_a_conquest_clears_the_odds_and_a_new_defence_clears_the_old_dice(play_app: Any) -> None:
    from game.engine import events as ev

    app = play_app
    app.change_settings(automatic_dice=True, fast_game="instant")
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    scene.announced_odds = (0.99, "17 v 3")
    scene.panel.dice.roll(scene.colours[0], scene.colours[1], (6, 5, 4), (1,), "Old", 0.0)
    source, target = attack_pair(game)
    scene.absorb([ev.TerritoryConquered(game.current, 1, source, target, 3)])
    for _ in range(3):
        step(app)
    assert scene.announced_odds is None
    scene.absorb([ev.DefenceRequested(0, source, target, 2)])
    assert not scene.panel.dice.attacker


def test_the_next_defence_of_the_same_attack_keeps_its_last_roll_on_screen(play_app: Any) -> None:
    """A defender choosing dice for the next battle of the same attack decides on the last
    roll: it stays in the battle box; another attack's defence says which attack it is."""
    from game.engine import events as ev
    from game.ui.sidepanel import BATTLE_RECT

    app = play_app
    app.change_settings(automatic_dice=True, fast_game="instant")
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    source, target = attack_pair(game)
    scene.absorb([ev.DiceRolled(game.current, 1, source, target, (6, 5, 4), (3, 2)),
                  ev.BattleResolved(source, target, (6, 5, 4), (3, 2), 0, 2)])
    for _ in range(3):
        step(app)
    assert scene.panel.dice.attacker == (6, 5, 4)
    scene.absorb([ev.DefenceRequested(1, source, target, 2)])  # the same attack goes on
    assert scene.panel.dice.attacker == (6, 5, 4)

    other = next(t for t in game.board.neighbours[source] if t != target)
    scene.absorb([ev.DefenceRequested(1, source, other, 2)])  # another attack
    assert not scene.panel.dice.attacker
    assert scene.panel.dice.idle == f"Attack on\n{game.board.territory_name(other)}"
    step(app)
    box = app.screen.subsurface(BATTLE_RECT).copy()
    scene.panel.dice.clear()
    step(app)
    assert pygame.image.tobytes(box, "RGB") != pygame.image.tobytes(
        app.screen.subsurface(BATTLE_RECT), "RGB")  # the box shows the attack, not the idle text
