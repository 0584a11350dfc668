// Picture files through SDL2_image: reading one as RGBA and writing a
// screenshot as a (compressed) PNG. Which files are pictures, and their
// names, is GameFiles' to say (platform/GameFiles.h).
#pragma once

#include <SDL.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace stagehand {

struct SurfaceDeleter {
    void operator()(SDL_Surface* surface) const { SDL_FreeSurface(surface); }
};
using SurfacePtr = std::unique_ptr<SDL_Surface, SurfaceDeleter>;

// The picture at `path` as RGBA32 (R, G, B, A in memory order on every
// platform, as GL_RGBA expects); null with `error` naming the file.
SurfacePtr loadRgbaImage(const std::filesystem::path& path, std::string& error);

// An icon of `size` x `size` pixels from an RGBA32 picture: the whole picture,
// its shape kept, centred in a transparent square (a 1280x720 picture fills
// the width and 56% of the height). Each pixel the average of the picture's
// pixels it covers (weighted by coverage and alpha), so a large picture
// shrinks without the sparkle of picking one pixel; a small one grows by
// the same rule.
SurfacePtr iconOf(const SDL_Surface& rgba, int size);

// An RGBA32 surface as a PNG, its alpha kept. Returns false with `error`.
bool saveRgbaPng(const std::filesystem::path& path, SDL_Surface& rgba, std::string& error);

// `rgb` is width*height*3 bytes, rows top to bottom. Returns false with `error`.
bool savePng(const std::filesystem::path& path, int width, int height, const std::vector<std::uint8_t>& rgb,
             std::string& error);

}  // namespace stagehand
