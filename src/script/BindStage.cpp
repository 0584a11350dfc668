#include "script/BindStage.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "game/StageCommands.h"
#include "game/World.h"
#include "script/BindCamera.h"
#include "script/BindHelpers.h"
#include "script/BindSound.h"
#include "script/BindStory.h"
#include "script/BindWorld.h"
#include "script/LuaCompat.h"
#include "script/ScriptContract.h"

namespace stagehand {

namespace {

using bind::checkNumber;
using bind::checkString;
using bind::choicesOf;
using bind::findActorArg;
using bind::mapsLeftOut;
using bind::markedLine;
using bind::Point;
using bind::readPoint;
using bind::showStoryText;
using bind::worldOf;

int l_waypoint(lua_State* L) {
    const char* name = checkString(L, 1, "waypoint", "name");
    Point point;
    if (!readPoint(L, 1, "waypoint", point)) return lua_error(L);
    lua_createtable(L, 0, 3);
    lua_pushnumber(L, point.position.x);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, point.position.y);
    lua_setfield(L, -2, "y");
    lua_pushstring(L, name);
    lua_setfield(L, -2, "name");
    return 1;
}

int l_say(lua_State* L) {
    Actor* actor = findActorArg(L, 1, "say");
    if (!actor) return lua_error(L);
    double seconds = bind::optSeconds(L, 3, "say", "seconds", -1);
    bind::lineTextChecked(L, 2, "say", "text");
    {
        auto marked = markedLine(L, 2, "say", "text", text::MarkupPlace::Shown);
        if (marked) {
            worldOf(L).soundtrack().babble(actor->id, static_cast<int>(marked->length));
            worldOf(L).cast().say(*actor, std::move(marked), static_cast<float>(seconds));
            return 0;
        }
    }
    return lua_error(L);
}

int l_dialogue(lua_State* L) {
    return showStoryText(L, "dialogue", false);
}

int l_isLineFinished(lua_State* L) {
    lua_pushboolean(L, worldOf(L).story().isLineFinished(static_cast<int>(checkNumber(L, 1, "isLineFinished", "id"))));
    return 1;
}

int l_banner(lua_State* L) {
    double seconds = bind::optSeconds(L, 2, "banner", "seconds", 1.0);
    bind::lineTextChecked(L, 1, "banner", "text");
    {
        auto marked = markedLine(L, 1, "banner", "text", text::MarkupPlace::Shown);
        if (marked) {
            worldOf(L).scenery().showBanner(std::move(marked), static_cast<float>(seconds));
            return 0;
        }
    }
    return lua_error(L);
}

int l_fade(lua_State* L) {
    const char* kindName = checkString(L, 1, "fade", "kind");
    double seconds = bind::optSeconds(L, 2, "fade", "seconds", 1.0);
    auto kind = parseFadeKind(kindName);
    if (!kind) {
        bind::pushError(L, "fade: kind must be one of " + choicesOf("fadeKind") + ". Was \"" + kindName + "\"");
        return lua_error(L);
    }
    worldOf(L).scenery().startFade(*kind, seconds);
    return 0;
}

int l_flash(lua_State* L) {
    double seconds = bind::optSeconds(L, 1, "flash", "seconds", 0.6);
    worldOf(L).scenery().startFade(FadeKind::Flash, seconds);
    return 0;
}

int l_setCameraCenter(lua_State* L) {
    Point point;
    if (!readPoint(L, 1, "setCameraCenter", point)) return lua_error(L);
    World& world = worldOf(L);
    world.camera().follow("", 0);  // put somewhere, it stops following
    world.camera().setCenter(point.position);
    setPlaceOf(world, point);
    return 0;
}

// recordStageEvent(name, key, value, ...): a transcript event of the stage
// library's (tween, tween_end, shake, ...), stamped now; values are strings.
int l_recordStageEvent(lua_State* L) {
    TranscriptEvent e;
    e.name = luaL_checkstring(L, 1);
    for (int i = 2; i + 1 <= lua_gettop(L); i += 2) e.with(luaL_checkstring(L, i), luaL_checkstring(L, i + 1));
    worldOf(L).recordMechanic(std::move(e));
    return 0;
}

// print(...) writes to the transcript, so headless runs and tests see it.
int l_print(lua_State* L) {
    int n = lua_gettop(L);
    lua_getglobal(L, "tostring");
    for (int i = 1; i <= n; ++i) {
        if (i > 1) lua_pushliteral(L, "\t");
        lua_pushvalue(L, n + 1);
        lua_pushvalue(L, i);
        lua_call(L, 1, 1);  // may raise from a __tostring: no C++ objects are alive yet
    }
    lua_concat(L, n > 0 ? 2 * n - 1 : 0);
    bind::textChecked(L, -1, "print", "the printed text");
    worldOf(L).note("print", bind::readableText(L, -1));
    return 0;
}

// --- The engine's commands (src/game/StageCommands.h), bound by their description ---

// Argument `index` as the description's `type` makes it; false after pushing
// the error (nothing raises here: the caller holds C++ objects).
bool readDescribedArg(lua_State* L, int index, const char* fname, const char* argName, const std::string& type,
                      bool mayBeLeftOut, StageArg& arg) {
    if (mayBeLeftOut && lua_isnoneornil(L, index)) return true;
    arg.given = true;
    const std::vector<std::string>* choices = stageEnumNames(type);
    if (type == "number") {
        arg.number = lua_tonumber(L, index);
        bool finite = lua_type(L, index) == LUA_TNUMBER && std::isfinite(arg.number);
        if (!finite) bind::pushBadArgument(L, index, fname, argName, "a finite number");
        return finite;
    }
    if (type == "point") {
        Point point;
        if (!readPoint(L, index, fname, point)) return false;
        arg.point = point.position;
        arg.word = pointLabel(point);
        return true;
    }
    if (type != "actor" && type != "string" && !choices) {
        bind::pushError(L, std::string(fname) + ": " + argName + ": the engine takes no argument of type " + type);
        return false;
    }
    if (lua_type(L, index) != LUA_TSTRING) {
        bind::pushBadArgument(L, index, fname, argName, "a string");
        return false;
    }
    arg.word = lua_tostring(L, index);
    if (type == "actor") {
        arg.actor = worldOf(L).cast().findActor(arg.word);
        if (!arg.actor)
            bind::pushUnknownNameError(L, fname, "actor", arg.word, worldOf(L).cast().actorIds(), mapsLeftOut(L));
        return arg.actor != nullptr;
    }
    if (!choices || std::find(choices->begin(), choices->end(), arg.word) != choices->end()) return true;
    bind::pushError(
        L, std::string(fname) + ": " + argName + " must be one of " + choicesOf(type) + ". Was \"" + arg.word + "\"");
    return false;
}

// A command's binding: the world and the index of its command are upvalues
// 1 and 2; its arguments' names and types are its entry's in
// scripts/ApiDescription.lua (kept in the registry by the host).
int l_stageCommand(lua_State* L) {
    const StageCommand& command = stageCommands()[static_cast<std::size_t>(lua_tointeger(L, lua_upvalueindex(2)))];
    // An argument left out is read from this nil: the slots above the ones given hold the description's
    // tables pushed below (setPlayer() read one and said "Was table").
    const int given = lua_gettop(L);
    lua_pushnil(L);
    const int leftOut = given + 1;
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kApiDescription);
    if (lua_istable(L, -1)) lua_getfield(L, -1, "byName");
    if (lua_istable(L, -1)) lua_getfield(L, -1, command.name);
    if (lua_istable(L, -1)) lua_getfield(L, -1, "params");
    if (!lua_istable(L, -1)) return luaL_error(L, "%s is not described in scripts/ApiDescription.lua", command.name);
    int params = lua_gettop(L);
    int count = static_cast<int>(lua_objlen(L, params));
    bool ok = true;
    int results = 0;
    {
        std::vector<StageArg> args(static_cast<std::size_t>(count));
        for (int i = 1; ok && i <= count; ++i) {
            lua_rawgeti(L, params, i);
            int param = lua_gettop(L);
            lua_getfield(L, param, "name");
            lua_getfield(L, param, "type");
            lua_getfield(L, param, "opt");
            lua_getfield(L, param, "orNil");
            bool mayBeLeftOut = lua_toboolean(L, -1) || lua_toboolean(L, -2);
            const char* argName = lua_tostring(L, param + 1);
            std::string type = lua_tostring(L, param + 2);
            ok = readDescribedArg(L, i <= given ? i : leftOut, command.name, argName ? argName : "?", type,
                                  mayBeLeftOut, args[static_cast<std::size_t>(i - 1)]);
            if (ok) lua_settop(L, params);  // else the error stays on top
        }
        if (ok) {
            std::vector<StageValue> values = command.run(worldOf(L), args);
            for (const auto& value : values) {
                if (const bool* flag = std::get_if<bool>(&value))
                    lua_pushboolean(L, *flag);
                else if (const double* number = std::get_if<double>(&value))
                    lua_pushnumber(L, *number);
                else
                    lua_pushstring(L, std::get<std::string>(value).c_str());
            }
            results = static_cast<int>(values.size());
        }
    }
    return ok ? results : lua_error(L);
}

const luaL_Reg kStageFunctions[] = {
    {"waypoint", l_waypoint},
    {"say", l_say},
    {"dialogue", l_dialogue},
    {"isLineFinished", l_isLineFinished},
    {"banner", l_banner},
    {"fade", l_fade},
    {"flash", l_flash},
    {"setCameraCenter", l_setCameraCenter},
    {"recordStageEvent", l_recordStageEvent},
    {"print", l_print},
    {nullptr, nullptr},
};

}  // namespace

void openStage(lua_State* L, World& world) {
    lua_newtable(L);
    lua_pushlightuserdata(L, &world);
    luaL_openlib(L, nullptr, kStageFunctions, 1);
    const auto& commands = stageCommands();
    for (std::size_t i = 0; i < commands.size(); ++i) {
        lua_pushlightuserdata(L, &world);
        lua_pushinteger(L, static_cast<lua_Integer>(i));
        lua_pushcclosure(L, l_stageCommand, 2);
        lua_setfield(L, -2, commands[i].name);
    }
    openCamera(L, world);
    openStory(L, world);
    openSound(L, world);
}

}  // namespace stagehand
