// Glyph atlas: SDL2_ttf rasterises each glyph once, at the pixel size it is
// drawn at, into one GL texture (one channel of coverage). Later frames only
// look glyphs up. The atlas also holds a white texel for solid shapes.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "render/Batch2D.h"

typedef struct _TTF_Font TTF_Font;

namespace stagehand {

enum class FontFace { Regular, Bold };

struct Glyph {
    TextureRegion uv;
    float width = 0, height = 0;     // pixels of the inked box
    float offsetX = 0, offsetY = 0;  // box position from the pen x and the line top
    float advance = 0;
};

class GlyphAtlas {
public:
    static constexpr int kSize = 2048;

    // Opens DejaVuSans(-Bold).ttf from `fontFolder`. Throws RenderError.
    explicit GlyphAtlas(std::string fontFolder);
    ~GlyphAtlas();
    GlyphAtlas(const GlyphAtlas&) = delete;
    GlyphAtlas& operator=(const GlyphAtlas&) = delete;

    // A font id for the face at a pixel size (opened on first use).
    int font(FontFace face, int pixelSize);
    const Glyph& glyph(int font, char32_t codepoint);
    // Rasterises printable ASCII now, so text that appears later in a scene
    // (a new line, a first menu) finds its glyphs ready.
    void prewarmAscii(int font);
    float kerning(int font, char32_t left, char32_t right);
    float lineHeight(int font) const;
    float ascent(int font) const;

    GLuint texture() const { return texture_; }
    TextureRegion whiteTexel() const;
    int glyphsRasterised() const { return rasterised_; }

private:
    struct OpenFont {
        FontFace face;
        int pixelSize;
        TTF_Font* ttf;
    };

    Glyph rasterise(int font, char32_t codepoint);
    bool reserve(int width, int height, int& x, int& y);
    void clear();

    std::string fontFolder_;
    std::vector<OpenFont> fonts_;
    std::unordered_map<std::uint64_t, Glyph> glyphs_;
    GLuint texture_ = 0;
    int shelfX_ = 0, shelfY_ = 0, shelfHeight_ = 0;
    int rasterised_ = 0;
};

}  // namespace stagehand
