#include "render/TextShaper.h"

#include <hb.h>

#include <algorithm>
#include <cmath>

#include "render/Utf8.h"

namespace stagehand::shaping {

namespace {

// Bidi classes we resolve (UAX #9 without explicit embeddings or isolates).
enum Bidi : std::uint8_t { L, R, AL, EN, AN, ES, ET, CS, NSM, WS, ON };

hb_unicode_funcs_t* unicode() {
    return hb_unicode_funcs_get_default();
}

bool isMark(char32_t cp) {
    auto cat = hb_unicode_general_category(unicode(), cp);
    return cat == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK || cat == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK ||
           cat == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK;
}

Bidi bidiClass(char32_t cp) {
    if (cp == 0x200E) return L;   // LRM
    if (cp == 0x200F) return R;   // RLM
    if (cp == 0x061C) return AL;  // ALM
    auto cat = hb_unicode_general_category(unicode(), cp);
    if (cat == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK || cat == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK)
        return NSM;
    if ((cp >= 0x0660 && cp <= 0x0669) || cp == 0x066B || cp == 0x066C || (cp >= 0x0600 && cp <= 0x0605)) return AN;
    if (cat == HB_UNICODE_GENERAL_CATEGORY_DECIMAL_NUMBER) return EN;
    bool hebrew = (cp >= 0x0590 && cp <= 0x05FF) || (cp >= 0x07C0 && cp <= 0x085F) || (cp >= 0xFB1D && cp <= 0xFB4F);
    bool arabic = (cp >= 0x0600 && cp <= 0x07BF) || (cp >= 0x0860 && cp <= 0x08FF) || (cp >= 0xFB50 && cp <= 0xFDFF) ||
                  (cp >= 0xFE70 && cp <= 0xFEFF);
    if (hebrew) return R;
    if (arabic) return cat == HB_UNICODE_GENERAL_CATEGORY_OTHER_PUNCTUATION ? ON : AL;
    switch (cp) {
        case U'+':
        case U'-': return ES;
        case U'.':
        case U',':
        case U':':
        case U'/':
        case 0xA0: return CS;
        case U'#':
        case U'%':
        case 0xB0: return ET;
        case U' ':
        case U'\t':
        case 0x3000: return WS;
        default: break;
    }
    switch (cat) {
        case HB_UNICODE_GENERAL_CATEGORY_CURRENCY_SYMBOL: return ET;
        case HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR: return WS;
        case HB_UNICODE_GENERAL_CATEGORY_LOWERCASE_LETTER:
        case HB_UNICODE_GENERAL_CATEGORY_UPPERCASE_LETTER:
        case HB_UNICODE_GENERAL_CATEGORY_TITLECASE_LETTER:
        case HB_UNICODE_GENERAL_CATEGORY_MODIFIER_LETTER:
        case HB_UNICODE_GENERAL_CATEGORY_OTHER_LETTER:
        case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
        case HB_UNICODE_GENERAL_CATEGORY_LETTER_NUMBER: return L;
        default: return ON;
    }
}

// The strong direction a resolved class counts as for the neutrals (N1):
// numbers count as right to left.
int strongOf(Bidi b) {
    if (b == L) return 0;
    if (b == R || b == AL || b == EN || b == AN) return 1;
    return -1;
}

bool isCjk(char32_t cp) {
    return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFFEF) ||
           (cp >= 0x20000 && cp <= 0x3FFFF);
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

}  // namespace

std::u32string decodeUtf8(std::string_view text) {
    std::u32string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) out.push_back(utf8::next(text, i));
    return out;
}

std::vector<std::uint8_t> bidiLevels(const std::u32string& text, bool& rightToLeft) {
    const std::size_t n = text.size();
    std::vector<Bidi> t(n);
    for (std::size_t i = 0; i < n; ++i) t[i] = bidiClass(text[i]);
    rightToLeft = false;
    for (Bidi b : t)
        if (b == L || b == R || b == AL) {
            rightToLeft = b != L;
            break;
        }
    const Bidi sos = rightToLeft ? R : L;
    const std::uint8_t base = rightToLeft ? 1 : 0;
    std::vector<std::uint8_t> levels(n, base);
    bool anyRtl = rightToLeft;
    for (Bidi b : t) anyRtl = anyRtl || b == R || b == AL || b == AN;
    if (!anyRtl) return levels;  // all left to right: nothing to resolve

    // W1: a mark takes the class of what it sits on.
    for (std::size_t i = 0; i < n; ++i)
        if (t[i] == NSM) t[i] = i == 0 ? sos : t[i - 1];
    // W2: European digits after Arabic letters are Arabic numbers; W3: AL is R.
    Bidi lastStrong = sos;
    for (std::size_t i = 0; i < n; ++i) {
        if (t[i] == L || t[i] == R || t[i] == AL) lastStrong = t[i];
        if (t[i] == EN && lastStrong == AL) t[i] = AN;
    }
    for (auto& b : t)
        if (b == AL) b = R;
    // W4: one separator between two numbers of a kind joins them (1,000 and 3.5).
    for (std::size_t i = 1; i + 1 < n; ++i) {
        if (t[i - 1] == EN && t[i + 1] == EN && (t[i] == ES || t[i] == CS)) t[i] = EN;
        if (t[i - 1] == AN && t[i + 1] == AN && t[i] == CS) t[i] = AN;
    }
    // W5: terminators (%, $) touching European numbers are numbers.
    for (std::size_t i = 0; i < n; ++i) {
        if (t[i] != ET) continue;
        std::size_t j = i;
        while (j < n && t[j] == ET) ++j;
        bool touches = (i > 0 && t[i - 1] == EN) || (j < n && t[j] == EN);
        for (std::size_t k = i; k < j; ++k) t[k] = touches ? EN : ON;
        i = j - 1;
    }
    // W6: other separators are neutral; W7: European numbers after L are L.
    lastStrong = sos;
    for (std::size_t i = 0; i < n; ++i) {
        if (t[i] == ES || t[i] == CS || t[i] == ET) t[i] = ON;
        if (t[i] == L || t[i] == R) lastStrong = t[i];
        if (t[i] == EN && lastStrong == L) t[i] = L;
    }
    // N1/N2: neutrals between two of one direction take it, else the paragraph's.
    for (std::size_t i = 0; i < n; ++i) {
        if (strongOf(t[i]) >= 0) continue;
        std::size_t j = i;
        while (j < n && strongOf(t[j]) < 0) ++j;
        int before = i == 0 ? base : strongOf(t[i - 1]);
        int after = j == n ? base : strongOf(t[j]);
        Bidi resolved = before == after ? (before ? R : L) : (base ? R : L);
        for (std::size_t k = i; k < j; ++k) t[k] = resolved;
        i = j - 1;
    }
    // I1/I2.
    for (std::size_t i = 0; i < n; ++i) {
        if (base == 0)
            levels[i] = t[i] == R ? 1 : (t[i] == EN || t[i] == AN) ? 2 : 0;
        else
            levels[i] = t[i] == R ? 1 : 2;
    }
    return levels;
}

