#include "render/GlyphAtlas.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <hb-ft.h>
#include <hb.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "platform/Portable.h"

namespace stagehand {

namespace {
constexpr int kPadding = 1;
constexpr int kWhiteSize = 4;  // a small white block in the corner for solid shapes
constexpr int kFaceCount = 10;
// Light hinting, as the game drew with SDL2_ttf: glyphs sharp on the pixel
// grid, whole-pixel advances (HarfBuzz reads the same advances).
constexpr FT_Int32 kLoadFlags = FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT;
constexpr std::uint64_t kByIndex = 1ull << 31;  // glyph keys by index, apart from those by code point

std::uint64_t glyphKey(int font, std::uint32_t value) {
    return (static_cast<std::uint64_t>(font) << 32) | static_cast<std::uint64_t>(value);
}

const char* fileFor(FontFace face) {
    switch (face) {
        case FontFace::Regular: return "DejaVuSans.ttf";
        case FontFace::Bold: return "DejaVuSans-Bold.ttf";
        case FontFace::DyslexicRegular: return "OpenDyslexic-Regular.otf";
        case FontFace::DyslexicBold: return "OpenDyslexic-Bold.otf";
        case FontFace::Arabic: return "NotoSansArabic-Subset.ttf";
        case FontFace::Hebrew: return "NotoSansHebrew-Subset.ttf";
        case FontFace::Devanagari: return "NotoSansDevanagari-Subset.ttf";
        case FontFace::Japanese: return "NotoSansJP-Subset.otf";
        case FontFace::Chinese: return "NotoSansSC-Subset.otf";
        case FontFace::System: return "";  // its file is fontconfig's answer
    }
    return "DejaVuSans.ttf";
}

constexpr FontFace kFallbacks[] = {FontFace::Arabic, FontFace::Hebrew, FontFace::Devanagari, FontFace::Japanese,
                                   FontFace::Chinese};

FontFace hanFace(HanFace han) {
    return han == HanFace::Chinese ? FontFace::Chinese : FontFace::Japanese;
}

FontFace otherHanFace(HanFace han) {
    return han == HanFace::Chinese ? FontFace::Japanese : FontFace::Chinese;
}

bool isBoldFace(FontFace face) {
    return face == FontFace::Bold || face == FontFace::DyslexicBold;
}

// FreeType's synthetic bold: the outline grows by a whole pixel per 18 of
// the size (one at dialogue sizes), about the stem difference between
// DejaVu Sans and its bold.
int emboldenPixels(int pixelSize) {
    return std::max(1, static_cast<int>(std::lround(pixelSize / 18.0)));
}

bool isMainFace(FontFace face) {
    return face == FontFace::Regular || face == FontFace::Bold || face == FontFace::DyslexicRegular ||
           face == FontFace::DyslexicBold;
}

// DejaVu's face of the same weight.
FontFace plainFace(FontFace face) {
    return face == FontFace::Bold || face == FontFace::DyslexicBold ? FontFace::Bold : FontFace::Regular;
}

// The fallback whose script `codepoint` is written in, if we ship one: those
// letters look alike whichever main font the player chose.
bool scriptFace(char32_t cp, HanFace han, FontFace& face) {
    switch (hb_unicode_script(hb_unicode_funcs_get_default(), cp)) {
        case HB_SCRIPT_ARABIC: face = FontFace::Arabic; return true;
        case HB_SCRIPT_HEBREW: face = FontFace::Hebrew; return true;
        case HB_SCRIPT_DEVANAGARI: face = FontFace::Devanagari; return true;
        case HB_SCRIPT_HAN: face = hanFace(han); return true;
        case HB_SCRIPT_HIRAGANA:
        case HB_SCRIPT_KATAKANA: face = FontFace::Japanese; return true;
        default: break;
    }
    // CJK punctuation and full-width forms belong to no script but set with CJK letters.
    if ((cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF00 && cp <= 0xFFEF)) {
        face = hanFace(han);
        return true;
    }
    return false;
}

float ceilPixels(FT_Pos value) {
    return static_cast<float>((value + 63) / 64);
}
}  // namespace

GlyphAtlas::GlyphAtlas(std::string fontFolder, int pageSize, GameFaces own)
    : fontFolder_(std::move(fontFolder)),
      own_(std::move(own)),
      pageSize_(std::max(pageSize, 64)),
      present_(kFaceCount, false) {
    if (FT_Init_FreeType(&library_) != 0) throw RenderError("FreeType failed to start");
    for (int i = 0; i < kFaceCount; ++i) {
        FT_Face probe = nullptr;
        std::string path = pathOf(static_cast<FontFace>(i));
        present_[i] =
            static_cast<FontFace>(i) != FontFace::System && FT_New_Face(library_, path.c_str(), 0, &probe) == 0;
        if (probe) FT_Done_Face(probe);
    }
    for (FontFace face : {FontFace::Regular, FontFace::Bold})
        if (!hasFile(face)) {
            FT_Done_FreeType(library_);
            throw RenderError("cannot open font " + pathOf(face));
        }
    hasDyslexic_ = hasFile(FontFace::DyslexicRegular) && hasFile(FontFace::DyslexicBold);
    clear();
}

GlyphAtlas::~GlyphAtlas() {
    glDeleteTextures(static_cast<GLsizei>(pages_.size()), pages_.data());
    for (auto& f : fonts_) {
        hb_font_destroy(f.hb);
        FT_Done_Face(f.ft);
    }
    FT_Done_FreeType(library_);
}

std::string GlyphAtlas::pathOf(FontFace face) const {
    if (face == FontFace::Regular && !own_.regular.empty()) return own_.regular;
    if (face == FontFace::Bold && !own_.bold.empty()) return own_.bold;
    return joinPath(fontFolder_, fileFor(face));
}

bool GlyphAtlas::hasFile(FontFace face) const {
    return present_[static_cast<std::size_t>(face)];
}

// The next page, blank, becomes the one glyphs are placed on. Pages are
// created as needed and, after the atlas starts over, reused (so the white
// texel's texture never changes name).
void GlyphAtlas::nextPage() {
    ++currentPage_;
    if (currentPage_ == static_cast<int>(pages_.size())) {
        GLuint texture = 0;
        glGenTextures(1, &texture);
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        pages_.push_back(texture);
    }
    bool first = currentPage_ == 0;
    std::vector<std::uint8_t> blank(static_cast<std::size_t>(pageSize_) * pageSize_, 0);
    if (first)
        for (int y = 0; y < kWhiteSize; ++y)
            for (int x = 0; x < kWhiteSize; ++x) blank[static_cast<std::size_t>(y) * pageSize_ + x] = 255;
    glBindTexture(GL_TEXTURE_2D, pages_[currentPage_]);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, pageSize_, pageSize_, 0, GL_RED, GL_UNSIGNED_BYTE, blank.data());
    shelfX_ = first ? kWhiteSize + kPadding : 0;
    shelfY_ = 0;
    shelfHeight_ = first ? kWhiteSize : 0;
}

