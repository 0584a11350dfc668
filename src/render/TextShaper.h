// Shaping: a paragraph of code points becomes glyphs, once. It is split into
// runs of one bidi level and one font (the font found along GlyphAtlas's
// fallback chain), each run shaped by HarfBuzz (Arabic joins, Devanagari
// conjuncts, marks on their base, kerning); lines are then broken on the
// shaped widths where libunibreak (UAX #14) allows, less the Japanese kinsoku
// rules it lacks, and each line put in visual order by FriBidi (UAX #9 in
// full: embeddings, isolates, brackets). Every glyph keeps
// the index of the first code point of its cluster, so a typewriter can show
// the shaped glyphs of the first N characters without shaping them again.
//
// It sits in render/ because the host's own text (TextRenderer: menus,
// history, errors) needs it as much as text/RichText's marked text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "render/GlyphAtlas.h"

namespace stagehand::shaping {

enum class Direction { Auto, LeftToRight, RightToLeft };

// A paragraph's bidi resolution by FriBidi: each code point's class
// (FriBidiCharType) and resolved embedding level (even: left to right), and
// the paragraph's direction (Auto: the first strong letter outside isolates,
// UAX #9 P2/P3; left to right when there is none).
struct BidiParagraph {
    std::vector<std::uint32_t> types;
    std::vector<std::uint8_t> levels;
    bool rightToLeft = false;
};
BidiParagraph resolveBidi(const std::u32string& text, Direction direction = Direction::Auto);

// The code points [start, end) of one line in visual order, left to right
// (UAX #9 L1's trailing whitespace and L2, by FriBidi); `lineLevels` gets
// the line's levels after L1.
std::vector<std::size_t> visualOrder(const BidiParagraph& bidi, std::size_t start, std::size_t end,
                                     std::vector<std::uint8_t>& lineLevels);

// Per code point: whether a line may start there by UAX #14 (libunibreak;
// in a build without it, the smaller hand-written rules of
// src/render/LineBreakFallback.cpp).
std::vector<bool> unicodeLineStarts(const std::u32string& text);
// Those smaller rules, in every build (src/render/LineBreakFallback.cpp).
std::vector<bool> fallbackLineStarts(const std::u32string& text);
// Ideographs, kana, hangul and fullwidth forms.
bool isCjk(char32_t cp);
// Which CJK face a paragraph's ideographs take: Japanese when it has kana or
// a kanji only the Japanese subset has, else Chinese when it has ideographs
// (Japanese for text with neither). A short all-kanji Japanese word whose
// every character the Chinese subset also has (音量) takes the Chinese forms.
HanFace hanFaceOf(GlyphAtlas& atlas, const std::u32string& text);
// Punctuation Latin and CJK text share (… — “ ” ‘ ’ ·) takes the CJK face's
// form in a paragraph mostly of CJK letters, and elsewhere after a CJK letter.
struct ShapedParagraph;
void setCjkPunctuation(GlyphAtlas& atlas, ShapedParagraph& p, const std::vector<int>& baseFonts, HanFace han);
// Japanese kinsoku, which libunibreak lacks (to UAX #14's "normal" breaking
// small kana and the prolonged sound mark are ideographs): no line starts
// at `i` with a closing or small-kana character such as 。、」）ッー, nor
// after an opening one such as 「（.
bool kinsokuForbids(const std::u32string& text, std::size_t i);
// ... and by our layout: UAX #14 less kinsoku.
std::vector<bool> lineStarts(const std::u32string& text);

struct ShapedGlyph {
    int font = 0;
    std::uint32_t glyph = 0;    // index in the font
    std::uint32_t cluster = 0;  // its cluster's first code point
    float dx = 0, dy = 0;       // HarfBuzz's offset (pixels, y down)
    float advance = 0;          // pixels
};

struct ShapedRun {
    std::size_t start = 0, end = 0;  // code points [start, end)
    std::uint8_t level = 0;
    std::vector<ShapedGlyph> glyphs;  // in visual order (right to left runs reversed)
};

struct ShapedParagraph {
    std::u32string text;
    BidiParagraph bidi;
    std::vector<int> fonts;      // per code point: the font that draws it
    std::vector<float> advance;  // per code point: its cluster's advance on its first code point, else 0
    std::vector<bool> clusterStart;
    std::vector<bool> mayStart;   // lineStarts()
    std::vector<ShapedRun> runs;  // in logical order
    bool rightToLeft = false;     // bidi.rightToLeft
};

// Shapes `text` (one paragraph, no line feed) whose code point k is set in
// `baseFonts[k]` (a main face at a size: the style's font).
ShapedParagraph shapeParagraph(GlyphAtlas& atlas, std::u32string text, const std::vector<int>& baseFonts);

// Greedy lines no wider than `limit` pixels, as [start, end) code points; the
// spaces a line breaks at belong to none. A word wider than a line is split
// between clusters.
std::vector<std::pair<std::size_t, std::size_t>> breakLines(const ShapedParagraph& p, float limit);

struct LineGlyph {
    int font = 0;
    std::uint32_t glyph = 0;
    std::uint32_t cluster = 0;
    float x = 0, y = 0;  // pen position plus offset, pixels from the line's left and baseline
};

// The glyphs of code points [start, end) in visual order from x = 0; returns
// the line's width.
float placeLine(const ShapedParagraph& p, std::size_t start, std::size_t end, std::vector<LineGlyph>& out);

std::u32string decodeUtf8(std::string_view text);

}  // namespace stagehand::shaping
