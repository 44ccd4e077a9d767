"""The play screen's menus, save and resume, map pixels, prompts and computer turns."""
# ruff: noqa: F811 - the play_app fixture is imported from driver.py

from __future__ import annotations

from typing import Any

import pygame

from game.engine import ArmyChoice, Phase
from game.engine import actions as act
from game.scenes.dialogs.boxes import ChoiceDialogScene, DialogScene, NumberDialogScene
from game.scenes.play.screen import PlayScene, start_demo
from game.ui.pointers import PointerKind
from game.scenes.dialogs.files import ResumeGameScene, SaveGameScene
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






def test_uk_game_starts_with_badges_in_owner_colours(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy", "easy"), "uk_full")
    scene = start(app, game)
    step(app, 2)
    for tid in ("brazil", "egypt", "ural"):
        x, y = territory_pos(scene, tid)
        step(app)
        owner = game.owner[tid]
        assert owner is not None
        width = scene.view.badge(game.armies[tid], scene.colours[owner]).get_width()
        # the badge's inner fill, left of the number
        assert app.screen.get_at((x - width // 2 + 2, y + 1))[:3] == scene.colours[owner].rgb


def test_attacker_and_defender_are_marked_and_the_odds_shown(play_app: Any) -> None:
    app = play_app
    app.change_settings(automatic_dice=False, fast_game="instant")
    game = new_game(("human", "easy"), "uk_full", seed=2)
    scene = start(app, game)
    to_human_attack(app, scene)
    source, target = attack_pair(game)
    click_territory(app, scene, source)
    assert scene.mode == "attack_to" and scene.source == source
    click_territory(app, scene, target)
    step(app)
    assert scene.target == target
    assert scene.panel.odds.label.startswith("Win")
    top = app.scenes.top
    dice = game.attack_dice_allowed(source)
    if dice > 1:
        assert isinstance(top, ChoiceDialogScene)  # how many dice?
    # the 'a' letters: their dark ink appears inside the attacker's box on screen
    view = scene.view
    box = view.art.bounding_box(source)
    origin = view.to_screen(box.topleft)
    screen = app.screen
    ink = 0
    for y in range(box.height):
        for x in range(box.width):
            sx, sy = origin[0] + x, origin[1] + y
            if view.rect.collidepoint(sx, sy) and screen.get_at((sx, sy))[:3] == (24, 20, 28):
                ink += 1
    assert ink > 10
    if dice > 1:
        key(app, pygame.K_RETURN)  # the default: the most dice
    step(app, 3)
    assert game.stats.battles_won[0] + game.stats.battles_lost[0] > 0
    assert scene.panel.dice.attacker


def test_reinforcement_prompt_defaults_to_all_and_esc_cancels(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy"), "uk_full", seed=4)
    scene = start(app, game)
    while not (game.phase == Phase.REINFORCE and scene.is_human(game.current)):
        if scene.is_human(game.to_move):
            choice = next(c for c in game.legal_actions() if isinstance(c, ArmyChoice))
            scene.perform(choice.make(choice.hi))
        else:
            step(app)
    step(app)
    while app.scenes.top is not scene:  # a card offer cannot come yet, but be safe
        key(app, pygame.K_ESCAPE)
    mine = game.territories_of(game.current)[0]
    before = game.armies[mine]
    total = game.reinforcements
    click_territory(app, scene, mine)
    assert isinstance(app.scenes.top, NumberDialogScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene and game.armies[mine] == before
    click_territory(app, scene, mine)
    key(app, pygame.K_RETURN)
    assert game.armies[mine] == before + total
    assert game.phase == Phase.ATTACK
    choose_menu(app, scene, "PLAY", "Undo Placements")
    assert game.phase == Phase.REINFORCE and game.armies[mine] == before


def test_every_menu_item_opens_or_acts(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy", "easy"), "us_short", seed=8)
    scene = start(app, game)
    skip = {"Fullscreen", "Shutdown", "New Game...", "Resume Game...", "Cheat", "End Game...",
            "Change Sides...", "Extend Game..."}
    for menu in scene.menubar.menus:
        for item in menu.items:
            if item.separator or item.label in skip or not item.is_enabled:
                continue
            item.action()  # type: ignore[misc]
            app.scenes.apply_pending()
            while app.scenes.top is not scene:
                top = app.scenes.top
                if isinstance(top, NumberDialogScene):
                    key(app, pygame.K_RETURN)
                else:
                    app.scenes.pop()
                    app.scenes.apply_pending()
    assert game.variants.supply_lines and game.variants.attack_advantage
    assert game.variants.army_limit == 12
    assert app.settings.colour_blind and app.settings.fast_game == "instant"
    choose_menu(app, scene, "VARIANTS", "Army Limit")
    assert game.variants.army_limit is None
    choose_menu(app, scene, "PLAY", "Continuous Attack")
    assert scene.attack_mode == "continuous"
    choose_menu(app, scene, "PLAY", "Do Or Die Attack")
    assert scene.attack_mode == "do_or_die"
    choose_menu(app, scene, "PLAY", "Do Or Die Attack")
    assert scene.attack_mode == "single"


def test_change_sides_cheat_extend_and_end_game(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy", "easy"), "uk_short", seed=9)
    scene = start(app, game)
    to_human_attack(app, scene)
    me = game.current
    enemy = next(t for t in game.board.territories if game.owner[t] != me)
    choose_menu(app, scene, "OPTIONS", "Cheat")
    assert scene.mode == "cheat"
    click_territory(app, scene, enemy)
    assert game.owner[enemy] == me
    choose_menu(app, scene, "PLAY", "Extend Game")
    assert isinstance(app.scenes.top, DialogScene)
    click(app, app.scenes.top.buttons[1].rect.center)  # Yes
    assert game.objective == "world"
    name = game.players[me].name
    choose_menu(app, scene, "OPTIONS", "Change Sides")
    choice = app.scenes.top
    assert isinstance(choice, ChoiceDialogScene)
    click(app, choice.buttons[0].rect.center)
    assert game.players[me].name != name and game.current != me
    step(app, 5)
    choose_menu(app, scene, "PLAY", "End Game")
    click(app, app.scenes.top.buttons[1].rect.center)  # type: ignore[union-attr]
    assert game.is_over


def test_save_then_resume_gives_the_same_game(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="instant")
    game = new_game(("human", "easy", "easy"), "uk_full", seed=12)
    scene = start(app, game)
    to_human_attack(app, scene)
    choose_menu(app, scene, "PLAY", "Continuous Attack")
    choose_menu(app, scene, "FILE", "Save Game")
    assert isinstance(app.scenes.top, SaveGameScene)
    key(app, pygame.K_RETURN)  # the default name, RISKFILE
    step(app, 2)
    assert scene.save_name == "RISKFILE" and app.scenes.top is scene
    saved = game.to_dict()
    scene.perform(act.EndTurn())
    step(app, 20)
    assert game.to_dict() != saved
    choose_menu(app, scene, "FILE", "Resume Game")
    assert isinstance(app.scenes.top, ResumeGameScene)
    key(app, pygame.K_RETURN)  # the default name, RISKFILE
    step(app, 3)
    resumed = app.scenes.top
    assert isinstance(resumed, PlayScene) and resumed is not scene
    assert resumed.game.to_dict() == saved
    assert resumed.attack_mode == "continuous"
    assert (PlayScene.saves_dir / "autosave.json").exists()  # type: ignore[operator]


def test_computer_turn_shows_the_cannon_and_narrates(play_app: Any) -> None:
    app = play_app
    app.change_settings(fast_game="normal")
    scene = start_demo(app, 21, False)
    app.scenes.push(scene)
    app.scenes.apply_pending()
    step(app, 30)
    assert scene.pointer is PointerKind.CANNON
    while scene.game.phase != Phase.ATTACK:
        step(app, 10)
    text = " ".join(t for t, _ in scene.messages.log.lines)
    assert "receives" in text and "Turn 1" in text
    # menus respond between computer steps
    choose_menu(app, scene, "PLAY", "Continuous Attack")
    assert scene.attack_mode == "continuous"


def test_right_drag_scrolls_the_map_and_status_names_the_territory(play_app: Any) -> None:
    app = play_app
    game = new_game(("human", "easy"), "uk_full")
    scene = start(app, game)
    view = scene.view
    view.centre_on((565, 326))
    before = view.camera
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 200), button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 170), rel=(-50, -30),
                                         buttons=(0, 0, 1)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(150, 170), button=3))
    step(app)
    assert view.camera == (before[0] + 50, before[1] + 30)
    x, y = territory_pos(scene, "egypt")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    assert scene.messages.status.startswith("Pointer: Egypt - ")
    assert scene.messages.status.endswith("army") or "armies" in scene.messages.status
