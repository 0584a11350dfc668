#include "render/ImageCache.h"

#include "render/ImageFiles.h"

#include <iostream>

namespace stagehand {

ImageCache::~ImageCache() {
    for (auto& [name, image] : images_) glDeleteTextures(1, &image.texture);
}

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
    return &image;
}

}  // namespace stagehand
