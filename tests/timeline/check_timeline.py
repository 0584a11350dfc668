#!/usr/bin/env python3
"""Checks `stagehand --timeline` for one scene, against the same run's transcript:
one lane per process (nested under its parent), one arrow per process a signal
woke, from the sender to the woken. Then renders the page in headless Chromium
and checks the picture is not blank and shows the wait bars' colours.

usage: check_timeline.py STAGEHAND_EXE SCENE OUT_DIR [EMULATOR...]
Chromium is `chromium` or `chromium-browser` on PATH, or STAGEHAND_CHROMIUM.
Exit 77 (a skip for ctest) when there is none, but in CI (CI set to a true
value, the rule of cmake/MissingTools.cmake) that is a failure naming it."""
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def in_ci():
    """CI set to a true value (as CMake reads one): every test must run there."""
    return os.environ.get("CI", "").strip().lower() in ("1", "on", "yes", "true", "y")


def find_chromium():
    names = [os.environ["STAGEHAND_CHROMIUM"]] if os.environ.get("STAGEHAND_CHROMIUM") else ["chromium",
                                                                                          "chromium-browser"]
    found = [shutil.which(name) for name in names]
    return next((path for path in found if path), None), " or ".join(names)


def run(command):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode not in (0,):
        fail("%s exited %d: %s" % (" ".join(command), result.returncode, result.stderr))
    return result.stdout


def transcript_fields(line):
    name = line.split()[1]
    fields = {key: quoted or bare for key, quoted, bare in re.findall(r'(\w+)=(?:"((?:[^"\\]|\\.)*)"|(\S+))', line)}
    return name, fields, line


def read_png(path):
    """Width, height and rows of RGB(A) bytes of an 8-bit non-interlaced PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "unexpected PNG format"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    exe, scene, out_dir = sys.argv[1:4]
    emulator = sys.argv[4:]
    os.makedirs(out_dir, exist_ok=True)
    html = os.path.join(out_dir, scene + "_timeline.html")
    run(emulator + [exe, "--timeline", html, "--scene", scene])
    transcript = run(emulator + [exe, "--headless", "--scene", scene]).splitlines()
    events = [transcript_fields(line) for line in transcript if line.strip()]

    page = open(html, encoding="utf-8").read()
    if re.search(r'<script|<link|<img|<iframe|@import|(?:src|href)\s*=\s*"(?!#)|url\((?!#)', page):
        fail("the page must be self-contained: no scripts, no network")
    svg_text = re.search(r'<svg id="timeline".*?</svg>', page, re.S).group(0)
    svg = ET.fromstring(svg_text)

    starts = {f["id"]: f for name, f, _ in events if name == "process_start"}
    lanes = {g.get("data-id"): g for g in svg.iter(SVG + "g") if g.get("class") == "lane"}
    if set(lanes) != set(starts):
        fail("lanes %s, processes %s" % (sorted(lanes), sorted(starts)))
    for pid, lane in lanes.items():
        if lane.get("data-parent") != starts[pid]["parent"]:
            fail("lane %s has parent %s, not %s" % (pid, lane.get("data-parent"), starts[pid]["parent"]))

    expected = []
    for name, f, _ in events:
        if name in ("signal", "latch"):
            expected += [(f["sender"], to, f["signal"]) for to in f.get("woke", "").split()]
    arrows = [(p.get("data-from"), p.get("data-to"), p.get("data-signal"))
              for p in svg.iter(SVG + "path") if p.get("class") == "arrow"]
    if sorted(arrows) != sorted(expected):
        fail("arrows %s, expected %s" % (arrows, expected))
    if not expected:
        fail("the scene %s has no signal that wakes a waiter: pick one with a handshake" % scene)
    waits = [r for r in svg.iter(SVG + "rect") if r.get("class") == "wait"]
    where = re.compile(r"\nat (\S+\.lua:\d+|\(stage library\))$")
    if not waits or not all(r.find(SVG + "title") is not None and where.search(r.find(SVG + "title").text)
                            for r in waits):
        fail("every wait bar needs a tooltip naming the author's file:line")
    print("ok: %d lanes, %d arrows, %d wait bars" % (len(lanes), len(arrows), len(waits)))

    chromium, names = find_chromium()
    if not chromium:
        if in_ci():
            fail("CI=%s but %s is missing, so the timeline would not be rendered (CI runs every test: install it)"
                 % (os.environ["CI"], names))
        print("SKIP: no %s to render the page" % names)
        sys.exit(77)
    png = os.path.join(out_dir, scene + "_timeline.png")
    if os.path.exists(png):
        os.remove(png)
    profile = os.path.join(out_dir, "chromium-profile")
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--user-data-dir=" + profile, "--hide-scrollbars", "--window-size=1400,420",
                    "--screenshot=" + png, "file://" + os.path.abspath(html)],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    if not os.path.exists(png):
        fail("chromium wrote no screenshot")
    width, height, channels, rows = read_png(png)
    colours = set()
    for row in rows[::3]:
        for x in range(0, width * channels, channels * 3):
            colours.add(bytes(row[x:x + 3]))
    if len(colours) < 50:
        fail("the rendered page looks blank (%d colours)" % len(colours))
    bar_colours = {bytes.fromhex(c[1:]) for c in re.findall(r'class="wait" data-kind="\w+" [^>]*fill="(#[0-9a-f]{6})"',
                                                          svg_text)}
    missing = bar_colours - colours
    if missing:
        fail("wait bar colours not on screen: %s" % sorted(c.hex() for c in missing))
    print("ok: rendered %dx%d, %d colours, every bar colour on screen" % (width, height, len(colours)))


if __name__ == "__main__":
    main()
