#include "text/RichText.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <utility>

#include "render/DrawnText.h"
#include "render/TextShaper.h"

namespace stagehand::text {

namespace {
constexpr double kTau = 6.283185307179586;
constexpr float kSlant = 0.2f;  // an italic letter leans this much of its height

}  // namespace

// A wave runs along the letters (each a little behind the one before); a
// shake is two sines per axis at unrelated rates, phased by the letter's
// index, so it looks random but moves smoothly and is the same at the same time.
Offset motionOffset(const TextStyle& style, std::uint32_t index, float size, double time) {
    Offset o;
    double i = index;
    if (style.wave) o.y -= static_cast<float>(0.16 * size * std::sin(kTau * 1.1 * time - 0.6 * i));
    if (style.shake) {
        double p = i * 2.399963;  // the golden angle: neighbours never move alike
        double a = 0.1 * size;
        o.x += static_cast<float>(a * (0.6 * std::sin(71 * time + p) + 0.4 * std::sin(97 * time + 2.1 * p)));
        o.y += static_cast<float>(a * (0.6 * std::sin(83 * time + 1.7 * p) + 0.4 * std::sin(113 * time + 0.6 * p)));
    }
    return o;
}

const TextLayout& RichText::layout(const std::shared_ptr<const MarkedText>& text, FontFace face, float size,
                                   float pixelsPerUnit, float maxWidth, float lineSpacing) {
    Key key{text.get(), static_cast<int>(face), size, pixelsPerUnit, maxWidth, lineSpacing};
    auto it = layouts_.find(key);
    if (it == layouts_.end()) {
        ++layoutsMade_;
        it = layouts_.emplace(key, Entry{make(text, face, size, pixelsPerUnit, maxWidth, lineSpacing), 0}).first;
    }
    it->second.usedInFrame = frame_;
    return it->second.layout;
}

void RichText::beginFrame() {
    if (layouts_.size() > kCacheSize)
        for (auto it = layouts_.begin(); it != layouts_.end();)
            it = it->second.usedInFrame < frame_ ? layouts_.erase(it) : std::next(it);
    ++frame_;
}

// Each paragraph shaped once (fonts by style, fallbacks by coverage), broken
// on its shaped widths; each line's glyphs then sit on its tallest main
// font's baseline (a fallback's glyphs on the same baseline), and a right to
// left paragraph's lines are aligned to the right of the widest line.
TextLayout RichText::make(const std::shared_ptr<const MarkedText>& text, FontFace face, float size, float pixelsPerUnit,
                          float maxWidth, float lineSpacing) {
    TextLayout out;
    out.text = text;
    out.unitsPerPixel = 1.0f / pixelsPerUnit;
    out.moves = text->moves();
    std::vector<int> fontOf;
    std::vector<float> sizeOf;
    for (const TextStyle& style : text->styles) {
        bool bold = face == FontFace::Bold || face == FontFace::DyslexicBold || style.bold;
        bool dyslexic = face == FontFace::DyslexicRegular || face == FontFace::DyslexicBold;  // the player's font
        FontFace styled = dyslexic ? (bold ? FontFace::DyslexicBold : FontFace::DyslexicRegular)
                                   : (bold ? FontFace::Bold : FontFace::Regular);
        sizeOf.push_back(style.sizeFor(size));
        fontOf.push_back(atlas_.font(styled, static_cast<int>(std::lround(sizeOf.back() * pixelsPerUnit))));
    }
    std::u32string plain = shaping::decodeUtf8(text->plain);
    auto styleAt = [&](std::size_t k) -> std::uint16_t { return k < text->styleOf.size() ? text->styleOf[k] : 0; };

    struct Line {
        std::vector<shaping::LineGlyph> glyphs;
        float ascent, below, width;
        bool rightToLeft;
    };
    std::vector<Line> lines;
    const float limit = maxWidth * pixelsPerUnit;
    for (std::size_t paragraphStart = 0; paragraphStart <= plain.size();) {
        std::size_t paragraphEnd = plain.find(U'\n', paragraphStart);
        if (paragraphEnd == std::u32string::npos) paragraphEnd = plain.size();
        std::vector<int> fonts;
        for (std::size_t k = paragraphStart; k < paragraphEnd; ++k) fonts.push_back(fontOf[styleAt(k)]);
        shaping::ShapedParagraph paragraph =
            shaping::shapeParagraph(atlas_, plain.substr(paragraphStart, paragraphEnd - paragraphStart), fonts);
        for (const auto& [start, end] : shaping::breakLines(paragraph, limit)) {
            Line line{{},
                      atlas_.ascent(fontOf[0]),
                      atlas_.lineHeight(fontOf[0]) - atlas_.ascent(fontOf[0]),
                      0,
                      paragraph.rightToLeft};
            if (end > start) line.ascent = 0, line.below = 0;
            for (std::size_t k = start; k < end; ++k) {
                int font = fonts[k];
                line.ascent = std::max(line.ascent, atlas_.ascent(font));
                line.below = std::max(line.below, atlas_.lineHeight(font) - atlas_.ascent(font));
            }
            line.width = shaping::placeLine(paragraph, start, end, line.glyphs);
            for (auto& g : line.glyphs) g.cluster += static_cast<std::uint32_t>(paragraphStart);
            lines.push_back(std::move(line));
        }
        paragraphStart = paragraphEnd + 1;
    }

    float top = 0, widest = 0;
    for (const Line& line : lines) widest = std::max(widest, line.width);
    out.rightToLeft = !lines.empty() && lines.front().rightToLeft;
    for (const Line& line : lines) {
        out.lineTops.push_back(top * out.unitsPerPixel);
        float left = line.rightToLeft ? widest - line.width : 0;
        float baseline = top + line.ascent;
        for (const shaping::LineGlyph& g : line.glyphs) {
            if (!atlas_.glyphByIndex(g.font, g.glyph).texture) continue;
            std::uint16_t style = styleAt(g.cluster);
            out.glyphs.push_back({g.font, g.glyph, left + std::round(g.x),
                                  baseline + std::round(g.y) - atlas_.ascent(g.font), g.cluster, style,
                                  line.rightToLeft, sizeOf[style]});
        }
        top += (line.ascent + line.below) * lineSpacing;  // the player's line spacing (1, 1.25, 1.5)
    }
    out.width = widest * out.unitsPerPixel;
    out.height = top * out.unitsPerPixel;
    return out;
}

void RichText::draw(const TextLayout& layout, float x, float y, Color base, std::size_t shown, double time,
                    bool stillMotion, bool shadow, float boxWidth) {
    const float endShift = std::max(0.0f, boxWidth - layout.width);  // where right-to-left lines move
    if (shadow) {
        float offset = std::max(1.0f, 2.0f * layout.unitsPerPixel);
        emit(layout, x + offset, y + offset, base, shown, time, stillMotion, true, endShift);
    }
    emit(layout, x, y, base, shown, time, stillMotion, false, endShift);
    if (DrawnText::recording() && layout.text)
        DrawnText::record({layout.text->plain, x + (layout.rightToLeft ? endShift : 0), y, layout.width, base, false});
}

void RichText::emit(const TextLayout& layout, float x, float y, Color base, std::size_t shown, double time, bool still,
                    bool shade, float endShift) {
    const float upp = layout.unitsPerPixel;
    // The pen on whole pixels, as TextRenderer does: glyphs were rasterised on the pixel grid.
    const float left = std::round(x / upp), top = std::round(y / upp);
    const auto& styles = layout.text->styles;
    const Color shadowColor{0, 0, 0, static_cast<std::uint8_t>(base.a * 0.55f)};
    for (const PlacedGlyph& placed : layout.glyphs) {
        if (placed.index >= shown) continue;  // visual order: a later glyph may be typed already
        const Glyph& g = atlas_.glyphByIndex(placed.font, placed.glyph);
        const TextStyle& style = styles[placed.style];
        Color color = shade ? shadowColor
                      : style.hasColor
                          ? Color{static_cast<std::uint8_t>(style.rgb >> 16), static_cast<std::uint8_t>(style.rgb >> 8),
                                  static_cast<std::uint8_t>(style.rgb), base.a}
                          : base;
        float px = (left + placed.x + g.offsetX) * upp + (placed.endAligned ? endShift : 0),
              py = (top + placed.y + g.offsetY) * upp;
        if (!still && style.moves()) {
            Offset o = motionOffset(style, placed.index, placed.size, time);
            px += o.x, py += o.y;
        }
        batch_.setTexture(g.texture, true);  // free while the page stays the same
        float w = g.width * upp, h = g.height * upp;
        if (style.italic)
            batch_.slantedQuad(px - h * kSlant / 2, py, w, h, g.uv, color, h * kSlant);
        else
            batch_.quad(px, py, w, h, g.uv, color);
    }
}

}  // namespace stagehand::text
