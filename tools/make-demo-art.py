#!/usr/bin/env python3
"""Paints the pictures of the demo's clock tower scene (scripts/Demo.lua's
`clocktower`): the town square at dusk and at night (scripts/images/
clocktower_dusk.png, clocktower_night.png) and three townsfolk with three
expressions each (scripts/images/hester/, kit/, bram/: neutral.png,
happy.png, worried.png); and the title screen's picture (title.png: the
story's lighthouse at nightfall). They sit beside the demo, in its own images/ folder,
which the game-folder rule looks in before the engine's assets/.

Run from the repository root:  python3 tools/make-demo-art.py [--out DIR]
(--out writes the same files under DIR instead, for the check that the
committed ones are what this script makes: tests/cmake/DemoArt.cmake.)
Standard library only: every shape is drawn with an anti-aliased edge from its
distance, the PNGs are deflated by zlib with each row's filter chosen as the
PNG specification suggests, so running it again gives the same bytes. Like the
rest of Stagehand's own assets the pictures are ours, made here from shapes,
and free for anyone to copy, change and ship (CC0 1.0: scripts/images/LICENSE)."""
import math
import os
import struct
import sys
import zlib

# ---------------------------------------------------------------------------
# A canvas of float channels and shapes drawn by their distance
# ---------------------------------------------------------------------------


class Canvas:
    def __init__(self, width, height, colour=(0, 0, 0), alpha=1.0):
        self.w, self.h = width, height
        n = width * height
        self.r, self.g, self.b = [float(colour[0])] * n, [float(colour[1])] * n, [float(colour[2])] * n
        self.a = [float(alpha)] * n

    def blend(self, i, colour, cover):
        """Paints `colour` over pixel i with `cover` (0..1): "over", straight alpha."""
        if cover <= 0:
            return
        if cover >= 1:
            self.r[i], self.g[i], self.b[i], self.a[i] = colour[0], colour[1], colour[2], 1.0
            return
        a = self.a[i]
        out = cover + a * (1 - cover)
        k = cover / out
        self.r[i] += (colour[0] - self.r[i]) * k
        self.g[i] += (colour[1] - self.g[i]) * k
        self.b[i] += (colour[2] - self.b[i]) * k
        self.a[i] = out

    def paint(self, box, distance, colour, alpha=1.0):
        """Fills where `distance(x, y)` (negative inside, in pixels) says, its edge one pixel soft."""
        x0, y0, x1, y1 = box
        x0, y0 = max(0, int(math.floor(x0)) - 1), max(0, int(math.floor(y0)) - 1)
        x1, y1 = min(self.w, int(math.ceil(x1)) + 2), min(self.h, int(math.ceil(y1)) + 2)
        for y in range(y0, y1):
            py = y + 0.5
            row = y * self.w
            for x in range(x0, x1):
                d = distance(x + 0.5, py)
                if d < 0.5:
                    self.blend(row + x, colour, alpha * min(1.0, 0.5 - d))

    def ellipse(self, cx, cy, rx, ry, colour, alpha=1.0, grow=0.0):
        rx, ry = rx + grow, ry + grow
        m = min(rx, ry)
        self.paint((cx - rx, cy - ry, cx + rx, cy + ry),
                   lambda x, y: (math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * m, colour, alpha)

    def polygon(self, points, colour, alpha=1.0, grow=0.0):
        """Any simple polygon: inside by crossings, the distance to its nearest edge."""
        edges = list(zip(points, points[1:] + points[:1]))
        xs, ys = [p[0] for p in points], [p[1] for p in points]

        def distance(x, y):
            inside, best = False, 1e9
            for (ax, ay), (bx, by) in edges:
                if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                    inside = not inside
                best = min(best, segment_distance(x, y, ax, ay, bx, by))
            return (-best if inside else best) - grow

        self.paint((min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow), distance, colour, alpha)

    def rect(self, x0, y0, x1, y1, colour, alpha=1.0, grow=0.0):
        self.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], colour, alpha, grow)

    def stroke(self, points, width, colour, alpha=1.0):
        """A round-capped line through `points`."""
        segments = list(zip(points, points[1:]))
        xs, ys, half = [p[0] for p in points], [p[1] for p in points], width / 2

        def distance(x, y):
            return min(segment_distance(x, y, ax, ay, bx, by) for (ax, ay), (bx, by) in segments) - half

        self.paint((min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half), distance, colour, alpha)

    def arc(self, cx, cy, r, start, end, width, colour, alpha=1.0, ry=None):
        """Part of a circle (or an ellipse with radius `ry` down), from `start` to `end` degrees, clockwise."""
        ry = r if ry is None else ry
        steps = max(6, int(abs(end - start) / 12))
        points = [(cx + r * math.cos(math.radians(start + (end - start) * i / steps)),
                   cy + ry * math.sin(math.radians(start + (end - start) * i / steps))) for i in range(steps + 1)]
        self.stroke(points, width, colour, alpha)

    def glow(self, cx, cy, radius, colour, strength):
        """A soft light: `strength` (0..1) of `colour` at the centre, none at `radius`."""
        def distance(x, y):
            return 0.5 - strength * max(0.0, 1 - math.hypot(x - cx, y - cy) / radius) ** 2

        self.paint((cx - radius, cy - radius, cx + radius, cy + radius), distance, colour)

    def pixels(self, with_alpha):
        rows = []
        for y in range(self.h):
            row = bytearray()
            for i in range(y * self.w, (y + 1) * self.w):
                row += bytes((clamp8(self.r[i]), clamp8(self.g[i]), clamp8(self.b[i])))
                if with_alpha:
                    row.append(clamp8(self.a[i] * 255))
            rows.append(bytes(row))
        return rows


