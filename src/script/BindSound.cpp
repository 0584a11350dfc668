#include "script/BindSound.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "game/World.h"
#include "script/BindHelpers.h"
#include "script/LuaCompat.h"

namespace stagehand {

namespace {

using bind::checkString;

// Half the view's width: an actor this far from the camera's centre is heard
// fully on one side.
constexpr float kPanWidth = 640.0f;
constexpr double kMaxVolume = 4.0;

World& worldOf(lua_State* L) {
    World& world = *static_cast<World*>(lua_touserdata(L, lua_upvalueindex(1)));
    world.countHostCall();
    return world;
}

// options.<key>: a number from `low` to `high`, or `fallback` when absent.
// Raises (plain buffers only: lua_error skips destructors).
double numberField(lua_State* L, int table, const char* fname, const char* key, double low, double high,
                   double fallback) {
    if (lua_isnoneornil(L, table)) return fallback;
    lua_getfield(L, table, key);
    double value = fallback;
    if (!lua_isnil(L, -1)) {
        value = lua_tonumber(L, -1);
        if (lua_type(L, -1) != LUA_TNUMBER || !std::isfinite(value) || value < low || value > high) {
            char message[160], was[32];
            if (lua_type(L, -1) == LUA_TNUMBER)
                std::snprintf(was, sizeof was, "%.14g", value);  // as a script would write it, as --check shows it
            else
                std::snprintf(was, sizeof was, "%s", luaL_typename(L, -1));
            std::snprintf(message, sizeof message, "options.%s must be a number from %g to %g. Was %s", key, low, high,
                          was);
            bind::raise(L, fname, message);
        }
    }
    lua_pop(L, 1);
    return value;
}

bool boolField(lua_State* L, int table, const char* fname, const char* key, bool fallback) {
    if (lua_isnoneornil(L, table)) return fallback;
    lua_getfield(L, table, key);
    bool value = lua_isnil(L, -1) ? fallback : lua_toboolean(L, -1) != 0;
    if (!lua_isnil(L, -1) && !lua_isboolean(L, -1)) {
        char message[96];
        std::snprintf(message, sizeof message, "options.%s must be true or false", key);
        bind::raise(L, fname, message);
    }
    lua_pop(L, 1);
    return value;
}

void checkOptions(lua_State* L, int index, const char* fname) {
    if (!lua_isnoneornil(L, index) && !lua_istable(L, index)) bind::raise(L, fname, "options must be a table");
}

// Pushes the error for a sound `name` that did not play: unknown (with the
// known names and where they come from) or unreadable.
void pushSoundError(lua_State* L, const char* fname, const char* name, const std::string& why) {
    const ClipLibrary* clips = worldOf(L).soundtrack().clips();
    if (clips && clips->has(name)) {
        bind::pushError(L, std::string(fname) + ": " + why);
        return;
    }
    std::vector<std::string> known = clips ? clips->names() : std::vector<std::string>{};
    std::string where = clips ? clips->whereText() : "no sound folder";
    for (std::size_t i = 0; i < known.size(); ++i) where += (i ? ", " : ": ") + known[i];
    bind::pushUnknownNameError(L, fname, "sound", name, known, where);
}

SoundRequest readRequest(lua_State* L, int options, const char* fname, bool loopByDefault) {
    checkOptions(L, options, fname);
    SoundRequest r;
    r.volume = numberField(L, options, fname, "volume", 0, kMaxVolume, 1);
    r.fade = numberField(L, options, fname, "fade", 0, 600, 0);
    r.pan = numberField(L, options, fname, "pan", -1, 1, 0);
    r.loop = boolField(L, options, fname, "loop", loopByDefault);
    return r;
}

// playMusic(name [, {volume=, fade=, loop=}]): loops unless loop = false.
int l_playMusic(lua_State* L) {
    const char* name = checkString(L, 1, "playMusic", "name");
    SoundRequest request = readRequest(L, 2, "playMusic", true);
    bool ok = false;
    {
        std::string error;
        ok = worldOf(L).soundtrack().playMusic(name, request, error);
        if (!ok) pushSoundError(L, "playMusic", name, error);
    }
    return ok ? 0 : lua_error(L);
}

int l_stopMusic(lua_State* L) {
    double fade = bind::optSeconds(L, 1, "stopMusic", "fade", 0);
    worldOf(L).soundtrack().stopMusic(fade);
    return 0;
}

// The pan of a sound heard from `actor`: from its x against the camera's.
double panFromActor(lua_State* L, int options, const char* fname) {
    lua_getfield(L, options, "at");
    const char* id = lua_tostring(L, -1);
    Actor* actor = id ? worldOf(L).cast().findActor(id) : nullptr;
    if (!actor) {
        if (!id) bind::raise(L, fname, "options.at must be an actor's name");
        bind::pushUnknownNameError(L, fname, "actor", id, worldOf(L).cast().actorIds());
        lua_error(L);
    }
    lua_pop(L, 1);
    const Camera& camera = worldOf(L).camera();  // where the actor is on screen, at the camera's zoom
    float offset = (actor->position.x - camera.center().x) * camera.zoom();
    return std::clamp(static_cast<double>(offset / kPanWidth), -1.0, 1.0);
}

// playSound(name [, {volume=, pan=, at=, loop=, fade=}]) -> handle id
// (StageSupport.lua's playSound wraps it in a handle).
int l_playSound(lua_State* L) {
    const char* name = checkString(L, 1, "playSound", "name");
    SoundRequest request = readRequest(L, 2, "playSound", false);
    if (lua_istable(L, 2)) {
        lua_getfield(L, 2, "at");
        bool at = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (at) request.pan = panFromActor(L, 2, "playSound");
    }
    int id = 0;
    {
        std::string error;
        id = worldOf(L).soundtrack().playSound(name, request, error);
        if (id == 0) pushSoundError(L, "playSound", name, error);
    }
    if (id == 0) return lua_error(L);
    lua_pushinteger(L, id);
    return 1;
}

int l_stopSoundId(lua_State* L) {
    auto id = static_cast<int>(bind::checkNumber(L, 1, "stop", "sound"));
    double fade = bind::optSeconds(L, 2, "stop", "fade", 0);
    worldOf(L).soundtrack().stopSound(id, fade);
    return 0;
}

int l_isSoundPlaying(lua_State* L) {
    auto id = static_cast<int>(bind::checkNumber(L, 1, "isPlaying", "sound"));
    lua_pushboolean(L, worldOf(L).soundtrack().isSoundPlaying(id));
    return 1;
}

// playVoice(speaker or nil, name): the voice of the line just shown.
int l_playVoice(lua_State* L) {
    const char* speaker = lua_isnil(L, 1) ? "" : checkString(L, 1, "dialogue", "speaker");
    const char* name = checkString(L, 2, "dialogue", "voice");
    bool ok = false;
    {
        std::string error;
        ok = worldOf(L).soundtrack().playVoice(speaker, name, error);
        if (!ok) pushSoundError(L, "dialogue", name, error);
    }
    return ok ? 0 : lua_error(L);
}

// setBlip(actor, name or nil [, {pitch=, volume=}])
int l_setBlip(lua_State* L) {
    const char* actor = checkString(L, 1, "setBlip", "actor");
    if (!worldOf(L).cast().findActor(actor)) {
        bind::pushUnknownNameError(L, "setBlip", "actor", actor, worldOf(L).cast().actorIds());
        return lua_error(L);
    }
    const char* name = lua_isnoneornil(L, 2) ? "" : checkString(L, 2, "setBlip", "name");
    checkOptions(L, 3, "setBlip");
    double pitch = numberField(L, 3, "setBlip", "pitch", 0.25, 4, 1);
    double volume = numberField(L, 3, "setBlip", "volume", 0, kMaxVolume, 1);
    bool ok = false;
    {
        std::string error;
        ok = worldOf(L).soundtrack().setBlip(actor, name, pitch, volume, error);
        if (!ok) pushSoundError(L, "setBlip", name, error);
    }
    return ok ? 0 : lua_error(L);
}

const luaL_Reg kAudioFunctions[] = {
    {"playMusic", l_playMusic},
    {"stopMusic", l_stopMusic},
    {"playSound", l_playSound},
    {"stopSoundId", l_stopSoundId},
    {"isSoundPlaying", l_isSoundPlaying},
    {"playVoice", l_playVoice},
    {"setBlip", l_setBlip},
    {nullptr, nullptr},
};

}  // namespace

void openSound(lua_State* L, World& world) {
    for (const luaL_Reg* f = kAudioFunctions; f->name; ++f) {
        lua_pushlightuserdata(L, &world);
        lua_pushcclosure(L, f->func, 1);
        lua_setfield(L, -2, f->name);
    }
}

}  // namespace stagehand
