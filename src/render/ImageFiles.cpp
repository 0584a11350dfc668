#include "render/ImageFiles.h"

#include <SDL_image.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "platform/Portable.h"

namespace stagehand {

SurfacePtr loadRgbaImage(const std::filesystem::path& path, std::string& error) {
    SurfacePtr loaded(IMG_Load(utf8Path(path).c_str()));
    if (!loaded) {
        error = "cannot load image " + utf8Path(path) + ": " + IMG_GetError();
        return nullptr;
    }
    SurfacePtr rgba(SDL_ConvertSurfaceFormat(loaded.get(), SDL_PIXELFORMAT_RGBA32, 0));
    if (!rgba) error = "cannot convert image " + utf8Path(path) + ": " + SDL_GetError();
    return rgba;
}

SurfacePtr iconOf(const SDL_Surface& rgba, int size) {
    SurfacePtr icon(SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_RGBA32));
    if (!icon || rgba.w <= 0 || rgba.h <= 0) return icon;
    SDL_FillRect(icon.get(), nullptr, 0);
    // The picture's box in the icon, in icon pixels: the longer side fills it.
    const double scale = static_cast<double>(size) / std::max(rgba.w, rgba.h);
    const double boxW = rgba.w * scale, boxH = rgba.h * scale;
    const double left = (size - boxW) / 2, top = (size - boxH) / 2;
    auto at = [&](int x, int y) {
        return static_cast<const std::uint8_t*>(rgba.pixels) + static_cast<std::size_t>(y) * rgba.pitch + x * 4;
    };
    for (int iy = 0; iy < size; ++iy)
        for (int ix = 0; ix < size; ++ix) {
            // The icon pixel's square in the picture's pixels, clipped to the picture.
            const double x0 = std::max(0.0, (ix - left) / scale),
                         x1 = std::min<double>(rgba.w, (ix + 1 - left) / scale);
            const double y0 = std::max(0.0, (iy - top) / scale), y1 = std::min<double>(rgba.h, (iy + 1 - top) / scale);
            if (x1 <= x0 || y1 <= y0) continue;
            double sum[3] = {0, 0, 0}, opacity = 0;  // opacity: the covered share times alpha, in picture pixels
            for (int y = static_cast<int>(y0); y < y1; ++y)
                for (int x = static_cast<int>(x0); x < x1; ++x) {
                    const double w = (std::min<double>(x + 1, x1) - std::max<double>(x, x0)) *
                                     (std::min<double>(y + 1, y1) - std::max<double>(y, y0));
                    const std::uint8_t* p = at(x, y);
                    const double weight = w * p[3] / 255.0;  // colour weighted by alpha: no dark fringes
                    for (int c = 0; c < 3; ++c) sum[c] += weight * p[c];
                    opacity += weight;
                }
            std::uint8_t* out =
                static_cast<std::uint8_t*>(icon->pixels) + static_cast<std::size_t>(iy) * icon->pitch + ix * 4;
            for (int c = 0; c < 3; ++c) out[c] = opacity > 0 ? static_cast<std::uint8_t>(sum[c] / opacity + 0.5) : 0;
            // The icon pixel's square is 1/scale picture pixels a side: a pixel the picture covers in part is
            // that part opaque.
            out[3] = static_cast<std::uint8_t>(std::min(1.0, opacity * scale * scale) * 255.0 + 0.5);
        }
    return icon;
}

bool saveRgbaPng(const std::filesystem::path& path, SDL_Surface& rgba, std::string& error) {
    if (IMG_SavePNG(&rgba, utf8Path(path).c_str()) != 0) {
        error = "cannot write " + utf8Path(path) + ": " + IMG_GetError();
        return false;
    }
    return true;
}

bool savePng(const std::filesystem::path& path, int width, int height, const std::vector<std::uint8_t>& rgb,
             std::string& error) {
    if (width <= 0 || height <= 0 || rgb.size() != static_cast<std::size_t>(width) * height * 3) {
        error = "cannot write " + utf8Path(path) + ": the pixels do not match " + std::to_string(width) + "x" +
                std::to_string(height);
        return false;
    }
    // The surface only borrows the pixels; RGB24 is R, G, B in memory order.
    SurfacePtr surface(SDL_CreateRGBSurfaceWithFormatFrom(const_cast<std::uint8_t*>(rgb.data()), width, height, 24,
                                                          width * 3, SDL_PIXELFORMAT_RGB24));
    if (!surface || IMG_SavePNG(surface.get(), utf8Path(path).c_str()) != 0) {
        error = "cannot write " + utf8Path(path) + ": " + IMG_GetError();
        return false;
    }
    return true;
}

}  // namespace stagehand
