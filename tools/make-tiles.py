#!/usr/bin/env python3
"""Draws the demo's cove tileset and writes the Tiled map that uses it.

Run from the repository root: python3 tools/make-tiles.py
Writes assets/maps/tiles/cove.png (16 tiles of 32x32, RGBA) and its Tiled
tileset cove.tsj, assets/maps/tiles/trees.png (2 trees of 64x64, taller than
the map's grid, as Tiled allows) and trees.tsj, and the Tiled map
assets/maps/cove.tmj (a garden above a beach at low tide, with a pier). The files are committed; this script
documents how they were made and lets anyone redraw them. They are ours, under
the project's licence (see README.md, "Licence"). Standard library only.

The map opens in the Tiled editor (File > Open): edit it there and save, and a
running game reloads it."""
import json
import math
import random
import struct
import zlib

TILE = 32
COLUMNS, ROWS = 8, 2
MAP_W, MAP_H = 40, 23
H_FLIP = 0x80000000  # Tiled's flag for a tile drawn mirrored left to right

CLEAR = (0, 0, 0, 0)
GRASS, GRASS_DARK = (94, 140, 72, 255), (76, 118, 60, 255)
SAND, SAND_DARK = (222, 200, 150, 255), (200, 176, 126, 255)
WATER, WATER_LIGHT = (52, 104, 140, 255), (96, 150, 180, 255)
STONE, STONE_DARK = (170, 166, 156, 255), (128, 124, 118, 255)
PLANK, PLANK_DARK = (150, 108, 70, 255), (110, 78, 50, 255)
LEAF, LEAF_DARK, TRUNK = (58, 110, 62, 255), (40, 84, 48, 255), (104, 74, 50, 255)


def tile(fill=CLEAR):
    return [[fill] * TILE for _ in range(TILE)]


def put(t, x, y, colour):
    if 0 <= x < TILE and 0 <= y < TILE:
        t[y][x] = colour


def disc(t, cx, cy, r, colour):
    for y in range(TILE):
        for x in range(TILE):
            if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r:
                t[y][x] = colour


def speckle(t, colour, count, seed):
    rnd = random.Random(seed)
    for _ in range(count):
        put(t, rnd.randrange(TILE), rnd.randrange(TILE), colour)


def grass(flowers=False):
    t = tile(GRASS)
    speckle(t, GRASS_DARK, 60, 1)
    if flowers:
        rnd = random.Random(2)
        for _ in range(6):
            x, y = rnd.randrange(2, 30), rnd.randrange(2, 30)
            for dx, dy in ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1)):
                put(t, x + dx, y + dy, (246, 236, 180, 255) if (dx, dy) == (0, 0) else (236, 150, 180, 255))
    return t


def sand():
    t = tile(SAND)
    speckle(t, SAND_DARK, 50, 3)
    return t


def water():
    t = tile(WATER)
    for y in (6, 18, 28):
        for x in range(TILE):
            if math.sin((x + y * 3) / 4.0) > 0.6:
                put(t, x, y, WATER_LIGHT)
    return t


def shore():
    """Sand above, water below, a line of foam between."""
    t = tile(SAND)
    for x in range(TILE):
        edge = 14 + int(3 * math.sin(x / 5.0))
        for y in range(edge, TILE):
            t[y][x] = WATER
        put(t, x, edge, (240, 244, 240, 255))
        put(t, x, edge + 1, WATER_LIGHT)
    return t


def path():
    t = tile(STONE_DARK)
    for (x0, y0, x1, y1) in ((1, 1, 15, 14), (17, 1, 31, 10), (1, 16, 11, 31), (13, 16, 31, 31), (17, 12, 31, 14)):
        for y in range(y0, y1):
            for x in range(x0, x1):
                t[y][x] = STONE
    return t


def planks():
    t = tile(PLANK)
    for x in (0, 8, 16, 24):
        for y in range(TILE):
            put(t, x, y, PLANK_DARK)
    for y in (4, 20):
        put(t, 4, y, PLANK_DARK)
        put(t, 20, y + 6, PLANK_DARK)
    return t


def hedge():
    t = tile()
    for cx, cy in ((6, 18), (16, 12), (26, 18), (11, 22), (22, 24)):
        disc(t, cx, cy, 9, LEAF_DARK)
    for cx, cy in ((8, 16), (17, 10), (25, 16)):
        disc(t, cx, cy, 5, LEAF)
    return t


