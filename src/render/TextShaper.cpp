#include "render/TextShaper.h"

#include <fribidi.h>
#include <hb.h>
#ifdef STAGEHAND_HAVE_LIBUNIBREAK
#include <linebreak.h>
#endif

#include <algorithm>
#include <cmath>

#include "render/Utf8.h"

namespace stagehand::shaping {

namespace {

hb_unicode_funcs_t* unicode() {
    return hb_unicode_funcs_get_default();
}

// Kinsoku: characters that never start a line, and ones that never end one.
bool neverStarts(char32_t cp) {
    static const std::u32string kClosing =
        U"、。，．・：；？！‼⁇⁈⁉ー―‐゠–〜～」』）］｝〕〉》】〙〗〟’”»›)]},.!?:;%"
        U"ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻ゝゞヽヾ";
    return kClosing.find(cp) != std::u32string::npos;
}
bool neverEnds(char32_t cp) {
    static const std::u32string kOpening = U"「『（［｛〔〈《【〘〖〝‘“«‹([{";
    return kOpening.find(cp) != std::u32string::npos;
}

bool isCjkLetter(char32_t cp) {
    auto script = hb_unicode_script(unicode(), cp);
    return script == HB_SCRIPT_HAN || script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA;
}

bool isLetter(char32_t cp) {
    auto script = hb_unicode_script(unicode(), cp);
    return script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN;
}

// Punctuation both Latin and CJK text use that a CJK font draws its own way
// (… — “ ” ‘ ’ ·): beyond ASCII, of no script, and not a CJK form already.
bool isSharedPunctuation(char32_t cp) {
    if (cp < 0x80 || hb_unicode_script(unicode(), cp) != HB_SCRIPT_COMMON || isCjk(cp)) return false;
    switch (hb_unicode_general_category(unicode(), cp)) {
        case HB_UNICODE_GENERAL_CATEGORY_CONNECT_PUNCTUATION:
        case HB_UNICODE_GENERAL_CATEGORY_DASH_PUNCTUATION:
        case HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION:
        case HB_UNICODE_GENERAL_CATEGORY_FINAL_PUNCTUATION:
        case HB_UNICODE_GENERAL_CATEGORY_INITIAL_PUNCTUATION:
        case HB_UNICODE_GENERAL_CATEGORY_OTHER_PUNCTUATION:
        case HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION: return true;
        default: return false;
    }
}

}  // namespace

HanFace hanFaceOf(GlyphAtlas& atlas, const std::u32string& text) {
    for (char32_t cp : text) {
        auto script = hb_unicode_script(unicode(), cp);
        if (script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA) return HanFace::Japanese;
    }
    bool ideographs = false;
    for (char32_t cp : text) {
        if (hb_unicode_script(unicode(), cp) != HB_SCRIPT_HAN) continue;
        ideographs = true;
        // A kanji the Chinese subset lacks (歴, 語: forms Chinese text does not use) makes it Japanese.
        if (!atlas.faceHas(FontFace::Chinese, cp) && atlas.faceHas(FontFace::Japanese, cp)) return HanFace::Japanese;
    }
    return ideographs ? HanFace::Chinese : HanFace::Japanese;
}

// Shared punctuation in CJK text comes from the CJK face, so "……" sits centred
// and quotes are full width: in a paragraph whose letters are mostly CJK,
// and elsewhere after a CJK letter.
void setCjkPunctuation(GlyphAtlas& atlas, ShapedParagraph& p, const std::vector<int>& baseFonts, HanFace han) {
    std::size_t cjk = 0, other = 0;
    for (char32_t cp : p.text)
        if (isCjkLetter(cp))
            ++cjk;
        else if (isLetter(cp))
            ++other;
    bool lastLetterCjk = false;
    for (std::size_t i = 0; i < p.text.size(); ++i) {
        char32_t cp = p.text[i];
        if (isLetter(cp)) lastLetterCjk = isCjkLetter(cp);
        if (!isSharedPunctuation(cp) || !(cjk > other || lastLetterCjk)) continue;
        int font = atlas.cjkFontFor(baseFonts[i], cp, han);
        if (font >= 0) p.fonts[i] = font;
    }
}

bool isCjk(char32_t cp) {
    return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFFEF) ||
           (cp >= 0x20000 && cp <= 0x3FFFF);
}

