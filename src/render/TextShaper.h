// Shaping: a paragraph of code points becomes glyphs, once. It is split into
// runs of one bidi level and one font (the font found along GlyphAtlas's
// fallback chain), each run shaped by HarfBuzz (Arabic joins, Devanagari
// conjuncts, marks on their base, kerning); lines are then broken on the
// shaped widths by our line-breaking rules and each line put in visual order
// (Unicode's bidi algorithm, without explicit embeddings). Every glyph keeps
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

// The resolved bidi embedding level of each code point (even: left to right),
// and the paragraph's own direction: the first strong letter's (UAX #9 P2/P3),
// left to right when there is none.
std::vector<std::uint8_t> bidiLevels(const std::u32string& text, bool& rightToLeft);

// Per code point: whether a line may start there (UAX #14 in small: after
// spaces, between CJK characters, never before a closing or small-kana
// character such as 。、」）！？ nor after an opening one such as 「（).
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
    std::vector<std::uint8_t> levels;
    std::vector<int> fonts;      // per code point: the font that draws it
    std::vector<float> advance;  // per code point: its cluster's advance on its first code point, else 0
    std::vector<bool> clusterStart;
    std::vector<bool> mayStart;   // lineStarts()
    std::vector<ShapedRun> runs;  // in logical order
    bool rightToLeft = false;
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
