#include "game/MapCatalog.h"

namespace stagehand {

std::string MapCatalog::foldersText() const {
    std::string text;
    for (const auto& folder : folders) text += (text.empty() ? "" : ", ") + folder;
    return text.empty() ? "no folder" : text;
}

std::vector<std::string> MapCatalog::names() const {
    std::vector<std::string> names;
    for (const auto& [name, file] : files) names.push_back(name);
    return names;
}

const TileMap* MapCatalog::tileMap(const std::string& mapName) const {
    auto it = tileMaps.find(mapName);
    return it == tileMaps.end() ? nullptr : &it->second;
}

}  // namespace stagehand