std::u32string decodeUtf8(std::string_view text) {
    std::u32string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) out.push_back(utf8::next(text, i));
    return out;
}

BidiParagraph resolveBidi(const std::u32string& text, Direction direction) {
    const auto n = static_cast<FriBidiStrIndex>(text.size());
    const auto* chars = reinterpret_cast<const FriBidiChar*>(text.data());
    BidiParagraph out;
    out.types.resize(text.size());
    out.levels.resize(text.size());
    std::vector<FriBidiBracketType> brackets(text.size());
    fribidi_get_bidi_types(chars, n, out.types.data());
    fribidi_get_bracket_types(chars, n, out.types.data(), brackets.data());
    FriBidiParType base = direction == Direction::LeftToRight   ? FRIBIDI_PAR_LTR
                          : direction == Direction::RightToLeft ? FRIBIDI_PAR_RTL
                                                                : FRIBIDI_PAR_ON;
    // FriBidi fails only when it cannot allocate; the paragraph then reads left to right.
    std::vector<FriBidiLevel> levels(text.size(), 0);
    if (n > 0 && fribidi_get_par_embedding_levels_ex(out.types.data(), brackets.data(), n, &base, levels.data()) == 0)
        base = FRIBIDI_PAR_LTR, std::fill(levels.begin(), levels.end(), 0);
    out.rightToLeft = FRIBIDI_IS_RTL(base);
    for (std::size_t i = 0; i < text.size(); ++i) out.levels[i] = static_cast<std::uint8_t>(levels[i]);
    return out;
}

std::vector<std::size_t> visualOrder(const BidiParagraph& bidi, std::size_t start, std::size_t end,
                                     std::vector<std::uint8_t>& lineLevels) {
    // The line alone (FriBidi reads from the pointers it is given): its cost is the line's, not the paragraph's.
    const auto n = static_cast<FriBidiStrIndex>(end - start);
    std::vector<FriBidiLevel> levels(bidi.levels.begin() + static_cast<std::ptrdiff_t>(start),
                                     bidi.levels.begin() + static_cast<std::ptrdiff_t>(end));
    std::vector<FriBidiStrIndex> map(levels.size());
    for (std::size_t i = 0; i < map.size(); ++i) map[i] = static_cast<FriBidiStrIndex>(i);
    // No flags: a mark stays after its base in logical order, as HarfBuzz shaped it.
    FriBidiParType base = bidi.rightToLeft ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
    if (n > 0 &&
        fribidi_reorder_line(0, bidi.types.data() + start, n, 0, base, levels.data(), nullptr, map.data()) == 0)
        for (std::size_t i = 0; i < map.size(); ++i)
            map[i] = static_cast<FriBidiStrIndex>(i);  // out of memory: as typed
    lineLevels.assign(levels.begin(), levels.end());
    std::vector<std::size_t> order;
    order.reserve(map.size());
    for (FriBidiStrIndex k : map) order.push_back(start + static_cast<std::size_t>(k));
    return order;
}

#ifdef STAGEHAND_HAVE_LIBUNIBREAK
// Without libunibreak (the Windows cross-build) unicodeLineStarts is
// src/render/LineBreakFallback.cpp's.
std::vector<bool> unicodeLineStarts(const std::u32string& text) {
    static const bool ready = (init_linebreak(), true);
    (void)ready;
    // libunibreak 1.1 (Debian 12's) aborts on a regional indicator (a flag's
    // half: its assertion `lbcNew <= LBP_JT`): it is given an ideograph in its
    // place, which breaks the same on either side (UAX #14 LB31), and a flag's
    // two halves are then held together here (LB30a).
    std::u32string safe = text;
    auto regional = [](char32_t cp) { return cp >= 0x1F1E6 && cp <= 0x1F1FF; };
    for (char32_t& cp : safe)
        if (regional(cp)) cp = U'\u4E00';
    std::vector<char> breaks(text.size());
    if (!text.empty())
        set_linebreaks_utf32(reinterpret_cast<const utf32_t*>(safe.data()), safe.size(), nullptr, breaks.data());
    std::vector<bool> may(text.size(), false);
    std::size_t flagHalves = 0;
    for (std::size_t i = 1; i < text.size(); ++i) {
        flagHalves = regional(text[i - 1]) ? flagHalves + 1 : 0;
        may[i] = breaks[i - 1] == LINEBREAK_ALLOWBREAK || breaks[i - 1] == LINEBREAK_MUSTBREAK;
        if (regional(text[i]) && flagHalves % 2 == 1) may[i] = false;
    }
    return may;
}
#endif

