"""The on-screen keyboard with each device, and the prompts of the windows per device: a pad
prompt never names a key, a keyboard prompt names keys, a mouse prompt says click."""

from __future__ import annotations

import re

import pygame

from game.app import App
from game.scenes.dialogs.boxes import NumberDialogScene, TextEntryScene
from game.scenes.setup.new_game import SetupScene
from game.ui import glyphs
from tests.scenes.screens_support import app, click, key, show, type_text

__all__ = ["app"]
KEY_WORDS = re.compile(r"\b(ESC|Return|Space|Tab|F\d+|Shift|keypad|arrows|digit)\b")


def _pad(app: App, button: int) -> None:
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, instance_id=6, button=button))
        app.step(1 / 60)


def _entry(app: App, results: list[str | None], text: str = "Alex") -> TextEntryScene:
    scene = show(app, TextEntryScene(app, "ENTER NAME", text, 12, results.append, fresh=True))
    assert isinstance(scene, TextEntryScene)
    return scene


def test_the_mouse_alone_types_on_the_on_screen_keyboard(app: App) -> None:
    results: list[str | None] = []
    scene = _entry(app, results)
    keys = {k: r for line in scene.keyboard.keys for k, r in line}
    for letter in "MAX":
        click(app, keys[letter].center)
    click(app, keys["DEL"].center)
    click(app, keys["DONE"].center)
    assert results == ["MA"]


def test_keys_alone_type_into_it_and_return_ends_it(app: App) -> None:
    results: list[str | None] = []
    _entry(app, results)
    type_text(app, "Bo")
    key(app, pygame.K_BACKSPACE)
    type_text(app, "ea")
    key(app, pygame.K_RETURN)
    assert results == ["Bea"]


def test_cancel_keeps_nothing(app: App) -> None:
    results: list[str | None] = []
    _entry(app, results)
    _pad(app, pygame.CONTROLLER_BUTTON_B)
    assert results == [None]


def test_setup_and_number_prompts_name_only_the_pad_after_a_pad_press(app: App) -> None:
    scene = show(app, SetupScene(app))
    assert isinstance(scene, SetupScene)
    for button in (pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                   pygame.CONTROLLER_BUTTON_DPAD_RIGHT):
        _pad(app, button)
        text = glyphs.plain(scene.hint.text)
        assert not KEY_WORDS.search(text) and "click" not in text.lower(), text
        assert "{A}" in scene.hint.text
    key(app, pygame.K_TAB)
    assert KEY_WORDS.search(scene.hint.text) and "{" not in scene.hint.text
    dialog = show(app, NumberDialogScene(app, "HOW MANY", "How many?", 1, 9, 5, lambda n: None))
    assert isinstance(dialog, NumberDialogScene)
    assert "Return = 5" in dialog.range_label.text
    _pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert dialog.range_label.text == "1 to 9, {A} = 6"  # the number A takes now
    assert not KEY_WORDS.search(glyphs.plain(dialog.range_label.text))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert "OK = " in dialog.range_label.text


def test_shift_steps_through_capitals_small_letters_and_symbols(app: App) -> None:
    """A pad alone can type any printable character a password or an IPv6 address needs."""
    results: list[str | None] = []
    scene = _entry(app, results, text="")
    osk = scene.keyboard
    keys = {k: r for line in osk.keys for k, r in line}
    def face_of_w() -> bytes:  # W types "@" on the symbol layer
        return pygame.image.tobytes(app.screen.subsurface(keys["W"]), "RGB")

    before = face_of_w()
    wanted = "Pa$s:w0rd!"
    for char in wanted:
        layer, letter = osk.key_for(char)
        while osk.layer != layer:
            click(app, keys["SHIFT"].center)
        click(app, keys[letter].center)
    assert osk.text == wanted
    assert osk.layer == "symbols"
    assert face_of_w() != before  # the keys show the symbols now
    click(app, keys["SHIFT"].center)
    assert osk.layer == "upper"  # round again to capitals
    click(app, keys["DONE"].center)
    assert results == [wanted]


def test_every_printable_character_but_the_backquote_has_a_key() -> None:
    import string

    from game.ui.osk import OnScreenKeyboard

    for char in string.ascii_letters + string.digits + string.punctuation:
        if char == "`":
            continue
        layer, letter = OnScreenKeyboard.key_for(char)
        assert layer in ("upper", "lower", "symbols") and len(letter) == 1


def test_the_keyboard_hint_fits_its_box_and_names_the_device_in_hand(app: App) -> None:
    scene = _entry(app, [])
    hints = []
    click(app, (scene.rect.centerx, scene.rect.bottom - 4))  # the mouse in hand
    hints.append(scene.hint())
    assert "Click" in hints[-1] and not KEY_WORDS.search(hints[-1])
    type_text(app, "a")  # the keyboard in hand
    hints.append(scene.hint())
    assert "Return" in hints[-1]
    _pad(app, pygame.CONTROLLER_BUTTON_X)  # the pad in hand
    hints.append(scene.hint())
    assert not KEY_WORDS.search(hints[-1]) and "Click" not in hints[-1]
    for hint in hints:  # drawn on one line inside the box's frame
        assert glyphs.text_width(app.fonts.body, hint) <= scene.rect.width - 12, hint