// Forgets every glyph and starts again on the first page: only when all
// kMaxPages pages are full.
void GlyphAtlas::clear() {
    glyphs_.clear();
    currentPage_ = -1;
    nextPage();
}

TextureRegion GlyphAtlas::whiteTexel() const {
    float c =
        (kWhiteSize / 2.0f) / static_cast<float>(pageSize_);  // the centre: linear filtering never blends in black
    return {c, c, c, c};
}

int GlyphAtlas::font(FontFace face, int pixelSize) {
    if (!hasDyslexic_ && isMainFace(face)) face = plainFace(face);
    return open(face, pixelSize, false, pathOf(face), 0);
}

// A font by face, size, weight and file (a system font's file is
// fontconfig's), opened on first use.
int GlyphAtlas::open(FontFace face, int pixelSize, bool embolden, const std::string& path, long index) {
    pixelSize = std::clamp(pixelSize, 6, 256);
    const int extra = embolden ? emboldenPixels(pixelSize) : 0;
    for (std::size_t i = 0; i < fonts_.size(); ++i)
        if (fonts_[i].face == face && fonts_[i].pixelSize == pixelSize && fonts_[i].embolden == extra &&
            fonts_[i].path == path && fonts_[i].index == index)
            return static_cast<int>(i);
    FT_Face ft = nullptr;
    if (FT_New_Face(library_, path.c_str(), index, &ft) != 0) throw RenderError("cannot open font " + path);
    // At 72 dpi a point is a pixel, as SDL2_ttf opened its fonts.
    FT_Set_Char_Size(ft, 0, static_cast<FT_F26Dot6>(pixelSize) * 64, 72, 72);
    FT_Fixed scale = ft->size->metrics.y_scale;
    hb_font_t* hb = hb_ft_font_create_referenced(ft);
    hb_ft_font_set_load_flags(hb, kLoadFlags);
    fonts_.push_back({face, pixelSize, extra, path, index, ft, hb, ceilPixels(FT_MulFix(ft->ascender, scale)),
                      ceilPixels(FT_MulFix(ft->height, scale))});
    return static_cast<int>(fonts_.size() - 1);
}