bool kinsokuForbids(const std::u32string& text, std::size_t i) {
    return i > 0 && i < text.size() && (neverStarts(text[i]) || neverEnds(text[i - 1]));
}

std::vector<bool> lineStarts(const std::u32string& text) {
    std::vector<bool> may = unicodeLineStarts(text);
    for (std::size_t i = 1; i < text.size(); ++i)
        if (may[i] && kinsokuForbids(text, i)) may[i] = false;
    return may;
}

ShapedParagraph shapeParagraph(GlyphAtlas& atlas, std::u32string text, const std::vector<int>& baseFonts) {
    ShapedParagraph p;
    p.text = std::move(text);
    const std::size_t n = p.text.size();
    p.bidi = resolveBidi(p.text);
    p.rightToLeft = p.bidi.rightToLeft;
    const std::vector<std::uint8_t>& levels = p.bidi.levels;
    p.mayStart = lineStarts(p.text);
    p.advance.assign(n, 0.0f);
    p.clusterStart.assign(n, false);
    p.fonts.resize(n);
    const HanFace han = hanFaceOf(atlas, p.text);
    // A mark, a joiner, or a space or punctuation the font before it has stays
    // in that font: one cluster, one run, one look.
    for (std::size_t i = 0; i < n; ++i) {
        char32_t cp = p.text[i];
        int base = baseFonts[i];
        bool follows = i > 0 && baseFonts[i - 1] == base && p.fonts[i - 1] != base;
        auto script = hb_unicode_script(unicode(), cp);
        bool inherits =
            script == HB_SCRIPT_INHERITED || cp == 0x200C || cp == 0x200D || (script == HB_SCRIPT_COMMON && !isCjk(cp));
        if (follows && inherits && atlas.covers(p.fonts[i - 1], cp))
            p.fonts[i] = p.fonts[i - 1];
        else
            p.fonts[i] = atlas.fontFor(base, cp, han);
    }
    setCjkPunctuation(atlas, p, baseFonts, han);
    hb_buffer_t* buffer = hb_buffer_create();
    for (std::size_t start = 0; start < n;) {
        std::size_t end = start + 1;
        while (end < n && p.fonts[end] == p.fonts[start] && levels[end] == levels[start]) ++end;
        ShapedRun run;
        run.start = start, run.end = end, run.level = levels[start];
        hb_buffer_clear_contents(buffer);
        // The whole paragraph as context, so a letter at a run's edge joins as it should.
        hb_buffer_add_utf32(buffer, reinterpret_cast<const std::uint32_t*>(p.text.data()), static_cast<int>(n),
                            static_cast<unsigned>(start), static_cast<int>(end - start));
        hb_buffer_set_direction(buffer, run.level % 2 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
        hb_buffer_guess_segment_properties(buffer);
        int font = p.fonts[start];
        hb_shape(atlas.shaper(font), buffer, nullptr, 0);
        unsigned count = 0;
        const hb_glyph_info_t* info = hb_buffer_get_glyph_infos(buffer, &count);
        const hb_glyph_position_t* pos = hb_buffer_get_glyph_positions(buffer, &count);
        run.glyphs.reserve(count);
        for (unsigned g = 0; g < count; ++g) {
            ShapedGlyph glyph{font,
                              info[g].codepoint,
                              info[g].cluster,
                              pos[g].x_offset / 64.0f,
                              -pos[g].y_offset / 64.0f,
                              pos[g].x_advance / 64.0f + (pos[g].x_advance != 0 ? atlas.extraAdvance(font) : 0.0f)};
            run.glyphs.push_back(glyph);
            p.advance[glyph.cluster] += glyph.advance;
            p.clusterStart[glyph.cluster] = true;
        }
        p.runs.push_back(std::move(run));
        start = end;
    }
    hb_buffer_destroy(buffer);
    for (std::size_t i = 0; i < n; ++i)
        if (!p.clusterStart[i]) p.mayStart[i] = false;  // never inside a cluster
    return p;
}

std::vector<std::pair<std::size_t, std::size_t>> breakLines(const ShapedParagraph& p, float limit) {
    const std::size_t n = p.text.size();
    std::vector<float> before(n + 1, 0.0f);  // width of [0, i)
    for (std::size_t i = 0; i < n; ++i) before[i + 1] = before[i] + p.advance[i];
    auto trimmed = [&](std::size_t from, std::size_t to) {
        while (to > from && p.text[to - 1] == U' ') --to;
        return to;
    };
    std::vector<std::pair<std::size_t, std::size_t>> lines;
    std::size_t lineStart = 0, lastStart = SIZE_MAX;
    for (std::size_t i = 0; i < n; ++i) {
        if (p.mayStart[i] && i > lineStart) lastStart = i;
        if (p.text[i] == U' ' || !p.clusterStart[i]) continue;  // a space never pushes the line over
        std::size_t next = i + 1;
        while (next < n && !p.clusterStart[next]) ++next;
        if (before[next] - before[lineStart] <= limit || i == lineStart) continue;
        if (lastStart != SIZE_MAX && lastStart > lineStart && lastStart <= i) {
            lines.push_back({lineStart, trimmed(lineStart, lastStart)});
            lineStart = lastStart;
        }
        if (before[next] - before[lineStart] > limit && i > lineStart) {  // one word wider than the line
            lines.push_back({lineStart, i});
            lineStart = i;
        }
        lastStart = SIZE_MAX;
    }
    lines.push_back({lineStart, trimmed(lineStart, n)});
    return lines;
}

float placeLine(const ShapedParagraph& p, std::size_t start, std::size_t end, std::vector<LineGlyph>& out) {
    std::vector<std::uint8_t> lineLevels;
    const std::vector<std::size_t> order = visualOrder(p.bidi, start, end, lineLevels);
    // The run that holds each code point: runs are in logical order.
    auto runOf = [&](std::size_t k) {
        return std::partition_point(p.runs.begin(), p.runs.end(), [&](const ShapedRun& r) { return r.end <= k; });
    };
    float pen = 0;
    for (std::size_t v = 0; v < order.size();) {
        // A piece: code points of one run that stand next to each other both in
        // logical and in visual order, rising or falling.
        auto run = runOf(order[v]);
        std::size_t w = v + 1, low = order[v], high = order[v];
        const bool falling = w < order.size() && order[w] + 1 == order[v];
        while (w < order.size() && order[w] >= run->start && order[w] < run->end &&
               order[w] == (falling ? order[w - 1] - 1 : order[w - 1] + 1)) {
            low = std::min(low, order[w]), high = std::max(high, order[w]);
            ++w;
        }
        // The piece's glyphs are one stretch of its run's (clusters rise, or fall
        // when the run is right to left), found by binary search, so a page of one
        // long word costs each of its lines only that line's glyphs.
        const auto& glyphs = run->glyphs;
        const bool runFalls = run->level % 2 == 1;
        auto first = std::partition_point(glyphs.begin(), glyphs.end(), [&](const ShapedGlyph& g) {
            return runFalls ? g.cluster > high : g.cluster < low;
        });
        for (auto it = first; it != glyphs.end() && it->cluster >= low && it->cluster <= high; ++it) {
            out.push_back({it->font, it->glyph, it->cluster, pen + it->dx, it->dy});
            pen += it->advance;
        }
        v = w;
    }
    return pen;
}

}  // namespace stagehand::shaping
