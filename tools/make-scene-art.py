#!/usr/bin/env python3
"""Paints the layered backdrops (parallax) of the demo's other scenes, one
folder of layers per backdrop under scripts/images/:

  porch/    the back porch at golden hour (scripts/Demo.lua's `conversation`):
            a sunset sky, the garden's trees, the house's deck, its gutters
            and the pale mark where the ladder hangs, and the shed
  forest/   the picnic clearing on Vesper's hill (`openingScene`): a summer
            sky, blue hills, the wood, and the clearing with the old oak
  dock/     a wooden dock at dawn (`handshake`): the sunrise, the headland
            and Gull Point's light, the sea, and the dock's planks
  harbour/  the harbour front on a bright morning (`harbour`, `harbour_*`):
            the far quay's houses, moored boats, the near quay with nets,
            crates and a bollard
  lamproom/ inside the lighthouse's lamp room on the night of the storm
            (`lighthouse*`): the storm through a round window, the rocks in
            the beam, the great lamp, the keeper's desk and its logbook

Each layer is one picture named DEPTH-LABEL.png ("0.15-sky.png",
"1-ground.png"): the engine draws a folder's layers back to front by depth,
and a layer at depth d moves d times as far as the world when the camera
moves. Every layer is 360 pixels tall (drawn at 2x in the 1280x720 view) and
wider than the view, 640 to 1120 pixels, so camera pans find more scenery;
every layer but the farthest is RGBA, transparent where the ones behind show.
The depth-1 layer carries the ground where the people stand: its pixel
(px, py) lands at world ((px - W/2) * 2 + 640, py * 2) with the camera at rest.

Run from the repository root:
  python3 tools/make-scene-art.py [--out DIR] [--only NAME ...]
(--out writes the same files under DIR/scripts/images/ instead; --only paints
just the named backdrops; it prints nothing when all goes well.) Standard
library only: it borrows the canvas, the shapes, the noise and the PNG writer of
tools/make-demo-art.py (loading its own copy of that file, whose PNG row filter
it swaps for one that makes the same choice and bytes a row at a time), paints
the big areas row by row and column by column, and gives the same bytes every
run.
Like the rest of scripts/images the pictures are made here from shapes, with
nothing drawn by hand, downloaded or copied, and are dedicated to the public
domain under CC0 1.0 (scripts/images/LICENSE)."""
import importlib.util
import math
import os
import sys

