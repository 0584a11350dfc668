// Lays out UTF-8 text (shaped by render/TextShaper: bidi, fallback fonts,
// HarfBuzz; line breaking) and emits its glyph quads into the batch. Positions and sizes are in view units; glyphs are
// rasterised at view units x pixelsPerUnit so text stays crisp at any window size.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "render/Batch2D.h"
#include "render/GlyphAtlas.h"
#include "render/TextShaper.h"

namespace stagehand {

struct Font {
    int id = 0;
    float unitsPerPixel = 1;  // view units per rasterised pixel
};

// Which typeface Regular and Bold mean: the player's font choice, for every
// text the game draws (the index is PlayerSettings' kFontChoices).
enum class FontFamily { DejaVuSans, OpenDyslexic };

class TextRenderer {
public:
    TextRenderer(GlyphAtlas& atlas, Batch2D& batch) : atlas_(atlas), batch_(batch) {}

    // A font of `size` view units for a view drawn at `pixelsPerUnit`, in the family set.
    Font font(FontFace face, float size, float pixelsPerUnit);
    void setFamily(FontFamily family) { family_ = family; }
    FontFamily family() const { return family_; }

    float width(const Font& font, std::string_view text);
    // Whether the text's first strong letter is right to left (Arabic, Hebrew):
    // such a line is drawn right-aligned in its box (drawAligned).
    bool rightToLeft(const Font& font, std::string_view text);
    float lineHeight(const Font& font) const;
    // Splits text into lines no wider than maxWidth, breaking at spaces,
    // between CJK characters (never before 。、」 and the like), and inside
    // words longer than a line. Explicit newlines are kept. Laid out
    // once per text, font and width: later frames get the same lines back.
    const std::vector<std::string>& wrap(const Font& font, std::string_view text, float maxWidth);

    // `text`, cut at a character and ended with an ellipsis if wider than maxWidth.
    std::string elide(const Font& font, const std::string& text, float maxWidth);

    // Draws one line with its top-left at (x, y), with a soft drop shadow when
    // `shadow` is set so it reads on any background.
    void draw(const Font& font, std::string_view text, float x, float y, Color color, bool shadow = true);
    void drawCentered(const Font& font, std::string_view text, float centerX, float y, Color color, bool shadow = true);
    // Left-aligned at x, or right-aligned to x + boxWidth when the text runs right to left.
    void drawAligned(const Font& font, std::string_view text, float x, float boxWidth, float y, Color color,
                     bool shadow = true);

private:
    struct Shaped {
        std::vector<shaping::LineGlyph> glyphs;
        float width = 0;  // pixels
        bool rightToLeft = false;
    };
    // One line shaped once (line feeds drawn as nothing); a bounded cache.
    const Shaped& shaped(const Font& font, std::string_view text);
    void emit(const Font& font, std::string_view text, float x, float y, Color color);
    std::vector<std::string> wrapUncached(const Font& font, std::string_view text, float maxWidth);

    struct WrapKey {
        int font;
        float width;
        std::string text;
        bool operator<(const WrapKey& o) const {
            return font != o.font ? font < o.font : width != o.width ? width < o.width : text < o.text;
        }
    };
    static constexpr std::size_t kWrapCacheSize = 512;
    std::map<WrapKey, std::vector<std::string>> wrapped_;
    static constexpr std::size_t kShapedCacheSize = 2048;
    std::unordered_map<std::string, Shaped> shaped_;  // key: font id, a NUL, the text

    GlyphAtlas& atlas_;
    Batch2D& batch_;
    FontFamily family_ = FontFamily::DejaVuSans;
};

}  // namespace stagehand