// `font` in the weight of text set in `like`: a one-weight fallback in bold
// text is emboldened; a main face has its own bold.
int GlyphAtlas::weighted(int font, int like) {
    const OpenFont& f = fonts_[font];
    bool bold = isBoldFace(fonts_[like].face) || fonts_[like].embolden > 0;
    if (isMainFace(f.face) || bold == (f.embolden > 0)) return font;
    std::string path = f.path;  // open() may grow fonts_
    return open(f.face, f.pixelSize, bold, path, f.index);
}

// The system's font for a character no shipped font has (fontconfig), at
// `font`'s size and weight; -1 when there is none.
int GlyphAtlas::systemFont(int font, char32_t codepoint) {
    if (!useSystemFonts_ || !SystemFonts::available()) return -1;
    if (!systemFonts_) systemFonts_ = std::make_unique<SystemFonts>();
    std::optional<SystemFont> found = systemFonts_->fontFor(codepoint);
    if (!found) return -1;
    int other = -1;
    try {
        other = open(FontFace::System, fonts_[font].pixelSize, false, found->path, found->index);
    } catch (const RenderError&) {
        return -1;  // fontconfig knew of a file FreeType cannot open: no font, as before
    }
    return covers(other, codepoint) ? weighted(other, font) : -1;
}

void GlyphAtlas::prewarmAscii(int font) {
    for (char32_t cp = 32; cp < 127; ++cp) glyph(font, cp);
}

float GlyphAtlas::lineHeight(int font) const {
    return fonts_[font].lineSkip;
}
float GlyphAtlas::ascent(int font) const {
    return fonts_[font].ascent;
}

bool GlyphAtlas::covers(int font, char32_t codepoint) const {
    return FT_Get_Char_Index(fonts_[font].ft, codepoint) != 0;
}

bool GlyphAtlas::faceHas(FontFace face, char32_t codepoint) {
    return face != FontFace::System && hasFile(face) && covers(this->font(face, 16), codepoint);
}

int GlyphAtlas::fontFor(int font, char32_t codepoint, HanFace han) {
    const int size = fonts_[font].pixelSize;
    const FontFace face = fonts_[font].face;
    FontFace script = face;
    if (scriptFace(codepoint, han, script) && script != face && hasFile(script)) {
        int other = this->font(script, size);
        if (covers(other, codepoint)) return weighted(other, font);
    }
    if (covers(font, codepoint)) return font;
    if (isMainFace(face) && face != plainFace(face)) {  // OpenDyslexic lacks it: DejaVu's
        int plain = this->font(plainFace(face), size);
        if (covers(plain, codepoint)) return plain;
    }
    for (FontFace fallback : kFallbacks) {
        if (fallback == face || !hasFile(fallback)) continue;
        int other = this->font(fallback, size);
        if (covers(other, codepoint)) return weighted(other, font);
    }
    int system = systemFont(font, codepoint);
    return system >= 0 ? system : font;
}

int GlyphAtlas::cjkFontFor(int font, char32_t codepoint, HanFace han) {
    for (FontFace face : {hanFace(han), otherHanFace(han)}) {
        if (!hasFile(face)) continue;
        int other = this->font(face, fonts_[font].pixelSize);
        if (covers(other, codepoint)) return weighted(other, font);
    }
    return -1;
}

