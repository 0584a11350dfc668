// The stage functions the engine carries out by the names
// scripts/ApiDescription.lua gives them. A command here needs no binding of
// its own: src/script/BindStage.cpp reads each argument as the description
// types it (an actor found by name, a point, a number, a string, a word of one
// of the engine's enums below) with the errors every binding gives, and hands
// them to `run`. So adding a stage function of these types is its entry in the
// description, its command here and its test (tests/test_api_description.cpp
// fails when a command is not described, or an enum is spelt differently).
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "game/Cast.h"

namespace stagehand {

class World;

// One argument as its described type made it; `given` is false for an
// optional one left out (or nil where the description allows nil).
struct StageArg {
    bool given = false;
    Actor* actor = nullptr;  // type actor
    Vec2 point{};            // type point
    std::string word;        // a string, an enum's name, or a point's label (its waypoint, else "x,y")
    double number = 0;       // type number
};

// What a command returns to the script, in order.
using StageValue = std::variant<bool, double, std::string>;

struct StageCommand {
    const char* name;
    std::vector<StageValue> (*run)(World& world, const std::vector<StageArg>& args);
};

const std::vector<StageCommand>& stageCommands();

// The engine's enums that scripts spell as words, by the name of the type
// scripts/ApiDescription.lua gives them ("facing": down, up, left, right):
// the names come from the engine's own tables (src/game/EnumNames.h).
const std::vector<std::pair<std::string, std::vector<std::string>>>& stageEnums();
const std::vector<std::string>* stageEnumNames(const std::string& type);

}  // namespace stagehand
