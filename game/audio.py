"""Sound effects synthesised at start-up in pure Python (`array` buffers), and the sound switch.

No sample files: each effect is a few lines of synthesis. With no audio device the game runs
silent and leaves one message for the message area.
"""

from __future__ import annotations

import math
import random
import time
from array import array
from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any

import pygame

SAMPLE_RATE = 22050
PEAK = 0.7  # of full scale: loud enough, never clipping
NO_AUDIO_MESSAGE = "No sound device found: the game runs silently."


class Sfx(Enum):
    """The effects the game plays."""

    DICE = "dice"
    BATTLE = "battle"
    CONQUEST = "conquest"
    ELIMINATION = "elimination"
    VICTORY = "victory"
    CLICK = "click"
    REFUSAL = "refusal"


def _tone(rate: int, freq: float, seconds: float, *, wave: str = "triangle",
          attack: float = 0.005, release: float = 0.05, volume: float = 1.0,
          slide: float = 0.0) -> list[float]:
    """One note with a linear attack and an exponential-ish release; `slide` bends Hz/s."""
    n = int(rate * seconds)
    out = [0.0] * n
    phase = 0.0
    att = max(1, int(rate * attack))
    rel = max(1, int(rate * release))
    two_pi = 2 * math.pi
    for i in range(n):
        f = freq + slide * i / rate
        phase = (phase + f / rate) % 1.0
        if wave == "square":
            v = 0.6 if phase < 0.5 else -0.6
        elif wave == "sine":
            v = math.sin(two_pi * phase)
        else:
            v = 4.0 * abs(phase - 0.5) - 1.0
        env = min(1.0, i / att, (n - i) / rel)
        out[i] = v * env * volume
    return out


def _noise(rate: int, seconds: float, rng: random.Random, *, decay: float,
           smooth: float = 0.0, volume: float = 1.0) -> list[float]:
    """Decaying noise; `smooth` (0..1) is a one-pole low-pass for a duller thud."""
    n = int(rate * seconds)
    out = [0.0] * n
    last = 0.0
    k = math.exp(-1.0 / (rate * decay))
    env = volume
    for i in range(n):
        last = last * smooth + (rng.random() * 2 - 1) * (1 - smooth)
        out[i] = last * env
        env *= k
    return out


def _mix(length: float, rate: int, parts: list[tuple[float, list[float]]]) -> list[float]:
    out = [0.0] * int(rate * length)
    for start, samples in parts:
        offset = int(start * rate)
        for i, v in enumerate(samples[: max(0, len(out) - offset)]):
            out[offset + i] += v
    return out


def _dice(rate: int) -> list[float]:
    rng = random.Random(6)
    parts = []
    t = 0.0
    for _ in range(9):
        parts.append((t, _noise(rate, 0.03, rng, decay=0.006, smooth=0.3)))
        parts.append((t, _tone(rate, rng.uniform(1800, 2600), 0.02, wave="sine", volume=0.3)))
        t += rng.uniform(0.025, 0.05)
    return _mix(t + 0.05, rate, parts)


def _battle(rate: int) -> list[float]:
    rng = random.Random(1)
    boom = _noise(rate, 0.45, rng, decay=0.12, smooth=0.93, volume=3.0)
    thump = _tone(rate, 90, 0.35, wave="sine", attack=0.002, release=0.3, slide=-120)
    crack = _noise(rate, 0.04, rng, decay=0.01, smooth=0.2, volume=0.6)
    return _mix(0.45, rate, [(0, boom), (0, thump), (0, crack)])


def _melody(rate: int, notes: list[tuple[float, float, float]], wave: str) -> list[float]:
    """notes: (start seconds, frequency, length seconds); a soft fifth above adds brass."""
    end = max(s + d for s, _, d in notes) + 0.05
    parts = []
    for start, freq, dur in notes:
        parts.append((start, _tone(rate, freq, dur, wave=wave, release=dur * 0.5, volume=0.7)))
        parts.append((start, _tone(rate, freq * 2, dur, wave="sine", release=dur * 0.5,
                                   volume=0.15)))
    return _mix(end, rate, parts)


