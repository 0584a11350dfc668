// What the view draws from the maps themselves: a Tiled map's tile layers
// (under the cast, over the backdrop) and the editor overlay (F4): the
// waypoints and actors' start points of the place the camera looks at, and
// the area the dialogue box covers.
#include "view/WorldView.h"

#include <algorithm>
#include <cmath>

#include "view/ViewStyle.h"

namespace stagehand {

using namespace palette;

namespace {

// The index of the tileset holding `gid`: the last one (by firstGid) that starts at or below it.
std::size_t tilesetIndexOf(const TileMap& map, std::uint32_t gid) {
    std::size_t found = 0;
    for (std::size_t i = 0; i < map.tilesets.size(); ++i)
        if (map.tilesets[i].firstGid <= gid) found = i;
    return found;
}

}  // namespace

// The tile's square in its picture, flipped as Tiled flipped it (a diagonal
// flip, Tiled's rotation, is not drawn: docs/MAPS.md).
TextureRegion tileRegion(const Tileset& tileset, const Image& image, std::uint32_t gid, std::uint8_t flips) {
    int index = static_cast<int>(gid - tileset.firstGid);
    float px = static_cast<float>(tileset.margin + (index % tileset.columns) * (tileset.tileWidth + tileset.spacing));
    float py = static_cast<float>(tileset.margin + (index / tileset.columns) * (tileset.tileHeight + tileset.spacing));
    TextureRegion uv{px / image.width, py / image.height, (px + tileset.tileWidth) / image.width,
                     (py + tileset.tileHeight) / image.height};
    if (flips & kFlipHorizontal) std::swap(uv.u0, uv.u1);
    if (flips & kFlipVertical) std::swap(uv.v0, uv.v1);
    return uv;
}

void WorldView::drawTiles(const World& world) {
    const TileMap* map = world.maps().tileMap(world.scenery().place());
    if (!map) return;
    for (const auto& layer : map->layers) drawTileLayer(world, *map, layer);
}

void WorldView::drawTileLayer(const World& world, const TileMap& map, const TileLayer& layer) {
    Vec2 origin = toView(world, layer.offset);
    float zoom = world.camera().zoom();
    float cellWidth = map.tileWidth * zoom, cellHeight = map.tileHeight * zoom;
    // Only the tiles in view (one more on each side for tiles taller than the grid).
    int firstColumn = std::max(0, static_cast<int>(std::floor(-origin.x / cellWidth)) - 1);
    int lastColumn = std::min(layer.width - 1, static_cast<int>((ViewLayout::kWidth - origin.x) / cellWidth) + 1);
    int firstRow = std::max(0, static_cast<int>(std::floor(-origin.y / cellHeight)) - 1);
    int lastRow = std::min(layer.height - 1, static_cast<int>((ViewLayout::kHeight - origin.y) / cellHeight) + 1);
    Color tint = withAlpha(kUntinted, layer.opacity);
    std::vector<const Image*> pictures;  // looked up once a frame, not once a tile
    for (const auto& tileset : map.tilesets) pictures.push_back(images_.file(tileset.imagePath, tileset.imageStamp));
    for (int row = firstRow; row <= lastRow; ++row) {
        for (int column = firstColumn; column <= lastColumn; ++column) {
            std::size_t at = static_cast<std::size_t>(row) * layer.width + column;
            if (layer.gids[at] == 0) continue;
            std::size_t index = tilesetIndexOf(map, layer.gids[at]);
            const Tileset* tileset = &map.tilesets[index];
            const Image* image = pictures[index];
            if (!image) continue;
            // Tiled anchors a tile at its cell's bottom-left corner.
            float x = origin.x + column * cellWidth;
            float y = origin.y + (row + 1) * cellHeight - tileset->tileHeight * zoom;
            batch_.setTexture(image->texture, false);
            batch_.quad(x, y, tileset->tileWidth * zoom, tileset->tileHeight * zoom,
                        tileRegion(*tileset, *image, layer.gids[at], layer.flips[at]), tint);
        }
    }
}

void WorldView::drawEditorLabel(const std::string& text, float x, float y, Color colour) {
    Font font = fontFor(fonts::kSmall);
    float w = text_.width(font, text);
    batch_.rect(x - 3, y - 1, w + 6, text_.lineHeight(font) + 2, kEditorLabelBack);
    text_.draw(font, text, x, y, colour, false);
}

void WorldView::drawEditorOverlay(const World& world) {
    Font disc = fontFor(fonts::kDisc);
    const std::string& place = world.scenery().place();
    // The dialogue box's widest extent: an actor standing here is hidden while anyone speaks.
    batch_.rect(screen::kDialogueX, screen::kDialogueTop, screen::kDialogueWidth,
                screen::kDialogueBottom - screen::kDialogueTop, kEditorBoxArea);
    batch_.frame(screen::kDialogueX, screen::kDialogueTop, screen::kDialogueWidth,
                 screen::kDialogueBottom - screen::kDialogueTop, 2, kEditorBoxEdge);
    drawEditorLabel("dialogue box: actors here are hidden", screen::kDialogueX + 8, screen::kDialogueTop + 6,
                    kEditorBoxEdge);
    std::string prefix = place.empty() ? "" : place + ".";
    for (const auto& [name, point] : world.cast().waypoints()) {
        if (name.rfind(prefix, 0) != 0) continue;
        Vec2 at = toView(world, point);
        glyphQuad(disc, U'\u25CF', at.x, at.y, 12, 12, kEditorWaypoint);
        drawEditorLabel(name.substr(prefix.size()), at.x + 9, at.y - 8, kEditorWaypoint);
    }
    for (const auto& start : world.maps().actorStarts) {
        if (!place.empty() && start.map != place) continue;
        Vec2 at = toView(world, start.point);
        batch_.frame(at.x - 9, at.y - 9, 18, 18, 2, kEditorActorStart);
        drawEditorLabel(start.actor + " starts here", at.x + 12, at.y + 8, kEditorActorStart);
    }
    auto file = world.maps().files.find(place);
    std::string title = place.empty() ? "map: every map (no camera waypoint set yet)"
                                      : "map: " + place + (file == world.maps().files.end() ? "" : "  " + file->second);
    drawEditorLabel(title + "  \u00B7  F4 hides", 24, 44, kEditorWaypoint);
}

}  // namespace stagehand
