#include "render/ImageCache.h"

#include "render/ImageFiles.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iostream>

#include "platform/Portable.h"

namespace stagehand {

ImageCache::~ImageCache() {
    for (auto& [name, named] : images_) glDeleteTextures(1, &named.image.texture);
    for (auto& [path, entry] : files_) glDeleteTextures(1, &entry.second.texture);
}

namespace {

// Where `rgba` is not clear, padded by a texel for the filter, whether it is opaque throughout, and its
// longest run of opaque rows.
void findShownPart(const SDL_Surface& rgba, Image& image) {
    int x0 = rgba.w, y0 = rgba.h, x1 = -1, y1 = -1;
    bool opaque = true;
    int runStart = 0;  // the first row of the run of opaque rows that ends at the row being read
    for (int y = 0; y < rgba.h; ++y) {
        const auto* row = static_cast<const std::uint8_t*>(rgba.pixels) + static_cast<std::ptrdiff_t>(y) * rgba.pitch;
        bool rowOpaque = true;
        for (int x = 0; x < rgba.w; ++x) {
            const std::uint8_t alpha = row[x * 4 + 3];
            rowOpaque = rowOpaque && alpha == 255;
            if (alpha == 0) continue;
            x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
        }
        opaque = opaque && rowOpaque;
        if (!rowOpaque) {
            runStart = y + 1;
        } else if (y + 1 - runStart > image.opaqueY1 - image.opaqueY0) {
            image.opaqueY0 = runStart, image.opaqueY1 = y + 1;
        }
    }
    image.opaque = opaque;
    // The filter mixes a row with its neighbour; past the picture's top and bottom the neighbour is the row
    // itself (mirrored), so only an end inside the picture gives up a row.
    if (image.opaqueY0 > 0) ++image.opaqueY0;
    if (image.opaqueY1 < rgba.h) --image.opaqueY1;
    if (image.opaqueY1 < image.opaqueY0) image.opaqueY0 = image.opaqueY1 = 0;
    if (x1 < 0) x0 = y0 = 0, x1 = rgba.w - 1, y1 = rgba.h - 1;  // all clear: drawn whole, as before
    image.shownX0 = std::max(0, x0 - 1), image.shownY0 = std::max(0, y0 - 1);
    image.shownX1 = std::min(rgba.w, x1 + 2), image.shownY1 = std::min(rgba.h, y1 + 2);
}

// Uploads `rgba` as a texture filtered with `filter`.
Image upload(const SDL_Surface& rgba, GLint filter) {
    Image image;
    glGenTextures(1, &image.texture);
    glBindTexture(GL_TEXTURE_2D, image.texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
    // Mirrored past its edges (a backdrop the camera moved off it goes on as its own
    // reflection); inside them, drawn as clamped to the edge would draw it.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, rgba.pitch / 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, rgba.w, rgba.h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.pixels);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    image.width = rgba.w;
    image.height = rgba.h;
    findShownPart(rgba, image);
    return image;
}

}  // namespace

const Image* ImageCache::get(const std::string& name) {
    auto it = images_.find(name);
    if (it != images_.end()) {
        Named& known = it->second;
        if (!known.image.texture) return nullptr;
        if (--known.getsUntilLook > 0) return &known.image;
        known.getsUntilLook = kGetsBetweenLooks;
        std::error_code ec;
        auto stamp = std::filesystem::last_write_time(known.file, ec);
        if (ec || stamp == known.stamp) return &known.image;
        glDeleteTextures(1, &known.image.texture);  // saved since: load it again
        images_.erase(it);
    }
    Named& entry = images_[name];  // an empty entry also remembers a failure
    const std::filesystem::path* file = pictures_.find(name);
    if (!file && pictures_.refresh()) file = pictures_.find(name);  // a picture saved since the folders were read
    if (!file) {
        std::cerr << "stagehand: no image '" << name << "' in " << pictures_.foldersText() << " (" << kImageFormatsText
                  << " files)\n";
        return nullptr;
    }
    std::string error;
    std::error_code ec;
    entry.file = *file;
    entry.stamp = std::filesystem::last_write_time(entry.file, ec);
    entry.getsUntilLook = kGetsBetweenLooks;
    SurfacePtr rgba = loadRgbaImage(entry.file, error);
    if (!rgba) {
        std::cerr << problemLine(error) << '\n';
        return nullptr;
    }
    entry.image = upload(*rgba, GL_LINEAR);
    ++uploads_;
    return &entry.image;
}

const Image* ImageCache::file(const std::string& path, std::int64_t stamp) {
    auto it = files_.find(path);
    if (it != files_.end() && it->second.first == stamp)
        return it->second.second.texture ? &it->second.second : nullptr;
    if (it != files_.end()) glDeleteTextures(1, &it->second.second.texture);  // changed on disk: load it again
    auto& entry = files_[path];
    entry = {stamp, Image{}};  // an empty entry also remembers a failure
    std::string error;
    SurfacePtr rgba = loadRgbaImage(pathFromUtf8(path), error);
    if (!rgba) {
        std::cerr << problemLine(error) << '\n';
        return nullptr;
    }
    entry.second = upload(*rgba, GL_NEAREST);  // tiles keep their pixels crisp and their edges apart
    ++uploads_;
    return &entry.second;
}

}  // namespace stagehand
