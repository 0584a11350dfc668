#include "render/TextRenderer.h"

#include <algorithm>
#include <cmath>

#include "render/DrawnText.h"
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

const TextRenderer::Shaped& TextRenderer::shaped(const Font& font, std::string_view text) {
    std::string key = std::to_string(font.id);
    key.push_back('\0');
    key.append(text);
    auto it = shaped_.find(key);
    if (it != shaped_.end()) return it->second;
    if (shaped_.size() >= kShapedCacheSize) shaped_.clear();  // a frame shows a few hundred strings at most
    std::u32string chars = shaping::decodeUtf8(text);
    for (char32_t& cp : chars)
        if (cp == U'\n') cp = U' ';
    std::vector<int> fonts(chars.size(), font.id);
    shaping::ShapedParagraph paragraph = shaping::shapeParagraph(atlas_, std::move(chars), fonts);
    Shaped out;
    out.rightToLeft = paragraph.rightToLeft;
    out.width = shaping::placeLine(paragraph, 0, paragraph.text.size(), out.glyphs);
    return shaped_.emplace(std::move(key), std::move(out)).first->second;
}

float TextRenderer::width(const Font& font, std::string_view text) {
    return shaped(font, text).width * font.unitsPerPixel;
}

bool TextRenderer::rightToLeft(const Font& font, std::string_view text) {
    return shaped(font, text).rightToLeft;
}

// Each paragraph shaped once, broken on the shaped widths (TextShaper's rules).
std::vector<std::string> TextRenderer::wrapUncached(const Font& font, std::string_view text, float maxWidth) {
    std::vector<std::string> lines;
    const float limit = maxWidth / font.unitsPerPixel;  // in pixels, as the advances are
    std::size_t paragraphStart = 0;
    while (paragraphStart <= text.size()) {
        std::size_t paragraphEnd = text.find('\n', paragraphStart);
        if (paragraphEnd == std::string_view::npos) paragraphEnd = text.size();
        std::string_view paragraph = text.substr(paragraphStart, paragraphEnd - paragraphStart);
        std::u32string chars = shaping::decodeUtf8(paragraph);
        std::vector<std::size_t> offsets;  // byte offset of each code point, and the end
        for (std::size_t at = 0; at < paragraph.size(); utf8::next(paragraph, at)) offsets.push_back(at);
        offsets.push_back(paragraph.size());
        std::vector<int> fonts(chars.size(), font.id);
        shaping::ShapedParagraph shaped = shaping::shapeParagraph(atlas_, std::move(chars), fonts);
        for (const auto& [start, end] : shaping::breakLines(shaped, limit))
            lines.emplace_back(paragraph.substr(offsets[start], offsets[end] - offsets[start]));
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
    float left = std::round(x / upp);
    float baseline = std::round(y / upp) + atlas_.ascent(font.id);
    for (const shaping::LineGlyph& placed : shaped(font, text).glyphs) {
        const Glyph& g = atlas_.glyphByIndex(placed.font, placed.glyph);
        if (!g.texture) continue;
        // The glyph's offsetY is from its own font's top: on this font's baseline.
        float gx = left + std::round(placed.x) + g.offsetX;
        float gy = baseline + std::round(placed.y) - atlas_.ascent(placed.font) + g.offsetY;
        batch_.setTexture(g.texture, true);  // free while the page stays the same
        batch_.quad(gx * upp, gy * upp, g.width * upp, g.height * upp, g.uv, color);
    }
}

void TextRenderer::draw(const Font& font, std::string_view text, float x, float y, Color color, bool shadow) {
    if (shadow) {
        float offset = std::max(1.0f, 2.0f * font.unitsPerPixel);
        Color shade{0, 0, 0, static_cast<std::uint8_t>(color.a * 0.55f)};
        emit(font, text, x + offset, y + offset, shade);
    }
    emit(font, text, x, y, color);
    if (DrawnText::recording()) DrawnText::record({std::string(text), x, y, width(font, text), color, false});
}

void TextRenderer::drawAligned(const Font& font, std::string_view text, float x, float boxWidth, float y, Color color,
                               bool shadow) {
    draw(font, text, rightToLeft(font, text) ? x + boxWidth - width(font, text) : x, y, color, shadow);
}

void TextRenderer::drawCentered(const Font& font, std::string_view text, float centerX, float y, Color color,
                                bool shadow) {
    draw(font, text, centerX - width(font, text) / 2, y, color, shadow);
}

}  // namespace stagehand
