#!/usr/bin/env python3
"""Tiny PNG files for the browser test's custom emoji set, with zlib and struct only (no PIL).

    python3 Tests/Browser/tiny_png.py FOLDER

writes moji-red.png, moji-green.png and moji-blue.png (16×16, one colour each with a white
square in the middle) into FOLDER, for `moji custom add NAME --folder FOLDER`.
"""

import pathlib
import struct
import sys
import zlib

COLORS = {"moji-red": (220, 40, 40), "moji-green": (40, 170, 70), "moji-blue": (40, 90, 220)}


def tiny_png(rgb, size=16):
    """An 8-bit RGB PNG of `size`×`size` pixels in colour `rgb` with a white square in the middle."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b""
    for y in range(size):
        row = b"".join(bytes((255, 255, 255)) if size // 4 <= x < size * 3 // 4 and size // 4 <= y < size * 3 // 4
                       else bytes(rgb) for x in range(size))
        rows += b"\x00" + row
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def main():
    folder = pathlib.Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for code, rgb in COLORS.items():
        (folder / f"{code}.png").write_bytes(tiny_png(rgb))


if __name__ == "__main__":
    main()
