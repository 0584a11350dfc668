#include "game/MapCast.h"

#include <algorithm>

#include "game/World.h"

namespace stagehand {

bool claimActorId(const std::string& id, const std::string& mapName, const std::string& where, World& world) {
    if (!world.cast().findActor(id)) return true;
    MapCatalog& catalog = world.maps();
    auto first = std::find_if(catalog.actorStarts.begin(), catalog.actorStarts.end(),
                              [&](const ActorStart& start) { return start.actor == id; });
    std::string firstWhere = first == catalog.actorStarts.end() ? "an earlier map" : first->where;
    if (first == catalog.actorStarts.end() || first->map == mapName)
        throw std::invalid_argument("actor '" + id + "' is defined twice (first at " + firstWhere + ")");
    catalog.warnings.push_back(where + ": actor '" + id + "' is also defined at " + firstWhere +
                               ", which is used (an actor belongs to the first map that defines it, in the order "
                               "maps are looked for: " +
                               catalog.foldersText() + ")");
    return false;
}

}  // namespace stagehand
