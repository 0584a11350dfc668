#include "text/RichText.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <utility>

#include "render/Utf8.h"

namespace stagehand::text {

namespace {
constexpr double kTau = 6.283185307179586;
constexpr float kSlant = 0.2f;  // an italic letter leans this much of its height

struct Item {
    int font;
    char32_t codepoint;
    float kerning, advance;  // pixels
    std::uint16_t style;
};
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

// Greedy line breaking over the styled glyphs, as TextRenderer::wrap does
// over plain ones; then each line's glyphs sit on its tallest font's baseline.
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
    std::vector<Item> items;
    items.reserve(text->length);
    std::string_view plain = text->plain;
    char32_t previous = 0;
    int previousFont = -1;
    for (std::size_t at = 0, k = 0; at < plain.size(); ++k) {
        char32_t cp = utf8::next(plain, at);
        std::uint16_t style = k < text->styleOf.size() ? text->styleOf[k] : 0;
        int font = fontOf[style];
        float kern = previous && font == previousFont ? atlas_.kerning(font, previous, cp) : 0;
        items.push_back({font, cp, kern, atlas_.glyph(font, cp).advance, style});
        previous = cp, previousFont = font;
    }

    // Lines as [start, end) of items; the space a line breaks at belongs to none.
    std::vector<std::pair<std::size_t, std::size_t>> lines;
    const float limit = maxWidth * pixelsPerUnit;
    std::size_t lineStart = 0, lastSpace = SIZE_MAX;
    float lineWidth = 0, widthAfterSpace = 0;
    for (std::size_t k = 0; k < items.size(); ++k) {
        const Item& item = items[k];
        float advance = item.kerning + item.advance;
        if (item.codepoint == U'\n') {
            lines.push_back({lineStart, k});
            lineStart = k + 1, lineWidth = 0, lastSpace = SIZE_MAX;
            continue;
        }
        if (item.codepoint == U' ') {
            lastSpace = k, widthAfterSpace = 0, lineWidth += advance;
            continue;
        }
        if (lineWidth + advance > limit && k > lineStart) {
            if (lastSpace != SIZE_MAX && lastSpace > lineStart) {
                lines.push_back({lineStart, lastSpace});
                lineStart = lastSpace + 1, lineWidth = widthAfterSpace;
            } else {
                lines.push_back({lineStart, k});
                lineStart = k, lineWidth = 0, widthAfterSpace = 0;
            }
            lastSpace = SIZE_MAX;
        }
        lineWidth += advance;
        widthAfterSpace += advance;
    }
    lines.push_back({lineStart, items.size()});

    float top = 0, widest = 0;
    for (const auto& [start, end] : lines) {
        float ascent = atlas_.ascent(fontOf[0]), height = atlas_.lineHeight(fontOf[0]);
        if (end > start) ascent = 0, height = 0;
        float below = height - ascent;
        for (std::size_t k = start; k < end; ++k) {
            ascent = std::max(ascent, atlas_.ascent(items[k].font));
            below = std::max(below, atlas_.lineHeight(items[k].font) - atlas_.ascent(items[k].font));
        }
        out.lineTops.push_back(top * out.unitsPerPixel);
        float pen = 0;
        for (std::size_t k = start; k < end; ++k) {
            const Item& item = items[k];
            if (k > start) pen += item.kerning;
            const Glyph& g = atlas_.glyph(item.font, item.codepoint);
            if (g.texture)
                out.glyphs.push_back({item.font, item.codepoint, pen, top + ascent - atlas_.ascent(item.font),
                                      static_cast<std::uint32_t>(k), item.style, sizeOf[item.style]});
            pen += item.advance;
        }
        widest = std::max(widest, pen);
        top += (ascent + below) * lineSpacing;  // the player's line spacing (1, 1.25, 1.5)
    }
    out.width = widest * out.unitsPerPixel;
    out.height = top * out.unitsPerPixel;
    return out;
}

void RichText::draw(const TextLayout& layout, float x, float y, Color base, std::size_t shown, double time,
                    bool stillMotion, bool shadow) {
    if (shadow) {
        float offset = std::max(1.0f, 2.0f * layout.unitsPerPixel);
        emit(layout, x + offset, y + offset, base, shown, time, stillMotion, true);
    }
    emit(layout, x, y, base, shown, time, stillMotion, false);
}

void RichText::emit(const TextLayout& layout, float x, float y, Color base, std::size_t shown, double time, bool still,
                    bool shade) {
    const float upp = layout.unitsPerPixel;
    // The pen on whole pixels, as TextRenderer does: glyphs were rasterised on the pixel grid.
    const float left = std::round(x / upp), top = std::round(y / upp);
    const auto& styles = layout.text->styles;
    const Color shadowColor{0, 0, 0, static_cast<std::uint8_t>(base.a * 0.55f)};
    for (const PlacedGlyph& placed : layout.glyphs) {
        if (placed.index >= shown) break;
        const Glyph& g = atlas_.glyph(placed.font, placed.codepoint);
        const TextStyle& style = styles[placed.style];
        Color color = shade ? shadowColor
                      : style.hasColor
                          ? Color{static_cast<std::uint8_t>(style.rgb >> 16), static_cast<std::uint8_t>(style.rgb >> 8),
                                  static_cast<std::uint8_t>(style.rgb), base.a}
                          : base;
        float px = (left + placed.x + g.offsetX) * upp, py = (top + placed.y + g.offsetY) * upp;
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