const Glyph& GlyphAtlas::glyph(int font, char32_t codepoint) {
    auto key = glyphKey(font, codepoint);
    auto it = glyphs_.find(key);
    if (it != glyphs_.end()) return it->second;
    int from = fontFor(font, codepoint);
    Glyph g = glyphByIndex(from, FT_Get_Char_Index(fonts_[from].ft, codepoint));  // 0: the .notdef box
    g.offsetY += ascent(font) - ascent(from);                                     // on this font's baseline
    return glyphs_.emplace(key, g).first->second;
}

const Glyph& GlyphAtlas::glyphByIndex(int font, std::uint32_t index) {
    auto key = glyphKey(font, static_cast<std::uint32_t>(kByIndex) | index);
    auto it = glyphs_.find(key);
    if (it != glyphs_.end()) return it->second;
    return glyphs_.emplace(key, rasterise(font, index)).first->second;
}

bool GlyphAtlas::reserve(int width, int height, int& x, int& y) {
    if (width + kPadding > pageSize_ || height + kPadding > pageSize_) return false;
    if (shelfX_ + width + kPadding > pageSize_) {
        shelfY_ += shelfHeight_ + kPadding;
        shelfX_ = 0;
        shelfHeight_ = 0;
    }
    if (shelfY_ + height + kPadding > pageSize_) {
        if (currentPage_ + 1 >= kMaxPages) {
            std::cerr << "stagehand: glyph atlas: all " << kMaxPages << " pages full, starting it again\n";
            clear();
        } else {
            nextPage();
        }
    }
    x = shelfX_;
    y = shelfY_;
    shelfX_ += width + kPadding;
    shelfHeight_ = std::max(shelfHeight_, height);
    return true;
}

Glyph GlyphAtlas::rasterise(int font, std::uint32_t index) {
    ++rasterised_;
    Glyph g;
    FT_Face ft = fonts_[font].ft;
    const int extra = fonts_[font].embolden;
    if (FT_Load_Glyph(ft, index, kLoadFlags | (extra ? FT_LOAD_NO_BITMAP : 0)) != 0) return g;
    g.advance = std::round(static_cast<float>(ft->glyph->advance.x) / 64.0f);
    if (extra && ft->glyph->format == FT_GLYPH_FORMAT_OUTLINE) {
        // Wider by `extra` pixels and half that taller; grown about its middle,
        // so moved back to keep its left side and its baseline where they were.
        const FT_Pos x = static_cast<FT_Pos>(extra) * 64, y = x / 2;
        FT_Outline_EmboldenXY(&ft->glyph->outline, x, y);
        FT_Outline_Translate(&ft->glyph->outline, x / 2, y / 2);
        if (g.advance != 0) g.advance += static_cast<float>(extra);
    }
    if (FT_Render_Glyph(ft->glyph, FT_RENDER_MODE_NORMAL) != 0) return g;
    const FT_Bitmap& bitmap = ft->glyph->bitmap;
    int w = static_cast<int>(bitmap.width), h = static_cast<int>(bitmap.rows), ax = 0, ay = 0;
    if (w == 0 || h == 0) return g;        // a glyph with no ink (a space) has nothing to draw
    if (!reserve(w, h, ax, ay)) return g;  // larger than a page: drawn as nothing
    std::vector<std::uint8_t> coverage(static_cast<std::size_t>(w) * h);
    for (int y = 0; y < h; ++y)
        std::copy_n(bitmap.buffer + static_cast<std::ptrdiff_t>(y) * bitmap.pitch, w,
                    coverage.begin() + static_cast<std::ptrdiff_t>(y) * w);
    g.texture = pages_[currentPage_];
    glBindTexture(GL_TEXTURE_2D, g.texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, ax, ay, w, h, GL_RED, GL_UNSIGNED_BYTE, coverage.data());
    float size = static_cast<float>(pageSize_);
    g.uv = {ax / size, ay / size, (ax + w) / size, (ay + h) / size};
    g.width = static_cast<float>(w);
    g.height = static_cast<float>(h);
    g.offsetX = static_cast<float>(ft->glyph->bitmap_left);
    g.offsetY = ascent(font) - static_cast<float>(ft->glyph->bitmap_top);
    return g;
}

}  // namespace stagehand