def tree():
    """Leans to the right: mirrored (Tiled's flip flag) it leans left."""
    t = tile()
    for y in range(18, 32):
        for x in range(14, 18):
            put(t, x + (y - 18) // 7, y, TRUNK)
    disc(t, 19, 12, 11, LEAF_DARK)
    disc(t, 21, 10, 6, LEAF)
    return t


def rock():
    t = tile()
    disc(t, 14, 20, 10, STONE_DARK)
    disc(t, 12, 17, 6, STONE)
    return t


def flowerbed():
    t = tile()
    rnd = random.Random(5)
    for _ in range(14):
        x, y = rnd.randrange(4, 28), rnd.randrange(8, 28)
        disc(t, x, y, 2.2, (214, 70, 76, 255) if rnd.random() < 0.6 else (246, 200, 90, 255))
    return t


def wall():
    t = tile(STONE)
    for y in (0, 10, 21, 31):
        for x in range(TILE):
            put(t, x, y, STONE_DARK)
    for row, y0 in enumerate((0, 10, 21)):
        for x in range(4 + 8 * (row % 2), TILE, 16):
            for y in range(y0, y0 + 11):
                put(t, x, y, STONE_DARK)
    return t


def lantern():
    t = tile()
    for y in range(12, 32):
        put(t, 15, y, (60, 56, 60, 255))
        put(t, 16, y, (60, 56, 60, 255))
    disc(t, 16, 9, 7, (255, 220, 130, 90))
    disc(t, 16, 9, 4, (255, 236, 170, 255))
    return t


def reeds():
    t = tile()
    for i, x in enumerate(range(6, 28, 4)):
        for y in range(10 + (i % 3) * 3, 32):
            put(t, x + (32 - y) // 12, y, (120, 150, 70, 255))
        disc(t, x + 2, 9 + (i % 3) * 3, 1.6, (120, 84, 50, 255))
    return t


def starfish():
    t = tile()
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        for r in range(0, 7):
            put(t, int(16 + r * math.cos(a)), int(18 + r * math.sin(a)), (232, 120, 70, 255))
    disc(t, 16, 18, 2, (232, 120, 70, 255))
    return t


TILES = [grass, lambda: grass(True), sand, water, shore, path, planks, hedge,
         tree, rock, flowerbed, wall, lantern, reeds, starfish, lambda: tile(GRASS_DARK)]
GRASS_T, FLOWERS_T, SAND_T, WATER_T, SHORE_T, PATH_T, PLANKS_T, HEDGE_T = range(1, 9)
TREE_T, ROCK_T, BED_T, WALL_T, LANTERN_T, REEDS_T, STAR_T = range(9, 16)


BIG = 64  # the trees tileset: two 64x64 trees on a 32x32 grid


def big_tree(crown, shade, lean):
    t = [[CLEAR] * BIG for _ in range(BIG)]

    def blob(cx, cy, r, colour):
        for y in range(BIG):
            for x in range(BIG):
                if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r:
                    t[y][x] = colour
    for y in range(34, 64):
        for x in range(29, 35):
            t[y][x + lean * (64 - y) // 16] = TRUNK
    blob(32 + lean * 3, 40, 10, (0, 0, 0, 60))            # the crown's shadow on the trunk
    for cx, cy, r in ((22, 26, 14), (42, 26, 14), (32, 16, 15), (32, 32, 13)):
        blob(cx + lean * 2, cy, r, shade)
    for cx, cy, r in ((26, 20, 8), (38, 14, 6)):
        blob(cx + lean * 2, cy, r, crown)
    return t


def trees_picture():
    pixels = [[CLEAR] * (2 * BIG) for _ in range(BIG)]
    for i, tree_pixels in enumerate((big_tree(LEAF, LEAF_DARK, 0), big_tree((96, 130, 70, 255), (70, 104, 56, 255), 1))):
        for y in range(BIG):
            pixels[y][i * BIG:(i + 1) * BIG] = tree_pixels[y]
    return pixels, 2 * BIG, BIG


def png_chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def write_png(path, pixels, width, height):
    raw = bytearray()
    for row in pixels:
        raw += b"\0"
        for px in row:
            raw += bytes(px)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) +
                png_chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + png_chunk(b"IEND", b""))


def tileset_picture():
    width, height = COLUMNS * TILE, ROWS * TILE
    pixels = [[CLEAR] * width for _ in range(height)]
    for i, draw in enumerate(TILES):
        t = draw()
        ox, oy = (i % COLUMNS) * TILE, (i // COLUMNS) * TILE
        for y in range(TILE):
            pixels[oy + y][ox:ox + TILE] = t[y]
    return pixels, width, height


def ground_layer():
    rows = []
    for y in range(MAP_H):
        row = []
        for x in range(MAP_W):
            if y == 0:
                t = WALL_T
            elif y <= 13:
                t = FLOWERS_T if (x * 7 + y * 3) % 11 == 0 else GRASS_T
                if x in (6, 7) and y >= 1 or y == 9 and 6 <= x <= 26:
                    t = PATH_T                      # from the gate down, then along to the steps
                if 26 <= x <= 27 and 9 <= y <= 13:
                    t = PATH_T
            elif y <= 16:
                t = SAND_T
            elif y == 17:
                t = SHORE_T
            else:
                t = WATER_T
            if 30 <= x <= 31 and y >= 14:
                t = PLANKS_T                        # the pier, out over the water
            row.append(t)
        rows.append(row)
    return rows


def decor_layer():
    rows = [[0] * MAP_W for _ in range(MAP_H)]
    for x in range(MAP_W):
        if x not in (6, 7):
            rows[1][x] = HEDGE_T
    for x, y, flip in ((2, 4, False), (13, 3, True), (38, 8, True), (1, 11, False)):  # saplings
        rows[y][x] = TREE_T | (H_FLIP if flip else 0)
    for x in range(10, 16):
        rows[6][x] = BED_T
    rows[10][20], rows[8][5], rows[8][8] = BED_T, LANTERN_T, LANTERN_T
    for x, y, flip in ((4, 19, False), (17, 20, True), (35, 18, False), (24, 21, True), (12, 15, False)):
        rows[y][x] = ROCK_T | (H_FLIP if flip else 0)
    for x in (0, 1, 2, 3, 37, 38, 39):
        rows[16][x] = REEDS_T
    rows[15][22], rows[16][9] = STAR_T, STAR_T
    return rows


TREES_FIRST_GID = len(TILES) + 1


def trees_layer():
    """Big trees from the second tileset: each stands on its cell's bottom edge."""
    rows = [[0] * MAP_W for _ in range(MAP_H)]
    for x, y, kind, flip in ((34, 5, 0, False), (22, 3, 1, True), (17, 12, 0, True), (36, 12, 1, False),
                             (3, 8, 1, False), (11, 12, 0, False)):
        rows[y][x] = (TREES_FIRST_GID + kind) | (H_FLIP if flip else 0)
    return rows


def obj(oid, name, x, y, kind="", props=None):
    o = {"id": oid, "name": name, "type": kind, "x": x, "y": y, "width": 0, "height": 0,
         "point": True, "rotation": 0, "visible": True}
    if props:
        o["properties"] = [{"name": k, "type": t, "value": v} for k, t, v in props]
    return o


def cove_map():
    def flat(rows):
        return [gid for row in rows for gid in row]
    points = [obj(1, "camera", 640, 360), obj(2, "gate", 224, 120), obj(3, "bench", 420, 250),
              obj(4, "steps", 860, 330), obj(5, "bottle", 760, 500), obj(6, "pier", 990, 490),
              obj(7, "tideline", 700, 470)]
    cast = [obj(10, "wren", 224, 120, "actor",
                [("name", "string", "Wren"), ("colour", "color", "#ff9be39b"), ("glyph", "string", "W"),
                 ("speed", "float", 110)]),
            obj(11, "tam", 990, 490, "actor",
                [("name", "string", "Tam"), ("colour", "color", "#fff7c46b"), ("glyph", "string", "T"),
                 ("speed", "float", 170)])]
    layer = {"type": "tilelayer", "x": 0, "y": 0, "width": MAP_W, "height": MAP_H, "opacity": 1, "visible": True}
    return {
        "type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "infinite": False, "width": MAP_W, "height": MAP_H,
        "tilewidth": TILE, "tileheight": TILE, "nextlayerid": 6, "nextobjectid": 12,
        "properties": [{"name": "backdrop", "type": "string", "value": "sea"}],
        "tilesets": [{"firstgid": 1, "source": "tiles/cove.tsj"},
                     {"firstgid": TREES_FIRST_GID, "source": "tiles/trees.tsj"}],
        "layers": [
            dict(layer, id=1, name="ground", data=flat(ground_layer())),
            dict(layer, id=2, name="decor", data=flat(decor_layer())),
            dict(layer, id=5, name="trees", data=flat(trees_layer())),
            {"type": "objectgroup", "id": 3, "name": "points", "draworder": "topdown", "objects": points,
             "x": 0, "y": 0, "opacity": 1, "visible": True},
            {"type": "objectgroup", "id": 4, "name": "cast", "draworder": "topdown", "objects": cast,
             "x": 0, "y": 0, "opacity": 1, "visible": True},
        ],
    }


def tileset(name, width, height, tile, columns, rows):
    return {"type": "tileset", "version": "1.10", "tiledversion": "1.10.2", "name": name,
            "image": name + ".png", "imagewidth": width, "imageheight": height,
            "tilewidth": tile, "tileheight": tile, "tilecount": columns * rows, "columns": columns,
            "margin": 0, "spacing": 0}


def write_json(path, value):
    """Indented like Tiled's own files, a tile layer's data one map row a line."""
    rows = {}
    for layer in value.get("layers", []):
        if "data" in layer:
            key = "@data%d@" % len(rows)
            rows[key] = [layer["data"][i:i + MAP_W] for i in range(0, len(layer["data"]), MAP_W)]
            layer["data"] = key
    text = json.dumps(value, indent=1)
    for key, lines in rows.items():
        body = ",\n  ".join(",".join(str(gid) for gid in line) for line in lines)
        text = text.replace('"%s"' % key, "[\n  " + body + "]")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    pixels, width, height = tileset_picture()
    write_png("assets/maps/tiles/cove.png", pixels, width, height)
    write_json("assets/maps/tiles/cove.tsj", tileset("cove", width, height, TILE, COLUMNS, ROWS))
    pixels, width, height = trees_picture()
    write_png("assets/maps/tiles/trees.png", pixels, width, height)
    write_json("assets/maps/tiles/trees.tsj", tileset("trees", width, height, BIG, 2, 1))
    write_json("assets/maps/cove.tmj", cove_map())
