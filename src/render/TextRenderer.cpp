#include "render/TextRenderer.h"

#include <cmath>

#include "render/Utf8.h"

namespace stagehand {

Font TextRenderer::font(FontFace face, float size, float pixelsPerUnit) {
    int pixels = static_cast<int>(std::lround(size * pixelsPerUnit));
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

std::vector<std::string> TextRenderer::wrap(const Font& font, std::string_view text, float maxWidth) {
    std::vector<std::string> lines;
    std::size_t paragraphStart = 0;
    while (paragraphStart <= text.size()) {
        std::size_t paragraphEnd = text.find('\n', paragraphStart);
        if (paragraphEnd == std::string_view::npos) paragraphEnd = text.size();
        std::string_view paragraph = text.substr(paragraphStart, paragraphEnd - paragraphStart);
        std::string line;
        std::size_t at = 0;
        while (at < paragraph.size()) {
            std::size_t space = paragraph.find(' ', at);
            std::string_view word =
                paragraph.substr(at, space == std::string_view::npos ? std::string_view::npos : space - at);
            std::string candidate = line.empty() ? std::string(word) : line + " " + std::string(word);
            if (line.empty() || width(font, candidate) <= maxWidth) {
                line = candidate;
            } else {
                lines.push_back(line);
                line = std::string(word);
            }
            // A single word wider than the line is split by characters.
            while (width(font, line) > maxWidth && utf8::length(line) > 1) {
                std::size_t fit = 1;
                while (fit < utf8::length(line) &&
                       width(font, line.substr(0, utf8::offsetOf(line, fit + 1))) <= maxWidth)
                    ++fit;
                lines.push_back(line.substr(0, utf8::offsetOf(line, fit)));
                line = line.substr(utf8::offsetOf(line, fit));
            }
            if (space == std::string_view::npos) break;
            at = space + 1;
        }
        lines.push_back(line);
        paragraphStart = paragraphEnd + 1;
    }
    return lines;
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
