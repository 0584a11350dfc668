#include "render/ImageCache.h"

#include <SDL.h>

#include <iostream>

namespace stagehand {

ImageCache::~ImageCache() {
    for (auto& [name, image] : images_) glDeleteTextures(1, &image.texture);
}

const Image* ImageCache::get(const std::string& name) {
    auto it = images_.find(name);
    if (it != images_.end()) return it->second.texture ? &it->second : nullptr;
    Image& image = images_[name];  // an empty entry also remembers a failure
    std::string path = folder_ + "/" + name + ".bmp";
    SDL_Surface* loaded = SDL_LoadBMP(path.c_str());
    if (!loaded) {
        std::cerr << "stagehand: cannot load image " << path << ": " << SDL_GetError() << '\n';
        return nullptr;
    }
    // RGBA32 is R, G, B, A in memory order on every platform, as GL_RGBA expects.
    SDL_Surface* rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(loaded);
    if (!rgba) {
        std::cerr << "stagehand: cannot convert image " << path << ": " << SDL_GetError() << '\n';
        return nullptr;
    }
    glGenTextures(1, &image.texture);
    glBindTexture(GL_TEXTURE_2D, image.texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, rgba->pitch / 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, rgba->w, rgba->h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba->pixels);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    image.width = rgba->w;
    image.height = rgba->h;
    SDL_FreeSurface(rgba);
    return &image;
}

}  // namespace stagehand
