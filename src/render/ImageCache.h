// Pictures for portraits (any format ImageFiles reads) uploaded once as GL
// textures and kept by name.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "platform/GameFiles.h"

namespace stagehand {

struct Image {
    GLuint texture = 0;
    int width = 0, height = 0;
    // The part of the picture that shows (alpha above 0), one texel wider on
    // each side for the filter's edge: a sprite or a backdrop's layer drawn
    // through it fills only the pixels it colours (the frame is fill-bound on
    // a software rasteriser). The whole picture when none of it is clear.
    int shownX0 = 0, shownY0 = 0, shownX1 = 0, shownY1 = 0;
    bool opaque = false;  // every texel's alpha is 255: it may be drawn without blending
    // The longest run of rows every texel of which is opaque, less a row at
    // each end where the filter mixes in a row that is not: drawn over
    // something, these rows hide it (a backdrop layer need not draw what a
    // nearer layer's ground covers). Empty (equal) when there is none.
    int opaqueY0 = 0, opaqueY1 = 0;
};

class ImageCache {
public:
    // `folders`: where pictures are looked for, in search order (assetFolders).
    explicit ImageCache(std::vector<std::string> folders) : pictures_(AssetKind::Images, std::move(folders)) {}
    // The run's pictures (GameFiles::pictures): no folder is read again to start.
    explicit ImageCache(FileIndex pictures) : pictures_(std::move(pictures)) {}
    ~ImageCache();
    ImageCache(const ImageCache&) = delete;
    ImageCache& operator=(const ImageCache&) = delete;

    // The picture NAME.png (or .bmp, ...) of the first folder that has it,
    // loaded on first use, and again when its file is saved (hot reload); null
    // (and reported once on stderr, naming the folders looked in) if it cannot be read.
    const Image* get(const std::string& name);

    // The picture at `path` (a map's tileset), drawn with crisp pixels; a
    // new `stamp` (the file's modification time) loads it again. Null (and
    // reported once on stderr) if it cannot be read.
    const Image* file(const std::string& path, std::int64_t stamp);

    // How many pictures have been uploaded as textures so far: a frame that
    // draws only what is cached adds none (tests hold the tile drawing to it).
    int uploads() const { return uploads_; }

private:
    // A picture by name: its texture, file and that file's time, and how many
    // gets are left before the file's time is looked at again (a hot reload of
    // a saved picture, without a look at the disk every frame).
    struct Named {
        Image image;
        std::filesystem::path file;
        std::filesystem::file_time_type stamp{};
        int getsUntilLook = 0;
    };
    static constexpr int kGetsBetweenLooks = 30;
    FileIndex pictures_;  // read again when a name is not among them (a picture saved since)
    std::map<std::string, Named> images_;
    std::map<std::string, std::pair<std::int64_t, Image>> files_;
    int uploads_ = 0;
};

}  // namespace stagehand
