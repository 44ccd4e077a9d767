"""Settings survive runs and a bad file falls back; audio without a device is silent and says so."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.audio import NO_AUDIO_MESSAGE, SYNTHS, Audio, Sfx, to_pcm16
from game.settings import Settings, SettingsStore


def test_missing_settings_file_gives_defaults_silently(tmp_path: Path) -> None:
    settings, message = SettingsStore(tmp_path / "none.json").load()
    assert settings == Settings() and message is None


def test_saved_settings_load_back(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    chosen = replace(Settings(), sound=False, fast_game="instant", map_reversed=True,
                     pointer_speed=6)
    assert store.save(chosen) is None
    assert store.load() == (chosen, None)
    assert not (tmp_path / "settings.json.tmp").exists()


@pytest.mark.parametrize("content", ["{not json", "[]", '{"format": "other"}',
                                     '{"format": "conquest-settings", "sound": "loud"}',
                                     '{"format": "conquest-settings", "fast_game": "warp"}'])
def test_corrupt_settings_file_falls_back_to_defaults_with_a_message(
        tmp_path: Path, content: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="utf-8")
    settings, message = SettingsStore(path).load()
    assert settings == Settings()
    assert message is not None and "defaults" in message


def test_user_file_overrides_one_binding_and_keeps_the_others(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    data = Settings().to_dict()
    data["key_bindings"] = {"NEW_ATTACK": ["a"]}
    path.write_text(json.dumps(data), encoding="utf-8")
    settings, _ = SettingsStore(path).load()
    assert settings.key_bindings["NEW_ATTACK"] == ("a",)
    assert settings.key_bindings["CANCEL"] == ("escape",)


class _BrokenMixer:
    def get_init(self) -> None:
        return None

    def pre_init(self, *args: object) -> None:
        pass

    def init(self) -> None:
        raise pygame.error("No available audio device")


def test_audio_init_failure_is_silent_and_says_so_once() -> None:
    audio = Audio(enabled=True, mixer=_BrokenMixer())
    assert not audio.is_available
    audio.play(Sfx.DICE)  # nothing happens, nothing fails
    assert audio.take_message() == NO_AUDIO_MESSAGE
    assert audio.take_message() is None


def test_audio_init_failure_through_pygame_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    audio = Audio()
    assert not audio.is_available and audio.message == NO_AUDIO_MESSAGE


def test_every_effect_is_short_loud_enough_and_never_clips() -> None:
    for sfx, synth in SYNTHS.items():
        pcm = to_pcm16(synth(22050))
        assert 0.01 < len(pcm) / 22050 < 1.5, sfx
        peak = max(abs(v) for v in pcm)
        assert 16000 < peak < 32767, sfx


def test_stereo_buffers_interleave_the_same_signal() -> None:
    pcm = to_pcm16([0.0, 0.5, -0.5], channels=2)
    assert list(pcm[0::2]) == list(pcm[1::2])


def test_sound_switch_off_plays_nothing() -> None:
    played: list[str] = []

    class FakeSound:
        def __init__(self, buffer: bytes) -> None:
            pass

        def play(self) -> None:
            played.append("x")

    class FakeMixer:
        Sound = FakeSound

        def get_init(self) -> tuple[int, int, int]:
            return (22050, -16, 1)

    audio = Audio(enabled=False, mixer=FakeMixer())
    audio.play(Sfx.CLICK)
    assert played == []
    audio.enabled = True
    audio.play(Sfx.CLICK)
    assert played == ["x"]
