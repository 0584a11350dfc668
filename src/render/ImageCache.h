// Pictures for portraits (any format ImageFiles reads) uploaded once as GL
// textures and kept by name.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace stagehand {

struct Image {
    GLuint texture = 0;
    int width = 0, height = 0;
};

class ImageCache {
public:
    explicit ImageCache(std::filesystem::path folder) : folder_(std::move(folder)) {}
    ~ImageCache();
    ImageCache(const ImageCache&) = delete;
    ImageCache& operator=(const ImageCache&) = delete;

    // The picture folder/NAME.png (or .bmp, ...), loaded on first use; null (and reported
    // once on stderr) if it cannot be read.
    const Image* get(const std::string& name);

    // The picture at `path` (a map's tileset), drawn with crisp pixels; a
    // new `stamp` (the file's modification time) loads it again. Null (and
    // reported once on stderr) if it cannot be read.
    const Image* file(const std::string& path, std::int64_t stamp);

    // How many pictures have been uploaded as textures so far: a frame that
    // draws only what is cached adds none (tests hold the tile drawing to it).
    int uploads() const { return uploads_; }

private:
    std::filesystem::path folder_;
    std::map<std::string, Image> images_;
    std::map<std::string, std::pair<std::int64_t, Image>> files_;
    int uploads_ = 0;
};

}  // namespace stagehand
