#include "render/ImageCache.h"

#include "render/ImageFiles.h"

#include <iostream>

#include "platform/Portable.h"

namespace stagehand {

ImageCache::~ImageCache() {
    for (auto& [name, image] : images_) glDeleteTextures(1, &image.texture);
    for (auto& [path, entry] : files_) glDeleteTextures(1, &entry.second.texture);
}

namespace {

// Uploads `rgba` as a texture filtered with `filter`.
Image upload(const SDL_Surface& rgba, GLint filter) {
    Image image;
    glGenTextures(1, &image.texture);
    glBindTexture(GL_TEXTURE_2D, image.texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, rgba.pitch / 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, rgba.w, rgba.h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.pixels);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    image.width = rgba.w;
    image.height = rgba.h;
    return image;
}

}  // namespace

const Image* ImageCache::get(const std::string& name) {
    auto it = images_.find(name);
    if (it != images_.end()) return it->second.texture ? &it->second : nullptr;
    Image& image = images_[name];  // an empty entry also remembers a failure
    auto files = imageFilesIn(folder_);
    auto file = files.find(name);
    if (file == files.end()) {
        std::cerr << "stagehand: no image '" << name << "' in " << folder_.u8string() << " (" << kImageFormatsText
                  << " files)\n";
        return nullptr;
    }
    std::string error;
    SurfacePtr rgba = loadRgbaImage(file->second, error);
    if (!rgba) {
        std::cerr << "stagehand: " << error << '\n';
        return nullptr;
    }
    image = upload(*rgba, GL_LINEAR);
    ++uploads_;
    return &image;
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
        std::cerr << "stagehand: " << error << '\n';
        return nullptr;
    }
    entry.second = upload(*rgba, GL_NEAREST);  // tiles keep their pixels crisp and their edges apart
    ++uploads_;
    return &entry.second;
}

}  // namespace stagehand
