#include "render/GlyphAtlas.h"

#include <SDL_ttf.h>

#include <algorithm>
#include <iostream>

#include "platform/Portable.h"

namespace stagehand {

namespace {
constexpr int kPadding = 1;
constexpr int kWhiteSize = 4;  // a small white block in the corner for solid shapes

std::uint64_t glyphKey(int font, char32_t codepoint) {
    return (static_cast<std::uint64_t>(font) << 32) | static_cast<std::uint64_t>(codepoint);
}

const char* fileFor(FontFace face) {
    switch (face) {
        case FontFace::Regular: return "DejaVuSans.ttf";
        case FontFace::Bold: return "DejaVuSans-Bold.ttf";
        case FontFace::DyslexicRegular: return "OpenDyslexic-Regular.otf";
        case FontFace::DyslexicBold: return "OpenDyslexic-Bold.otf";
    }
    return "DejaVuSans.ttf";
}

// DejaVu's face of the same weight.
FontFace plainFace(FontFace face) {
    return face == FontFace::Bold || face == FontFace::DyslexicBold ? FontFace::Bold : FontFace::Regular;
}
}  // namespace

GlyphAtlas::GlyphAtlas(std::string fontFolder, int pageSize)
    : fontFolder_(std::move(fontFolder)), pageSize_(std::max(pageSize, 64)) {
    if (TTF_Init() != 0) throw RenderError(std::string("TTF_Init failed: ") + TTF_GetError());
    for (FontFace face : {FontFace::Regular, FontFace::Bold}) {
        std::string path = joinPath(fontFolder_, fileFor(face));
        TTF_Font* probe = TTF_OpenFont(path.c_str(), 16);
        if (!probe) {
            TTF_Quit();
            throw RenderError("cannot open font " + path + ": " + TTF_GetError());
        }
        TTF_CloseFont(probe);
    }
    hasDyslexic_ = true;
    for (FontFace face : {FontFace::DyslexicRegular, FontFace::DyslexicBold}) {
        TTF_Font* probe = TTF_OpenFont(joinPath(fontFolder_, fileFor(face)).c_str(), 16);
        hasDyslexic_ = hasDyslexic_ && probe;
        if (probe) TTF_CloseFont(probe);
    }
    clear();
}

GlyphAtlas::~GlyphAtlas() {
    glDeleteTextures(static_cast<GLsizei>(pages_.size()), pages_.data());
    for (auto& f : fonts_) TTF_CloseFont(f.ttf);
    TTF_Quit();
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
    pixelSize = std::clamp(pixelSize, 6, 256);
    if (!hasDyslexic_) face = plainFace(face);
    for (std::size_t i = 0; i < fonts_.size(); ++i)
        if (fonts_[i].face == face && fonts_[i].pixelSize == pixelSize) return static_cast<int>(i);
    std::string path = joinPath(fontFolder_, fileFor(face));
    TTF_Font* ttf = TTF_OpenFont(path.c_str(), pixelSize);
    if (!ttf) throw RenderError("cannot open font " + path + ": " + TTF_GetError());
    TTF_SetFontHinting(ttf, TTF_HINTING_LIGHT);
    fonts_.push_back({face, pixelSize, ttf});
    return static_cast<int>(fonts_.size() - 1);
}

void GlyphAtlas::prewarmAscii(int font) {
    for (char32_t cp = 32; cp < 127; ++cp) glyph(font, cp);
}

float GlyphAtlas::lineHeight(int font) const {
    return static_cast<float>(TTF_FontLineSkip(fonts_[font].ttf));
}
float GlyphAtlas::ascent(int font) const {
    return static_cast<float>(TTF_FontAscent(fonts_[font].ttf));
}

float GlyphAtlas::kerning(int font, char32_t left, char32_t right) {
    return static_cast<float>(TTF_GetFontKerningSizeGlyphs32(fonts_[font].ttf, left, right));
}

const Glyph& GlyphAtlas::glyph(int font, char32_t codepoint) {
    auto key = glyphKey(font, codepoint);
    auto it = glyphs_.find(key);
    if (it != glyphs_.end()) return it->second;
    if (!TTF_GlyphIsProvided32(fonts_[font].ttf, codepoint)) {
        FontFace face = fonts_[font].face;
        if (face != plainFace(face)) {  // OpenDyslexic lacks it: DejaVu's, on the same baseline
            int plain = this->font(plainFace(face), fonts_[font].pixelSize);
            Glyph borrowed = glyph(plain, codepoint);
            borrowed.offsetY += ascent(font) - ascent(plain);
            return glyphs_.emplace(key, borrowed).first->second;
        }
        const Glyph& fallback = glyph(font, U'?');
        return glyphs_.emplace(key, fallback).first->second;
    }
    return glyphs_.emplace(key, rasterise(font, codepoint)).first->second;
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

Glyph GlyphAtlas::rasterise(int font, char32_t codepoint) {
    ++rasterised_;
    Glyph g;
    int minX = 0, maxX = 0, minY = 0, maxY = 0, advance = 0;
    TTF_GlyphMetrics32(fonts_[font].ttf, codepoint, &minX, &maxX, &minY, &maxY, &advance);
    g.advance = static_cast<float>(advance);
    SDL_Surface* surface = TTF_RenderGlyph32_Blended(fonts_[font].ttf, codepoint, SDL_Color{255, 255, 255, 255});
    if (!surface) return g;  // a glyph with no ink (a space) has nothing to draw
    SDL_Surface* argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(surface);
    if (!argb) return g;

    // Trim the surface (a full line cell) to the inked box.
    int left = argb->w, top = argb->h, right = -1, bottom = -1;
    auto alphaAt = [&](int x, int y) {
        auto* row = static_cast<const std::uint32_t*>(argb->pixels) + static_cast<std::size_t>(y) * (argb->pitch / 4);
        return static_cast<std::uint8_t>(row[x] >> 24);
    };
    for (int y = 0; y < argb->h; ++y)
        for (int x = 0; x < argb->w; ++x)
            if (alphaAt(x, y)) {
                left = std::min(left, x), right = std::max(right, x);
                top = std::min(top, y), bottom = std::max(bottom, y);
            }
    if (right >= 0) {
        int w = right - left + 1, h = bottom - top + 1, ax = 0, ay = 0;
        if (!reserve(w, h, ax, ay)) {  // larger than a page: drawn as nothing
            SDL_FreeSurface(argb);
            return g;
        }
        std::vector<std::uint8_t> coverage(static_cast<std::size_t>(w) * h);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) coverage[static_cast<std::size_t>(y) * w + x] = alphaAt(left + x, top + y);
        g.texture = pages_[currentPage_];
        glBindTexture(GL_TEXTURE_2D, g.texture);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexSubImage2D(GL_TEXTURE_2D, 0, ax, ay, w, h, GL_RED, GL_UNSIGNED_BYTE, coverage.data());
        float size = static_cast<float>(pageSize_);
        g.uv = {ax / size, ay / size, (ax + w) / size, (ay + h) / size};
        g.width = static_cast<float>(w);
        g.height = static_cast<float>(h);
        g.offsetX = static_cast<float>(left + std::min(minX, 0));  // the cell starts at minX when it is negative
        g.offsetY = static_cast<float>(top);
    }
    SDL_FreeSurface(argb);
    return g;
}

}  // namespace stagehand