_spec = importlib.util.spec_from_file_location(
    "make_demo_art", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-demo-art.py"))
art = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(art)

noise, mix, shade, write_png = art.noise, art.mix, art.shade, art.write_png


class Canvas(art.Canvas):
    """make-demo-art.py's canvas, its pixels read out a row at a time (the same bytes, faster)."""

    def pixels(self, with_alpha):
        rows, w = [], self.w
        for y in range(self.h):
            s = slice(y * w, (y + 1) * w)
            channels = [self.r[s], self.g[s], self.b[s]] + ([[v * 255 for v in self.a[s]]] if with_alpha else [])
            rows.append(bytes(max(0, min(255, int(v + 0.5))) for px in zip(*channels) for v in px))
        return rows


_COST = bytes(v if v < 128 else 256 - v for v in range(256))  # the writer's measure of a filtered byte


def _filtered(row, prior, bpp):
    """make-demo-art.py's filtered(), the same choice and bytes, with whole rows at a time: the writer
    in this module's copy of make-demo-art.py uses it (the file itself is not changed)."""
    left = bytes(bpp) + row[:-bpp]
    corner = bytes(bpp) + prior[:-bpp]
    sub = bytes((x - a) & 255 for x, a in zip(row, left))
    up = bytes((x - b) & 255 for x, b in zip(row, prior))
    average = bytes((x - ((a + b) >> 1)) & 255 for x, a, b in zip(row, left, prior))
    out = bytearray(len(row))
    for i, (x, a, b, c) in enumerate(zip(row, left, prior, corner)):
        pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - c - c)
        out[i] = (x - (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255
    candidates = [bytearray([kind]) + data for kind, data in enumerate((bytes(row), sub, up, average, bytes(out)))]
    return min(candidates, key=lambda data: sum(data[1:].translate(_COST)))


art.filtered = _filtered

H = 360  # every layer's height: drawn at 2x, it covers the 720-unit view

# ---------------------------------------------------------------------------
# Texture: one seamless tile of smooth value noise (four octaves), looked up
# ---------------------------------------------------------------------------

TILE = 256


def _make_tile():
    out = [0.0] * (TILE * TILE)
    total = 0.0
    for cell, weight, seed in ((64, 0.45, 11), (32, 0.27, 12), (16, 0.17, 13), (6.4, 0.11, 14)):
        n = int(round(TILE / cell))
        size = TILE / n
        lattice = [noise(i + seed * 977, j + seed * 131) for j in range(n) for i in range(n)]
        for y in range(TILE):
            fy = y / size
            j0 = int(fy)
            ty = fy - j0
            ty = ty * ty * (3 - 2 * ty)
            r0, r1 = (j0 % n) * n, ((j0 + 1) % n) * n
            for x in range(TILE):
                fx = x / size
                i0 = int(fx)
                tx = fx - i0
                tx = tx * tx * (3 - 2 * tx)
                i1 = (i0 + 1) % n
                i0 %= n
                top = lattice[r0 + i0] + (lattice[r0 + i1] - lattice[r0 + i0]) * tx
                bottom = lattice[r1 + i0] + (lattice[r1 + i1] - lattice[r1 + i0]) * tx
                out[y * TILE + x] += weight * (top + (bottom - top) * ty)
        total += weight
    return [v / total for v in out]


T = _make_tile()


def tex(x, y, sx=1, sy=1, ox=0, oy=0):
    """The tile at (x, y), stretched sx times across and sy down: 0..1, mostly near 0.5."""
    return T[((int(y / sy) + oy) & 255) * TILE + ((int(x / sx) + ox) & 255)]


def smooth(a, b, v):
    t = max(0.0, min(1.0, (v - a) / (b - a)))
    return t * t * (3 - 2 * t)


def gradient(stops, t):
    """A colour from [(t, colour), ...] sorted by t."""
    if t <= stops[0][0]:
        return stops[0][1]
    for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
        if t <= t1:
            return mix(c0, c1, (t - t0) / (t1 - t0))
    return stops[-1][1]


# ---------------------------------------------------------------------------
# Fast painting: rows, columns and blobs without a callback per pixel
# ---------------------------------------------------------------------------


def put(c, i, col, cover):
    """Paints `col` over pixel i with `cover`: "over", straight alpha (Canvas.blend, inlined for speed)."""
    if cover >= 1:
        c.r[i], c.g[i], c.b[i], c.a[i] = col[0], col[1], col[2], 1.0
    elif cover > 0:
        a = c.a[i]
        out = cover + a * (1 - cover)
        k = cover / out
        c.r[i] += (col[0] - c.r[i]) * k
        c.g[i] += (col[1] - c.g[i]) * k
        c.b[i] += (col[2] - c.b[i]) * k
        c.a[i] = out


def sky(c, y0, y1, stops, brush=4.0, seed=0):
    """Rows y0..y1 of a gradient in long, slightly wavy brush strokes, with a soft mottle."""
    w = c.w
    for y in range(y0, y1):
        base = gradient(stops, (y - y0) / max(1, y1 - y0 - 1))
        row = y * w
        for x in range(w):
            k = brush * (math.sin(y * 0.33 + 2.1 * math.sin(x * 0.019 + y * 0.045 + seed)) +
                         2.4 * (tex(x, y, 3, 1, seed * 37, seed * 11) - 0.5))
            i = row + x
            c.r[i], c.g[i], c.b[i], c.a[i] = base[0] + k, base[1] + k, base[2] + k * 0.7, 1.0


def light(c, cx, cy, rx, ry, col, strength, power=2.0, box=None):
    """Adds a soft light (no change to alpha): `strength` of `col` at the centre, none at the radii."""
    x0, y0 = max(0, int(cx - rx)), max(0, int(cy - ry))
    x1, y1 = min(c.w, int(cx + rx) + 1), min(c.h, int(cy + ry) + 1)
    if box:
        x0, y0, x1, y1 = max(x0, box[0]), max(y0, box[1]), min(x1, box[2]), min(y1, box[3])
    for y in range(y0, y1):
        dy = ((y + 0.5 - cy) / ry) ** 2
        row = y * c.w
        for x in range(x0, x1):
            d = dy + ((x + 0.5 - cx) / rx) ** 2
            if d < 1:
                k = strength * (1 - math.sqrt(d)) ** power
                i = row + x
                c.r[i] += col[0] * k
                c.g[i] += col[1] * k
                c.b[i] += col[2] * k


def haze(c, cx, cy, rx, ry, col, strength, power=2.0):
    """A glow in the air: like Canvas.glow but elliptical and faster; it raises alpha too."""
    x0, y0 = max(0, int(cx - rx)), max(0, int(cy - ry))
    x1, y1 = min(c.w, int(cx + rx) + 1), min(c.h, int(cy + ry) + 1)
    for y in range(y0, y1):
        dy = ((y + 0.5 - cy) / ry) ** 2
        row = y * c.w
        for x in range(x0, x1):
            d = dy + ((x + 0.5 - cx) / rx) ** 2
            if d < 1:
                put(c, row + x, col, strength * (1 - math.sqrt(d)) ** power)


def mass(c, tops, bottoms, colour, texture=0.0, stretch=(1, 1), seed=0, rim=None, alpha=1.0, lit=None):
    """Fills each column x from tops[x] down to bottoms[x] (lists or numbers; edges anti-aliased).
    `colour`: a colour or a function of y; `texture`: how much the noise tile darkens and lightens;
    `rim`: (colour, width, strength) lightens the top edge; `lit`: a brightness per column."""
    w, h = c.w, c.h
    rows = [colour(y) if callable(colour) else colour for y in range(h)]
    sx, sy = stretch
    for x in range(w):
        t = tops[x] if isinstance(tops, list) else tops
        b = bottoms[x] if isinstance(bottoms, list) else bottoms
        if b <= t or b <= 0 or t >= h:
            continue
        k0 = lit[x] if lit else 1.0
        for y in range(max(0, int(t)), min(h, int(math.ceil(b)))):
            cover = min(1.0, y + 1 - t, b - y) * alpha
            k = k0 * (1 + texture * (T[((int(y / sy) + seed) & 255) * TILE + ((int(x / sx) + seed * 3) & 255)] - 0.5))
            col = rows[y]
            col = (col[0] * k, col[1] * k, col[2] * k)
            if rim and y - t < rim[1]:
                col = mix(col, rim[0], rim[2] * (1 - (y - t) / rim[1]))
            put(c, y * w + x, col, cover)


def blob(c, cx, cy, rx, ry, lit_col, dark_col, lx=0.5, ly=-0.7, rag=0.0, texture=0.25, seed=0, alpha=1.0):
    """A rounded lump (a leaf cluster, a cloud, a bush): lit towards (lx, ly), a ragged edge from the noise."""
    x0, y0 = max(0, int(cx - rx * (1 + rag)) - 1), max(0, int(cy - ry * (1 + rag)) - 1)
    x1, y1 = min(c.w, int(cx + rx * (1 + rag)) + 2), min(c.h, int(cy + ry * (1 + rag)) + 2)
    m = min(rx, ry)
    for y in range(y0, y1):
        ny = (y + 0.5 - cy) / ry
        row = y * c.w
        for x in range(x0, x1):
            nx = (x + 0.5 - cx) / rx
            n = T[((y * 2 + seed * 7) & 255) * TILE + ((x * 2 + seed * 13) & 255)]
            d = (math.sqrt(nx * nx + ny * ny) - 1 - rag * (n - 0.5) * 2) * m
            if d < 0.5:
                t = max(0.0, min(1.0, 0.5 + 0.5 * (nx * lx + ny * ly)))
                col = mix(dark_col, lit_col, t)
                k = 1 + texture * (n - 0.5)
                put(c, row + x, (col[0] * k, col[1] * k, col[2] * k), alpha * min(1.0, 0.5 - d))


def canopy_tops(w, lumps, base=1e9):
    """The top edge of a row of rounded lumps [(cx, top, rx), ...] (half-ellipses 0.8 as tall as wide)."""
    tops = [base] * w
    for cx, top, rx in lumps:
        for x in range(max(0, int(cx - rx)), min(w, int(cx + rx) + 1)):
            d = (x + 0.5 - cx) / rx
            if abs(d) < 1:
                tops[x] = min(tops[x], top + rx * 0.8 * (1 - math.sqrt(1 - d * d)))
    return tops


def pine_tops(w, trees, base=1e9):
    """The jagged top edge of a row of fir trees [(cx, peak, half_width, height), ...], in tiers."""
    tops = [base] * w
    for cx, peak, half, height in trees:
        for tier in range(4):
            ty = peak + tier * height * 0.2
            tw = half * (0.45 + 0.2 * tier)
            slope = height * 0.42 / tw
            for x in range(max(0, int(cx - tw)), min(w, int(cx + tw) + 1)):
                tops[x] = min(tops[x], ty + abs(x + 0.5 - cx) * slope)
    return tops


def hills(w, base, waves, seed=0):
    """A rolling skyline: base minus a sum of sines [(amplitude, period, phase), ...]."""
    return [base - sum(a * math.sin((x + seed) * 2 * math.pi / p + ph) for a, p, ph in waves) for x in range(w)]


def vignette(c, strength=0.3, inner=0.7, cx=None, cy=None):
    """Darkens towards the edges; on a layer with alpha it darkens colour only."""
    cx = c.w / 2 if cx is None else cx
    cy = c.h / 2 if cy is None else cy
    for y in range(c.h):
        dy = ((y - cy) / (c.h / 2)) ** 2
        row = y * c.w
        for x in range(c.w):
            d = math.sqrt(dy + ((x - cx) / 320) ** 2)
            if d > inner:
                k = 1 - strength * min(1.0, (d - inner) / 0.7)
                i = row + x
                c.r[i] *= k
                c.g[i] *= k
                c.b[i] *= k


def falloff(c, cx, cy, rx, ry, dark, power=1.5, tint=(1.0, 1.0, 1.0)):
    """Darkens away from a light at (cx, cy): full colour there, `dark` of it at the radii and beyond."""
    for y in range(c.h):
        dy = ((y + 0.5 - cy) / ry) ** 2
        row = y * c.w
        for x in range(c.w):
            d = min(1.0, math.sqrt(dy + ((x + 0.5 - cx) / rx) ** 2))
            k = dark + (1 - dark) * (1 - d) ** power
            i = row + x
            c.r[i] *= k * (tint[0] + (1 - tint[0]) * k)
            c.g[i] *= k * (tint[1] + (1 - tint[1]) * k)
            c.b[i] *= k * (tint[2] + (1 - tint[2]) * k)


def bottom_shade(c, y0, strength, col=(0, 0, 0)):
    """Darkens rows y0.. down to the bottom edge (a vignette that moves with its layer, seamlessly)."""
    for y in range(y0, c.h):
        k = strength * ((y - y0) / (c.h - y0)) ** 1.6
        row = y * c.w
        for i in range(row, row + c.w):
            c.r[i] += (col[0] - c.r[i]) * k
            c.g[i] += (col[1] - c.g[i]) * k
            c.b[i] += (col[2] - c.b[i]) * k


def top_shade(c, y1, strength, col=(0, 0, 0)):
    for y in range(0, y1):
        k = strength * (1 - y / y1) ** 1.6
        row = y * c.w
        for i in range(row, row + c.w):
            c.r[i] += (col[0] - c.r[i]) * k
            c.g[i] += (col[1] - c.g[i]) * k
            c.b[i] += (col[2] - c.b[i]) * k


def ground(c, y0, y1, stops, texture=0.16, stretch=(5, 1), seed=0, streaks=0.0):
    """Rows y0..y1 of ground (grass, sand, stone), a gradient with stretched noise and optional streaks."""
    w = c.w
    for y in range(y0, y1):
        base = gradient(stops, (y - y0) / max(1, y1 - y0 - 1))
        row = y * w
        sx = stretch[0] * (0.6 + 0.8 * (y - y0) / max(1, y1 - y0))  # bigger marks nearer
        for x in range(w):
            n = T[((int(y / stretch[1]) + seed) & 255) * TILE + ((int(x / sx) + seed * 5) & 255)]
            k = 1 + texture * (n - 0.5) * 2
            if streaks:
                k += streaks * (T[((y * 3 + seed) & 255) * TILE + ((x // 2 + seed) & 255)] - 0.5)
            i = row + x
            c.r[i], c.g[i], c.b[i], c.a[i] = base[0] * k, base[1] * k, base[2] * k, 1.0


def soft_shadow(c, cx, cy, rx, ry, strength, col=(20, 16, 30)):
    haze(c, cx, cy, rx, ry, col, strength, 1.0)


def boards(c, x0, x1, y0, y1, col, first=6.0, growth=0.06, seed=0, grain=0.22, seam=0.55, lit=None, joint=150,
           vary=0.2):
    """Planks laid across the picture from y0 (far) to y1 (near), each band a little taller than the last,
    with a dark gap between bands, staggered butt joints and grain from the noise tile."""
    bands, y, k = [], float(y0), 0
    while y < y1:
        hgt = first + (y - y0) * growth
        bands.append((y, min(y1, y + hgt), k))
        y, k = y + hgt, k + 1
    w = c.w
    for top, bottom, k in bands:
        joints = [x0 + (noise(k, seed) * joint * 0.6 + j * joint * (0.8 + 0.4 * noise(k, j + seed)))
                  for j in range(int((x1 - x0) / (joint * 0.8)) + 2)]
        tone = 1 - vary / 2 + vary * noise(k, seed + 1)
        for y in range(int(top), min(c.h, int(math.ceil(bottom)))):
            f = (y + 0.5 - top) / max(1.0, bottom - top)
            edge = 0.62 if y == int(top) else (1.08 if y == int(top) + 1 else 1.0 - 0.12 * f)
            row = y * w
            for x in range(max(0, x0), min(w, x1)):
                g = T[((y * 5 + seed) & 255) * TILE + ((x // 9 + k * 17) & 255)]
                m = tone * edge * (1 + grain * (g - 0.5) * 2)
                if lit:
                    m *= lit[x]
                for j, jx in enumerate(joints):
                    if 0 <= x - jx < 1.5:
                        m *= seam
                    elif vary and x < jx:
                        m *= 1 - vary / 2 + vary * noise(k * 31 + j, seed + 5)
                        break
                put(c, row + x, (col[0] * m, col[1] * m, col[2] * m), 1.0)


def siding(c, x0, x1, y0, y1, col, step=7, seed=0):
    """Clapboards: horizontal boards, each with a shadow under its lip and a lit top."""
    for y in range(max(0, y0), min(c.h, y1)):
        f = ((y - y0) % step) / step
        m = 0.78 if f < 1 / step else (1.06 - 0.14 * f)
        row = y * c.w
        for x in range(max(0, x0), min(c.w, x1)):
            g = T[((y // step * 19 + seed) & 255) * TILE + ((x // 6) & 255)]
            k = m * (1 + 0.12 * (g - 0.5) * 2)
            put(c, row + x, (col[0] * k, col[1] * k, col[2] * k), 1.0)


def vboards(c, x0, x1, y0, y1, col, step=8, seed=0, lit_right=0.0):
    """Boards standing upright (a shed, a fence): a dark seam at each board's edge."""
    for y in range(max(0, int(y0)), min(c.h, int(y1))):
        row = y * c.w
        for x in range(max(0, int(x0)), min(c.w, int(x1))):
            f = ((x - x0) % step) / step
            m = 0.7 if f < 1 / step else 1.0 + lit_right * (f - 0.5)
            g = T[((y // 3 + seed) & 255) * TILE + ((int((x - x0) // step) * 23 + x % 3) & 255)]
            k = m * (1 + 0.2 * (g - 0.5) * 2)
            put(c, row + x, (col[0] * k, col[1] * k, col[2] * k), 1.0)


def tree_crown(c, cx, cy, rx, ry, lit_col, dark_col, seed, lumps=9, lx=0.6, ly=-0.6, alpha=1.0, size=0.42):
    """A broad tree's crown: a dark core and lumps, the lumps towards the light painted last and lightest."""
    blob(c, cx, cy, rx * 0.92, ry * 0.9, mix(dark_col, lit_col, 0.25), dark_col, lx, ly, 0.22, 0.3, seed, alpha)
    items = []
    for k in range(lumps):
        a = noise(seed, k) * 2 * math.pi
        d = 0.35 + 0.5 * noise(seed, k + 40)
        px, py = cx + math.cos(a) * rx * d * 0.8, cy + math.sin(a) * ry * d * 0.75
        items.append(((px - cx) * lx / rx + (py - cy) * ly / ry, px, py, k))
    items.sort()
    for facing, px, py, k in items:
        r = size * min(rx, ry) * (0.8 + 0.5 * noise(seed, k + 80))
        t = max(0.0, min(1.0, 0.45 + facing * 0.7))
        blob(c, px, py, r * 1.15, r, mix(dark_col, lit_col, 0.3 + 0.7 * t), mix(dark_col, lit_col, 0.1 * t),
             lx, ly, 0.25, 0.35, seed + k + 1, alpha)


# ---------------------------------------------------------------------------
# The porch: a back garden at golden hour, the sun low on the right
# ---------------------------------------------------------------------------

SUN_GOLD = (255, 200, 120)


def porch_sky():
    c = Canvas(640, H)
    sky(c, 0, 200, [(0, (60, 84, 140)), (0.45, (150, 132, 158)), (0.8, (244, 176, 118)), (1, (255, 214, 140))],
        brush=3.5, seed=1)
    light(c, 470, 150, 330, 170, (255, 170, 80), 0.55, 1.6)
    light(c, 470, 150, 70, 60, (255, 240, 200), 0.9, 1.5)
    c.ellipse(470, 150, 22, 22, (255, 244, 210))
    for cx, cy, rx, ry, s in ((120, 60, 110, 12, 1), (230, 78, 70, 9, 2), (520, 96, 90, 10, 3), (380, 40, 120, 11, 4),
                              (60, 118, 80, 8, 5), (600, 60, 70, 8, 6)):
        blob(c, cx, cy, rx, ry, (255, 206, 160), (190, 126, 140), 0.4, 0.9, 0.35, 0.2, s, 0.8)
        blob(c, cx + rx * 0.3, cy - ry * 0.5, rx * 0.5, ry * 0.8, (255, 220, 180), (214, 150, 150), 0.4, 0.9, 0.3, 0.2,
             s + 9, 0.6)
    # Far hills in haze, then the fields below them (hidden behind the garden at rest).
    far = hills(640, 162, [(10, 410, 0.5), (5, 170, 2.0), (2, 60, 1.0)])
    mass(c, far, H, lambda y: mix((170, 130, 150), (110, 100, 120), smooth(150, 200, y)), 0.1, (4, 2), 3,
         rim=((250, 196, 150), 3, 0.5))
    near = pine_tops(640, [(x, 168 + 8 * noise(x, 5), 7 + 4 * noise(x, 6), 16 + 10 * noise(x, 7))
                           for x in range(-10, 660, 9)], 184)
    mass(c, near, H, (92, 82, 98), 0.15, (2, 2), 5, rim=((230, 170, 130), 2, 0.4))
    light(c, 470, 165, 200, 30, (255, 160, 80), 0.4)
    vignette(c, 0.35, 0.6)
    return c


def porch_trees():
    c = Canvas(800, H, (46, 58, 44), 0.0)
    dark, lit = (40, 52, 44), (196, 170, 80)
    # A low hedge of lumps behind the fence, then the great trees.
    mass(c, canopy_tops(800, [(x, 112 + 16 * noise(x, 1), 22 + 10 * noise(x, 2)) for x in range(-20, 820, 26)]), 176,
         lambda y: mix((60, 74, 50), (34, 42, 36), smooth(110, 176, y)), 0.3, (2, 2), 4,
         rim=((230, 190, 90), 5, 0.55))
    for cx, cy, rx, ry, seed in ((90, 70, 110, 78, 3), (300, 56, 96, 70, 5), (520, 84, 80, 60, 7),
                                 (700, 52, 120, 84, 9)):
        c.polygon([(cx - 9, ry + cy - 20), (cx + 7, ry + cy - 20), (cx + 11, 172), (cx - 12, 172)],
                           (52, 44, 42))
        c.polygon([(cx + 1, ry + cy - 20), (cx + 7, ry + cy - 20), (cx + 11, 172), (cx + 3, 172)],
                           (150, 104, 62), 0.8)
        tree_crown(c, cx, cy, rx, ry, lit, dark, seed, 12, 0.75, -0.45)
    # The garden fence: weathered boards with pointed tops, lit from the right.
    for x in range(0, 800, 11):
        top = 146 + 2 * noise(x, 9)
        c.polygon([(x, top + 5), (x + 5, top), (x + 10, top + 5), (x + 10, 180), (x, 180)],
                           shade((150, 118, 88), 0.85 + 0.2 * noise(x, 10)))
        c.rect(x + 7, top + 4, x + 10, 180, (232, 178, 110), 0.6)
    c.rect(0, 156, 800, 159, (104, 80, 62))
    c.rect(0, 170, 800, 173, (104, 80, 62))
    light(c, 760, 100, 420, 180, (255, 170, 70), 0.3, 1.5)
    return c


def porch_yard():
    W = 960
    c = Canvas(W, H, (70, 90, 50), 0.0)
    # The lawn, sunlit towards the back, in long shadow in front.
    ground(c, 168, H, [(0, (170, 170, 80)), (0.35, (120, 132, 58)), (1, (60, 76, 40))], 0.14, (6, 2), 2, 0.12)
    mass(c, 166, 169, (150, 150, 70), 0.2)
    light(c, 820, 176, 400, 60, (255, 180, 90), 0.35, 1.2)
    for y in range(176, H):  # long shadows of trees out of the picture, slanting away from the sun
        f = (y - 176) / (H - 176)
        row = y * W
        for x in range(W):
            u = (x + f * 230) / 150
            band = 0.5 + 0.5 * math.sin(u * 2 * math.pi + 1.3 * math.sin(u * 1.7))
            k = 1 - 0.2 * smooth(0.45, 0.7, band)
            i = row + x
            c.r[i] *= k
            c.g[i] *= k
            c.b[i] *= k * 1.05
    for k in range(40):  # tufts, darker and bigger nearer
        x, y = noise(k, 21) * W, 200 + noise(k, 22) * 160
        size = 3 + (y - 200) * 0.05
        for b in range(5):
            lean = (b - 2) * 0.8 * size
            c.stroke([(x + b * 1.6, y), (x + b * 1.6 + lean, y - size * (1.5 + noise(k, b)))], 1.1 + size * 0.12,
                     shade((120, 140, 60), 0.6 + 0.5 * noise(k, b + 9)))
    for k, (x, y) in enumerate(((690, 206), (670, 215), (652, 226))):  # stepping stones from the steps
        c.ellipse(x, y, 10 + k, 3.6 + k * 0.5, (60, 60, 50), 0.6)
        c.ellipse(x, y - 1, 9 + k, 3.2 + k * 0.5, (176, 164, 140))
        c.ellipse(x + 2, y - 2, 5 + k, 1.6 + k * 0.3, (220, 196, 150), 0.7)
    # The house: clapboards, the roof's eave and its gutter, a lit window, the back door.
    siding(c, 0, 352, 20, 178, (134, 160, 140), 7, 3)
    c.rect(340, 20, 352, 178, (226, 214, 190))  # corner board
    c.polygon([(0, 0), (326, 0), (364, 28), (0, 28)], (78, 62, 66))
    for y in range(2, 28, 5):  # shingle courses
        c.rect(0, y, 326 + y * 1.36, y + 1, (58, 46, 52), 0.8)
    c.rect(0, 24, 366, 30, (232, 222, 200))
    c.rect(0, 30, 368, 37, (170, 172, 170))  # the gutter, freshly cleaned
    c.rect(0, 30, 368, 32, (236, 236, 226))
    c.rect(0, 36, 368, 37, (90, 90, 96))
    c.stroke([(360, 36), (360, 44), (355, 52), (355, 172), (362, 178)], 5, (156, 158, 158))
    c.stroke([(359, 38), (359, 44), (354, 52), (354, 172)], 1.4, (230, 230, 222))
    for y in range(0, 20, 2):  # the house's shadow under the eave
        c.rect(0, 37 + y, 352, 38 + y, (30, 30, 50), 0.22 * (1 - y / 20))
    # The window: warm lamplight behind four panes, a sill and curtains.
    wx0, wy0, wx1, wy1 = 236, 62, 306, 130
    c.rect(wx0 - 5, wy0 - 5, wx1 + 5, wy1 + 7, (230, 220, 198))
    c.rect(wx0, wy0, wx1, wy1, (255, 196, 110))
    light(c, (wx0 + wx1) / 2, wy1, 60, 70, (255, 120, 20), 0.4, 1.0, (wx0, wy0, wx1, wy1))
    c.polygon([(wx0, wy0), (wx0 + 18, wy0), (wx0 + 10, wy1), (wx0, wy1)], (180, 90, 70))
    c.polygon([(wx1, wy0), (wx1 - 18, wy0), (wx1 - 10, wy1), (wx1, wy1)], (180, 90, 70))
    c.rect((wx0 + wx1) / 2 - 2, wy0, (wx0 + wx1) / 2 + 2, wy1, (230, 220, 198))
    c.rect(wx0, (wy0 + wy1) / 2 - 2, wx1, (wy0 + wy1) / 2 + 2, (230, 220, 198))
    c.rect(wx0 - 8, wy1 + 4, wx1 + 8, wy1 + 10, (240, 232, 212))
    c.polygon([(wx0, wy0), (wx0 + 24, wy0), (wx0 + 8, wy1), (wx0, wy1)], (255, 255, 255), 0.12)
    # The back door, its glass lit.
    dx0, dx1 = 166, 216  # a person (a 230-unit sprite) is 115 pixels tall here: the door is taller
    c.rect(dx0 - 5, 52, dx1 + 5, 178, (230, 220, 198))
    c.rect(dx0, 57, dx1, 178, (92, 60, 56))
    c.rect(dx0 + 6, 64, dx1 - 6, 108, (255, 200, 120))
    c.rect(dx0 + 6, 116, dx1 - 6, 170, (80, 52, 50))
    c.ellipse(dx1 - 7, 120, 2.5, 2.5, (230, 190, 100))
    c.rect(dx0 - 10, 44, dx1 + 10, 50, (230, 220, 198))
    # The joke: where the ladder always leans, the paint is unfaded in a ladder's shape. Two empty hooks.
    for side in (0, 24):
        c.polygon([(318 + side, 40), (321 + side, 40), (316 + side, 178), (313 + side, 178)],
                           (100, 146, 132), 0.95)
    for k in range(9):
        y = 52 + k * 14.5
        c.rect(318 - k * 0.6, y, 344 - k * 0.6, y + 2.6, (100, 146, 132), 0.95)
    for hx in (100, 136):
        c.stroke([(hx, 150), (hx, 158), (hx + 6, 158), (hx + 6, 153)], 2.2, (70, 66, 70))
    # The deck: honey boards, a fascia at its edge, a step down, the railing at its back.
    deck_lit = [1.0 + 0.14 * smooth(300, 700, x) for x in range(W)]
    boards(c, 0, 612, 178, 250, (178, 120, 74), 5.0, 0.08, 4, lit=deck_lit)
    c.rect(0, 250, 612, 262, (120, 76, 50))
    c.rect(0, 250, 612, 252, (210, 150, 96))
    boards(c, 0, 624, 262, 272, (160, 106, 66), 10.0, 0, 8, lit=deck_lit)
    c.rect(0, 272, 624, 278, (60, 44, 36), 0.7)
    for k in range(2):  # two steps down to the lawn on the right
        x, y = 612 + k * 15, 184 + k * 8
        c.rect(x, y, x + 16, 250 + k * 8, (186, 128, 80))
        c.rect(x, y, x + 16, y + 3, (236, 180, 116))
        c.rect(x, 250 + k * 8, x + 16, 272, (112, 72, 48))
        c.rect(x + 14, y, x + 16, 272, (90, 60, 44), 0.8)
    c.rect(606, 176, 614, 262, (150, 100, 62))
    for x in (352, 480, 606):  # posts, rails and balusters along the back
        c.rect(x, 124, x + 8, 182, (206, 190, 164))
        c.rect(x + 5, 124, x + 8, 182, (255, 220, 160), 0.6)
        c.rect(x - 1, 120, x + 9, 125, (220, 204, 178))
    c.rect(352, 126, 614, 132, (214, 198, 172))
    c.rect(352, 126, 614, 128, (255, 232, 186))
    c.rect(352, 168, 614, 172, (190, 174, 150))
    for x in range(362, 606, 12):
        c.rect(x, 132, x + 4, 168, (200, 184, 160))
        c.rect(x + 3, 132, x + 4, 168, (255, 228, 176), 0.5)
        c.polygon([(x, 178), (x + 4, 178), (x - 40, 200), (x - 46, 200)], (40, 30, 40), 0.16)
    for y in range(178, 186):  # the house's shade along the wall
        c.rect(0, y, 352, y + 1, (40, 30, 40), 0.3 * (1 - (y - 178) / 8))
    # The shed, big enough for Bob to walk into: upright boards, a gable roof, its door, a small window.
    sx0, sx1, top, base = 614, 778, 66, 200
    mid = (sx0 + sx1) / 2
    soft_shadow(c, sx0 - 30, base + 4, 120, 12, 0.45)
    vboards(c, sx0, sx1, top, base, (156, 76, 58), 11, 6, 0.5)
    light(c, sx1, top + 50, 130, 130, (255, 170, 80), 0.3, 1.0, (sx0, top, sx1, base))
    c.polygon([(sx0, top), (mid, top - 46), (sx1, top)], (136, 66, 52))
    c.polygon([(sx0 - 12, top + 2), (mid, top - 56), (sx1 + 12, top + 2), (sx1 + 12, top + 10), (mid, top - 46),
               (sx0 - 12, top + 10)], (70, 60, 64))
    c.polygon([(mid, top - 56), (sx1 + 12, top + 2), (sx1 + 12, top + 10), (mid, top - 48)], (220, 150, 100), 0.7)
    c.rect(sx0, top + 6, sx1, top + 14, (50, 30, 34), 0.35)
    c.rect(mid - 10, top - 28, mid + 10, top - 14, (90, 50, 44))  # a vent under the gable
    for k in range(3):
        c.rect(mid - 8, top - 26 + k * 4.5, mid + 8, top - 24.5 + k * 4.5, (50, 30, 30))
    door0, door1 = 672, 720
    c.rect(door0 - 4, 80, door1 + 4, base, (226, 214, 190))
    vboards(c, door0, door1, 84, base, (112, 120, 96), 12, 9, 0.3)
    c.stroke([(door0 + 3, 96), (door1 - 3, 96), (door0 + 3, 186), (door1 - 3, 186)], 4.5, (92, 98, 78))
    c.ellipse(door1 - 8, 146, 3, 3, (60, 56, 50))
    c.rect(734, 100, 764, 130, (226, 214, 190))
    c.rect(738, 104, 760, 126, (70, 76, 92))
    c.rect(738, 104, 748, 114, (255, 210, 150), 0.6)
    c.rect(748, 104, 750, 126, (226, 214, 190))
    c.polygon([(sx1, top), (sx1 + 5, top + 2), (sx1 + 5, base), (sx1, base)], (255, 190, 110), 0.5)
    # A watering can by the door, flowers along the shed, bushes at the lawn's edge.
    c.polygon([(632, 176), (654, 176), (651, 200), (635, 200)], (90, 124, 120))
    c.stroke([(653, 186), (668, 172)], 2.6, (90, 124, 120))
    c.arc(643, 176, 8, 180, 360, 2, (70, 100, 100), ry=7)
    for k in range(16):
        x, y = 728 + k * 3.2 + 3 * noise(k, 1), 186 + 8 * noise(k, 2)
        c.stroke([(x, 201), (x, y)], 1.2, (70, 110, 50))
        c.ellipse(x, y, 2.6, 2.6, ((250, 210, 90), (240, 120, 140), (250, 250, 230))[k % 3])
    for k, (bx, by, r) in enumerate(((806, 184, 28), (836, 176, 34), (872, 188, 26))):
        blob(c, bx, by, r, r * 0.8, (170, 170, 70), (50, 70, 42), 0.7, -0.6, 0.2, 0.3, k + 50)
    # A tree at the right edge, its crown over the top corner.
    c.polygon([(868, 360), (880, 0), (930, 0), (946, 360)], (58, 46, 44))
    c.polygon([(916, 360), (914, 0), (930, 0), (946, 360)], (170, 116, 70), 0.6)
    tree_crown(c, 900, 20, 150, 70, (186, 170, 74), (36, 48, 38), 21, 12, 0.6, 0.5)
    soft_shadow(c, 880, 300, 140, 40, 0.3)
    bottom_shade(c, 250, 0.35, (30, 24, 34))
    return c


# ---------------------------------------------------------------------------
# The forest: a clearing on a hill in a summer afternoon, the sun high on the left
# ---------------------------------------------------------------------------


def cumulus(c, cx, cy, size, seed, lit=(255, 252, 240), dark=(160, 176, 204), alpha=0.95):
    """A heaped cloud: a flat grey-blue base and round lit heads on top."""
    blob(c, cx, cy, size * 1.6, size * 0.35, mix(dark, lit, 0.4), dark, -0.3, -0.9, 0.15, 0.15, seed, alpha)
    for k in range(6):
        hx = cx + (noise(seed, k) - 0.5) * size * 2.2
        r = size * (0.35 + 0.35 * noise(seed, k + 7)) * (1 - abs(hx - cx) / (size * 2.2))
        blob(c, hx, cy - r * 0.7, r * 1.1, r, lit, dark, -0.4, -0.9, 0.12, 0.12, seed + k, alpha)


def grass_tufts(c, count, x0, x1, y0, y1, colour, seed, size0=3, growth=0.05):
    for k in range(count):
        x, y = x0 + noise(k, seed) * (x1 - x0), y0 + noise(k, seed + 1) * (y1 - y0)
        size = size0 + (y - y0) * growth
        for b in range(5):
            lean = (b - 2) * 0.8 * size
            c.stroke([(x + b * 1.6, y), (x + b * 1.6 + lean, y - size * (1.5 + noise(k, b)))], 1.1 + size * 0.12,
                     shade(colour, 0.6 + 0.5 * noise(k, b + seed)))


def forest_sky():
    c = Canvas(640, H)
    sky(c, 0, 220, [(0, (58, 116, 196)), (0.6, (134, 184, 226)), (1, (226, 232, 214))], 3, 4)
    light(c, 120, 30, 300, 200, (255, 230, 170), 0.35, 1.6)
    for cx, cy, size, seed in ((170, 92, 40, 1), (430, 70, 34, 2), (600, 110, 28, 3), (30, 140, 22, 4),
                               (300, 140, 18, 5)):
        cumulus(c, cx, cy, size, seed)
    mass(c, hills(640, 176, [(8, 500, 1), (4, 150, 3)]), H, (150, 176, 190), 0.08, (4, 2), 2)
    vignette(c, 0.25, 0.7)
    return c


def forest_hills():
    c = Canvas(720, H, (120, 150, 150), 0.0)
    far = hills(720, 150, [(18, 520, 0.3), (8, 230, 2.2), (3, 90, 0.7)])
    mass(c, far, H, lambda y: mix((132, 166, 172), (110, 146, 140), smooth(120, 220, y)), 0.12, (5, 2), 7,
         rim=((220, 236, 220), 3, 0.4))
    ridge = hills(720, 178, [(14, 380, 2.0), (6, 170, 0.4)])
    trees = [(x, ridge[min(719, max(0, int(x)))] - 4 - 10 * noise(x, 8), 5 + 3 * noise(x, 9), 18 + 10 * noise(x, 10))
             for x in range(-8, 730, 7)]
    tops = [min(a, b) for a, b in zip(ridge, pine_tops(720, trees))]
    mass(c, tops, H, lambda y: mix((80, 120, 108), (60, 96, 84), smooth(150, 220, y)), 0.22, (2, 2), 9,
         rim=((190, 214, 160), 3, 0.45), lit=[1 - 0.1 * smooth(0, 720, x) for x in range(720)])
    return c


def forest_wood():
    W = 800
    c = Canvas(W, H, (40, 60, 40), 0.0)
    # The wood behind the clearing: low in the middle, where the hills show, high at the sides.
    def height(x):
        return 96 + 70 * smooth(120, 400, x) * smooth(700, 430, x)
    lumps = [(x, height(x) + 14 * noise(x, 3), 20 + 12 * noise(x, 4)) for x in range(-20, W + 20, 22)]
    mass(c, canopy_tops(W, lumps), 200, lambda y: mix((58, 92, 54), (30, 50, 36), smooth(90, 200, y)), 0.35,
         (2, 2), 5, rim=((200, 214, 110), 5, 0.5))
    for k in range(26):  # lit lumps on the front of the wood
        x = noise(k, 31) * W
        y = height(x) + 30 + 40 * noise(k, 32)
        r = 14 + 14 * noise(k, 33)
        blob(c, x, y, r * 1.2, r, (150, 176, 80), (40, 66, 40), -0.6, -0.7, 0.25, 0.3, k + 60, 0.9)
    for k in range(18):  # trunks in the shade under the wood
        x = 20 + k * 44 + 20 * noise(k, 34)
        c.rect(x, 150 + 20 * noise(k, 35), x + 4 + 3 * noise(k, 36), 200, (36, 34, 30), 0.8)
    # Tall trees at both sides, their crowns over the top.
    for cx, seed in ((60, 3), (740, 9)):
        c.polygon([(cx - 20, 200), (cx - 12, 0), (cx + 12, 0), (cx + 22, 200)], (62, 50, 42))
        c.polygon([(cx - 20, 200), (cx - 12, 0), (cx - 4, 0), (cx - 8, 200)], (170, 140, 90), 0.5)
        for k in range(5):
            tree_crown(c, cx + (noise(seed, k) - 0.5) * 200, 10 + 60 * noise(seed, k + 5), 90, 50,
                       (150, 180, 80), (30, 56, 36), seed * 10 + k, 8, -0.6, -0.6)
    light(c, 200, 60, 400, 200, (255, 230, 150), 0.18, 1.5)
    return c


def forest_clearing():
    W = 1120
    c = Canvas(W, H, (90, 120, 50), 0.0)
    ground(c, 170, H, [(0, (118, 150, 62)), (0.25, (150, 176, 70)), (0.65, (108, 148, 58)), (1, (60, 96, 44))],
           0.16, (5, 2), 3, 0.12)
    mass(c, [170 - 3 * tex(x, 0, 1, 1, 5, 9) - 2 * noise(x, 2) for x in range(W)], 176, (80, 110, 50), 0.2)
    for k in range(12):  # sun through the leaves: warm patches
        x, y = noise(k, 41) * W, 200 + noise(k, 42) * 130
        light(c, x, y, 60 + 50 * noise(k, 43), 12 + 10 * noise(k, 44), (255, 230, 140), 0.22, 1.2)
    # The path the family comes up, from the left edge into the clearing.
    path_top = [232 - 30 * smooth(0, 560, x) + 5 * math.sin(x * 0.02) for x in range(W)]
    path_bottom = [272 - 40 * smooth(0, 560, x) + 6 * math.sin(x * 0.017 + 1) for x in range(W)]
    for x in range(W):  # it thins out and ends in the grass
        fade = smooth(640, 480, x)
        mid = (path_top[x] + path_bottom[x]) / 2 + 4 * (1 - fade)
        path_top[x], path_bottom[x] = mid - (mid - path_top[x]) * fade, mid + (path_bottom[x] - mid) * fade
    mass(c, path_top, path_bottom, lambda y: mix((200, 176, 120), (170, 136, 92), smooth(190, 280, y)), 0.3, (3, 1),
         11, alpha=0.85)
    # The old oak at the back of the clearing, its crown over the top left.
    ox, base = 360, 184
    soft_shadow(c, ox + 60, base + 4, 120, 14, 0.4)
    c.polygon([(ox - 34, base + 4), (ox - 18, base - 20), (ox - 16, 60), (ox + 14, 60), (ox + 18, base - 24),
               (ox + 36, base + 4)], (74, 58, 46))
    c.polygon([(ox - 34, base + 4), (ox - 18, base - 20), (ox - 16, 60), (ox - 6, 60), (ox - 6, base + 4)],
              (150, 124, 84), 0.6)
    for k in range(9):  # bark
        x = ox - 14 + k * 3.4
        c.stroke([(x, 70), (x + 2 * noise(k, 1), 120), (x - 1, base)], 1, (48, 38, 32), 0.6)
    for a, length in ((-2.5, 120), (-0.7, 110), (-1.9, 90)):
        c.stroke([(ox, 80), (ox + math.cos(a) * length, 80 + math.sin(a) * length * 0.6)], 12, (70, 56, 44))
    for k in range(7):
        tree_crown(c, ox + (noise(k, 51) - 0.5) * 300, 8 + 50 * noise(k, 52), 110, 60, (170, 196, 86),
                   (34, 62, 38), 70 + k, 9, -0.6, -0.6)
    # The picnic blanket (red checks) and a basket, under the oak.
    bx0, by0, bx1, by1 = 286, 194, 406, 214
    c.polygon([(bx0 + 10, by0), (bx1, by0), (bx1 - 10, by1), (bx0, by1)], (214, 70, 64))
    for k in range(1, 8):
        t = k / 8
        c.stroke([(bx0 + 10 + (bx1 - bx0 - 10) * t, by0), (bx0 + (bx1 - bx0 - 10) * t, by1)], 3,
                 (250, 236, 226), 0.55)
    for k in range(1, 3):
        y = by0 + (by1 - by0) * k / 3
        c.stroke([(bx0 + 10 - 10 * k / 3, y), (bx1 - 10 * k / 3, y)], 3, (250, 236, 226), 0.55)
    c.polygon([(bx0, by1), (bx1 - 10, by1), (bx1 - 10, by1 + 2), (bx0, by1 + 2)], (140, 40, 40))
    c.ellipse(300, 203, 14, 3, (40, 50, 30), 0.4)
    c.rect(288, 190, 312, 203, (184, 136, 74))
    c.arc(300, 190, 10, 180, 360, 2.2, (150, 104, 56), ry=9)
    c.rect(288, 190, 312, 192, (220, 176, 110))
    # The fairy ring where Vesper appears.
    for k in range(14):
        a = k / 14 * 2 * math.pi
        x, y = 745 + math.cos(a) * 34, 212 + math.sin(a) * 9
        s = 2.4 + 0.6 * noise(k, 61)
        c.rect(x - 0.8, y - s, x + 0.8, y + 1, (236, 226, 206))
        c.ellipse(x, y - s, s, s * 0.6, (230, 220, 196) if k % 3 else (200, 80, 60))
    light(c, 745, 210, 50, 14, (255, 250, 200), 0.15, 1.0)
    # Flowers, tufts, fern at the front corners.
    for k in range(90):
        x, y = noise(k, 71) * W, 180 + noise(k, 72) ** 0.7 * 170
        if path_top[int(x)] - 4 < y < path_bottom[int(x)] + 4:
            continue
        s = 1.2 + (y - 180) * 0.012
        c.ellipse(x, y, s, s * 0.8, ((255, 250, 240), (255, 220, 90), (210, 150, 230))[k % 3], 0.9)
    grass_tufts(c, 60, 0, W, 200, 360, (110, 150, 60), 17)
    for cx, seed in ((40, 1), (1080, 2)):  # big shady bushes at the front corners
        blob(c, cx, 350, 80, 40, (120, 160, 70), (30, 54, 34), -0.6, -0.8, 0.25, 0.35, seed + 90)
    bottom_shade(c, 230, 0.35, (20, 34, 30))
    return c


# ---------------------------------------------------------------------------
# The dock: a wooden pier at dawn, the sun rising over the sea on the left
# ---------------------------------------------------------------------------

DAWN_HORIZON = 150


def water(c, y0, y1, colour, sun_x=None, glitter=(255, 220, 170), seed=0, x0=0, x1=None, ripple=7.0,
          path_width=60.0, swell=0.5):
    """Rows y0..y1 of sea: `colour(y)`, long ripples (wider nearer) and a path of light under the sun."""
    x1 = c.w if x1 is None else x1
    for y in range(max(0, y0), min(c.h, y1)):
        t = (y - DAWN_HORIZON) / (H - DAWN_HORIZON)
        base = colour(y)
        row = y * c.w
        sx = 3 + 14 * max(0.0, t)
        amp = ripple * (0.4 + t)
        for x in range(x0, x1):
            n = T[((y * 3 + seed) & 255) * TILE + ((int(x / sx) + seed) & 255)]
            k = amp * (n - 0.5) * 2 + amp * swell * math.sin(y * (1.4 - t * 0.8) + 3 * math.sin(x * 0.013 + y * 0.2))
            col = (base[0] + k, base[1] + k, base[2] + k * 1.2)
            if sun_x is not None:
                spread = path_width * (0.3 + 2.2 * max(0.0, t))
                d = abs(x - sun_x - 0.15 * (y - y0)) / spread
                if d < 1 and n > 0.48 - 0.1 * (1 - d):
                    g = (1 - d) ** 1.5 * min(1.0, (n - 0.42) * 5) * (1 - 0.5 * max(0.0, t))
                    col = mix(col, glitter, max(0.0, min(1.0, g)))
            i = row + x
            c.r[i], c.g[i], c.b[i], c.a[i] = col[0], col[1], col[2], 1.0


def dawn_sea(y):
    return gradient([(DAWN_HORIZON, (196, 150, 160)), (190, (112, 104, 140)), (260, (58, 70, 110)), (H, (34, 44, 80))],
                    y)


def dock_sky():
    c = Canvas(640, H)
    sky(c, 0, DAWN_HORIZON, [(0, (52, 62, 120)), (0.45, (140, 112, 160)), (0.8, (238, 160, 150)),
                             (1, (255, 214, 160))], 3, 6)
    light(c, 230, DAWN_HORIZON, 320, 120, (255, 170, 90), 0.5, 1.5)
    for cx, cy, rx, ry, k in ((100, 50, 120, 7, 1), (330, 32, 150, 8, 2), (520, 70, 110, 6, 3), (220, 96, 90, 5, 4),
                              (450, 112, 130, 5, 5), (40, 118, 70, 4, 6)):
        blob(c, cx, cy, rx, ry, (255, 196, 170), (150, 110, 150), -0.2, 1.0, 0.4, 0.2, k, 0.75)
    for k in range(30):  # the last stars, high up
        x, y = noise(k, 81) * 640, noise(k, 82) ** 2 * 50
        c.ellipse(x, y, 0.8, 0.8, (250, 240, 230), 0.2 + 0.5 * noise(k, 83))
    light(c, 230, DAWN_HORIZON, 60, 50, (255, 240, 200), 0.9, 1.2)
    c.ellipse(230, DAWN_HORIZON + 3, 16, 14, (255, 240, 200))
    water(c, DAWN_HORIZON, H, dawn_sea, 230, seed=3)
    c.rect(0, DAWN_HORIZON, 640, DAWN_HORIZON + 1, (255, 214, 170), 0.5)
    vignette(c, 0.3, 0.65)
    return c


def dock_headland():
    W = 720
    c = Canvas(W, H, (70, 60, 90), 0.0)
    # The headland on the right and Gull Point's lighthouse, still lit; a low island on the left.
    land = [DAWN_HORIZON + 2 - 52 * smooth(470, 560, x) + 6 * math.sin(x * 0.05) * smooth(470, 560, x) -
            14 * smooth(600, 720, x) for x in range(W)]
    island = [DAWN_HORIZON + 1 - 12 * math.sin(math.pi * max(0.0, min(1.0, (x - 60) / 150))) ** 0.6 for x in range(W)]
    tops = [min(a, b) for a, b in zip(land, island)]
    mass(c, tops, DAWN_HORIZON + 2, lambda y: mix((104, 82, 118), (88, 72, 106), smooth(90, 150, y)), 0.18, (3, 2), 4,
         rim=((250, 180, 160), 2, 0.5))
    for x in range(W):  # their reflections, broken by the swell
        if tops[x] < DAWN_HORIZON:
            depth = DAWN_HORIZON - tops[x]
            for y in range(DAWN_HORIZON + 2, int(DAWN_HORIZON + 2 + depth * 0.7)):
                if (T[((y * 5) & 255) * TILE + (x & 255)] > 0.42):
                    put(c, y * W + x, (110, 90, 124), 0.5 * (1 - (y - DAWN_HORIZON) / (depth * 0.7 + 1)))
    lx, ly = 600, land[600]
    c.polygon([(lx - 7, ly + 2), (lx - 4, ly - 36), (lx + 4, ly - 36), (lx + 7, ly + 2)], (226, 214, 214))
    c.polygon([(lx, ly + 2), (lx, ly - 36), (lx + 4, ly - 36), (lx + 7, ly + 2)], (160, 140, 160))
    c.rect(lx - 6, ly - 22, lx + 6, ly - 16, (190, 80, 80))
    c.rect(lx - 5, ly - 44, lx + 5, ly - 36, (255, 230, 170))
    c.polygon([(lx - 6, ly - 44), (lx, ly - 50), (lx + 6, ly - 44)], (60, 50, 70))
    haze(c, lx, ly - 40, 26, 26, (255, 230, 170), 0.6)
    c.rect(lx - 40, ly + 1, lx - 22, ly - 8, (150, 120, 140))
    c.polygon([(lx - 42, ly - 8), (lx - 31, ly - 15), (lx - 20, ly - 8)], (90, 70, 100))
    # Fishing boats on the horizon, going out.
    for bx, s in ((330, 1.0), (400, 0.7), (140, 0.8)):
        y = DAWN_HORIZON + 1
        c.polygon([(bx - 9 * s, y - 3 * s), (bx + 10 * s, y - 3 * s), (bx + 7 * s, y), (bx - 7 * s, y)], (70, 56, 80))
        c.stroke([(bx, y - 3 * s), (bx, y - 22 * s)], 1.0, (70, 56, 80))
        c.polygon([(bx + 0.5, y - 21 * s), (bx + 9 * s, y - 5 * s), (bx + 0.5, y - 5 * s)], (238, 196, 180))
    return c


def dock_boats():
    W = 800
    c = Canvas(W, H, (40, 40, 60), 0.0)
    # A moored sailing boat, sail furled, and a rowing boat; their reflections; gulls.
    def hull(x, y, length, height, colour, trim):
        pts = [(x - length / 2, y - height), (x + length / 2, y - height), (x + length * 0.42, y),
               (x - length * 0.4, y)]
        c.polygon(pts, colour)
        c.rect(x - length / 2, y - height, x + length / 2, y - height + 2, trim)
        c.polygon([(x - length * 0.4, y + 1), (x + length * 0.42, y + 1), (x + length * 0.36, y + height * 1.2),
                   (x - length * 0.34, y + height * 1.2)], shade(colour, 0.8), 0.35)
    bx, by = 170, 178
    c.stroke([(bx, by - 12), (bx, by - 110)], 2, (70, 56, 60))
    c.stroke([(bx, by - 26), (bx + 54, by - 22)], 2.4, (70, 56, 60))
    c.stroke([(bx + 2, by - 25), (bx + 50, by - 22)], 5, (230, 220, 210))
    c.stroke([(bx, by - 108), (bx + 60, by - 12)], 0.8, (80, 70, 80), 0.7)
    c.stroke([(bx, by - 108), (bx - 60, by - 12)], 0.8, (80, 70, 80), 0.7)
    hull(bx, by, 120, 14, (46, 66, 98), (250, 220, 190))
    c.rect(bx - 18, by - 24, bx + 20, by - 14, (206, 190, 176))
    c.rect(bx - 12, by - 21, bx - 4, by - 17, (255, 214, 150))
    c.stroke([(bx - 60, by - 10), (bx - 110, by + 4)], 0.8, (60, 50, 50), 0.8)
    hull(600, 166, 40, 6, (190, 96, 70), (240, 220, 190))
    c.stroke([(592, 160), (610, 155)], 1.2, (120, 90, 60))
    for gx, gy, s in ((300, 70, 1.0), (330, 84, 0.7), (520, 50, 0.8)):
        c.stroke([(gx - 8 * s, gy - 2 * s), (gx - 3 * s, gy - 4 * s), (gx, gy)], 1.4, (60, 50, 70))
        c.stroke([(gx, gy), (gx + 3 * s, gy - 4 * s), (gx + 8 * s, gy - 2 * s)], 1.4, (60, 50, 70))
    light(c, 100, 150, 200, 60, (255, 160, 90), 0.25)
    return c


def dock_pier():
    W = 960
    c = Canvas(W, H, (60, 50, 50), 0.0)
    top = [200 - 25 * x / W for x in range(W)]
    bottom = [290 - 75 * x / W for x in range(W)]
    water(c, 205, H, dawn_sea, 260, seed=8, ripple=8, path_width=40)
    # The shore at the left, where Rhea comes from: sand and a few rocks.
    shore = [236 + x * 0.46 + 8 * math.sin(x * 0.05) for x in range(W)]
    mass(c, shore, H, lambda y: mix((214, 180, 140), (150, 116, 100), smooth(280, H, y)), 0.25, (4, 1), 6)
    for rx, ry, r in ((150, 336, 20), (196, 352, 14), (60, 318, 12), (250, 362, 16)):
        blob(c, rx, ry, r, r * 0.7, (170, 130, 140), (60, 50, 70), -0.6, -0.7, 0.15, 0.3, rx)
    # Pilings under the pier, their reflections wobbling in the water.
    posts = list(range(30, W, 86))
    for px in posts:
        b = bottom[px]
        for y in range(int(b), H):
            wob = 2 * math.sin(y * 0.7)
            k = max(0.0, 1 - (y - b) / 70)
            c.rect(px - 6 + wob, y, px + 6 + wob, y + 1, (40, 34, 44), 0.5 * k)
        c.rect(px - 6, b, px + 6, b + 26 - 6 * px / W, (70, 54, 50))
        c.rect(px + 2, b, px + 6, b + 26 - 6 * px / W, (200, 130, 100), 0.4)
        c.rect(px - 6, b + 14, px + 6, b + 18, (60, 90, 70), 0.6)  # weed at the waterline
    # The deck: boards across the pier, warm where the low sun catches them.
    w = W
    for x in range(W):
        t, b = top[x], bottom[x]
        board = int(x / 9)
        f = (x % 9) / 9
        edge = 0.55 if f < 0.12 else 1.0 + 0.05 * f
        tone = 0.88 + 0.22 * noise(board, 3)
        warm = 1 + 0.25 * smooth(500, 0, x)
        for y in range(max(0, int(t)), int(math.ceil(b)) + 1):
            cover = min(1.0, y + 1 - t, b + 1 - y)
            if cover <= 0:
                continue
            v = (y - t) / (b - t)
            g = T[((y // 3 + board * 31) & 255) * TILE + ((x * 3) & 255)]
            k = tone * edge * (1 + 0.3 * (g - 0.5)) * (0.92 + 0.16 * v) * warm
            if noise(board, int(v * 4)) > 0.93 and abs(v * 4 - int(v * 4) - 0.5) < 0.05:
                k *= 0.7  # a nail row
            put(c, y * w + x, (150 * k, 108 * k, 88 * k), cover)
    for x in range(W):  # the beam along the front, lit on top
        b = bottom[x]
        for y in range(int(b), int(b + 10)):
            cover = min(1.0, y + 1 - b, b + 10 - y)
            put(c, y * w + x, (96, 68, 62) if y > b + 2 else (210, 150, 120), cover)
    # The back edge: tall pilings with a sagging rope between them; a lantern post; crates and a coil of rope.
    for k, px in enumerate(range(60, W, 150)):
        t = top[px]
        c.rect(px - 5, t - 46, px + 5, t + 4, (84, 62, 58))
        c.rect(px + 1, t - 46, px + 5, t + 4, (230, 150, 110), 0.45)
        c.ellipse(px, t - 46, 5, 2, (120, 96, 90))
        if px + 150 < W:
            nx, nt = px + 150, top[px + 150]
            c.stroke([(px + 5, t - 34), (px + 50, t - 24), (px + 100, t - 24), (nx - 5, nt - 34)], 1.8,
                     (190, 160, 120))
    lx = 340
    c.rect(lx - 2.5, top[lx] - 140, lx + 2.5, top[lx] + 4, (40, 34, 40))
    c.rect(lx - 8, top[lx] - 154, lx + 8, top[lx] - 138, (255, 214, 150))
    c.polygon([(lx - 10, top[lx] - 154), (lx, top[lx] - 163), (lx + 10, top[lx] - 154)], (40, 34, 40))
    haze(c, lx, top[lx] - 146, 34, 34, (255, 214, 150), 0.35)
    for cx, cy, s in ((800, 190, 22), (828, 184, 16)):
        c.rect(cx - s, cy - s * 1.2, cx + s, cy, (170, 120, 80))
        c.rect(cx - s, cy - s * 1.2, cx + s, cy - s * 1.05, (220, 170, 120))
        c.stroke([(cx - s + 2, cy - s * 1.2 + 2), (cx + s - 2, cy - 2)], 2, (120, 80, 56))
    soft_shadow(c, 800, 192, 40, 5, 0.4)
    for r in (12, 9, 6):
        c.arc(640, 232, r, 0, 360, 2.6, (196, 170, 120), ry=r * 0.35)
    bottom_shade(c, 260, 0.3, (20, 20, 40))
    return c


# ---------------------------------------------------------------------------
# The harbour: a quay on a fresh morning, the town across the water
# ---------------------------------------------------------------------------


def harbour_water(y):
    return gradient([(120, (150, 186, 190)), (170, (84, 140, 150)), (H, (40, 86, 104))], y)


def harbour_sky():
    c = Canvas(640, H)
    sky(c, 0, 140, [(0, (84, 140, 206)), (0.7, (168, 204, 230)), (1, (236, 234, 216))], 3, 9)
    light(c, 110, 30, 260, 160, (255, 236, 190), 0.4, 1.5)
    for cx, cy, size, seed in ((250, 46, 24, 11), (470, 30, 30, 12), (600, 76, 16, 13), (60, 86, 14, 14)):
        cumulus(c, cx, cy, size, seed, (255, 255, 248), (176, 190, 214), 0.9)
    mass(c, hills(640, 104, [(14, 600, 2.5), (8, 240, 1), (3, 80, 0)]), H, lambda y: mix((120, 156, 150),
         (100, 140, 120), smooth(80, 130, y)), 0.2, (4, 2), 15, rim=((220, 230, 200), 2, 0.4))
    for k in range(40):  # hedges and fields on the hill
        x, y = noise(k, 91) * 640, 112 + noise(k, 92) * 20
        c.ellipse(x, y, 6 + 8 * noise(k, 93), 2, (84, 122, 96), 0.6)
    vignette(c, 0.22, 0.7)
    return c


def harbour_town():
    W = 720
    c = Canvas(W, H, (100, 110, 120), 0.0)
    quay = 128
    water(c, quay + 6, H, harbour_water, None, seed=21, ripple=4, swell=0.1)
    walls = ((236, 208, 150), (232, 232, 222), (226, 160, 140), (150, 186, 200), (240, 196, 120), (200, 210, 180))
    x, k, fronts = -6, 0, []
    while x < W:
        width = 26 + int(noise(k, 101) * 22)
        top = quay - 34 - int(noise(k, 102) * 26)
        wall = walls[int(noise(k, 103) * len(walls)) % len(walls)]
        fronts.append((x, width, top, wall, k))
        x += width + 1
        k += 1
    church = 420
    for x, width, top, wall, k in fronts:
        if abs(x + width / 2 - church) < 26:
            continue
        c.rect(x, top, x + width, quay, wall)
        c.rect(x + width * 0.7, top, x + width, quay, shade(wall, 0.86))
        roof = (94, 96, 110) if noise(k, 104) < 0.6 else (176, 96, 76)
        c.polygon([(x - 2, top + 1), (x + width / 2, top - 12 - noise(k, 105) * 6), (x + width + 2, top + 1)], roof)
        if noise(k, 106) > 0.5:
            c.rect(x + width * 0.2, top - 16, x + width * 0.2 + 4, top - 4, shade(roof, 0.8))
        for row in range(int((quay - top - 8) / 13)):
            for col in range(max(1, int(width / 11))):
                wx, wy = x + 4 + col * 11, top + 6 + row * 13
                if wx + 5 < x + width - 2:
                    c.rect(wx, wy, wx + 5, wy + 7, (60, 70, 90) if noise(k * 5 + col, row) > 0.2 else (250, 240, 200))
    # The church: a tower and spire above the roofs.
    c.rect(church - 12, quay - 96, church + 12, quay, (214, 204, 186))
    c.rect(church + 3, quay - 96, church + 12, quay, (182, 172, 160))
    c.polygon([(church - 14, quay - 96), (church, quay - 140), (church + 14, quay - 96)], (80, 90, 104))
    c.ellipse(church, quay - 80, 5, 5, (240, 236, 220))
    c.rect(church - 5, quay - 64, church + 5, quay - 48, (60, 60, 80))
    # The far quay's wall and the town's reflections in the water.
    c.rect(0, quay, W, quay + 6, (150, 140, 130))
    c.rect(0, quay, W, quay + 1.5, (220, 210, 190))
    for y in range(quay + 6, quay + 50):
        src = quay - (y - quay - 6) * 1.2
        row = y * W
        f = 0.45 * (1 - (y - quay - 6) / 44)
        for x in range(W):
            sx = int(x + 2.5 * math.sin(y * 1.3))
            j = int(src) * W + max(0, min(W - 1, sx))
            if c.a[j] > 0.5:
                i = row + x
                c.r[i] += (c.r[j] - c.r[i]) * f
                c.g[i] += (c.g[j] - c.g[i]) * f
                c.b[i] += (c.b[j] - c.b[i]) * f
    light(c, 160, 200, 220, 120, (255, 240, 200), 0.25, 1.5)
    return c


def harbour_boats():
    W = 800
    c = Canvas(W, H, (60, 70, 80), 0.0)
    boats = ((120, 168, 110, (60, 96, 150), True), (330, 160, 70, (230, 226, 214), False),
             (520, 172, 130, (190, 70, 56), True), (700, 164, 80, (60, 120, 100), False))
    for bx, by, length, colour, mast in boats:
        height = length * 0.16
        if mast:
            c.stroke([(bx - length * 0.1, by - height), (bx - length * 0.1, by - height - length * 0.9)], 2.2,
                     (90, 80, 76))
            c.stroke([(bx - length * 0.1, by - height - length * 0.9), (bx + length * 0.45, by - height)], 0.8,
                     (90, 90, 100), 0.7)
            c.rect(bx + length * 0.05, by - height - 20, bx + length * 0.3, by - height, (236, 230, 214))
            c.rect(bx + length * 0.2, by - height - 20, bx + length * 0.3, by - height, (200, 194, 180))
            c.rect(bx + length * 0.08, by - height - 14, bx + length * 0.14, by - height - 8, (60, 70, 90))
        c.polygon([(bx - length / 2, by - height), (bx + length / 2, by - height - 4), (bx + length * 0.4, by),
                   (bx - length * 0.38, by)], colour)
        c.polygon([(bx - length / 2, by - height), (bx + length / 2, by - height - 4),
                   (bx + length * 0.48, by - height),
                   (bx - length * 0.49, by - height + 3)], (240, 232, 214))
        c.rect(bx - length * 0.38, by - 4, bx + length * 0.4, by, shade(colour, 0.7))
        for y in range(int(by), int(by + height * 1.4)):  # reflection
            wob = 2 * math.sin(y * 1.1)
            c.rect(bx - length * 0.38 + wob, y, bx + length * 0.4 + wob, y + 1, shade(colour, 0.6),
                   0.4 * (1 - (y - by) / (height * 1.4)))
    for k in range(4):  # gulls overhead
        gx, gy, s = 150 + k * 170, 40 + 30 * noise(k, 111), 0.8 + 0.4 * noise(k, 112)
        c.stroke([(gx - 8 * s, gy - 2 * s), (gx - 3 * s, gy - 5 * s), (gx, gy)], 1.5, (70, 76, 90))
        c.stroke([(gx, gy), (gx + 3 * s, gy - 5 * s), (gx + 8 * s, gy - 2 * s)], 1.5, (70, 76, 90))
    return c


def harbour_quay():
    W = 960
    c = Canvas(W, H, (120, 110, 100), 0.0)
    edge = 176
    # Stone flags, bigger nearer; a warm morning light from the left.
    lit = [1.08 - 0.16 * smooth(0, W, x) for x in range(W)]
    boards(c, 0, W, edge + 10, H, (178, 164, 146), 8.0, 0.14, 31, 0.3, 0.45, lit, 30, 0.3)
    c.rect(0, edge, W, edge + 10, (200, 190, 170))  # the coping along the edge
    c.rect(0, edge, W, edge + 2.5, (240, 232, 210))
    for x in range(0, W, 38):
        c.rect(x, edge, x + 1.4, edge + 10, (120, 110, 100))
    c.rect(0, edge + 10, W, edge + 13, (60, 56, 60), 0.5)
    for k in range(30):  # moss and damp in the joints
        x, y = noise(k, 121) * W, edge + 20 + noise(k, 122) * 170
        c.ellipse(x, y, 6 + 10 * noise(k, 123), 1.2 + 1.5 * noise(k, 124), (96, 110, 80), 0.35)
    # Lobster pots and a barrel at the back left; crates; a lamppost.
    soft_shadow(c, 204, 190, 50, 6, 0.4)
    for k, (px, py) in enumerate(((186, 188), (222, 188), (204, 164))):
        c.rect(px - 17, py - 22, px + 17, py, (140, 100, 70))
        for j in range(7):
            c.rect(px - 17 + j * 5.5, py - 22, px - 16 + j * 5.5, py, (80, 56, 44))
        c.arc(px, py - 22, 17, 180, 360, 2.4, (110, 80, 56), ry=10)
        c.rect(px - 17, py - 3, px + 17, py, (90, 64, 50))
    c.rect(250, 146, 280, 190, (150, 96, 60))
    for y in (150, 167, 184):
        c.rect(250, y, 280, y + 2.5, (80, 70, 70))
    c.rect(250, 146, 260, 190, (210, 150, 100), 0.4)
    lx = 420
    c.rect(lx - 2.5, 60, lx + 2.5, 184, (44, 44, 52))
    c.rect(lx - 6, 180, lx + 6, 186, (44, 44, 52))
    c.polygon([(lx - 8, 46), (lx + 8, 46), (lx + 5, 62), (lx - 5, 62)], (220, 226, 220))
    c.polygon([(lx - 10, 47), (lx, 38), (lx + 10, 47)], (44, 44, 52))
    soft_shadow(c, lx + 30, 186, 40, 4, 0.35)
    # Nets drying over a rack by Pell's spot, floats hanging from them.
    rx0, rx1 = 520, 600
    for x in (rx0, rx1):
        c.rect(x - 3, 92, x + 3, 192, (110, 80, 60))
    c.rect(rx0 - 8, 90, rx1 + 8, 96, (130, 96, 70))
    net = [(rx0 - 4, 96), (rx1 + 4, 96), (rx1 + 12, 146), (rx1 - 6, 176), (rx0 + 30, 164), (rx0 + 6, 184),
           (rx0 - 12, 140)]
    c.polygon(net, (96, 110, 84), 0.75)
    for k in range(14):
        x = rx0 - 8 + k * 8
        c.stroke([(x, 96), (x + 12, 176)], 0.8, (60, 70, 56), 0.8)
        c.stroke([(x + 12, 96), (x, 176)], 0.8, (60, 70, 56), 0.8)
    for k, x in enumerate((rx0 + 10, rx0 + 36, rx0 + 62, rx1 + 4)):
        c.ellipse(x, 136 + 16 * noise(k, 131), 6, 6, (220, 80, 60) if k % 2 else (240, 236, 220))
    soft_shadow(c, 560, 192, 60, 6, 0.35)
    # The bollard at Pell's side, its rope over the edge to a boat.
    bx, by = 665, 214
    soft_shadow(c, bx + 6, by + 1, 18, 4, 0.5)
    c.rect(bx - 8, by - 22, bx + 8, by, (44, 46, 54))
    c.rect(bx - 8, by - 22, bx - 3, by, (120, 130, 140), 0.5)
    c.ellipse(bx, by - 22, 10, 4, (56, 58, 66))
    c.ellipse(bx, by - 23, 10, 3.2, (110, 116, 124))
    c.stroke([(bx + 6, by - 14), (bx + 20, by - 2), (bx + 50, by - 6), (bx + 80, edge + 12), (bx + 96, edge + 2)],
             2.6, (200, 170, 120))
    c.stroke([(bx - 8, by - 14), (bx + 8, by - 10)], 2.6, (200, 170, 120))
    # A coil of rope and fish boxes at the front, out of everyone's way.
    for r in (14, 10, 6):
        c.arc(780, 300, r, 0, 360, 3, (206, 176, 124), ry=r * 0.4)
    for k, (x, y) in enumerate(((80, 300), (104, 312))):
        c.rect(x - 20, y - 12, x + 20, y, (180, 140, 90))
        c.rect(x - 20, y - 12, x + 20, y - 9, (230, 190, 130))
        for j in range(4):
            c.ellipse(x - 12 + j * 8, y - 13, 4, 1.6, (200, 210, 220))
    bottom_shade(c, 240, 0.35, (30, 30, 46))
    return c


# ---------------------------------------------------------------------------
# The lamp room: inside the lighthouse on the night of the storm
# ---------------------------------------------------------------------------

STORM_HORIZON = 104
WINDOWS = ((300, 86, 60), (770, 78, 40))  # the lamp room's round windows: centre x, y, radius


def rain(c, count, seed, colour, alpha, length=(10, 26), slant=0.35, y1=H):
    for k in range(count):
        x, y = noise(k, seed) * (c.w + 60) - 30, noise(k, seed + 1) * y1
        n = length[0] + (length[1] - length[0]) * noise(k, seed + 2)
        c.stroke([(x, y), (x - n * slant, y + n)], 0.9, colour, alpha * (0.5 + 0.5 * noise(k, seed + 3)))


def storm_sky():
    c = Canvas(640, H)
    sky(c, 0, STORM_HORIZON, [(0, (14, 18, 30)), (0.6, (34, 42, 60)), (1, (58, 66, 82))], 4, 13)
    for k in range(14):  # heavy clouds, their bellies lit by the lightning on the left
        cx, cy = noise(k, 141) * 700 - 30, 10 + noise(k, 142) * 70
        blob(c, cx, cy, 60 + 60 * noise(k, 143), 14 + 10 * noise(k, 144), (84, 92, 116), (20, 24, 36),
             -0.5, 0.6, 0.3, 0.35, k + 150, 0.8)
    bolt = [(128, 0), (120, 24), (132, 36), (114, 62), (124, 70), (110, STORM_HORIZON)]
    haze(c, 120, 50, 120, 80, (170, 180, 230), 0.35)
    c.stroke(bolt, 5, (190, 200, 255), 0.35)
    c.stroke(bolt, 1.8, (250, 250, 255))
    c.stroke([(124, 70), (140, 84), (136, 96)], 1.2, (230, 236, 255), 0.9)
    # The sea: black swell, long crests, whitecaps catching the flash.
    for y in range(STORM_HORIZON, H):
        t = (y - STORM_HORIZON) / (H - STORM_HORIZON)
        base = mix((40, 50, 64), (10, 16, 24), t ** 0.6)
        row = y * 640
        for x in range(640):
            n = T[((y * 2) & 255) * TILE + ((int(x / (4 + 12 * t))) & 255)]
            swell = math.sin(x * (0.04 - 0.02 * t) + y * (0.5 - 0.2 * t) + 2 * math.sin(x * 0.01))
            k = 14 * (n - 0.5) + 8 * swell * (0.3 + t)
            col = (base[0] + k, base[1] + k, base[2] + k * 1.2)
            if swell > 0.8 and n > 0.55:  # foam on the crests
                col = mix(col, (170, 180, 190), min(1.0, (n - 0.55) * 6) * (0.7 - 0.4 * t))
            i = row + x
            c.r[i], c.g[i], c.b[i] = col
    light(c, 120, STORM_HORIZON + 10, 160, 40, (120, 130, 170), 0.35, 1.2)
    # The lamp's own beam going out over the water, lighting the rain.
    c.polygon([(640, 40), (0, 20), (0, 110), (640, 70)], (255, 236, 180), 0.08)
    c.polygon([(640, 50), (0, 46), (0, 86), (640, 60)], (255, 240, 200), 0.08)
    rain(c, 420, 161, (170, 180, 200), 0.35)
    vignette(c, 0.3, 0.6)
    return c


def storm_rocks():
    W = 800
    c = Canvas(W, H, (20, 24, 30), 0.0)
    # The reef off Gull Point, surf breaking white on it, and a small boat coming in with her lamp lit.
    for cx, cy, rx, ry in ((220, 136, 70, 26), (300, 142, 40, 16), (150, 146, 36, 12), (640, 126, 60, 22),
                           (700, 132, 30, 12)):
        blob(c, cx, cy, rx, ry, (70, 74, 90), (14, 16, 22), -0.6, -0.6, 0.25, 0.35, cx, 1.0)
        c.rect(cx - rx * 0.9, cy + ry * 0.2, cx + rx * 0.9, cy + ry + 10, (14, 16, 22))
    for k in range(30):  # surf
        cx, cy = (220, 640)[k % 2] + (noise(k, 171) - 0.5) * 180, 140 + noise(k, 172) * 20
        blob(c, cx, cy, 8 + 14 * noise(k, 173), 3 + 4 * noise(k, 174), (220, 226, 232), (110, 120, 130), -0.3, -1,
             0.4, 0.3, k + 180, 0.75)
    bx, by = 420, 128
    c.polygon([(bx - 16, by - 4), (bx + 14, by - 6), (bx + 10, by + 2), (bx - 12, by + 3)], (16, 18, 24))
    c.stroke([(bx - 2, by - 5), (bx + 2, by - 28)], 1.2, (16, 18, 24))
    haze(c, bx + 10, by - 9, 12, 12, (255, 206, 120), 0.6)
    c.ellipse(bx + 10, by - 9, 1.5, 1.5, (255, 230, 170))
    rain(c, 260, 191, (160, 170, 190), 0.4, (14, 34))
    return c


def lamp_room():
    W = 960
    c = Canvas(W, H, (60, 44, 36), 1.0)
    floor = 166
    lamp_x, lamp_y = 480, 86
    # The curved wall: whitewashed stone in warm lamplight, darker where it turns away at the sides.
    for y in range(0, floor):
        row = y * W
        for x in range(W):
            turn = abs(x - lamp_x) / (W / 2)
            k = (1 - 0.5 * turn * turn) * (1 + 0.16 * (T[((y // 2 + 40) & 255) * TILE + ((x // 3) & 255)] - 0.5))
            course = (y % 18 < 1.2) or ((x + (y // 18) * 23) % 46 < 1.2)
            if course:
                k *= 0.84
            i = row + x
            c.r[i], c.g[i], c.b[i], c.a[i] = 150 * k, 118 * k, 96 * k, 1.0
    # The roof's rafters from the top, a brass rail round the wall, wainscot boards below it.
    c.rect(0, 0, W, 20, (40, 28, 26))
    for k in range(-6, 7):
        x = lamp_x + k * 80
        c.polygon([(lamp_x + k * 30 - 3, 0), (lamp_x + k * 30 + 3, 0), (x + 5, 22), (x - 5, 22)], (30, 20, 20))
    c.rect(0, 20, W, 26, (70, 50, 40))
    vboards(c, 0, W, 116, floor, (110, 74, 52), 14, 41, 0.2)
    c.rect(0, 112, W, 118, (200, 160, 80))
    c.rect(0, 112, W, 113.5, (255, 226, 150))
    # The round windows: the storm shows through (alpha 0), a brass frame with rivets, rain on the glass.
    for wx, wy, r in WINDOWS:
        c.ellipse(wx, wy, r + 10, r + 10, (60, 44, 34))
        c.ellipse(wx, wy, r + 7, r + 7, (190, 146, 70))
        c.ellipse(wx, wy, r + 2, r + 2, (110, 80, 44))
        for k in range(12):
            a = k * math.pi / 6
            c.ellipse(wx + math.cos(a) * (r + 4.5), wy + math.sin(a) * (r + 4.5), 1.4, 1.4, (255, 220, 150))
        for y in range(int(wy - r) - 1, int(wy + r) + 2):
            for x in range(int(wx - r) - 1, int(wx + r) + 2):
                d = math.hypot(x + 0.5 - wx, y + 0.5 - wy) - r
                if d < 0.5:
                    i = y * W + x
                    glass = max(0.0, min(1.0, 0.5 - d))
                    tint = 0.03 + 0.12 * (1 - math.hypot(x - wx + r * 0.4, y - wy + r * 0.4) / (r * 1.4))
                    c.a[i] = c.a[i] * (1 - glass) + max(0.0, tint) * glass
                    c.r[i], c.g[i], c.b[i] = (255, 200, 140) if glass >= 1 else (c.r[i], c.g[i], c.b[i])
        c.arc(wx, wy, r - 6, 200, 250, 3, (255, 230, 190), 0.25)
        c.stroke([(wx - r, wy), (wx + r, wy)], 3, (110, 80, 44))
        c.stroke([(wx, wy - r), (wx, wy + r)], 3, (110, 80, 44))
        for k in range(int(r * 0.6)):  # drops running down the glass
            x = wx + (noise(k, wx) - 0.5) * r * 1.6
            y = wy + (noise(k, wx + 1) - 0.5) * r * 1.6
            if math.hypot(x - wx, y - wy) < r - 4:
                c.stroke([(x, y), (x + 0.5, y + 3 + 6 * noise(k, wx + 2))], 1.2, (200, 210, 230), 0.35)
    # A barometer on the wall, a storm lantern on a hook.
    c.ellipse(640, 64, 15, 15, (190, 146, 70))
    c.ellipse(640, 64, 12, 12, (236, 226, 200))
    c.stroke([(640, 64), (632, 58)], 1.4, (40, 30, 30))
    c.stroke([(182, 26), (182, 44)], 1.2, (40, 30, 30))
    c.rect(176, 44, 188, 60, (255, 200, 120))
    c.rect(176, 44, 188, 46, (40, 30, 30))
    haze(c, 182, 52, 30, 30, (255, 200, 120), 0.35)
    # The floor: boards in the lamp's light, a trapdoor to the stairs.
    boards(c, 0, W, floor, H, (150, 100, 66), 6, 0.1, 51, 0.25, 0.5, None, 120, 0.15)
    c.rect(0, floor, W, floor + 3, (40, 28, 24), 0.8)
    tx0, ty0, tx1, ty1 = 180, 240, 290, 290
    c.polygon([(tx0 + 8, ty0), (tx1 - 8, ty0), (tx1, ty1), (tx0, ty1)], (112, 72, 48))
    c.polygon([(tx0 + 8, ty0), (tx1 - 8, ty0), (tx1, ty1), (tx0, ty1)], (60, 40, 32), 0.0, 0)
    c.stroke([(tx0 + 8, ty0), (tx1 - 8, ty0), (tx1, ty1), (tx0, ty1), (tx0 + 8, ty0)], 2, (50, 34, 28))
    c.arc(235, 268, 7, 0, 360, 1.8, (190, 150, 80), ry=3)
    # A braided rag rug where visitors stand.
    for k, (colour, grow) in enumerate((((70, 30, 30), 6), ((150, 60, 48), 0), ((196, 150, 80), -12),
                                        ((130, 50, 44), -22), ((60, 80, 90), -34), ((150, 60, 48), -44))):
        c.ellipse(470, 226, 120 + grow * 1.6, 28 + grow * 0.4, colour)
    for k in range(24):
        a = k / 24 * 2 * math.pi
        c.stroke([(470 + math.cos(a) * 112, 226 + math.sin(a) * 25),
                  (470 + math.cos(a) * 124, 226 + math.sin(a) * 28)], 1, (230, 200, 130), 0.4)
    # The great lamp: a pedestal and the lens in brass rings, the flame inside.
    px = lamp_x
    soft_shadow(c, px, floor + 6, 70, 10, 0.5)
    c.polygon([(px - 40, floor + 8), (px - 26, floor - 10), (px + 26, floor - 10), (px + 40, floor + 8)], (44, 40, 44))
    c.rect(px - 12, 130, px + 12, floor - 8, (54, 50, 56))
    c.rect(px - 12, 130, px - 6, floor - 8, (200, 150, 90), 0.5)
    c.rect(px - 30, 124, px + 30, 132, (170, 128, 60))
    c.ellipse(px, 40, 30, 8, (170, 128, 60))
    haze(c, px, lamp_y, 260, 200, (255, 190, 100), 0.45, 1.6)
    for k in range(11):  # the lens's prism rings, a barrel shape
        y = 42 + k * 8
        half = 40 - abs(k - 5) ** 2 * 0.45
        c.rect(px - half, y, px + half, y + 7, mix((255, 214, 140), (255, 246, 210), 1 - abs(k - 5) / 6), 0.9)
        c.rect(px - half, y + 6, px + half, y + 8, (200, 140, 70), 0.8)
    c.rect(px - 3, 40, px + 3, 126, (200, 140, 70), 0.6)
    haze(c, px, lamp_y, 50, 50, (255, 250, 230), 0.9, 1.2)
    c.polygon([(px - 36, 42), (px, 20), (px + 36, 42)], (60, 46, 40))
    c.ellipse(px, 20, 5, 3, (170, 128, 60))
    # The keeper's desk with the logbook (one page torn close to the spine), a candle; a chair.
    dx0, dx1, top, base = 550, 662, 120, 170
    soft_shadow(c, 606, base + 2, 60, 6, 0.5)
    c.rect(dx0, top, dx0 + 6, base, (70, 44, 32))
    c.rect(dx1 - 6, top, dx1, base, (70, 44, 32))
    c.rect(dx0 + 4, top + 6, dx1 - 4, top + 24, (96, 62, 42))
    c.rect(dx0 + 44, top + 10, dx0 + 56, top + 14, (200, 160, 80))
    c.polygon([(dx0 - 6, top - 4), (dx1 + 6, top - 4), (dx1 + 6, top + 5), (dx0 - 6, top + 5)], (124, 80, 52))
    c.rect(dx0 - 6, top - 4, dx1 + 6, top - 2, (200, 150, 100))
    c.polygon([(584, top - 4), (604, top - 12), (606, top - 5)], (236, 226, 200))
    c.polygon([(606, top - 5), (608, top - 12), (630, top - 4)], (236, 226, 200))
    c.stroke([(606, top - 12), (606, top - 4)], 1.6, (120, 60, 50))
    c.polygon([(606, top - 11), (610, top - 12), (609, top - 8), (611, top - 6)], (200, 190, 170))
    for k in range(4):
        c.stroke([(588 + k, top - 6 - k * 1.5), (602, top - 8.5 - k * 1.6)], 0.6, (120, 110, 100), 0.6)
        c.stroke([(611, top - 8.5 - k * 1.6), (626 - k, top - 6 - k * 1.5)], 0.6, (120, 110, 100), 0.6)
    c.ellipse(622, top - 6, 2, 1.2, (60, 40, 30), 0.8)  # the thumbprint of lamp oil
    c.rect(642, top - 18, 646, top - 4, (240, 232, 210))
    haze(c, 644, top - 22, 24, 24, (255, 200, 110), 0.5)
    c.ellipse(644, top - 21, 1.6, 3, (255, 236, 170))
    c.rect(570, top - 8, 576, top - 2, (40, 40, 60))  # the inkwell
    c.rect(684, 100, 688, 170, (80, 52, 38))  # the chair
    c.rect(684, 134, 718, 140, (96, 62, 42))
    c.rect(714, 140, 718, 170, (80, 52, 38))
    # Oil cans by the wall.
    for k, x in enumerate((760, 780, 800)):
        c.rect(x - 7, 140 + k % 2 * 4, x + 7, 168, (120, 48, 40) if k != 1 else (60, 90, 80))
        c.rect(x - 7, 140 + k % 2 * 4, x - 3, 168, (255, 190, 120), 0.3)
        c.rect(x - 2, 134 + k % 2 * 4, x + 2, 140 + k % 2 * 4, (50, 40, 40))
    soft_shadow(c, 780, 170, 30, 4, 0.5)
    # The light of the lamp on everything, the room falling to dark at its edges.
    falloff(c, px, 110, 520, 320, 0.24, 1.3, (0.8, 0.9, 1.0))
    light(c, px, 120, 420, 260, (120, 70, 20), 0.4, 1.4)
    bottom_shade(c, 220, 0.45, (20, 12, 14))
    top_shade(c, 60, 0.5, (16, 10, 12))
    return c


# ---------------------------------------------------------------------------
# The backdrops, their layers (depth, label, painter), and the command line
# ---------------------------------------------------------------------------

BACKDROPS = {
    "porch": [(0.15, "sky", porch_sky), (0.5, "trees", porch_trees), (1, "yard", porch_yard)],
    "forest": [(0.15, "sky", forest_sky), (0.3, "hills", forest_hills), (0.6, "wood", forest_wood),
               (1, "clearing", forest_clearing)],
    "dock": [(0.15, "sky", dock_sky), (0.3, "headland", dock_headland), (0.6, "boats", dock_boats),
             (1, "pier", dock_pier)],
    "harbour": [(0.15, "sky", harbour_sky), (0.35, "town", harbour_town), (0.6, "boats", harbour_boats),
                (1, "quay", harbour_quay)],
    "lamproom": [(0.3, "storm", storm_sky), (0.6, "rocks", storm_rocks), (1, "room", lamp_room)],
}


def layer_name(depth, label):
    return "%g-%s.png" % (depth, label)


def paint(name):
    """The named backdrop's layers: [(file name, canvas, with alpha)], farthest first."""
    layers = sorted(BACKDROPS[name], key=lambda layer: layer[0])
    return [(layer_name(d, label), draw(), k > 0) for k, (d, label, draw) in enumerate(layers)]


def main(argv):
    out, only, k = ".", [], 0
    while k < len(argv):
        if argv[k] == "--out" and k + 1 < len(argv):
            out, k = argv[k + 1], k + 2
        elif argv[k] == "--only" and k + 1 < len(argv):
            k += 1
            while k < len(argv) and not argv[k].startswith("--"):
                only.append(argv[k])
                k += 1
        else:
            sys.exit("usage: python3 tools/make-scene-art.py [--out DIR] [--only NAME ...]\n"
                     "backdrops: " + " ".join(BACKDROPS))
    for name in only:
        if name not in BACKDROPS:
            sys.exit("make-scene-art.py: no backdrop %r (there are: %s)" % (name, " ".join(BACKDROPS)))
    for name in only or list(BACKDROPS):
        folder = os.path.join(out, "scripts", "images", name)
        for file_name, canvas, with_alpha in paint(name):
            write_png(os.path.join(folder, file_name), canvas, with_alpha)


if __name__ == "__main__":
    main(sys.argv[1:])
