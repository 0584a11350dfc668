// Lays out UTF-8 text (kerning, word wrap) and emits its glyph quads into the
// batch. Positions and sizes are in view units; glyphs are rasterised at
// view units x pixelsPerUnit so text stays crisp at any window size.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "render/Batch2D.h"
#include "render/GlyphAtlas.h"

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
    float lineHeight(const Font& font) const;
    // Splits text into lines no wider than maxWidth, breaking at spaces (and
    // inside words longer than a line). Explicit newlines are kept. Laid out
    // once per text, font and width: later frames get the same lines back.
    const std::vector<std::string>& wrap(const Font& font, std::string_view text, float maxWidth);

    // `text`, cut at a character and ended with an ellipsis if wider than maxWidth.
    std::string elide(const Font& font, const std::string& text, float maxWidth);

    // Draws one line with its top-left at (x, y), with a soft drop shadow when
    // `shadow` is set so it reads on any background.
    void draw(const Font& font, std::string_view text, float x, float y, Color color, bool shadow = true);
    void drawCentered(const Font& font, std::string_view text, float centerX, float y, Color color, bool shadow = true);

private:
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

    GlyphAtlas& atlas_;
    Batch2D& batch_;
    FontFamily family_ = FontFamily::DejaVuSans;
};

}  // namespace stagehand
