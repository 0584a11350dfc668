#include "render/ImageFiles.h"

#include <SDL_image.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "platform/Portable.h"

namespace stagehand {

const char* const kImageFormatsText = "PNG, JPG, BMP, TGA or GIF";

namespace {

// In order of preference when one name has several files.
constexpr std::array<const char*, 6> kImageExtensions = {".png", ".jpg", ".jpeg", ".bmp", ".tga", ".gif"};

int extensionRank(const std::filesystem::path& file) {
    std::string ext = file.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    auto it = std::find(kImageExtensions.begin(), kImageExtensions.end(), ext);
    return it == kImageExtensions.end() ? -1 : static_cast<int>(it - kImageExtensions.begin());
}

}  // namespace

std::map<std::string, std::filesystem::path> imageFilesIn(const std::filesystem::path& folder) {
    std::map<std::string, std::filesystem::path> found;
    std::map<std::string, int> rankOf;
    std::error_code ec;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder, ec)) {
        int rank = extensionRank(entry.path());
        if (rank < 0 || !entry.is_regular_file(ec)) continue;
        // A picture in a subfolder is named by its path: ada/happy.
        std::filesystem::path relative = entry.path().lexically_relative(folder);
        std::string name = utf8Path(relative.parent_path() / relative.stem());
        auto known = rankOf.find(name);
        if (known != rankOf.end() && known->second <= rank) continue;
        rankOf[name] = rank;
        found[name] = entry.path();
    }
    return found;
}

std::map<std::string, std::filesystem::path> imageFilesIn(const std::vector<std::string>& folders) {
    std::map<std::string, std::filesystem::path> found;
    for (const auto& folder : folders)
        for (auto& [name, path] : imageFilesIn(pathFromUtf8(folder)))
            found.emplace(name, path);  // the first folder wins
    return found;
}

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
