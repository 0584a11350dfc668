// Glyph atlas: FreeType rasterises each glyph once, by its index in its font
// (shaped text names glyphs, not characters), at the pixel size it is drawn
// at, into GL textures (pages, one channel of coverage). Later frames
// only look glyphs up. When a page is full a new one is added, so a glyph
// once placed stays where it is (no frame ever draws a half-rebuilt atlas).
// The first page also holds a white texel for solid shapes.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "render/Batch2D.h"
#include "render/SystemFonts.h"

typedef struct FT_LibraryRec_* FT_Library;
typedef struct FT_FaceRec_* FT_Face;
typedef struct hb_font_t hb_font_t;

namespace stagehand {

// DejaVu Sans (the game's own), and OpenDyslexic for players who read it more
// easily (TextRenderer's FontFamily picks which pair the view's Regular and Bold mean).
// The Noto subsets (tools/make-fonts.sh) are the fallback chain for the scripts
// the main faces lack; they come in one weight, so text set in a bold face
// draws them emboldened by FreeType (and advances that much wider). A
// character none of them has comes, on Linux, from the system's fonts through
// fontconfig (System; render/SystemFonts.h).
enum class FontFace {
    Regular,
    Bold,
    DyslexicRegular,
    DyslexicBold,
    Arabic,
    Hebrew,
    Devanagari,
    Japanese,
    Chinese,
    System
};

// Which CJK face draws ideographs and CJK punctuation: the same code points
// are written differently in Japan and China (TextShaper picks by the
// paragraph: kana make it Japanese).
enum class HanFace { Japanese, Chinese };

struct Glyph {
    GLuint texture = 0;  // the page holding it; 0 for a glyph with no ink
    TextureRegion uv;
    float width = 0, height = 0;     // pixels of the inked box
    float offsetX = 0, offsetY = 0;  // box position from the pen x and the line top
    float advance = 0;
};

class GlyphAtlas {
public:
    static constexpr int kPageSize = 2048;
    // 16 pages of 4 MiB hold some 100,000 glyphs of dialogue size. Past that
    // (a script showing every code point at every size) the atlas starts over.
    static constexpr int kMaxPages = 16;

    // Opens DejaVuSans(-Bold).ttf from `fontFolder`. Throws RenderError.
    // OpenDyslexic-(Regular|Bold).otf are looked for there too; without them
    // the dyslexic faces are DejaVu's (hasDyslexicFont() says so). A glyph
    // OpenDyslexic lacks (the view's shapes: discs, arrows) comes from DejaVu.
    // `own`: a game's font files (game.json's font and boldFont) in place of DejaVu's.
    struct GameFaces {
        std::string regular, bold;
    };
    explicit GlyphAtlas(std::string fontFolder, int pageSize = kPageSize, GameFaces own = {});
    ~GlyphAtlas();
    GlyphAtlas(const GlyphAtlas&) = delete;
    GlyphAtlas& operator=(const GlyphAtlas&) = delete;

    // A font id for the face at a pixel size (opened on first use).
    int font(FontFace face, int pixelSize);
    // A character's glyph in `font`, or in the font fontFor() finds, placed on
    // `font`'s baseline; the .notdef box when no font has it.
    const Glyph& glyph(int font, char32_t codepoint);
    // The glyph with this index in `font` (what HarfBuzz names).
    const Glyph& glyphByIndex(int font, std::uint32_t index);
    // The font that draws `codepoint` for text set in `font`: the font of its
    // script when we ship one (Arabic, Hebrew, Devanagari, Japanese or
    // Chinese, as `han` says), else `font`, else DejaVu (for OpenDyslexic),
    // else the first fallback that has it, else a system font that has it
    // (fontconfig); `font` itself when none does. A fallback for a bold
    // `font` is emboldened (emboldened()).
    int fontFor(int font, char32_t codepoint, HanFace han = HanFace::Japanese);
    // The CJK face `han` names (else the other) at `font`'s size and weight
    // when it has `codepoint`, else -1: punctuation set among CJK letters
    // takes its CJK form (centred ellipsis, full-width quotes).
    int cjkFontFor(int font, char32_t codepoint, HanFace han);
    bool covers(int font, char32_t codepoint) const;
    // Whether that shipped face has `codepoint` (false when its file is missing).
    bool faceHas(FontFace face, char32_t codepoint);
    // The font's HarfBuzz face at its size (for TextShaper).
    hb_font_t* shaper(int font) const { return fonts_[font].hb; }
    FontFace faceOf(int font) const { return fonts_[font].face; }
    // Whether FreeType emboldens this font's glyphs (a one-weight fallback
    // in bold text), and by how many pixels that widens each advance.
    bool emboldened(int font) const { return fonts_[font].embolden > 0; }
    float extraAdvance(int font) const { return static_cast<float>(fonts_[font].embolden); }
    // Off: no system font is ever asked for (tests that pin shipped fonts).
    void useSystemFonts(bool on) { useSystemFonts_ = on; }
    // Rasterises printable ASCII now, so text that appears later in a scene
    // (a new line, a first menu) finds its glyphs ready.
    void prewarmAscii(int font);
    float lineHeight(int font) const;
    float ascent(int font) const;

    // The page with the white texel.
    GLuint whiteTexture() const { return pages_.front(); }
    TextureRegion whiteTexel() const;
    bool hasDyslexicFont() const { return hasDyslexic_; }
    int glyphsRasterised() const { return rasterised_; }
    int pageCount() const { return currentPage_ + 1; }
    int pageSize() const { return pageSize_; }

private:
    struct OpenFont {
        FontFace face;
        int pixelSize;
        int embolden;  // whole pixels FreeType widens each glyph by; 0: as drawn
        std::string path;
        long index;  // the face in a collection (.ttc)
        FT_Face ft;
        hb_font_t* hb;
        float ascent, lineSkip;  // pixels, as SDL2_ttf measured them
    };

    int open(FontFace face, int pixelSize, bool embolden, const std::string& path, long index);
    int weighted(int font, int like);
    int systemFont(int font, char32_t codepoint);
    Glyph rasterise(int font, std::uint32_t index);
    bool hasFile(FontFace face) const;
    std::string pathOf(FontFace face) const;
    bool reserve(int width, int height, int& x, int& y);
    void nextPage();
    void clear();

    std::string fontFolder_;
    GameFaces own_;
    int pageSize_;
    FT_Library library_ = nullptr;
    std::vector<bool> present_;  // per FontFace: its file opens
    std::vector<OpenFont> fonts_;
    std::unordered_map<std::uint64_t, Glyph> glyphs_;
    std::vector<GLuint> pages_;
    int currentPage_ = -1;
    int shelfX_ = 0, shelfY_ = 0, shelfHeight_ = 0;
    int rasterised_ = 0;
    bool hasDyslexic_ = false;
    bool useSystemFonts_ = true;
    std::unique_ptr<SystemFonts> systemFonts_;  // asked only when no shipped font has a character
};

}  // namespace stagehand