std::vector<bool> lineStarts(const std::u32string& text) {
    std::vector<bool> may(text.size(), false);
    for (std::size_t i = 1; i < text.size(); ++i) {
        char32_t before = text[i - 1], here = text[i];
        if (here == U' ' || isMark(here) || here == 0x200D) continue;
        if (before == U' ' || before == 0x3000) {
            may[i] = true;
        } else if ((isCjk(before) || isCjk(here)) && !neverStarts(here) && !neverEnds(before)) {
            may[i] = true;
        } else if (before == U'-' && i >= 2 && text[i - 2] != U' ') {  // after a hyphen inside a word
            may[i] = !neverStarts(here);
        }
    }
    return may;
}

ShapedParagraph shapeParagraph(GlyphAtlas& atlas, std::u32string text, const std::vector<int>& baseFonts) {
    ShapedParagraph p;
    p.text = std::move(text);
    const std::size_t n = p.text.size();
    p.levels = bidiLevels(p.text, p.rightToLeft);
    p.mayStart = lineStarts(p.text);
    p.advance.assign(n, 0.0f);
    p.clusterStart.assign(n, false);
    p.fonts.resize(n);
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
            p.fonts[i] = atlas.fontFor(base, cp);
    }
    hb_buffer_t* buffer = hb_buffer_create();
    for (std::size_t start = 0; start < n;) {
        std::size_t end = start + 1;
        while (end < n && p.fonts[end] == p.fonts[start] && p.levels[end] == p.levels[start]) ++end;
        ShapedRun run;
        run.start = start, run.end = end, run.level = p.levels[start];
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
                              pos[g].x_advance / 64.0f};
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
    struct Piece {
        const ShapedRun* run;
        std::size_t from, to;
        std::uint8_t level;
    };
    std::vector<Piece> pieces;
    for (const ShapedRun& run : p.runs)
        if (run.end > start && run.start < end)
            pieces.push_back({&run, std::max(run.start, start), std::min(run.end, end), run.level});
    // L2: from the highest level to the lowest odd one, reverse every stretch at that level or higher.
    std::uint8_t highest = 0, lowestOdd = 255;
    for (const Piece& piece : pieces) {
        highest = std::max(highest, piece.level);
        if (piece.level % 2) lowestOdd = std::min(lowestOdd, piece.level);
    }
    for (int level = highest; level >= lowestOdd && level > 0; --level)
        for (std::size_t i = 0; i < pieces.size();) {
            if (pieces[i].level < level) {
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < pieces.size() && pieces[j].level >= level) ++j;
            std::reverse(pieces.begin() + static_cast<std::ptrdiff_t>(i),
                         pieces.begin() + static_cast<std::ptrdiff_t>(j));
            i = j;
        }
    float pen = 0;
    for (const Piece& piece : pieces) {
        // A run's clusters are monotonic (rising, or falling when right to left): the
        // piece's glyphs are one stretch of them, found by binary search, so a page
        // of one long word costs each of its lines only that line's glyphs.
        const auto& glyphs = piece.run->glyphs;
        bool falling = piece.level % 2 == 1;
        auto first = std::partition_point(glyphs.begin(), glyphs.end(), [&](const ShapedGlyph& g) {
            return falling ? g.cluster >= piece.to : g.cluster < piece.from;
        });
        for (auto it = first; it != glyphs.end() && it->cluster >= piece.from && it->cluster < piece.to; ++it) {
            out.push_back({it->font, it->glyph, it->cluster, pen + it->dx, it->dy});
            pen += it->advance;
        }
    }
    return pen;
}

}  // namespace stagehand::shaping
