// Maps saved by the Tiled editor as JSON (.tmj, .json): orthogonal tile
// layers (CSV arrays or uncompressed base64) with embedded or external
// (.tsj) single-picture tilesets, object layers whose named objects are
// waypoints and whose objects of class "actor" are the cast, and the map
// property "backdrop". docs/MAPS.md says what is read and what is refused.
#pragma once

#include <string>

namespace stagehand {

class World;

// Loads `path` as map `mapName` into the world (waypoints, actors, backdrop,
// and its tiles in world.maps().tileMaps). Throws MapError naming the file,
// the layer or object, and what is wrong.
void loadTiledMap(const std::string& path, const std::string& mapName, World& world);

}  // namespace stagehand
