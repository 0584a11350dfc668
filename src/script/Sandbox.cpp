#include "script/Sandbox.h"

#include <cstring>

#include "script/BindRandom.h"
#include "script/LuaCompat.h"

namespace stagehand {

namespace {

const char* const kSafeGlobals[] = {
    "assert", "error",  "ipairs", "next",     "pairs",  "pcall",  "select",       "tonumber",     "tostring",
    "type",   "unpack", "xpcall", "rawequal", "rawget", "rawset", "setmetatable", "getmetatable", "_VERSION",
};

const char* const kCopiedLibraries[] = {"string", "table", "math", "coroutine"};

// Names of the scheduler the host keeps for itself.
bool isHostOnly(const char* name) {
    return std::strcmp(name, "wakeUpWaitingThreads") == 0 || std::strcmp(name, "setErrorHandler") == 0 ||
           std::strcmp(name, "GLOBAL_NAMES") == 0;
}

// env[name] = shallow copy of _G[name], so a script cannot change the host's tables.
void copyLibrary(lua_State* L, int envIndex, const char* name) {
    lua_newtable(L);
    lua_getglobal(L, name);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_settable(L, -5);
    }
    lua_pop(L, 1);
    lua_setfield(L, envIndex, name);
}

// Copies every field of the table at `from` into the table at `to`.
void mergeInto(lua_State* L, int to, int from, bool skipHostOnly) {
    lua_pushnil(L);
    while (lua_next(L, from)) {
        bool skip = lua_type(L, -2) != LUA_TSTRING || (skipHostOnly && isHostOnly(lua_tostring(L, -2)));
        if (skip) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_settable(L, to);
    }
}

}  // namespace

void pushSandbox(lua_State* L, int schedulerIndex, int stageIndex, std::uint64_t seed) {
    lua_newtable(L);
    int env = lua_gettop(L);
    for (const char* name : kSafeGlobals) {
        lua_getglobal(L, name);
        lua_setfield(L, env, name);
    }
    for (const char* name : kCopiedLibraries) copyLibrary(L, env, name);

    // math.random: a generator of this run, the same on both VMs.
    lua_getfield(L, env, "math");
    openRandom(L, seed);
    lua_getfield(L, -1, "random");
    lua_setfield(L, -3, "random");
    lua_getfield(L, -1, "randomseed");
    lua_setfield(L, -3, "randomseed");
    lua_pop(L, 2);

    mergeInto(L, env, schedulerIndex, true);
    mergeInto(L, env, stageIndex, false);

    lua_newtable(L);
    lua_setfield(L, env, "flags");
    lua_pushvalue(L, env);
    lua_setfield(L, env, "_G");
}

void hardenState(lua_State* L) {
    lua_getglobal(L, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    // getmetatable("") would hand out the real string table (and its methods'
    // table is shared by every chunk): answer with a plain marker instead.
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushliteral(L, "string metatable");
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

int loadSandboxedChunk(lua_State* L, const char* source, std::size_t size, const char* label, int envIndex) {
    if (size > 0 && source[0] == LUA_SIGNATURE[0]) {
        lua_pushfstring(L, "%s: precompiled bytecode is refused; load Lua source", label);
        return LUA_ERRSYNTAX;
    }
    lua_pushfstring(L, "@%s", label);
    int status = luaL_loadbuffer(L, source, size, lua_tostring(L, -1));
    lua_remove(L, -2);
    if (status != 0) return status;
    lua_pushvalue(L, envIndex);
    lua_setfenv(L, -2);
    return 0;
}

}  // namespace stagehand
