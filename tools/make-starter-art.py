#!/usr/bin/env python3
"""Draws the starter game's picture and sound (scripts/starter/images/gate.png,
scripts/starter/audio/chime.wav), the files `stagehand --new DIR` copies, and
the small pictures and sound of the tests' own game (tests/games/own/).

Run from the repository root: python3 tools/make-starter-art.py
The files are committed; this script documents how they were made and lets
anyone make them again. Standard library only: an 8-bit RGB PNG deflated by
zlib, a 16-bit mono WAV. Like the rest of Stagehand's own assets they are ours,
made here from shapes and sine waves, and free for anyone to copy, change and
ship (CC0 1.0: see scripts/starter/notes/LICENSE)."""
import math
import struct
import wave
import zlib

WIDTH, HEIGHT = 640, 360


def mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def gate_picture():
    """An evening sky, a hill and a garden gate between two posts."""
    sky_top, sky_bottom = (38, 44, 82), (226, 150, 112)
    hill_near, hill_far = (46, 70, 52), (74, 96, 78)
    wood = (92, 64, 44)
    rows = []
    for y in range(HEIGHT):
        row = []
        for x in range(WIDTH):
            colour = mix(sky_top, sky_bottom, y / HEIGHT)
            sun = math.hypot(x - 470, y - 190)
            if sun < 34:
                colour = (250, 214, 150)
            elif sun < 60:
                colour = mix((250, 214, 150), colour, (sun - 34) / 26)
            far = 230 + 18 * math.sin(x / 70.0)
            near = 268 + 26 * math.sin(x / 110.0 + 1.3)
            if y > far:
                colour = hill_far
            if y > near:
                colour = mix(hill_near, (30, 44, 34), (y - near) / (HEIGHT - near + 1))
            # Two posts and the gate's rails and slats.
            if (200 <= x < 214 or 426 <= x < 440) and 170 <= y < 320:
                colour = wood
            if 214 <= x < 426 and (200 <= y < 208 or 280 <= y < 288):
                colour = wood
            if 214 <= x < 426 and 200 <= y < 288 and (x - 214) % 30 < 6:
                colour = wood
            row.append(colour)
        rows.append(row)
    return rows


def write_png(path, rows):
    raw = b"".join(b"\x00" + bytes(c for pixel in row for c in pixel) for row in rows)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) +
                  chunk(b"IEND", b""))


def write_chime(path, rate=22050, seconds=1.2):
    """A small bell: three partials, each dying away."""
    frames = bytearray()
    for i in range(int(rate * seconds)):
        t = i / rate
        value = 0.0
        for freq, amp, decay in ((880, 0.5, 3.0), (1320, 0.25, 4.5), (2210, 0.12, 7.0)):
            value += amp * math.exp(-decay * t) * math.sin(2 * math.pi * freq * t)
        attack = min(1.0, t / 0.004)
        frames += struct.pack("<h", int(max(-1.0, min(1.0, value * attack)) * 26000))
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(bytes(frames))


def flat(width, height, colour):
    return [[colour] * width for _ in range(height)]


if __name__ == "__main__":
    write_png("scripts/starter/images/gate.png", gate_picture())
    write_chime("scripts/starter/audio/chime.wav")
    # The tests' own game: a backdrop, a sprite with two expressions, a sound.
    write_png("tests/games/own/images/tower.png", flat(64, 36, (90, 110, 150)))
    write_png("tests/games/own/images/ada/neutral.png", flat(16, 24, (220, 180, 120)))
    write_png("tests/games/own/images/ada/happy.png", flat(16, 24, (240, 200, 100)))
    write_chime("tests/games/own/audio/bell.wav", seconds=0.25)
