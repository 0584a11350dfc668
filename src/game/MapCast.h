// What both map readers share (our .map format, src/game/MapData.cpp, and
// Tiled's JSON, src/game/TiledMap.cpp): the error of a map that does not
// load, and which map an actor defined in two of them belongs to.
#pragma once

#include <stdexcept>
#include <string>

namespace stagehand {

class World;

struct MapError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Whether the actor `id`, defined at `where` (file:line, or file: layer and
// object) of map `mapName`, joins the cast. An actor id is one actor of the
// whole world: a second definition in the same map throws
// std::invalid_argument; one in a later map (a copy of a demo map beside the
// script) is a warning naming both places, and the first one stays.
bool claimActorId(const std::string& id, const std::string& mapName, const std::string& where, World& world);

}  // namespace stagehand