def segment_distance(x, y, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
    return math.hypot(x - ax - t * dx, y - ay - t * dy)


def clamp8(value):
    return max(0, min(255, int(value + 0.5)))


def mix(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def shade(colour, k):
    return tuple(c * k for c in colour)


def noise(x, y):
    """A fixed hash in 0..1: the same everywhere, no random generator."""
    n = (x * 374761393 + y * 668265263) & 0xFFFFFFFF
    n = ((n ^ (n >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((n ^ (n >> 16)) & 0xFFFF) / 65535.0


# ---------------------------------------------------------------------------
# PNG: 8-bit RGB or RGBA, each row's filter the one whose bytes sum smallest
# ---------------------------------------------------------------------------


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filtered(row, prior, bpp):
    candidates = []
    for kind in range(5):
        out = bytearray([kind])
        for i, value in enumerate(row):
            left = row[i - bpp] if i >= bpp else 0
            up = prior[i]
            corner = prior[i - bpp] if i >= bpp else 0
            guess = (0, left, up, (left + up) // 2, paeth(left, up, corner))[kind]
            out.append((value - guess) & 0xFF)
        candidates.append(out)
    return min(candidates, key=lambda data: sum(v if v < 128 else 256 - v for v in data[1:]))


def write_png(path, canvas, with_alpha):
    rows = canvas.pixels(with_alpha)
    bpp = 4 if with_alpha else 3
    prior, raw = bytes(len(rows[0])), bytearray()
    for row in rows:
        raw += filtered(row, prior, bpp)
        prior = row

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", canvas.w, canvas.h, 8, 6 if with_alpha else 2, 0, 0, 0)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) +
                  chunk(b"IEND", b""))


# ---------------------------------------------------------------------------
# The square: a clock tower between rooftops over a cobbled square
# ---------------------------------------------------------------------------

WIDTH, HEIGHT = 640, 360  # drawn at twice this size in the 1280x720 view
GROUND = 232              # where the square's cobbles begin (the view's y 464)
TOWER_X = 320


def brushed_sky(c, rows, stops, split, wave):
    """Rows 0..rows of a three-stop gradient (the middle stop at `split` of the way down) in long, slightly
    wavy brush strokes: `wave` is (strength, rate down, bend, rate across, bend down)."""
    strength, down, bend, across, bend_down = wave
    for y in range(rows):
        t = y / rows
        base = mix(stops[0], stops[1], t / split) if t < split else mix(stops[1], stops[2], (t - split) / (1 - split))
        for x in range(WIDTH):
            stroke = strength * math.sin(y * down + bend * math.sin(x * across + y * bend_down))
            i = y * WIDTH + x
            c.r[i], c.g[i], c.b[i] = base[0] + stroke, base[1] + stroke, base[2] + stroke * 0.6


def sky(c, night):
    stops = ([(14, 18, 44), (36, 42, 86), (74, 66, 104)] if night else
             [(52, 64, 118), (170, 118, 146), (248, 182, 122)])
    brushed_sky(c, GROUND, stops, 0.6, (5, 0.35, 2.2, 0.021, 0.05))
    if night:
        for k in range(70):  # stars
            x, y = int(noise(k, 1) * WIDTH), int(noise(k, 2) * GROUND * 0.7)
            c.ellipse(x + 0.5, y + 0.5, 0.9, 0.9, (250, 246, 226), 0.4 + 0.6 * noise(k, 3))
        c.glow(520, 56, 40, (220, 226, 250), 0.5)
        c.ellipse(520, 56, 15, 15, (246, 244, 228))
    else:
        c.glow(560, 214, 90, (255, 214, 150), 0.8)
        c.ellipse(560, 214, 26, 26, (255, 226, 170))
    cloud = (70, 70, 112) if night else (236, 160, 150)
    for cx, cy, rx in ((120, 70, 70), (180, 86, 50), (440, 120, 80), (505, 110, 46), (60, 150, 60)):
        c.ellipse(cx, cy, rx, rx * 0.16, cloud, 0.55)
        c.ellipse(cx + rx * 0.25, cy - rx * 0.09, rx * 0.55, rx * 0.14, shade(cloud, 1.08), 0.45)


def houses(c, night):
    wall = (58, 52, 82) if night else (112, 92, 118)
    roof = (40, 36, 62) if night else (86, 66, 96)
    lit, dark = (255, 206, 120), (46, 40, 64) if night else (80, 66, 92)
    x, k = -10, 0
    while x < WIDTH:
        width = 46 + int(noise(k, 7) * 40)
        if abs(x + width / 2 - TOWER_X) < 36 + width / 2:  # no house in front of the tower
            x, k = TOWER_X + 40, k + 1
            continue
        top = 168 + int(noise(k, 8) * 36)
        c.rect(x, top, x + width, GROUND, shade(wall, 0.92 + 0.16 * noise(k, 9)))
        c.polygon([(x - 4, top + 1), (x + width / 2, top - 26 - noise(k, 10) * 12), (x + width + 4, top + 1)], roof)
        if noise(k, 11) > 0.4:  # a chimney
            cx = x + width * (0.2 + 0.5 * noise(k, 12))
            c.rect(cx, top - 30, cx + 7, top - 6, roof)
        for row in range(2):
            for col in range(max(1, width // 22)):
                wx, wy = x + 8 + col * 22, top + 12 + row * 26
                if wx + 9 > x + width - 4:
                    continue
                on = noise(k * 7 + col, row) > (0.25 if night else 0.75)
                if on and night:
                    c.glow(wx + 4.5, wy + 7, 14, lit, 0.35)
                c.rect(wx, wy, wx + 9, wy + 14, lit if on else dark, 0.95 if on else 1)
        x, k = x + width + 2 + int(noise(k, 13) * 10), k + 1


def clock_face(c, cx, cy, r, hour, minute, night):
    if night:
        c.glow(cx, cy, r * 2.6, (255, 220, 140), 0.7)
    c.ellipse(cx, cy, r + 3, r + 3, (54, 44, 40))
    c.ellipse(cx, cy, r, r, (255, 232, 168) if night else (238, 228, 200))
    for h in range(12):
        a = math.radians(h * 30)
        c.stroke([(cx + math.sin(a) * r * 0.78, cy - math.cos(a) * r * 0.78),
                  (cx + math.sin(a) * r * 0.92, cy - math.cos(a) * r * 0.92)], 2.2 if h % 3 == 0 else 1.4,
                 (50, 40, 36))
    hand = math.radians((hour % 12 + minute / 60) * 30)
    c.stroke([(cx, cy), (cx + math.sin(hand) * r * 0.5, cy - math.cos(hand) * r * 0.5)], 3, (40, 32, 30))
    hand = math.radians(minute * 6)
    c.stroke([(cx, cy), (cx + math.sin(hand) * r * 0.8, cy - math.cos(hand) * r * 0.8)], 2, (40, 32, 30))
    c.ellipse(cx, cy, 2.5, 2.5, (40, 32, 30))


def tower(c, night):
    left, right, top = TOWER_X - 36, TOWER_X + 36, 112
    stone = (96, 88, 102) if night else (176, 150, 132)
    lit_side, dark_side = shade(stone, 1.06), shade(stone, 0.8)
    c.rect(left, top, TOWER_X, GROUND + 4, lit_side)
    c.rect(TOWER_X, top, right, GROUND + 4, dark_side)
    for y in range(top + 12, GROUND, 12):  # stone courses, staggered blocks
        c.rect(left, y, right, y + 1.2, shade(stone, 0.7), 0.55)
        offset = 0 if (y // 12) % 2 else 12
        for x in range(left + offset, right, 24):
            c.rect(x, y - 12, x + 1.2, y, shade(stone, 0.7), 0.4)
    # The belfry: a ledge, two arched openings, the copper roof and its vane.
    c.rect(left - 6, top - 6, right + 6, top + 2, shade(stone, 0.9))
    c.rect(left - 4, top - 52, right + 4, top - 6, lit_side)
    c.rect(TOWER_X, top - 52, right + 4, top - 6, dark_side)
    opening = (255, 214, 140) if night else (40, 34, 46)
    for ox in (TOWER_X - 20, TOWER_X + 8):
        c.rect(ox, top - 38, ox + 12, top - 12, opening)
        c.ellipse(ox + 6, top - 38, 6, 6, opening)
    c.rect(left - 8, top - 58, right + 8, top - 50, shade(stone, 0.9))
    copper = (52, 94, 96) if night else (84, 146, 136)
    c.polygon([(left - 10, top - 56), (TOWER_X, top - 100), (right + 10, top - 56)], copper)
    c.polygon([(TOWER_X, top - 100), (right + 10, top - 56), (TOWER_X, top - 56)], shade(copper, 0.78))
    c.stroke([(TOWER_X, top - 100), (TOWER_X, top - 110)], 2, (40, 36, 40))
    c.polygon([(TOWER_X, top - 110), (TOWER_X + 12, top - 107), (TOWER_X, top - 104)], (40, 36, 40))
    # The clock: stopped at ten to four; mended, it shows seven.
    clock_face(c, TOWER_X, top + 40, 25, 7 if night else 3, 0 if night else 50, night)
    # A door under an arch, and its lamp.
    door = (70, 46, 40) if night else (104, 66, 50)
    c.rect(TOWER_X - 14, GROUND - 38, TOWER_X + 14, GROUND + 4, door)
    c.ellipse(TOWER_X, GROUND - 38, 14, 12, door)
    c.stroke([(TOWER_X, GROUND - 48), (TOWER_X, GROUND + 4)], 1.2, shade(door, 0.6))
    if night:
        c.rect(TOWER_X - 14, GROUND - 8, TOWER_X + 14, GROUND + 4, (255, 200, 120), 0.25)


def cobbles(c, night):
    near, far = ((44, 40, 56), (70, 64, 82)) if night else ((104, 86, 80), (150, 128, 112))
    for y in range(GROUND, HEIGHT):
        t = (y - GROUND) / (HEIGHT - GROUND)
        base = mix(far, near, t)
        for x in range(WIDTH):
            i = y * WIDTH + x
            c.r[i], c.g[i], c.b[i] = base
    # Rows of stones, larger nearer: perspective by eye.
    y, row = GROUND + 3, 0
    while y < HEIGHT + 10:
        size = 4 + (y - GROUND) * 0.09
        t = (y - GROUND) / (HEIGHT - GROUND)
        stone = mix(mix(far, near, t), (200, 180, 160) if not night else (110, 104, 130), 0.18)
        x = -size if row % 2 else 0
        k = 0
        while x < WIDTH + size:
            c.ellipse(x + size, y, size * 0.9, size * 0.42, shade(stone, 0.9 + 0.2 * noise(row, k)), 0.8)
            x, k = x + size * 2, k + 1
        y, row = y + size * 0.95, row + 1


def lamp(c, x, night):
    iron = (34, 32, 40)
    c.rect(x - 2, 196, x + 2, 300, iron)
    c.rect(x - 6, 296, x + 6, 302, iron)
    if night:
        c.glow(x, 190, 64, (255, 206, 120), 0.75)
        c.ellipse(x, 330, 46, 10, (255, 206, 120), 0.14)
    c.polygon([(x - 9, 180), (x + 9, 180), (x + 6, 198), (x - 6, 198)], (255, 224, 150) if night else (90, 96, 104))
    c.polygon([(x - 12, 181), (x, 170), (x + 12, 181)], iron)
    c.rect(x - 7, 197, x + 7, 200, iron)


def vignette(c):
    for y in range(HEIGHT):
        for x in range(WIDTH):
            d = math.hypot((x - WIDTH / 2) / (WIDTH / 2), (y - HEIGHT / 2) / (HEIGHT / 2))
            if d > 0.75:
                k = 1 - 0.22 * min(1.0, (d - 0.75) / 0.6)
                i = y * WIDTH + x
                c.r[i] *= k
                c.g[i] *= k
                c.b[i] *= k


def square(night):
    c = Canvas(WIDTH, HEIGHT)
    sky(c, night)
    houses(c, night)
    cobbles(c, night)
    tower(c, night)
    for x in (130, 510):
        lamp(c, x, night)
    vignette(c)
    return c


# ---------------------------------------------------------------------------
# The title screen's picture (scripts/images/title.png): the story's lighthouse
# on its headland at nightfall, its beam over the sea, a boat coming in
# ---------------------------------------------------------------------------

HORIZON = 236


def title_picture():
    c = Canvas(WIDTH, HEIGHT)
    brushed_sky(c, HORIZON, [(12, 16, 42), (40, 44, 92), (196, 112, 104)], 0.55, (4, 0.31, 2.0, 0.018, 0.04))
    for k in range(90):  # stars, fewer near the horizon's glow
        x, y = int(noise(k, 21) * WIDTH), int(noise(k, 22) ** 1.6 * HORIZON * 0.6)
        c.ellipse(x + 0.5, y + 0.5, 0.9, 0.9, (250, 246, 226), 0.3 + 0.7 * noise(k, 23))
    c.glow(110, 62, 36, (220, 226, 250), 0.45)
    c.ellipse(110, 62, 13, 13, (246, 244, 228))
    # The sea: darker with depth, long lines of swell catching the last light.
    for y in range(HORIZON, HEIGHT):
        t = (y - HORIZON) / (HEIGHT - HORIZON)
        base = mix((58, 62, 104), (14, 20, 44), t ** 0.7)
        for x in range(WIDTH):
            swell = 6 * math.sin(x * (0.05 - 0.03 * t) + y * 0.9 + 3 * math.sin(x * 0.011))
            i = y * WIDTH + x
            c.r[i], c.g[i], c.b[i] = base[0] + swell * 0.6, base[1] + swell * 0.7, base[2] + swell
    # The beam: a wedge of light from the lantern over the sea to the left, and its path on the water.
    lantern_x, lantern_y = 556, 118
    c.polygon([(lantern_x, lantern_y - 3), (-20, 70), (-20, 190), (lantern_x, lantern_y + 3)], (255, 236, 170), 0.16)
    c.polygon([(lantern_x, lantern_y - 1), (-20, 104), (-20, 156), (lantern_x, lantern_y + 1)], (255, 240, 190), 0.14)
    for k in range(26):
        y = HORIZON + 4 + k * k * 0.18
        half = 6 + k * 2.2
        x = 300 - k * 9
        c.ellipse(x, y, half, 0.9 + k * 0.05, (255, 214, 150), 0.28 - k * 0.008)
    # The headland, two shades of rock and a grass crown, and the keeper's cottage.
    rock, dark = (40, 36, 52), (26, 24, 36)
    c.polygon([(380, HEIGHT), (400, 250), (430, 222), (470, 206), (540, 200), (600, 210), (660, 214), (660, HEIGHT)],
              rock)
    c.polygon([(380, HEIGHT), (400, 250), (436, 244), (470, 266), (520, 300), (500, HEIGHT)], dark)
    c.polygon([(428, 224), (470, 206), (540, 200), (600, 210), (640, 214), (640, 220), (540, 208), (470, 214)],
              (48, 70, 58))
    c.rect(470, 196, 506, 214, (82, 74, 86))
    c.polygon([(464, 197), (488, 182), (512, 197)], (54, 46, 62))
    c.rect(478, 201, 487, 210, (255, 206, 120), 0.9)
    c.glow(482, 205, 16, (255, 206, 120), 0.3)
    # The lighthouse: a tapered white tower with a red band, the gallery, the lit lantern, the cap.
    base_y, top_y = 204, 132
    x = lantern_x
    c.polygon([(x - 16, base_y), (x - 8, top_y), (x + 8, top_y), (x + 16, base_y)], (226, 222, 214))
    c.polygon([(x, base_y), (x, top_y), (x + 8, top_y), (x + 16, base_y)], (178, 172, 176))
    c.polygon([(x - 13, 176), (x - 11, 162), (x + 11, 162), (x + 13, 176)], (176, 58, 56))
    c.rect(x - 13, top_y - 3, x + 13, top_y + 1, (40, 36, 44))
    c.glow(lantern_x, lantern_y, 46, (255, 226, 150), 0.9)
    c.rect(x - 8, top_y - 18, x + 8, top_y - 3, (255, 236, 170))
    c.polygon([(x - 10, top_y - 18), (x, top_y - 28), (x + 10, top_y - 18)], (40, 36, 44))
    # A boat coming home under the beam, its lamp lit.
    boat_x, boat_y = 212, 262
    c.polygon([(boat_x - 26, boat_y), (boat_x + 24, boat_y), (boat_x + 18, boat_y + 8), (boat_x - 20, boat_y + 8)],
              (22, 20, 30))
    c.stroke([(boat_x - 4, boat_y), (boat_x - 4, boat_y - 34)], 1.4, (22, 20, 30))
    c.polygon([(boat_x - 3, boat_y - 32), (boat_x + 16, boat_y - 6), (boat_x - 3, boat_y - 6)], (196, 186, 170), 0.85)
    c.glow(boat_x + 20, boat_y - 4, 10, (255, 206, 120), 0.6)
    c.ellipse(boat_x + 20, boat_y - 4, 1.6, 1.6, (255, 230, 170))
    vignette(c)
    return c


# ---------------------------------------------------------------------------
# The townsfolk: a figure standing, its feet on the picture's bottom edge
# ---------------------------------------------------------------------------

SPRITE_W, SPRITE_H = 120, 230
INK = (40, 32, 38)


def face(c, cx, cy, mood, skin, glasses=False):
    eye = (36, 30, 34)
    if mood == "happy":
        for ex in (cx - 9, cx + 9):
            c.arc(ex, cy + 1, 4.5, 200, 340, 2, eye)
        c.ellipse(cx - 14, cy + 9, 4, 2.5, (232, 120, 110), 0.45)
        c.ellipse(cx + 14, cy + 9, 4, 2.5, (232, 120, 110), 0.45)
        c.arc(cx, cy + 6, 9, 20, 160, 2.4, (120, 50, 50))
    else:
        for ex in (cx - 9, cx + 9):
            c.ellipse(ex, cy, 2.6, 3.2, eye)
        if mood == "worried":  # brows up in the middle, a small turned-down mouth
            c.stroke([(cx - 14, cy - 7), (cx - 5, cy - 11)], 2, eye)
            c.stroke([(cx + 5, cy - 11), (cx + 14, cy - 7)], 2, eye)
            c.arc(cx, cy + 17, 6, 205, 335, 2.2, (120, 50, 50))
        else:
            c.stroke([(cx - 13, cy - 8), (cx - 5, cy - 8)], 2, eye)
            c.stroke([(cx + 5, cy - 8), (cx + 13, cy - 8)], 2, eye)
            c.stroke([(cx - 5, cy + 12), (cx + 5, cy + 12)], 2.2, (120, 50, 50))
    c.ellipse(cx + 1, cy + 5, 2.2, 2.2, shade(skin, 0.86))
    if glasses:
        for ex in (cx - 9, cx + 9):
            c.arc(ex, cy, 6.5, 0, 360, 1.4, (70, 60, 60))
        c.stroke([(cx - 2.5, cy), (cx + 2.5, cy)], 1.4, (70, 60, 60))


def arms(c, mood, sleeve, hand, shoulder_y, half, worried_y):
    cx = SPRITE_W / 2
    for side in (-1, 1):
        sx = cx + side * (half - 4)
        if mood == "happy" and side == 1:    # a wave
            points = [(sx, shoulder_y), (sx + 16, shoulder_y - 10), (sx + 20, shoulder_y - 40)]
        elif mood == "worried":              # hands together at the chest
            points = [(sx, shoulder_y), (sx + side * 6, worried_y + 6), (cx + side * 6, worried_y)]
        else:
            points = [(sx, shoulder_y), (sx + side * 5, shoulder_y + 40), (sx + side * 3, shoulder_y + 76)]
        c.stroke(points, 16, INK)
        c.stroke(points, 13, sleeve)
        c.ellipse(points[-1][0], points[-1][1] + 2, 7, 7, INK)
        c.ellipse(points[-1][0], points[-1][1] + 2, 5.6, 5.6, hand)


def figure(mood, coat, trousers, skin, shoes, shoulder_y, half, hem, head_y, head_r):
    c = Canvas(SPRITE_W, SPRITE_H, alpha=0.0)
    cx = SPRITE_W / 2
    for side in (-1, 1):  # legs and shoes
        c.rect(cx + side * 12 - 7, hem - 6, cx + side * 12 + 7, SPRITE_H - 8, INK)
        c.rect(cx + side * 12 - 5.5, hem - 6, cx + side * 12 + 5.5, SPRITE_H - 9, trousers)
        c.ellipse(cx + side * 14, SPRITE_H - 7, 11, 6, INK)
        c.ellipse(cx + side * 14, SPRITE_H - 7.5, 9.5, 4.8, shoes)
    body = [(cx - half, shoulder_y), (cx + half, shoulder_y), (cx + half + 10, hem), (cx - half - 10, hem)]
    c.polygon(body, INK, grow=1.5)
    c.polygon(body, coat)
    c.polygon([(cx + 4, shoulder_y), (cx + half, shoulder_y), (cx + half + 10, hem), (cx + 8, hem)],
              shade(coat, 0.84))
    c.ellipse(cx, head_y + head_r, 8, 8, shade(skin, 0.85))  # neck
    c.ellipse(cx, head_y, head_r, head_r * 1.08, INK, grow=1.5)
    c.ellipse(cx, head_y, head_r, head_r * 1.08, skin)
    return c


def hester(mood):
    """The clockmaker: grey hair in a bun, spectacles, a green apron over a brown dress."""
    skin, hair = (238, 200, 170), (200, 200, 206)
    c = figure(mood, (120, 80, 60), (90, 70, 60), skin, (60, 44, 40), 92, 24, 200, 62, 24)
    cx = SPRITE_W / 2
    c.polygon([(cx - 20, 110), (cx + 20, 110), (cx + 26, 196), (cx - 26, 196)], (104, 150, 112))
    c.rect(cx - 26, 110, cx + 26, 116, (84, 124, 92))
    c.ellipse(cx + 10, 150, 8, 6, (70, 104, 78))  # a pocket with a screwdriver
    c.stroke([(cx + 12, 146), (cx + 14, 132)], 2.2, (200, 190, 90))
    c.ellipse(cx, 36, 9, 9, INK, grow=1.2)
    c.ellipse(cx, 36, 9, 9, hair)
    c.ellipse(cx, 48, 25, 10, hair)
    c.ellipse(cx - 22, 60, 5, 12, hair)
    c.ellipse(cx + 22, 60, 5, 12, hair)
    face(c, cx, 66, mood, skin, glasses=True)
    arms(c, mood, (120, 80, 60), skin, 100, 24, 132)
    return c


def kit(mood):
    """The apprentice: a flat cap, ginger hair, a red scarf and a blue jacket."""
    skin, hair = (246, 210, 180), (206, 110, 56)
    c = figure(mood, (66, 96, 150), (64, 62, 72), skin, (50, 40, 40), 104, 20, 168, 76, 21)
    cx = SPRITE_W / 2
    c.ellipse(cx - 14, 68, 7, 9, hair)
    c.ellipse(cx + 14, 68, 7, 9, hair)
    c.ellipse(cx, 58, 24, 10, INK, grow=1.2)
    c.ellipse(cx, 58, 24, 10, (96, 88, 76))
    c.ellipse(cx + 12, 63, 16, 4, (80, 72, 62))
    c.rect(cx - 16, 98, cx + 16, 108, (196, 60, 52))
    c.rect(cx + 6, 104, cx + 15, 134, (176, 50, 46))
    for by in (120, 138, 156):
        c.ellipse(cx - 3, by, 2, 2, (220, 200, 120))
    face(c, cx, 80, mood, skin)
    arms(c, mood, (66, 96, 150), skin, 110, 20, 136)
    return c


def bram(mood):
    """The mayor: a top hat, a moustache, a plum coat and the chain of office."""
    skin, hair = (232, 186, 156), (90, 70, 60)
    c = figure(mood, (110, 56, 96), (52, 46, 56), skin, (36, 30, 34), 96, 30, 200, 66, 23)
    cx = SPRITE_W / 2
    c.rect(cx - 16, 8, cx + 16, 46, INK, grow=1.2)
    c.rect(cx - 15, 8, cx + 15, 46, (50, 44, 52))
    c.rect(cx - 15, 36, cx + 15, 42, (150, 50, 60))
    c.ellipse(cx, 47, 27, 5, (50, 44, 52))
    c.ellipse(cx - 21, 66, 4, 9, hair)
    c.ellipse(cx + 21, 66, 4, 9, hair)
    c.arc(cx, 128, 22, 20, 160, 3, (226, 188, 80), ry=16)
    c.ellipse(cx, 146, 6, 6, (240, 206, 90))
    for by in (160, 176, 192):
        c.ellipse(cx - 2, by, 2.2, 2.2, (220, 190, 110))
    face(c, cx, 68, mood, skin)
    c.arc(cx - 6, 80, 7, 200, 340, 3.2, hair, ry=4)  # the moustache, drawn over the mouth's top
    c.arc(cx + 6, 80, 7, 200, 340, 3.2, hair, ry=4)
    arms(c, mood, (110, 56, 96), skin, 104, 30, 140)
    return c


def main():
    out = "."
    if len(sys.argv) == 3 and sys.argv[1] == "--out":
        out = sys.argv[2]
    elif len(sys.argv) != 1:
        sys.exit("usage: python3 tools/make-demo-art.py [--out DIR]")
    images = os.path.join(out, "scripts", "images")
    write_png(os.path.join(images, "clocktower_dusk.png"), square(False), False)
    write_png(os.path.join(images, "clocktower_night.png"), square(True), False)
    write_png(os.path.join(images, "title.png"), title_picture(), False)
    for name, draw in (("hester", hester), ("kit", kit), ("bram", bram)):
        for mood in ("neutral", "happy", "worried"):
            write_png(os.path.join(images, name, mood + ".png"), draw(mood), True)


if __name__ == "__main__":
    main()
