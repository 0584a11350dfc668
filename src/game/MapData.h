// Map files: waypoints and the cast, as data. Two formats (docs/MAPS.md):
// our own text format (NAME.map) and the Tiled editor's JSON (NAME.tmj or
// NAME.json, src/game/TiledMap.cpp).
//
//   # a comment
//   waypoint jackie_start 120 560              -> "forest.jackie_start" in forest.map
//   actor jackie "Jackie" #f4a6c1 J jackie_start [speed]
//   backdrop sea                               -> forest, sea or lamproom (none: plain ground)
//
// Maps are looked for in a list of folders (mapSearchFolders, platform/GameFiles.h:
// --maps, then the game's and the engine's; every mode, the file watcher and every map
// error use this list); a map's name
// is its file's stem, and a waypoint's full name is the map's name, a dot and
// its own name. Actors start hidden at their start waypoint.
#pragma once

#include <string>
#include <vector>

#include "game/MapCast.h"
#include "platform/GameFiles.h"

namespace stagehand {

class World;

// Loads one map file in our format; throws MapError naming file and line.
void loadMapFile(const std::string& path, const std::string& mapName, World& world);

// Loads the maps of every folder, in search order (folder by folder, each
// folder's maps in name order); a map name found in an earlier folder hides
// the same name in later ones. Records the folders and files in
// world.maps(). A map that does not load is left out whole and recorded in
// world.maps().failures (its line ends with where maps are looked for): the
// other maps, and the scenes that use them, play on.
void loadMaps(const FileIndex& maps, World& world);
void loadMapFolders(const std::vector<std::string>& folders, World& world);
void loadMapFolder(const std::string& folder, World& world);

// A warning for each actor of `mapName` whose start point is under the
// dialogue box with the camera at the map's "camera" waypoint (or the
// default 640,360): they would be hidden while anyone speaks.
void warnOfHiddenActors(const std::string& mapName, World& world);

}  // namespace stagehand
