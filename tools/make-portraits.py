#!/usr/bin/env python3
"""Draws the demo's portraits (assets/images/*.png) from simple shapes.

Run from the repository root: python3 tools/make-portraits.py
The pictures are committed; this script documents how they were made and lets
anyone redraw them. Standard library only: an 8-bit RGB PNG, deflated by zlib."""
import math
import struct
import zlib

SIZE = 192


def blank(top, bottom):
    img = []
    for y in range(SIZE):
        t = y / (SIZE - 1)
        row = [tuple(int(top[i] + (bottom[i] - top[i]) * t) for i in range(3)) for _ in range(SIZE)]
        img.append(row)
    return img


def blend(img, x, y, colour, alpha):
    if 0 <= x < SIZE and 0 <= y < SIZE and alpha > 0:
        old = img[y][x]
        img[y][x] = tuple(int(old[i] + (colour[i] - old[i]) * alpha) for i in range(3))


def ellipse(img, cx, cy, rx, ry, colour):
    for y in range(int(cy - ry) - 1, int(cy + ry) + 2):
        for x in range(int(cx - rx) - 1, int(cx + rx) + 2):
            d = math.hypot((x + 0.5 - cx) / rx, (y + 0.5 - cy) / ry)
            blend(img, x, y, colour, max(0.0, min(1.0, (1.0 - d) * min(rx, ry))))


def rect(img, x0, y0, x1, y1, colour):
    for y in range(int(y0), int(y1)):
        for x in range(int(x0), int(x1)):
            blend(img, x, y, colour, 1.0)


def arc(img, cx, cy, r, start, end, colour, width=2.5):
    steps = int(r * abs(end - start)) * 3 + 8
    for i in range(steps + 1):
        a = start + (end - start) * i / steps
        ellipse(img, cx + r * math.cos(a), cy + r * math.sin(a), width / 2, width / 2, colour)


def face(img, skin, hair, mood):
    ellipse(img, 96, 214, 78, 60, (52, 64, 84))          # shoulders
    ellipse(img, 96, 92, 50, 58, hair)                    # hair behind
    ellipse(img, 96, 104, 42, 50, skin)                   # face
    if mood == "glad":                                    # eyes creased shut, a wide smile
        arc(img, 80, 102, 7, math.radians(200), math.radians(340), (34, 30, 36), 3)
        arc(img, 112, 102, 7, math.radians(200), math.radians(340), (34, 30, 36), 3)
        arc(img, 96, 112, 22, math.radians(25), math.radians(155), (120, 60, 60), 3.5)
        return
    ellipse(img, 80, 98, 5, 6, (34, 30, 36))              # eyes
    ellipse(img, 112, 98, 5, 6, (34, 30, 36))
    if mood == "worried":
        arc(img, 80, 84, 10, math.radians(200), math.radians(290), (60, 50, 50))
        arc(img, 112, 84, 10, math.radians(250), math.radians(340), (60, 50, 50))
        arc(img, 96, 142, 12, math.radians(200), math.radians(340), (120, 60, 60))
    else:
        arc(img, 96, 118, 16, math.radians(30), math.radians(150), (120, 60, 60))


def keeper(mood):
    img = blank((36, 52, 78), (18, 26, 40))
    ellipse(img, 150, 40, 20, 20, (250, 236, 170))       # the lamp behind her
    face(img, (232, 196, 168), (196, 198, 206), mood)
    return img


def fisher(mood):
    img = blank((70, 104, 120), (30, 48, 60))
    face(img, (214, 170, 130), (120, 84, 50), mood)
    ellipse(img, 96, 132, 34, 22, (120, 84, 50))         # beard
    rect(img, 52, 40, 140, 58, (222, 180, 60))           # sou'wester hat
    ellipse(img, 96, 42, 44, 14, (222, 180, 60))
    return img


def logbook():
    img = blank((60, 44, 36), (32, 24, 20))
    rect(img, 36, 30, 156, 166, (236, 226, 200))         # the open page
    rect(img, 94, 30, 98, 166, (180, 160, 130))          # the spine
    for i, y in enumerate(range(46, 150, 12)):
        rect(img, 46, y, 86 if i % 3 else 78, y + 2, (90, 90, 110))
        if y < 100:
            rect(img, 106, y, 146 if i % 2 else 138, y + 2, (90, 90, 110))
    ellipse(img, 126, 124, 16, 10, (70, 60, 40))         # the oily smudge
    return img


def png_chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def write_png(path, img):
    raw = bytearray()
    for row in img:
        raw += b"\0"                                     # filter: none
        for r, g, b in row:
            raw += bytes((r, g, b))
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) +
                png_chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + png_chunk(b"IEND", b""))


if __name__ == "__main__":
    write_png("assets/images/keeper.png", keeper("neutral"))
    write_png("assets/images/keeper_worried.png", keeper("worried"))
    write_png("assets/images/keeper_glad.png", keeper("glad"))
    write_png("assets/images/fisher.png", fisher("neutral"))
    write_png("assets/images/fisher_glad.png", fisher("glad"))
    write_png("assets/images/logbook.png", logbook())
