// What the loaded maps hold beyond waypoints and actors: where maps are looked
// for (for every map error), which file each map came from, where each actor
// starts (the editor overlay), warnings, and the tile layers of Tiled maps
// (drawn by the view). Plain data: no Lua, no drawing, no file reading.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "game/Cast.h"

namespace stagehand {

// The screen the world is seen through, in view units: 1280x720 around the
// camera, and the area the dialogue box covers (at its tallest for one or
// two lines of text, or with a portrait). An actor whose centre falls inside it is hidden
// while someone speaks. src/view/StoryPanels.cpp draws the box from these.
namespace screen {
constexpr float kWidth = 1280, kHeight = 720;
constexpr float kDialogueX = 90, kDialogueWidth = kWidth - 180, kDialogueBottom = kHeight - 28;
constexpr float kDialogueTop = kDialogueBottom - 150;
// Where a world point lands on screen with the camera at `camera`.
inline Vec2 fromWorld(Vec2 point, Vec2 camera) {
    return {point.x - camera.x + kWidth / 2, point.y - camera.y + kHeight / 2};
}
inline bool underDialogueBox(Vec2 onScreen) {
    return onScreen.x >= kDialogueX && onScreen.x <= kDialogueX + kDialogueWidth && onScreen.y >= kDialogueTop &&
           onScreen.y <= kDialogueBottom;
}
}  // namespace screen

// One tileset of a Tiled map: a picture cut into a grid of tiles.
struct Tileset {
    std::uint32_t firstGid = 1;
    std::string imagePath;  // as a path the engine can open
    int imageWidth = 0, imageHeight = 0;
    int tileWidth = 0, tileHeight = 0, columns = 0, tileCount = 0, margin = 0, spacing = 0;
    std::int64_t imageStamp = 0;  // the picture's modification time when loaded: a change reloads it
};

// One tile layer: `gids` row by row, 0 for no tile, flip flags kept apart.
struct TileLayer {
    std::string name;
    int width = 0, height = 0;
    Vec2 offset;
    float opacity = 1;
    std::vector<std::uint32_t> gids;  // without the flip bits
    std::vector<std::uint8_t> flips;  // kFlipHorizontal | kFlipVertical | kFlipDiagonal per tile
};
constexpr std::uint8_t kFlipHorizontal = 1, kFlipVertical = 2, kFlipDiagonal = 4;

struct TileMap {
    int tileWidth = 0, tileHeight = 0;
    std::vector<Tileset> tilesets;  // by firstGid, ascending
    std::vector<TileLayer> layers;  // bottom first
};

struct ActorStart {
    std::string actor, map;
    Vec2 point;
    std::string where;  // "cove.tmj: object 'maya'" or "dock.map:9"
};

struct MapCatalog {
    std::vector<std::string> folders;          // where maps are looked for, in search order
    std::map<std::string, std::string> files;  // map name -> the file it was read from
    std::vector<std::string> otherFiles;       // what maps read besides themselves (tilesets, their pictures)
    std::vector<ActorStart> actorStarts;
    std::vector<std::string> warnings;        // "dock.map:9: actor 'rhea' ..."
    std::map<std::string, TileMap> tileMaps;  // Tiled maps' tiles, by map name

    // "scripts/maps, assets/maps": for every message about maps.
    std::string foldersText() const;
    std::vector<std::string> names() const;
    const TileMap* tileMap(const std::string& mapName) const;
};

}  // namespace stagehand
