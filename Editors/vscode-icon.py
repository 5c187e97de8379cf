#!/usr/bin/env python3
"""Draws the VS Code extension's icon, Editors/vscode/icon.png: a 128x128 marble diagram.

A dark rounded square; a timeline arrow with three coloured marbles and the completion bar `|`
on it. Pure Python (zlib for the PNG's compressed data), antialiased by 4x4 supersampling, and
deterministic: the same bytes every run.

Usage: vscode-icon.py [OUT]   (default Editors/vscode/icon.png beside this script)
"""
import os
import struct
import sys
import zlib

SIZE = 128
SAMPLES = 4  # per axis

BACKGROUND = (30, 30, 36)
LINE = (200, 200, 210)
MARBLES = [(26, (64, 156, 255)), (55, (255, 176, 32)), (84, (80, 200, 120))]  # centre x, colour
RADIUS = 12.5
CENTRE_Y = 64


def inside_rounded_square(x, y, margin=4, radius=22):
    low, high = margin, SIZE - margin
    if not (low <= x < high and low <= y < high):
        return False
    cx = min(max(x, low + radius), high - radius)
    cy = min(max(y, low + radius), high - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def colour_at(x, y):
    """The colour of one sample point, or None where the icon is transparent."""
    if not inside_rounded_square(x, y):
        return None
    for centre, colour in MARBLES:
        distance = ((x - centre) ** 2 + (y - CENTRE_Y) ** 2) ** 0.5
        if distance <= RADIUS - 2.5:
            return colour
        if distance <= RADIUS:
            return LINE  # each marble's outline
    if 12 <= x <= 110 and abs(y - CENTRE_Y) <= 2:
        return LINE  # the timeline
    if 108 <= x <= 120 and abs(y - CENTRE_Y) <= (120 - x) * 0.8:
        return LINE  # its arrow head
    if 102 <= x <= 106 and abs(y - CENTRE_Y) <= 16:
        return LINE  # the completion bar
    return BACKGROUND


def pixels():
    rows = []
    step = 1.0 / SAMPLES
    for py in range(SIZE):
        row = bytearray([0])  # filter type: none
        for px in range(SIZE):
            totals = [0, 0, 0]
            covered = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    colour = colour_at(px + (sx + 0.5) * step, py + (sy + 0.5) * step)
                    if colour is not None:
                        covered += 1
                        for channel in range(3):
                            totals[channel] += colour[channel]
            if covered:
                row += bytes(round(total / covered) for total in totals)
                row.append(round(255 * covered / SAMPLES ** 2))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return b"".join(rows)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png():
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(pixels(), 9)) + chunk(b"IEND", b""))


def main(arguments):
    out = arguments[0] if arguments else os.path.join(os.path.dirname(__file__), "vscode", "icon.png")
    with open(out, "wb") as file:
        file.write(png())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
