#include "render/TextRenderer.h"

#include <cmath>

#include "render/Utf8.h"

namespace stagehand {

Font TextRenderer::font(FontFace face, float size, float pixelsPerUnit) {
    int pixels = static_cast<int>(std::lround(size * pixelsPerUnit));
    if (family_ == FontFamily::OpenDyslexic)
        face = face == FontFace::Bold      ? FontFace::DyslexicBold
               : face == FontFace::Regular ? FontFace::DyslexicRegular
                                           : face;
    return {atlas_.font(face, pixels), 1.0f / pixelsPerUnit};
}

float TextRenderer::lineHeight(const Font& font) const {
    return atlas_.lineHeight(font.id) * font.unitsPerPixel;
}

float TextRenderer::width(const Font& font, std::string_view text) {
    float pen = 0;
    char32_t previous = 0;
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = utf8::next(text, i);
        if (previous) pen += atlas_.kerning(font.id, previous, cp);
        pen += atlas_.glyph(font.id, cp).advance;
        previous = cp;
    }
    return pen * font.unitsPerPixel;
}

// Greedy line breaking in one pass over the code points: each glyph's advance
// (with kerning) is looked up once, so a page costs time in proportion to its
// length, even a single 32,000-character word split by characters.
std::vector<std::string> TextRenderer::wrapUncached(const Font& font, std::string_view text, float maxWidth) {
    std::vector<std::string> lines;
    const float limit = maxWidth / font.unitsPerPixel;  // in pixels, as the advances are
    std::size_t paragraphStart = 0;
    while (paragraphStart <= text.size()) {
        std::size_t paragraphEnd = text.find('\n', paragraphStart);
        if (paragraphEnd == std::string_view::npos) paragraphEnd = text.size();
        std::string_view paragraph = text.substr(paragraphStart, paragraphEnd - paragraphStart);
        std::size_t lineStart = 0;
        float lineWidth = 0;
        // The last space in the line: where it may break, and the width after it.
        std::size_t lastSpace = std::string_view::npos;
        float widthAfterSpace = 0;
        char32_t previous = 0;
        for (std::size_t at = 0; at < paragraph.size();) {
            std::size_t here = at;
            char32_t cp = utf8::next(paragraph, at);
            float advance = atlas_.glyph(font.id, cp).advance + (previous ? atlas_.kerning(font.id, previous, cp) : 0);
            previous = cp;
            if (cp == U' ') {
                lastSpace = here;
                widthAfterSpace = 0;
                lineWidth += advance;
                continue;
            }
            if (lineWidth + advance > limit && here > lineStart) {
                if (lastSpace != std::string_view::npos && lastSpace > lineStart) {
                    // Break at the last space; the word so far moves to the next line.
                    lines.emplace_back(paragraph.substr(lineStart, lastSpace - lineStart));
                    lineStart = lastSpace + 1;
                    lineWidth = widthAfterSpace;
                } else {
                    // A word wider than the line is split between characters.
                    lines.emplace_back(paragraph.substr(lineStart, here - lineStart));
                    lineStart = here;
                    lineWidth = 0;
                    widthAfterSpace = 0;
                }
                lastSpace = std::string_view::npos;
            }
            lineWidth += advance;
            widthAfterSpace += advance;
        }
        lines.emplace_back(paragraph.substr(lineStart));
        paragraphStart = paragraphEnd + 1;
    }
    return lines;
}

const std::vector<std::string>& TextRenderer::wrap(const Font& font, std::string_view text, float maxWidth) {
    WrapKey key{font.id, maxWidth, std::string(text)};
    auto it = wrapped_.find(key);
    if (it != wrapped_.end()) return it->second;
    // A bounded cache: the text on screen is a handful of strings; a scene that
    // shows thousands of different ones starts it afresh now and then.
    if (wrapped_.size() >= kWrapCacheSize) wrapped_.clear();
    return wrapped_.emplace(std::move(key), wrapUncached(font, text, maxWidth)).first->second;
}

std::string TextRenderer::elide(const Font& font, const std::string& text, float maxWidth) {
    if (width(font, text) <= maxWidth) return text;
    std::size_t keep = utf8::length(text);
    std::string cut;
    do {
        cut = text.substr(0, utf8::offsetOf(text, --keep)) + "\u2026";
    } while (keep > 0 && width(font, cut) > maxWidth);
    return cut;
}

void TextRenderer::emit(const Font& font, std::string_view text, float x, float y, Color color) {
    float upp = font.unitsPerPixel;
    // Snap the pen to whole pixels: glyphs were rasterised on the pixel grid.
    float pen = std::round(x / upp);
    float top = std::round(y / upp);
    char32_t previous = 0;
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = utf8::next(text, i);
        if (previous) pen += atlas_.kerning(font.id, previous, cp);
        const Glyph& g = atlas_.glyph(font.id, cp);
        if (g.texture) {
            batch_.setTexture(g.texture, true);  // free while the page stays the same
            batch_.quad((pen + g.offsetX) * upp, (top + g.offsetY) * upp, g.width * upp, g.height * upp, g.uv, color);
        }
        pen += g.advance;
        previous = cp;
    }
}

void TextRenderer::draw(const Font& font, std::string_view text, float x, float y, Color color, bool shadow) {
    if (shadow) {
        float offset = std::max(1.0f, 2.0f * font.unitsPerPixel);
        Color shade{0, 0, 0, static_cast<std::uint8_t>(color.a * 0.55f)};
        emit(font, text, x + offset, y + offset, shade);
    }
    emit(font, text, x, y, color);
}

void TextRenderer::drawCentered(const Font& font, std::string_view text, float centerX, float y, Color color,
                                bool shadow) {
    draw(font, text, centerX - width(font, text) / 2, y, color, shadow);
}

}  // namespace stagehand