def _conquest(rate: int) -> list[float]:
    c, e, g, c2 = 523.3, 659.3, 784.0, 1046.5
    return _melody(rate, [(0, c, 0.08), (0.08, e, 0.08), (0.16, g, 0.08), (0.24, c2, 0.25)],
                   "square")


def _elimination(rate: int) -> list[float]:
    return _melody(rate, [(0, 392.0, 0.16), (0.16, 311.1, 0.16), (0.32, 261.6, 0.16),
                          (0.48, 196.0, 0.4)], "triangle")


def _victory(rate: int) -> list[float]:
    c, e, g, c2 = 523.3, 659.3, 784.0, 1046.5
    return _melody(rate, [(0, g / 2, 0.12), (0.12, c, 0.12), (0.24, e, 0.12), (0.36, g, 0.24),
                          (0.6, e, 0.12), (0.72, g, 0.5), (0.72, c2, 0.5)], "square")


def _click(rate: int) -> list[float]:
    return _tone(rate, 1500, 0.025, wave="sine", attack=0.001, release=0.02, volume=0.6)


def _refusal(rate: int) -> list[float]:
    a = _tone(rate, 110, 0.22, wave="square", release=0.04, volume=0.5)
    b = _tone(rate, 117, 0.22, wave="square", release=0.04, volume=0.5)
    return _mix(0.22, rate, [(0, a), (0, b)])


SYNTHS: Mapping[Sfx, Callable[[int], list[float]]] = MappingProxyType({
    Sfx.DICE: _dice, Sfx.BATTLE: _battle, Sfx.CONQUEST: _conquest,
    Sfx.ELIMINATION: _elimination, Sfx.VICTORY: _victory, Sfx.CLICK: _click,
    Sfx.REFUSAL: _refusal,
})


def to_pcm16(samples: list[float], channels: int = 1) -> array:
    """Normalise to PEAK of full scale and pack as signed 16-bit, interleaved by channel."""
    top = max((abs(v) for v in samples), default=0.0) or 1.0
    scale = 32767 * PEAK / top
    mono = array("h", [int(v * scale) for v in samples])
    if channels == 1:
        return mono
    out = array("h", bytes(2 * len(mono) * channels))
    for ch in range(channels):
        out[ch::channels] = mono
    return out


class Audio:
    """Plays the effects; silent (never failing) when there is no device or sound is off.

    `message` holds the one-time notice for the message area when the device is missing.
    """

    def __init__(self, enabled: bool = True, mixer: Any = None) -> None:
        self.enabled = enabled
        self.message: str | None = None
        self.synth_seconds = 0.0
        self._sounds: dict[Sfx, Any] = {}
        mixer = pygame.mixer if mixer is None else mixer
        try:
            if not mixer.get_init():
                mixer.pre_init(SAMPLE_RATE, -16, 1, 512)
                mixer.init()
            rate, size, channels = mixer.get_init()
        except (pygame.error, TypeError, OSError) as exc:
            self.message = NO_AUDIO_MESSAGE
            self.error = str(exc)
            return
        if size != -16:
            self.message = "The sound device needs an unusual format: the game runs silently."
            return
        start = time.perf_counter()
        for sfx, synth in SYNTHS.items():
            self._sounds[sfx] = mixer.Sound(buffer=to_pcm16(synth(rate), channels).tobytes())
        self.synth_seconds = time.perf_counter() - start

    @property
    def is_available(self) -> bool:
        return bool(self._sounds)

    def take_message(self) -> str | None:
        """The notice for the message area, given once."""
        message, self.message = self.message, None
        return message

    def play(self, sfx: Sfx) -> None:
        """Play `sfx` if sound is on and a device exists; otherwise do nothing."""
        if self.enabled and sfx in self._sounds:
            self._sounds[sfx].play()
