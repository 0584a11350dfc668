// What the stage's bindings (BindStage, BindCamera, BindStory: one file per
// section of scripts/ApiDescription.lua) share: the World a binding acts on,
// and the arguments that name things in it: actors, points, pictures and the
// lines a player reads. Each check pushes its error and returns false (or
// null): a binding holding C++ objects raises once they are gone.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "game/World.h"
#include "text/Markup.h"

struct lua_State;

namespace stagehand::bind {

// The world a stage binding was opened with (its upvalue 1); counts the call.
World& worldOf(lua_State* L);

// "maps that did not load: bog" when any did: an actor of theirs is unknown too.
std::string mapsLeftOut(lua_State* L);

// Returns the actor named by argument `index`, or pushes an error and returns
// null. `argName` is the argument's name in scripts/ApiDescription.lua.
Actor* findActorArg(lua_State* L, int index, const char* fname, const char* argName = "actor");

// "down, up, left, right": the engine's names of the enum scripts type as
// `type` (src/game/StageCommands.h), as an enum error lists them.
std::string choicesOf(const std::string& type);

struct Point {
    Vec2 position;
    const char* name = nullptr;  // waypoint name, or null for a bare position
};

// A point is a waypoint name, or a table {x =, y = [, name =]} as waypoint() returns.
// Returns false after pushing an error.
bool readPoint(lua_State* L, int index, const char* fname, Point& point);

// The waypoint's name, or "x,y".
std::string pointLabel(const Point& point);

// A text argument a player reads as a line (a string or a line() template),
// parsed once (src/text/Markup.h; null after pushing "fname: argName: <what is
// wrong with the markup>"), in the player's language; `lineId`, when given,
// receives its line ID. Call bind::lineTextChecked first.
std::shared_ptr<const text::MarkedText> markedLine(lua_State* L, int index, const char* fname, const char* argName,
                                                   text::MarkupPlace place, std::string* lineId = nullptr);

// The expression images of a portrait or sprite: "keeper" has "worried" when
// keeper_worried or keeper/worried is an image.
std::vector<std::string> expressionsOf(lua_State* L, const std::string& picture);

// Pushes an error unless `expression` is one of the actor's portrait's or sprite's ("" always is).
bool checkExpression(lua_State* L, const char* fname, const Actor& actor, const std::string& expression);

// The names a sprite or a backdrop may take, for a did-you-mean: the pictures and their folders.
std::vector<std::string> picturesAndFolders(const std::vector<std::string>& pictures);

// "harbour.camera": the camera is at the harbour, whose backdrop shows.
void setPlaceOf(World& world, const Point& point);

// dialogue()'s line and text()'s page: one binding body; `fname` is the scene
// function whose errors these are. Pushes the line's id.
int showStoryText(lua_State* L, const char* fname, bool waitsForPlayer);

}  // namespace stagehand::bind
