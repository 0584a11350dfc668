// Map files: waypoints and the cast, as data in assets/maps/*.map.
//
//   # a comment
//   waypoint jackie_start 120 560              -> "forest.jackie_start" in forest.map
//   actor jackie "Jackie" #f4a6c1 J jackie_start [speed]
//   backdrop sea                               -> forest (default), sea or lamproom
//
// Every .map file in the folder is loaded; a waypoint's full name is the file's
// stem, a dot, and its name. Actors start hidden at their start waypoint.
#pragma once

#include <stdexcept>
#include <string>

namespace stagehand {

class World;

struct MapError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Loads one map file; throws MapError naming file and line.
void loadMapFile(const std::string& path, const std::string& mapName, World& world);

// Loads every *.map file of a folder, in name order. Throws MapError.
void loadMapFolder(const std::string& folder, World& world);

}  // namespace stagehand
