#include "render/ImageCache.h"

#include "render/ImageFiles.h"

#include <iostream>

#include "platform/GameFolder.h"
#include "platform/Portable.h"

namespace stagehand {

ImageCache::~ImageCache() {
    for (auto& [name, named] : images_) glDeleteTextures(1, &named.image.texture);
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
    // Mirrored past its edges (a backdrop the camera moved off it goes on as its own
    // reflection); inside them, drawn as clamped to the edge would draw it.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
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
    auto files = imageFilesIn(folders_);
    auto file = files.find(name);
    if (file == files.end()) {
        std::cerr << "stagehand: no image '" << name << "' in " << foldersText(folders_) << " (" << kImageFormatsText
                  << " files)\n";
        return nullptr;
    }
    std::string error;
    std::error_code ec;
    entry.file = file->second;
    entry.stamp = std::filesystem::last_write_time(entry.file, ec);
    entry.getsUntilLook = kGetsBetweenLooks;
    SurfacePtr rgba = loadRgbaImage(file->second, error);
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
