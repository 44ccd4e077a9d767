"""A minimal PNG writer (8-bit grey or palette), so the bytes depend only on pixels and zlib."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def write_png(
    path: Path,
    width: int,
    height: int,
    pixels: bytes | bytearray,
    palette: list[tuple[int, int, int]] | None = None,
) -> None:
    """Write 8-bit pixels row by row: palette PNG if a palette is given, else greyscale.

    No timestamps or text chunks are written, so the same pixels always give the same file.
    """
    raw = bytearray()
    for y in range(height):
        raw.append(0)  # filter type None: simple, and deflate does well on flat map colours
        raw += pixels[y * width : (y + 1) * width]
    colour_type = 3 if palette is not None else 0
    out = b"\x89PNG\r\n\x1a\n" + _chunk(
        b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    )
    if palette is not None:
        out += _chunk(b"PLTE", bytes(c for rgb in palette for c in rgb))
    out += _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    out += _chunk(b"IEND", b"")
    path.write_bytes(out)
