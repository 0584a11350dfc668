#include "game/StageCommands.h"

#include "game/World.h"

namespace stagehand {

namespace {

using Args = std::vector<StageArg>;
using Values = std::vector<StageValue>;

// Each command's arguments are in the order and of the types its entry in
// scripts/ApiDescription.lua gives; the binding has checked them.
const std::vector<StageCommand> kCommands = {
    {"activate",
     [](World& world, const Args& a) {
         world.cast().activate(*a[0].actor, true);
         return Values{};
     }},
    {"deactivate",
     [](World& world, const Args& a) {
         world.cast().activate(*a[0].actor, false);
         return Values{};
     }},
    {"setPosition",
     [](World& world, const Args& a) {
         world.cast().setPosition(*a[0].actor, a[1].point);
         return Values{};
     }},
    {"walkToPoint",
     [](World& world, const Args& a) {
         world.cast().walkTo(*a[0].actor, a[1].point, a[1].word);
         return Values{};
     }},
    {"isWalking", [](World&, const Args& a) { return Values{a[0].actor->walking}; }},
    {"face",
     [](World& world, const Args& a) {
         world.cast().face(*a[0].actor, *parseFacing(a[1].word));
         return Values{};
     }},
    {"faceTowards",
     [](World& world, const Args& a) {
         const Actor& actor = *a[0].actor;
         const Actor& target = *a[1].actor;
         world.cast().face(*a[0].actor,
                           facingAlong(target.position.x - actor.position.x, target.position.y - actor.position.y));
         return Values{};
     }},
    {"facePoint",
     [](World& world, const Args& a) {
         Actor& actor = *a[0].actor;
         world.cast().face(actor, facingAlong(a[1].point.x - actor.position.x, a[1].point.y - actor.position.y));
         return Values{};
     }},
    {"setPlayer",
     [](World& world, const Args& a) {
         world.cast().setPlayer(a[0].actor);
         return Values{};
     }},
    {"positionOf",
     [](World&, const Args& a) {
         return Values{double{a[0].actor->position.x}, double{a[0].actor->position.y}};
     }},
    {"facingOf", [](World&, const Args& a) { return Values{std::string(facingName(a[0].actor->facing))}; }},
    {"isLookingAt", [](World&, const Args& a) { return Values{Cast::lookingAt(*a[0].actor, *a[1].actor)}; }},
    {"disableControls",
     [](World& world, const Args&) {
         world.cast().setControlsEnabled(false);
         return Values{};
     }},
    {"enableControls",
     [](World& world, const Args&) {
         world.cast().setControlsEnabled(true);
         return Values{};
     }},
};

}  // namespace

const std::vector<StageCommand>& stageCommands() {
    return kCommands;
}

const std::vector<std::pair<std::string, std::vector<std::string>>>& stageEnums() {
    static const std::vector<std::pair<std::string, std::vector<std::string>>> enums = {
        {"facing", facingNames()}, {"fadeKind", fadeKindNames()}, {"transition", transitionNames()}};
    return enums;
}

const std::vector<std::string>* stageEnumNames(const std::string& type) {
    for (const auto& [name, names] : stageEnums())
        if (name == type) return &names;
    return nullptr;
}

}  // namespace stagehand
