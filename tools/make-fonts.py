#!/usr/bin/env python3
"""Writes the fallback fonts in assets/fonts from Debian's Noto packages.

The game's main fonts (DejaVu Sans, OpenDyslexic) draw Latin, Greek and
Cyrillic; the scripts they lack come from these subsets of Noto, along the
fallback chain in src/render/GlyphAtlas.cpp:

  NotoSansArabic-Subset.ttf      Arabic (fonts-noto-core)
  NotoSansHebrew-Subset.ttf      Hebrew (fonts-noto-core)
  NotoSansDevanagari-Subset.ttf  Devanagari (fonts-noto-core)
  NotoSansJP-Subset.otf          Japanese: kana, CJK punctuation, full-width
                                 forms, the 2,965 JIS X 0208 level-1 kanji and
                                 any other CJK character the scripts hold but
                                 their Chinese tables (fonts-noto-cjk, the JP
                                 face of the .ttc)
  NotoSansSC-Subset.otf          Simplified Chinese: CJK punctuation, full-width
                                 forms and exactly the hanzi the Chinese tables
                                 (*.zh.csv) and the name 中文 hold (the SC
                                 face of the same .ttc); a hanzi a new line adds
                                 comes from the Japanese subset until this is
                                 run again

All are under the SIL Open Font License 1.1 (assets/fonts/Noto-LICENSE.txt,
copied from the packages' copyright files). Run with a Python that has
fontTools (Debian: python3-fonttools; `bash tools/make-fonts.sh` finds it):

  python3 tools/make-fonts.py
"""
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "assets", "fonts")
NOTO = "/usr/share/fonts/truetype/noto"
NOTO_CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
COPYRIGHTS = ["/usr/share/doc/fonts-noto-core/copyright", "/usr/share/doc/fonts-noto-cjk/copyright"]

# What every fallback keeps besides its script: spaces, ASCII digits and
# punctuation (a run of the script's own font may hold them), the joiners and
# direction marks, and the dotted circle a shaper draws under a lone mark.
COMMON = [(0x20, 0x7E), (0xA0, 0xA0), (0x200C, 0x200F), (0x2010, 0x2027), (0x25CC, 0x25CC)]

SCRIPTS = {
    "NotoSansArabic-Subset.ttf": ("NotoSansArabic-Regular.ttf",
                                  [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
                                   (0xFE70, 0xFEFF)]),
    "NotoSansHebrew-Subset.ttf": ("NotoSansHebrew-Regular.ttf", [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)]),
    "NotoSansDevanagari-Subset.ttf": ("NotoSansDevanagari-Regular.ttf",
                                      [(0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF)]),
}

CJK_RANGES = [(0x3000, 0x303F),   # CJK symbols and punctuation
              (0x3040, 0x309F),   # hiragana
              (0x30A0, 0x30FF),   # katakana
              (0x31F0, 0x31FF),   # katakana phonetic extensions
              (0xFF00, 0xFFEF)]   # half-width and full-width forms


def is_cjk_ideograph(cp):
    return 0x3400 <= cp <= 0x4DBF or 0x4E00 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF


def jis_level1_kanji():
    """JIS X 0208 level 1: rows 16-47, read through Python's EUC-JP codec (offline)."""
    out = set()
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                ch = bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp")
            except UnicodeDecodeError:
                continue
            out.add(ord(ch))
    return out


def is_cjk(cp):
    return is_cjk_ideograph(cp) or any(a <= cp <= b for a, b in CJK_RANGES)


def cjk_in(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return {ord(c) for c in f.read() if is_cjk(ord(c))}


def script_characters():
    """Every CJK character written in the game's scripts and string tables but the Chinese ones."""
    found = set()
    for folder, _, files in os.walk(os.path.join(ROOT, "scripts")):
        for name in files:
            if name.endswith((".lua", ".csv")) and ".zh." not in name:
                found |= cjk_in(os.path.join(folder, name))
    return found


def chinese_characters():
    """Every CJK character of the Chinese tables (the demo's and the engine's) and the language's own name."""
    found = {ord(c) for c in "中文"}  # in the pause overlay's list of languages
    for top in ("scripts", os.path.join("assets", "strings")):
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                if name.endswith(".zh.csv"):
                    found |= cjk_in(os.path.join(folder, name))
    return found


def codepoints(ranges):
    return {cp for a, b in ranges for cp in range(a, b + 1)}


def write_subset(font, unicodes, path):
    options = subset.Options()
    options.layout_features = ["*"]  # every shaping feature (joining forms, conjuncts, marks)
    options.hinting = False
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(unicodes))
    subsetter.subset(font)
    font.recalcTimestamp = False  # the same bytes on every run
    font.save(path)
    print(f"make-fonts: {os.path.relpath(path, ROOT)} {os.path.getsize(path) // 1024} KiB, {len(unicodes)} code points asked")


def cjk_face(index, region):
    """A face of the .ttc, whose faces are JP, KR, SC, TC, HK."""
    face = TTCollection(NOTO_CJK).fonts[index]
    if region not in face["name"].getDebugName(4):
        sys.exit(f"make-fonts: face {index} of {NOTO_CJK} is not the {region} one")
    return face


def main():
    for name, (source, ranges) in SCRIPTS.items():
        write_subset(TTFont(os.path.join(NOTO, source)), codepoints(ranges + COMMON), os.path.join(OUT, name))
    write_subset(cjk_face(0, "JP"), codepoints(CJK_RANGES + COMMON) | jis_level1_kanji() | script_characters(),
                 os.path.join(OUT, "NotoSansJP-Subset.otf"))
    # The middle dot between a name's parts (·) is Chinese punctuation too.
    write_subset(cjk_face(2, "SC"), codepoints(CJK_RANGES + COMMON + [(0xB7, 0xB7)]) | chinese_characters(),
                 os.path.join(OUT, "NotoSansSC-Subset.otf"))
    with open(os.path.join(OUT, "Noto-LICENSE.txt"), "w", encoding="utf-8") as out:
        out.write("The Noto subsets in this folder (NotoSans*-Subset.*) are made by tools/make-fonts.py from\n"
                  "Debian's fonts-noto-core and fonts-noto-cjk. They are under the SIL Open Font License 1.1;\n"
                  "the packages' copyright files follow, with the licence's full text.\n")
        for path in COPYRIGHTS:
            with open(path, encoding="utf-8") as f:
                out.write("\n==== " + os.path.basename(os.path.dirname(path)) + " ====\n\n" + f.read())


if __name__ == "__main__":
    main()
