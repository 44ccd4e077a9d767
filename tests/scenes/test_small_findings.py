"""The small findings of a real-window pass: the computers' claims made out of view with no cue;
a second "For Alex's eyes only" screen before Alex's own card during the hot-seat headquarters
choice; the army number under the pointer hidden by it; the OCCUPY box and the map showing
different numbers; no pad pointer on the map at the start of claiming until RB."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Phase
from game.engine import actions as act
from game.scenes.dialogs.boxes import NumberDialogScene
from game.scenes.info.menu_screens import RiskCardScene
from game.scenes.play.pass_to import HandOverScene
from game.scenes.play.screen import PlayScene
from game.scenes.setup.new_game import SetupScene
from tests.scenes.driver import key, new_game, pass_hand_over, play_app, start, step

__all__ = ["play_app"]


def _first_legal(game: Any) -> Any:
    choice = next(iter(game.legal_actions()))
    return choice.make(choice.hi) if hasattr(choice, "make") else choice


def test_others_claims_out_of_view_get_an_arrow_in_their_colour_at_the_edge(play_app: Any
                                                                           ) -> None:
    play_app.change_settings(fast_game="instant")
    scene = start(play_app, new_game(("human", "easy", "easy", "easy"), "us_full", seed=3))
    game = scene.game
    for _ in range(2):  # two rounds of claims: the computers claim all over the world
        while not (game.to_move == 0 and scene.is_choosing):
            step(play_app)
        if game.owner and sum(o is not None for o in game.owner.values()) > 4:
            break
        scene.select(next(t for t in sorted(game.board.territories) if game.owner[t] is None
                          and scene.view.is_in_view(t, 30)))
        step(play_app)
    step(play_app, 2)
    unseen = [tid for tid, pid in scene.helps.others.items()
              if not scene.view.is_in_view(tid, 6)]
    assert unseen, "every claim happened in view: the test needs another seed"
    assert {tid for tid, _ in scene.marks.beyond} == set(unseen)
    play_app.draw()
    for tid, colour in scene.marks.beyond:
        x, y, _, _ = scene.view.edge_point(tid)
        near = [tuple(play_app.screen.get_at((int(x) + dx, int(y) + dy)))[:3]
                for dx in range(-12, 13) for dy in range(-12, 13)
                if scene.view.rect.collidepoint(int(x) + dx, int(y) + dy)]
        assert colour.rgb in near, tid
    scene.select(next(t for t in sorted(game.board.territories) if game.owner[t] is None))
    step(play_app)
    assert not scene.helps.others or all(  # the human moved: the arrows go
        pid != 0 for pid in scene.helps.others.values())


def test_no_second_eyes_only_screen_before_ones_own_card_at_the_hot_seat_hq_choice(
        play_app: Any) -> None:
    game = new_game(("human", "human", "easy"), "us_short", seed=3)
    while game.phase != Phase.CHOOSE_HQ:
        game.apply(_first_legal(game))
    scene = start(play_app, game)
    step(play_app)
    assert isinstance(play_app.scenes.top, HandOverScene)  # "Pass to ...: your headquarters"
    pass_hand_over(play_app)
    step(play_app)
    assert play_app.scenes.top is scene
    scene.menus.risk_card()
    step(play_app)
    assert isinstance(play_app.scenes.top, RiskCardScene), type(play_app.scenes.top).__name__


def test_the_badge_under_the_pointer_is_drawn_again_above_it(play_app: Any) -> None:
    from tests.scenes.driver import to_human_attack

    play_app.change_settings(fast_game="instant")
    scene = start(play_app, new_game(("human", "easy"), "us_full", seed=3))
    to_human_attack(play_app, scene)
    game = scene.game
    tid = next(t for t in sorted(game.territories_of(0)) if scene.view.is_in_view(t, 40))
    game.armies[tid] = 17
    scene.board.sync(game)
    play_app.input.warp(scene.view.anchor_on_screen(tid))  # the compass right on the badge
    step(play_app, 2)
    badge = scene.view.badge(17, scene.colours[0])
    where = scene.view.lifted_badge_rect(tid, badge, scene.marks.pointer)
    assert where is not None and not where.colliderect(scene.marks.pointer)
    play_app.draw()
    drawn = play_app.screen.subsurface(where).copy()
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(badge, "RGB")


def test_the_map_shows_the_armies_the_occupy_box_proposes(play_app: Any) -> None:
    from tests.scenes.driver import to_human_attack

    play_app.change_settings(fast_game="instant", automatic_dice=True)
    scene = start(play_app, new_game(("human", "easy"), "us_full", seed=3))
    to_human_attack(play_app, scene)
    game = scene.game
    source, target = next((s, t) for s in sorted(game.territories_of(0))
                          for t in sorted(game.board.neighbours[s]) if game.owner[t] == 1)
    game.armies[source], game.armies[target] = 12, 1
    scene.board.sync(game)
    scene.perform(act.Attack(source, target, 3, "do_or_die"))
    for _ in range(300):
        step(play_app)
        if isinstance(play_app.scenes.top, NumberDialogScene):
            break
    dialog = play_app.scenes.top
    assert isinstance(dialog, NumberDialogScene) and dialog.dialog.title == "OCCUPY"
    total = scene.board.armies[source] + scene.board.armies[target]
    shown = scene.helps.shown_armies()
    assert shown[target] == dialog.prompt.value and shown[source] == total - dialog.prompt.value
    key(play_app, pygame.K_DOWN)  # one fewer moves in: the map follows
    step(play_app)
    shown = scene.helps.shown_armies()
    assert shown[target] == dialog.prompt.value and shown[source] == total - dialog.prompt.value
    key(play_app, pygame.K_RETURN)
    step(play_app, 2)
    assert game.armies[target] == shown[target] and scene.helps.shown_armies() == scene.board.armies


def test_a_pads_pointer_comes_onto_the_map_when_claiming_begins(play_app: Any) -> None:
    from tests.devices.players import ControllerDriver

    play_app.change_settings(fast_game="instant")
    setup = SetupScene(play_app)
    play_app.scenes.push(setup)
    play_app.scenes.apply_pending()
    setup._set_count(2)
    setup.game_type, setup.neutral = "us_full", False
    setup.levels[1] = "easy"
    setup._sync()
    pad = ControllerDriver(play_app)
    pad.plug_in()
    play_app.input.warp((632, 394))  # where the mouse was left: the corner of the screen
    pad.button(pad.START)  # Start starts the game
    step(play_app, 2)
    scene = play_app.scenes.top
    assert isinstance(scene, PlayScene)
    game = scene.game
    for _ in range(600):
        if game.to_move == 0 and scene.is_choosing and scene.wait <= 0:
            break
        step(play_app)
    step(play_app, 2)
    pointer = play_app.input.pointer
    assert scene.view.rect.collidepoint(pointer), pointer
    tid = scene.view.territory_at(pointer)
    assert tid is not None and game.owner[tid] is None  # on a territory the claim accepts
    assert scene.pointer.name == "COMPASS"  # drawn there: the compass, the step's pointer
